package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tabula.v1.CreateGameRequest;
import dev.tabula.v1.GameConfig;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GetHintRequest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The requests the hint and creation options make, offline. */
class HintOptionsTest {
  @Test
  void hintOptionsFillTheRequestAndDefaultsLeaveItToTheServer() {
    GetHintRequest full = Requests.getHint("g",
        HintOptions.defaults().withMaxTime(Duration.ofMillis(1250)).withMaxNodes(1000).withAtSeq(3));
    assertEquals(1, full.getMaxTime().getSeconds());
    assertEquals(250_000_000, full.getMaxTime().getNanos());
    assertEquals(1000, full.getMaxNodes());
    assertTrue(full.hasAtSeq());
    assertEquals(3, full.getAtSeq());

    GetHintRequest bare = Requests.getHint("g", HintOptions.defaults());
    assertFalse(bare.hasMaxTime());
    assertEquals(0, bare.getMaxNodes());
    assertFalse(bare.hasAtSeq());
  }

  @Test
  void allowHintsIsSentOnlyWhenChosen() {
    CreateGameRequest on = GameRequests.gameFromPreset(GameKind.GAME_KIND_TIC_TAC_TOE, "classic",
        CreateOptions.defaults().withAllowHints(true).withRequestId("r"));
    assertTrue(on.hasAllowHints() && on.getAllowHints());
    assertEquals("r", on.getRequestId());
    CreateGameRequest off = GameRequests.gameFromConfig(GameConfig.getDefaultInstance(), CreateOptions.defaults().withAllowHints(false));
    assertTrue(off.hasAllowHints());
    assertFalse(off.getAllowHints());
    assertFalse(GameRequests.gameFromPgn("1. e4 *", CreateOptions.defaults()).hasAllowHints(), "unset: the server decides");
  }
}
