package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.View;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ExportGame} and {@code ImportGame} against a real server: a game out as a document
 * and back in with its id, log and seat tokens, and the documents it refuses.
 */
@Timeout(60)
class GameDocumentsTest extends Games.Live {
  /** The game as a spectator saw it right after each event, from the creation to {@code seq}. */
  private static List<View> views(String id, long seq) {
    List<View> views = new ArrayList<>();
    for (long at = 1; at <= seq; at++) {
      views.add(client.getView(id, at));
    }
    return views;
  }

  /** A game's summary without what an import may change: when it was last updated. */
  private static Game kept(Game game) {
    return game.toBuilder().clearUpdateTime().build();
  }

  /** A Tic-tac-toe game with X in the centre, exported and then deleted: its document. */
  private static String exportedAndDeleted(CreateGameResponse created) {
    String id = created.getGame().getGameId();
    seat(created, 1).submitMove(id, Moves.placeCell(1, 1));
    String document = client.exportGame(id);
    client.deleteGame(id);
    return document;
  }

  @Test
  void anExportedGameComesBackWithItsIdMovesAndSeatTokens() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic",
        CreateOptions.defaults().withLabel("round", "3").withPlayer("u-17", "Ann").withPlayer("u-42", "Bob"));
    String id = created.getGame().getGameId();
    TabulaClient red = seat(created, 1);
    TabulaClient yellow = seat(created, 2);
    red.submitMove(id, Moves.drop(3));
    yellow.submitMove(id, Moves.drop(3));
    red.submitMove(id, Moves.drop(4));
    Game original = client.getGame(id);
    assertEquals(4, original.getSeq());
    List<View> before = views(id, 4);

    String document = client.exportGame(id);
    JsonObject json = JsonParser.parseString(document).getAsJsonObject();
    assertEquals("tabula.game.v1", json.get("format").getAsString());
    assertEquals(id, json.get("id").getAsString());
    assertEquals(4, json.getAsJsonArray("events").size(), document);
    for (int seat = 0; seat < 2; seat++) {
      assertFalse(document.contains(created.getSeatTokens(seat).getToken()), "a document holds the tokens' hashes, never the tokens");
    }
    assertEquals(document, client.exportGame(id), "the same game exports the same document");

    client.deleteGame(id);
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.getGame(id));

    Game imported = client.importGame(document);
    assertEquals(id, imported.getGameId());
    assertEquals(kept(original), kept(imported));
    assertEquals(kept(original), kept(client.getGame(id)));
    assertEquals(Map.of("round", "3"), imported.getLabelsMap());
    assertEquals(before, views(id, 4), "the same moves, event by event");

    // The seats' tokens from before the export still act: yellow plays on, red reads its seat.
    assertEquals(5, yellow.submitMove(id, Moves.drop(4)).getSeq());
    assertEquals(1, red.getView(id).getViewerSeat());
    assertEquals(6, red.submitMove(id, Moves.drop(5)).getSeq());

    // Importing it again, while the server has it, is refused, checked only or not.
    TabulaException exists = refused(Status.Code.ALREADY_EXISTS, "GAME_EXISTS", () -> client.importGame(document));
    assertEquals(ErrorReason.ERROR_REASON_GAME_EXISTS, exists.getReasonCode());
    assertEquals(id, exists.getMetadata().get("game_id"));
    refused(Status.Code.ALREADY_EXISTS, "GAME_EXISTS", () -> client.importGame(document, true));
    assertEquals(6, client.getGame(id).getSeq(), "a refused import leaves the game there as it was");
  }

  @Test
  void validatingADocumentStoresNothing() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    String id = created.getGame().getGameId();
    String document = exportedAndDeleted(created);

    Game checked = client.importGame(document, true);
    assertEquals(id, checked.getGameId());
    assertEquals(2, checked.getSeq());
    assertEquals(1, checked.getMoveCount());
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, checked.getStatus());
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.getGame(id));
    assertEquals(checked, client.importGame(document, true), "checked twice: still nothing stored");
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.getGame(id));

    Game imported = client.importGame(document, false);
    assertEquals(kept(checked), kept(imported), "the game as it would be is the game imported");
    assertEquals(3, seat(created, 2).submitMove(id, Moves.placeCell(0, 0)).getSeq());
  }

  @Test
  void aTamperedDocumentIsRefusedNamingTheProblem() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    String id = created.getGame().getGameId();
    String document = exportedAndDeleted(created);

    JsonObject gap = JsonParser.parseString(document).getAsJsonObject();
    gap.getAsJsonArray("events").get(1).getAsJsonObject().addProperty("seq", 3); // a gap in the log
    JsonObject finished = JsonParser.parseString(document).getAsJsonObject();
    finished.addProperty("status", "finished"); // a status the log does not end in
    for (String tampered : List.of(gap.toString(), finished.toString(), "{\"format\": \"tabula.game.v1\"", "not a document")) {
      for (boolean validateOnly : List.of(false, true)) {
        TabulaException error = refused(Status.Code.INVALID_ARGUMENT, "INVALID_DOCUMENT", () -> client.importGame(tampered, validateOnly));
        assertEquals(ErrorReason.ERROR_REASON_INVALID_DOCUMENT, error.getReasonCode());
        assertEquals(1, error.getFieldViolations().size(), error.toString());
        TabulaException.FieldViolation violation = error.getFieldViolations().get(0);
        assertEquals("document", violation.field());
        assertFalse(violation.description().isEmpty(), error.toString());
        assertTrue(error.getMessage().contains(violation.description()), error.getMessage());
      }
    }
    TabulaException gapError = refused(Status.Code.INVALID_ARGUMENT, "INVALID_DOCUMENT", () -> client.importGame(gap.toString()));
    assertTrue(gapError.getFieldViolations().get(0).description().contains("seq"), gapError.toString());
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.getGame(id));

    // The untouched document still imports: the refusals stored nothing.
    assertEquals(id, client.importGame(document).getGameId());
  }

  @Test
  void theAsynchronousClientExportsAndImportsAFinishedGame() throws Exception {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic");
    String id = created.getGame().getGameId();
    seat(created, 1).submitMove(id, Moves.placeCell(1, 1));
    seat(created, 2).resign(id);
    Game finished = client.getGame(id);
    assertEquals(GameStatus.GAME_STATUS_FINISHED, finished.getStatus());

    TabulaAsyncClient async = client.async();
    String document = async.exportGame(id).get(10, TimeUnit.SECONDS);
    assertEquals(client.exportGame(id), document);
    client.deleteGame(id);
    assertEquals(id, async.importGame(document, true).get(10, TimeUnit.SECONDS).getGameId());
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.getGame(id));
    Game imported = async.importGame(document).get(10, TimeUnit.SECONDS);
    assertEquals(kept(finished), kept(imported));
    assertEquals(finished.getOutcome(), client.getGame(id).getOutcome());
  }
}
