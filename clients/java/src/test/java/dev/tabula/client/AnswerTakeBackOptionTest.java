package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.AnswerTakeBackRequest;
import dev.tabula.v1.AnswerTakeBackResponse;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.View;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The requests {@code answerTakeBack} makes with and without its options, offline. */
@Timeout(30)
class AnswerTakeBackOptionTest {
  /** A stand-in that records every AnswerTakeBack request in {@code requests} and answers it with seq 9 and a view of that game. */
  private static Games.StandIn recording(List<AnswerTakeBackRequest> requests) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void answerTakeBack(AnswerTakeBackRequest request, StreamObserver<AnswerTakeBackResponse> observer) {
        requests.add(request);
        observer.onNext(AnswerTakeBackResponse.newBuilder()
            .setSeq(9).setView(View.newBuilder().setGameId(request.getGameId()).setSeq(9)).build());
        observer.onCompleted();
      }
    });
  }

  @Test
  void theAnswerAndTheOptionsGoIntoTheRequest() {
    AnswerTakeBackRequest plain = Requests.answerTakeBack("g", true, MoveOptions.defaults());
    assertEquals("g", plain.getGameId());
    assertTrue(plain.getAccept());
    assertFalse(plain.hasExpectedSeq());
    assertEquals("", plain.getRequestId());
    AnswerTakeBackRequest full = Requests.answerTakeBack("g", false, MoveOptions.defaults().withExpectedSeq(0).withRequestId("r"));
    assertFalse(full.getAccept());
    assertTrue(full.hasExpectedSeq(), "0 is sent when given");
    assertEquals(0, full.getExpectedSeq());
    assertEquals("r", full.getRequestId());
    assertThrows(IllegalArgumentException.class,
        () -> Requests.answerTakeBack("g", true, MoveOptions.defaults().withValidateOnly(true)));
  }

  @Test
  void bothClientsSendTheGameTheAnswerAndTheOptionsWhenGiven() throws Exception {
    List<AnswerTakeBackRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = recording(sent); TabulaClient client = standIn.client()) {
      AnswerTakeBackResponse answered = client.answerTakeBack("g", true);
      assertEquals(9, answered.getSeq());
      assertEquals("g", answered.getView().getGameId());
      client.answerTakeBack("g", false, MoveOptions.defaults().withExpectedSeq(4).withRequestId("no-1"));
      assertEquals(9, client.async().answerTakeBack("h", false).get(10, TimeUnit.SECONDS).getSeq());
      client.async().answerTakeBack("h", true, MoveOptions.defaults().withExpectedSeq(5)).get(10, TimeUnit.SECONDS);
      client.answerTakeBack(AnswerTakeBackRequest.newBuilder().setGameId("i").setAccept(true).setRequestId("full").build());
      assertThrows(IllegalArgumentException.class,
          () -> client.async().answerTakeBack("h", true, MoveOptions.defaults().withValidateOnly(true)));

      assertEquals(List.of(
          AnswerTakeBackRequest.newBuilder().setGameId("g").setAccept(true).build(),
          AnswerTakeBackRequest.newBuilder().setGameId("g").setAccept(false).setExpectedSeq(4).setRequestId("no-1").build(),
          AnswerTakeBackRequest.newBuilder().setGameId("h").setAccept(false).build(),
          AnswerTakeBackRequest.newBuilder().setGameId("h").setAccept(true).setExpectedSeq(5).build(),
          AnswerTakeBackRequest.newBuilder().setGameId("i").setAccept(true).setRequestId("full").build()), sent);
      assertFalse(sent.get(0).hasExpectedSeq());
      assertFalse(sent.get(2).hasExpectedSeq());
    }
  }
}
