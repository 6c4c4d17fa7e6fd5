package dev.tabula.client;

import static dev.tabula.client.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.Timestamps;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.Game;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameKindInfo;
import dev.tabula.v1.GameStatus;
import dev.tabula.v1.GetHintRequest;
import dev.tabula.v1.GetHintResponse;
import dev.tabula.v1.HintResult;
import dev.tabula.v1.ListGamesRequest;
import dev.tabula.v1.ListGamesResponse;
import dev.tabula.v1.ListLegalMovesResponse;
import dev.tabula.v1.PgnImport;
import dev.tabula.v1.SeatToken;
import dev.tabula.v1.SubmitMoveResponse;
import dev.tabula.v1.TakeBackResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each wrapper of an RPC the other suites do not reach, against a real server. */
@Timeout(60)
class EveryCallTest extends Games.Live {
  @Test
  void gameKindsListEveryKindWithPresets() {
    List<GameKindInfo> kinds = client.listGameKinds();
    assertTrue(kinds.stream().anyMatch(k -> k.getKind() == GameKind.GAME_KIND_CONNECT_FOUR
        && k.getPresetsList().stream().anyMatch(p -> p.getName().equals("classic"))), kinds.toString());
  }

  @Test
  void listGamesFiltersAndPages() {
    long before = System.currentTimeMillis() - 1000;
    for (int i = 0; i < 3; i++) {
      client.createGameFromPreset(GameKind.GAME_KIND_GOMOKU, "standard");
    }
    ListGamesRequest gomoku = ListGamesRequest.newBuilder().setKind(GameKind.GAME_KIND_GOMOKU)
        .setStatus(GameStatus.GAME_STATUS_IN_PROGRESS).setCreateTimeAfter(Timestamps.fromMillis(before)).setPageSize(2).build();
    ListGamesResponse first = client.listGames(gomoku);
    assertEquals(2, first.getGamesCount());
    assertFalse(first.getNextPageToken().isEmpty());
    ListGamesResponse second = client.listGames(gomoku.toBuilder().setPageToken(first.getNextPageToken()).build());
    assertEquals(1, second.getGamesCount());
    assertEquals(3, client.listAllGames(gomoku).size());
    assertTrue(client.listAllGames(gomoku).stream().allMatch(g -> g.getKind() == GameKind.GAME_KIND_GOMOKU));
    assertEquals(0, client.listGames(gomoku.toBuilder().setCreateTimeBefore(Timestamps.fromMillis(before)).build()).getGamesCount());
    assertTrue(client.listGames().getGamesCount() >= 3);
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_PAGE_TOKEN",
        () -> client.listGames(gomoku.toBuilder().setPageToken("not-a-token").build()));
  }

  @Test
  void aPrivateGameRefusesSpectators() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withPrivate(true).withRequestId("private-1"));
    String id = created.getGame().getGameId();
    refused(Status.Code.PERMISSION_DENIED, "PRIVATE_GAME", () -> client.as("").getView(id));
    assertEquals(id, client.as(created.getSeatTokens(0).getToken()).getView(id).getGameId());
  }

  @Test
  void legalMovesValidationAndResignation() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CONNECT_FOUR, "classic");
    String id = created.getGame().getGameId();
    TabulaClient red = client.as(created.getSeatTokens(0).getToken());
    ListLegalMovesResponse legal = red.listLegalMoves(id);
    assertEquals(1, legal.getSeat());
    assertEquals(7, legal.getMovesCount());
    assertEquals(7, client.listLegalMoves(id, 1).getMovesCount());

    SubmitMoveResponse checked = red.submitMove(id, Moves.drop(3), MoveOptions.defaults().withValidateOnly(true));
    assertFalse(checked.getApplied());
    assertEquals(1, red.getGame(id).getSeq(), "a validated move is not played");
    SubmitMoveResponse played = red.submitMove(id, Moves.drop(3), MoveOptions.defaults().withExpectedSeq(1).withRequestId("m-1"));
    assertTrue(played.getApplied());
    assertEquals(2, played.getSeq());
    assertEquals(played.getSeq(), red.submitMove(id, Moves.drop(3), MoveOptions.defaults().withExpectedSeq(1).withRequestId("m-1")).getSeq(),
        "a retried move is answered as the first one was");
    refused(Status.Code.ABORTED, "STALE_SEQ",
        () -> red.as(created.getSeatTokens(1).getToken()).submitMove(id, Moves.drop(3), MoveOptions.defaults().withExpectedSeq(1)));
    SubmitMoveResponse basic = red.as(created.getSeatTokens(1).getToken())
        .submitMove(id, Moves.drop(4), MoveOptions.defaults().withBasicAnswer(true));
    assertFalse(basic.hasView(), "a basic answer leaves the view out");
    assertEquals(List.of(1), basic.getToActList());
    assertEquals(GameStatus.GAME_STATUS_IN_PROGRESS, basic.getStatus());
    assertTrue(red.submitMove(id, Moves.drop(4), MoveOptions.defaults()).hasView(), "a full answer by default");

    TabulaClient yellow = client.as(created.getSeatTokens(1).getToken());
    long seq = yellow.resign(id, "resign-1").getSeq();
    assertEquals(seq, yellow.resign(id, "resign-1").getSeq());
    Game over = client.getGame(id);
    assertEquals(GameStatus.GAME_STATUS_FINISHED, over.getStatus());
    assertEquals(1, over.getOutcome().getWinner());
  }

  @Test
  void hintsAndTakebacksInPegSolitaire() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_PEG_SOLITAIRE, "triangle15");
    String id = created.getGame().getGameId();
    TabulaClient seat = client.as(created.getSeatTokens(0).getToken());
    GetHintResponse hint = seat.getHint(id);
    assertEquals(HintResult.HINT_RESULT_MOVE, hint.getResult());
    assertEquals(1, hint.getSeq());
    refused(Status.Code.PERMISSION_DENIED, "SEAT_REQUIRED", () -> client.getHint(id));
    // The raw stub carries the credential of the client it came from.
    GetHintRequest raw = GetHintRequest.newBuilder().setGameId(id).build();
    assertEquals(HintResult.HINT_RESULT_MOVE, seat.stub().withDeadlineAfter(10, TimeUnit.SECONDS).getHint(raw).getResult());
    StatusRuntimeException anonymous = assertThrows(StatusRuntimeException.class,
        () -> client.stub().withDeadlineAfter(10, TimeUnit.SECONDS).getHint(raw));
    assertEquals("SEAT_REQUIRED", TabulaException.from(anonymous).getReason());
    assertEquals(2, seat.submitMove(id, hint.getMove(), MoveOptions.defaults().withExpectedSeq(hint.getSeq())).getSeq());
    TakeBackResponse back = seat.takeBack(id, MoveOptions.defaults().withExpectedSeq(2).withRequestId("back-1"));
    assertEquals(3, back.getSeq());
    assertEquals(0, seat.getView(id).getMoveCount());
    refused(Status.Code.FAILED_PRECONDITION, "NOTHING_TO_TAKE_BACK", () -> seat.takeBack(id));
    assertThrows(IllegalArgumentException.class, () -> seat.takeBack(id, MoveOptions.defaults().withValidateOnly(true)));
  }

  @Test
  void chessFromPgnExportsItsMoves() {
    String pgn = "1. e4 e5 2. Nf3 Nc6 *";
    CreateGameResponse imported = client.createGameFromPgn(pgn);
    assertEquals(GameKind.GAME_KIND_CHESS, imported.getGame().getKind());
    assertEquals(4, imported.getGame().getMoveCount());
    String exported = client.exportPgn(imported.getGame().getGameId());
    assertTrue(exported.contains("1. e4 e5 2. Nf3 Nc6"), exported);

    CreateGameResponse partial = client.createGameFromPgn(PgnImport.newBuilder().setPgn(pgn).setPly(2).build(),
        CreateOptions.defaults().withRequestId("pgn-1"));
    assertEquals(2, partial.getGame().getMoveCount());
    assertEquals(2, client.createGameFromPgn(pgn, CreateOptions.defaults().withPrivate(true)).getSeatTokensCount());
    refused(Status.Code.INVALID_ARGUMENT, "INVALID_PGN", () -> client.createGameFromPgn("1. e5 *"));
    refused(Status.Code.FAILED_PRECONDITION, "UNSUPPORTED_BY_GAME",
        () -> client.exportPgn(client.createGameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic").getGame().getGameId()));
  }

  @Test
  void seatTokensAreReissuedAndGamesArchivedAndDeleted() {
    CreateGameResponse created = client.createGameFromPreset(GameKind.GAME_KIND_CHESS, "standard");
    String id = created.getGame().getGameId();
    SeatToken white = client.reissueSeatToken(id, 1);
    assertEquals(1, white.getSeat());
    assertNotEquals(created.getSeatTokens(0).getToken(), white.getToken());
    refused(Status.Code.UNAUTHENTICATED, "INVALID_CREDENTIAL", () -> client.as(created.getSeatTokens(0).getToken()).getHint(id));
    client.as(white.getToken()).submitMove(id, Moves.move(Moves.atCell(6, 4), Moves.atCell(4, 4)));

    refused(Status.Code.FAILED_PRECONDITION, "GAME_NOT_FINISHED", () -> client.archiveGame(id));
    client.as(white.getToken()).resign(id);
    assertEquals(GameStatus.GAME_STATUS_ARCHIVED, client.archiveGame(id).getStatus());
    assertTrue(client.listAllGames(ListGamesRequest.newBuilder().setStatus(GameStatus.GAME_STATUS_ARCHIVED).build()).stream()
        .anyMatch(g -> g.getGameId().equals(id)));
    client.deleteGame(id);
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.getGame(id));
    refused(Status.Code.NOT_FOUND, "GAME_NOT_FOUND", () -> client.deleteGame(id));
  }
}
