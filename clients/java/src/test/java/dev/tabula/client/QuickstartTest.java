package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuickstartTest {
  @Test
  void quickstartPlaysAndIsRefusedOutOfTurn() throws Exception {
    try (TestServer server = TestServer.start()) {
      String printed = Quickstart.run(server.address);
      assertTrue(printed.contains("seq 2, seat [2] to act"), printed);
      assertTrue(printed.endsWith("Red again: NOT_YOUR_TURN"), printed);
    }
  }
}
