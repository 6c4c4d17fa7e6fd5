package dev.tabula.client;

import static dev.tabula.client.OwnerStreams.next;
import static dev.tabula.client.OwnerStreams.nothingMore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.MoveApplied;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.OwnerEventKind;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each move of a game created with {@link CreateOptions#withOwnerStreamMoves} also goes on its
 * owner's stream ({@code OWNER_EVENT_KIND_MOVE_PLAYED}), against a real server without keys,
 * whose owner stream holds every game created without a key.
 */
@Timeout(60)
class OwnerStreamMovesTest extends Games.Live {
  private static final List<OwnerEventKind> MOVES = List.of(OwnerEventKind.OWNER_EVENT_KIND_MOVE_PLAYED);

  /** Checks that {@code event} is the move {@code moveNumber} of game {@code gameId}: {@code seat} dropping in {@code column}. */
  private static void assertMove(String gameId, int moveNumber, int seat, int column, OwnerEvent event) {
    assertEquals(OwnerEventKind.OWNER_EVENT_KIND_MOVE_PLAYED, event.getKind(), event.toString());
    GameEvent game = event.getGameEvent();
    assertEquals(gameId, game.getGameId(), event.toString());
    assertTrue(game.hasMoveApplied(), event.toString());
    assertEquals(moveNumber + 1, game.getSeq(), "the move's place in the game's stream, after the creation");
    MoveApplied applied = game.getMoveApplied();
    assertEquals(moveNumber, applied.getMoveNumber(), event.toString());
    assertEquals(seat, applied.getSeat(), event.toString());
    assertEquals(column, applied.getMove().getPlace().getColumn(), event.toString());
  }

  @Test
  void onlyTheMovesOfTheGameCreatedWithTheOptionAreOnTheOwnerStream() throws Exception {
    // Both games carry a label no other game has, so that the stream sees only them.
    Map<String, String> labels = Map.of("owner-moves", "t-" + UUID.randomUUID().toString().substring(0, 8));
    CreateGameResponse streamed = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withOwnerStreamMoves(true).withLabels(labels));
    CreateGameResponse quiet = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withLabels(labels));
    String streamedId = streamed.getGame().getGameId();
    String quietId = quiet.getGame().getGameId();
    assertTrue(streamed.getGame().getOwnerStreamMoves(), "the creation's answer echoes the option");
    assertFalse(quiet.getGame().getOwnerStreamMoves(), "off by default");

    try (OwnerEventStream moves = client.ownerEvents(0, MOVES, labels)) {
      seat(streamed, 1).submitMove(streamedId, Moves.drop(3));
      seat(quiet, 1).submitMove(quietId, Moves.drop(3));
      seat(streamed, 2).submitMove(streamedId, Moves.drop(4));
      seat(quiet, 2).submitMove(quietId, Moves.drop(4));

      OwnerEvent first = next(moves);
      assertMove(streamedId, 1, 1, 3, first);
      OwnerEvent second = next(moves);
      assertMove(streamedId, 2, 2, 4, second);
      assertTrue(second.getCursor() > first.getCursor(), second + " after " + first);
      assertEquals(second.getCursor(), moves.lastCursor());
      nothingMore(moves, 1000); // none of the other game's moves
    }

    assertTrue(client.getGame(streamedId).getOwnerStreamMoves(), "GetGame shows the option");
    assertFalse(client.getGame(quietId).getOwnerStreamMoves(), "GetGame shows the option off");
  }
}
