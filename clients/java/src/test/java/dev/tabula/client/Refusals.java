package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.grpc.Status;

/** The assertion every live test makes of a refused call. */
final class Refusals {
  private Refusals() {}

  /** Runs {@code call}, which must fail with {@code code} and the stable {@code reason}; returns the error. */
  static TabulaException refused(Status.Code code, String reason, Runnable call) {
    TabulaException error = assertThrows(TabulaException.class, call::run);
    assertEquals(code, error.getCode(), error.toString());
    assertEquals(reason, error.getReason(), error.toString());
    return error;
  }
}
