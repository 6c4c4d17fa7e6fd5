package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import com.google.protobuf.util.Timestamps;
import dev.tabula.v1.ClaimVictoryRequest;
import dev.tabula.v1.ClaimVictoryResponse;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.PresenceConfig;
import dev.tabula.v1.SeatPresence;
import dev.tabula.v1.Starter;
import dev.tabula.v1.TicTacToeConfig;
import dev.tabula.v1.View;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The presence a creation sends, what {@link Presence} reads, and the requests {@code claimVictory} makes, offline. */
@Timeout(30)
class PresenceOptionTest {
  private static final GameConfig TIC_TAC_TOE = GameConfig.newBuilder().setTicTacToe(TicTacToeConfig.getDefaultInstance()).build();

  private static PresenceConfig parse(String json) throws Exception {
    PresenceConfig.Builder presence = PresenceConfig.newBuilder();
    JsonFormat.parser().merge(json, presence);
    return presence.build();
  }

  @Test
  void presenceBuildersMakeTheContractsConfig() throws Exception {
    assertEquals(parse("{\"awayAfter\": \"30s\", \"claimAfter\": \"120s\"}"), Presence.of(Duration.ofSeconds(30), Duration.ofMinutes(2)));
    assertEquals(parse("{\"awayAfter\": \"1.500s\"}"), Presence.of(Duration.ofMillis(1500), null));
    assertEquals(parse("{\"claimAfter\": \"1s\"}"), Presence.of(null, Duration.ofSeconds(1)));
    assertEquals(PresenceConfig.getDefaultInstance(), Presence.kept());
    assertFalse(Presence.of(null, null).hasAwayAfter());
  }

  @Test
  void presenceGoesIntoACopyOfTheConfiguration() {
    assertEquals(Optional.empty(), CreateOptions.defaults().presence());
    PresenceConfig windows = Presence.of(Duration.ofSeconds(1), Duration.ofSeconds(1));
    CreateOptions kept = CreateOptions.defaults().withPresence(windows);
    assertEquals(Optional.of(windows), kept.presence());
    // The other options keep presence, and presence the other options.
    CreateOptions mixed = kept.withPrivate(true).withRequestId("r").withStarter(Starter.STARTER_SECOND_SEAT)
        .withClock(Clocks.perMove(Duration.ofSeconds(5))).withFirstMoveWindow(Duration.ofSeconds(30)).withLabel("round", "1")
        .withStartTime(Instant.parse("2030-05-01T18:00:00Z")).withPlayer("u-17", "Ann").withAllowHints(true).withBots(List.of())
        .withOnTimeout(dev.tabula.v1.TimeoutRule.TIMEOUT_RULE_LOSE);
    assertEquals(Optional.of(windows), mixed.presence());
    assertTrue(mixed.withPresence(Presence.kept()).isPrivate());
    assertEquals(Optional.of(Presence.kept()), mixed.withPresence(Presence.kept()).presence(), "a later call replaces it");

    GameConfig sent = GameRequests.gameFromConfig(TIC_TAC_TOE, mixed).getConfig();
    assertEquals(windows, sent.getPresence());
    assertEquals(Starter.STARTER_SECOND_SEAT, sent.getStarter());
    assertTrue(sent.hasClock());
    assertFalse(TIC_TAC_TOE.hasPresence(), "the caller's configuration is left as it is");
    // It replaces the configuration's own; without the option the configuration's stays.
    GameConfig own = TIC_TAC_TOE.toBuilder().setPresence(Presence.of(Duration.ofMinutes(1), null)).build();
    assertEquals(windows, GameRequests.gameFromConfig(own, kept).getConfig().getPresence());
    assertEquals(own.getPresence(), GameRequests.gameFromConfig(own, CreateOptions.defaults()).getConfig().getPresence());
    assertFalse(GameRequests.gameFromConfig(TIC_TAC_TOE, CreateOptions.defaults()).getConfig().hasPresence());

    // Only a configuration takes it.
    IllegalArgumentException preset = assertThrows(IllegalArgumentException.class,
        () -> GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic", kept));
    assertTrue(preset.getMessage().contains("takes presence"), preset.getMessage());
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromPgn("1. e4 *", kept));
    assertThrows(IllegalArgumentException.class, () -> GameRequests.gameFromSavedConfig("board", kept));
    assertThrows(NullPointerException.class, () -> CreateOptions.defaults().withPresence(null));
  }

  @Test
  void presenceIsReadFromViewsAndRefusals() {
    SeatPresence one = SeatPresence.newBuilder().setSeat(1).setPresent(true).setSince(Timestamps.fromMillis(1000)).build();
    SeatPresence two = SeatPresence.newBuilder().setSeat(2).setClaimableAt(Timestamps.fromMillis(5000)).build();
    View view = View.newBuilder().addPresence(one).addPresence(two).build();
    assertEquals(Optional.of(one), Presence.seat(view, 1));
    assertEquals(Optional.of(two), Presence.seat(view, 2));
    assertEquals(Optional.empty(), Presence.seat(view, 3));
    assertEquals(Optional.empty(), Presence.seat(View.getDefaultInstance(), 1));
    assertEquals(Optional.empty(), Presence.seat(null, 1));

    TabulaException early = new TabulaException(Status.Code.FAILED_PRECONDITION, "CLAIM_TOO_EARLY", "too early",
        Map.of("claimable_at", "2030-05-01T18:00:00.250Z"), null);
    assertEquals(Optional.of(Instant.parse("2030-05-01T18:00:00.250Z")), Presence.claimableAt(early));
    TabulaException offset = new TabulaException(Status.Code.FAILED_PRECONDITION, "CLAIM_TOO_EARLY", "too early",
        Map.of("claimable_at", "2030-05-01T20:00:00+02:00"), null);
    assertEquals(Optional.of(Instant.parse("2030-05-01T18:00:00Z")), Presence.claimableAt(offset));
    assertEquals(Optional.empty(), Presence.claimableAt(
        new TabulaException(Status.Code.FAILED_PRECONDITION, "CLAIM_NOT_AVAILABLE", "no", Map.of(), null)));
  }

  @Test
  void bothClientsSendTheClaim() throws Exception {
    assertEquals(ClaimVictoryRequest.newBuilder().setGameId("g").setDraw(true).setRequestId("r").build(),
        Requests.claimVictory("g", true, "r"));
    List<ClaimVictoryRequest> sent = new CopyOnWriteArrayList<>();
    try (Games.StandIn standIn = new Games.StandIn(new GameServiceGrpc.GameServiceImplBase() {
          @Override
          public void claimVictory(ClaimVictoryRequest request, StreamObserver<ClaimVictoryResponse> observer) {
            sent.add(request);
            observer.onNext(ClaimVictoryResponse.newBuilder()
                .setSeq(7).setView(View.newBuilder().setGameId(request.getGameId()).setSeq(7)).build());
            observer.onCompleted();
          }
        });
        TabulaClient client = standIn.client()) {
      ClaimVictoryResponse won = client.claimVictory("g");
      assertEquals(7, won.getSeq());
      assertEquals("g", won.getView().getGameId());
      client.claimVictory("g", true);
      client.claimVictory("g", false, "c-1");
      assertEquals(7, client.async().claimVictory("h").get(10, TimeUnit.SECONDS).getSeq());
      client.async().claimVictory("h", true).get(10, TimeUnit.SECONDS);
      client.async().claimVictory("h", true, "c-2").get(10, TimeUnit.SECONDS);
      client.claimVictory(ClaimVictoryRequest.newBuilder().setGameId("i").setRequestId("full").build());
      assertThrows(NullPointerException.class, () -> client.claimVictory("g", false, null));

      assertEquals(List.of(
          ClaimVictoryRequest.newBuilder().setGameId("g").build(),
          ClaimVictoryRequest.newBuilder().setGameId("g").setDraw(true).build(),
          ClaimVictoryRequest.newBuilder().setGameId("g").setRequestId("c-1").build(),
          ClaimVictoryRequest.newBuilder().setGameId("h").build(),
          ClaimVictoryRequest.newBuilder().setGameId("h").setDraw(true).build(),
          ClaimVictoryRequest.newBuilder().setGameId("h").setDraw(true).setRequestId("c-2").build(),
          ClaimVictoryRequest.newBuilder().setGameId("i").setRequestId("full").build()), sent);
    }
  }
}
