package dev.tabula.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;

/**
 * The state of one event stream's reconnections under its {@link StreamRetryPolicy}: how many
 * attempts in a row have failed, and since when. A call that the server answers (its headers,
 * or an event) ends the outage. Safe to use from several threads.
 */
final class Reconnections {
  private final StreamRetryPolicy policy;
  private final Runnable reconnectNow;
  private int failedAttempts;
  private long outageStartNanos;
  private boolean inOutage;

  /**
   * Reconnections under {@code policy}; {@code reconnectNow} runs before each wait, so that the
   * channel tries to connect at once rather than after its own backoff, which grows to minutes
   * and would outlast the policy's.
   */
  Reconnections(StreamRetryPolicy policy, Runnable reconnectNow) {
    this.policy = policy;
    this.reconnectNow = reconnectNow;
  }

  /** The server answered the current call: the outage, if any, is over. */
  synchronized void connected() {
    inOutage = false;
    failedAttempts = 0;
  }

  /**
   * The call failed in a way the stream resumes from: the wait before the next attempt, in
   * nanoseconds, or -1 when the policy gives up.
   */
  synchronized long failed() {
    long now = System.nanoTime();
    if (!inOutage) {
      inOutage = true;
      outageStartNanos = now;
      failedAttempts = 0;
    }
    long wait = policy.nextDelayNanos(failedAttempts + 1, now - outageStartNanos);
    if (wait >= 0) {
      failedAttempts++;
      reconnectNow.run();
    }
    return wait;
  }

  /** An interceptor that reports each call's headers as {@link #connected}. */
  ClientInterceptor watch() {
    return new ClientInterceptor() {
      @Override
      public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<Q, R>(next.newCall(method, options)) {
          @Override
          public void start(Listener<R> listener, Metadata headers) {
            super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<R>(listener) {
              @Override
              public void onHeaders(Metadata received) {
                connected();
                super.onHeaders(received);
              }
            }, headers);
          }
        };
      }
    };
  }
}
