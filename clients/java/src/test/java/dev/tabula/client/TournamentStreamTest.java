package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import dev.tabula.v1.BoardResult;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamTournamentEventsRequest;
import dev.tabula.v1.StreamTournamentEventsResponse;
import dev.tabula.v1.TournamentBoard;
import dev.tabula.v1.TournamentBoardFinished;
import dev.tabula.v1.TournamentEnded;
import dev.tabula.v1.TournamentEvent;
import dev.tabula.v1.TournamentPlayerWithdrew;
import dev.tabula.v1.TournamentRound;
import dev.tabula.v1.TournamentRoundFinished;
import dev.tabula.v1.TournamentStatus;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The tournament event streams against a stand-in server: an unknown kind is delivered and
 * counted; a dropped connection resumes after the last event; the server's closing ends them
 * (a skipped or repeated seq: {@link SeqGapTest}). Offline.
 */
@Timeout(30)
class TournamentStreamTest {
  /** A stand-in whose StreamTournamentEvents runs {@code answer}, recording each request in {@code requests}. */
  private static Games.StandIn standIn(List<StreamTournamentEventsRequest> requests,
      BiConsumer<StreamTournamentEventsRequest, StreamObserver<StreamTournamentEventsResponse>> answer) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void streamTournamentEvents(StreamTournamentEventsRequest request, StreamObserver<StreamTournamentEventsResponse> observer) {
        requests.add(request);
        answer.accept(request, observer);
      }
    });
  }

  private static void send(StreamObserver<StreamTournamentEventsResponse> observer, TournamentEvent event) {
    observer.onNext(StreamTournamentEventsResponse.newBuilder().setEvent(event).build());
  }

  /** An observer that adds each event it hears to {@code events} and completes {@code completed} at the end. */
  private static StreamObserver<TournamentEvent> collecting(List<TournamentEvent> events, CompletableFuture<Void> completed) {
    return new StreamObserver<TournamentEvent>() {
      @Override
      public void onNext(TournamentEvent event) {
        events.add(event);
      }

      @Override
      public void onError(Throwable error) {
        completed.completeExceptionally(error);
      }

      @Override
      public void onCompleted() {
        completed.complete(null);
      }
    };
  }

  /** A whole two-player tournament: its round paired, the board scored, the round finished, a withdrawal, a later kind, the end. */
  private static List<TournamentEvent> history() {
    TournamentBoard board = TournamentBoard.newBuilder().setNumber(1).setWhite(1).setBlack(2).setGameId("g1").build();
    return List.of(
        TournamentEvent.newBuilder().setTournamentId("t").setSeq(1)
            .setRoundPaired(TournamentRound.newBuilder().setNumber(1).addBoards(board)).build(),
        TournamentEvent.newBuilder().setTournamentId("t").setSeq(2)
            .setBoardFinished(TournamentBoardFinished.newBuilder().setRound(1)
                .setBoard(board.toBuilder().setResult(BoardResult.BOARD_RESULT_WHITE_WINS))).build(),
        TournamentEvent.newBuilder().setTournamentId("t").setSeq(3)
            .setRoundFinished(TournamentRoundFinished.newBuilder().setRound(1)).build(),
        TournamentEvent.newBuilder().setTournamentId("t").setSeq(4)
            .setPlayerWithdrew(TournamentPlayerWithdrew.newBuilder().setPlayer(2).setAfterRound(1)).build(),
        TournamentEvent.newBuilder().setTournamentId("t").setSeq(5)
            .setUnknownFields(UnknownFieldSet.newBuilder()
                .addField(40, UnknownFieldSet.Field.newBuilder().addLengthDelimited(ByteString.EMPTY).build()).build())
            .build(),
        TournamentEvent.newBuilder().setTournamentId("t").setSeq(6)
            .setTournamentEnded(TournamentEnded.newBuilder().setStatus(TournamentStatus.TOURNAMENT_STATUS_FINISHED)).build());
  }

  @Test
  void aWholeTournamentIsDeliveredUnknownKindsIncludedAndTheStreamEnds() throws Exception {
    List<StreamTournamentEventsRequest> requests = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = standIn(requests, (request, observer) -> {
          history().stream().filter(e -> e.getSeq() > request.getAfterSeq()).forEach(e -> send(observer, e));
          observer.onCompleted();
        });
        TabulaClient client = standIn.client()) {
      List<String> kinds = new ArrayList<>();
      try (TournamentEventStream events = client.tournamentEvents("t", 0)) {
        for (TournamentEvent event : events) {
          kinds.add(event.getSeq() + " " + Names.tournamentEventKind(event));
        }
        assertEquals(6, events.lastSeq());
        assertFalse(events.hasNext());
        assertThrows(IllegalStateException.class, events::iterator, "a stream is iterated once");
      }
      assertEquals(List.of("1 round_paired", "2 board_finished", "3 round_finished", "4 player_withdrew", "5 unknown",
          "6 tournament_ended"), kinds);
      assertEquals(List.of(5L, 6L), client.tournamentEvents("t", 4).stream().map(TournamentEvent::getSeq).toList());

      List<TournamentEvent> async = new CopyOnWriteArrayList<>();
      CompletableFuture<Void> completed = new CompletableFuture<>();
      AsyncTournamentEventStream stream = client.async().tournamentEvents("t", 3, collecting(async, completed));
      completed.get(10, TimeUnit.SECONDS);
      stream.done().get(5, TimeUnit.SECONDS);
      assertEquals(List.of("4 player_withdrew", "5 unknown", "6 tournament_ended"),
          async.stream().map(event -> event.getSeq() + " " + Names.tournamentEventKind(event)).toList());
      assertEquals(6, stream.lastSeq());
      assertEquals(List.of(0L, 4L, 3L), requests.stream().map(StreamTournamentEventsRequest::getAfterSeq).toList());
      assertTrue(requests.stream().allMatch(r -> r.getTournamentId().equals("t")));
    }
  }

  @Test
  void aDroppedConnectionResumesAfterTheLastEvent() throws Exception {
    List<StreamTournamentEventsRequest> requests = new CopyOnWriteArrayList<>();
    // The first call of each stream breaks after two events; the next ones deliver the rest.
    try (Games.StandIn standIn = standIn(requests, (request, observer) -> {
          List<TournamentEvent> rest = history().stream().filter(e -> e.getSeq() > request.getAfterSeq()).toList();
          if (request.getAfterSeq() == 0) {
            rest.stream().limit(2).forEach(e -> send(observer, e));
            observer.onError(Status.UNAVAILABLE.withDescription("the stand-in server breaks the stream").asRuntimeException());
            return;
          }
          rest.forEach(e -> send(observer, e));
          observer.onCompleted();
        });
        TabulaClient client = standIn.client()) {
      try (TournamentEventStream events = client.tournamentEvents("t", 0, 3, Duration.ofMillis(10))) {
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), events.stream().map(TournamentEvent::getSeq).toList());
      }
      assertEquals(List.of(0L, 2L), requests.stream().map(StreamTournamentEventsRequest::getAfterSeq).toList());

      requests.clear();
      List<TournamentEvent> seen = new CopyOnWriteArrayList<>();
      CompletableFuture<Void> completed = new CompletableFuture<>();
      client.async().tournamentEvents("t", 0, 3, Duration.ofMillis(10), collecting(seen, completed));
      completed.get(10, TimeUnit.SECONDS);
      assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), seen.stream().map(TournamentEvent::getSeq).toList());
      assertEquals(List.of(0L, 2L), requests.stream().map(StreamTournamentEventsRequest::getAfterSeq).toList());
    }
  }
}
