package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.GetViewRequest;
import dev.tabula.v1.GetViewResponse;
import dev.tabula.v1.View;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The requests {@code getView} makes with and without a past seq, offline. */
@Timeout(30)
class PastViewOptionTest {
  /** A stand-in that records every GetView request in {@code requests} and answers it with a view of the seq asked for (or 7). */
  private static Games.StandIn recording(List<GetViewRequest> requests) throws IOException {
    return new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
      @Override
      public void getView(GetViewRequest request, StreamObserver<GetViewResponse> observer) {
        requests.add(request);
        long seq = request.hasAtSeq() ? request.getAtSeq() : 7;
        observer.onNext(GetViewResponse.newBuilder()
            .setView(View.newBuilder().setGameId(request.getGameId()).setSeq(seq)).build());
        observer.onCompleted();
      }
    });
  }

  @Test
  void theSeqGoesIntoTheRequestAndWithoutItAtSeqIsUnset() {
    GetViewRequest past = Requests.getView("g", 3);
    assertEquals("g", past.getGameId());
    assertTrue(past.hasAtSeq());
    assertEquals(3, past.getAtSeq());
    GetViewRequest zero = Requests.getView("g", 0);
    assertTrue(zero.hasAtSeq(), "0 is sent, for the server to refuse");
    assertEquals(0, zero.getAtSeq());
    GetViewRequest now = Requests.getView("g");
    assertFalse(now.hasAtSeq());
  }

  @Test
  void bothClientsSendTheSeqOnlyWhenGiven() throws Exception {
    List<GetViewRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = recording(sent); TabulaClient client = standIn.client()) {
      assertEquals(2, client.getView("g", 2).getSeq());
      assertEquals(7, client.getView("g").getSeq());
      assertEquals(5, client.async().getView("h", 5).get(10, TimeUnit.SECONDS).getSeq());
      assertEquals(7, client.async().getView("h").get(10, TimeUnit.SECONDS).getSeq());

      assertEquals(4, sent.size());
      assertEquals(GetViewRequest.newBuilder().setGameId("g").setAtSeq(2).build(), sent.get(0));
      assertEquals(GetViewRequest.newBuilder().setGameId("g").build(), sent.get(1));
      assertFalse(sent.get(1).hasAtSeq());
      assertEquals(GetViewRequest.newBuilder().setGameId("h").setAtSeq(5).build(), sent.get(2));
      assertFalse(sent.get(3).hasAtSeq());
    }
  }
}
