package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * One connection and the settings a client calls with: its credential, the deadline of its
 * unary calls, how they are retried and whether they wait for the connection, and how its
 * event streams resume. The blocking and the asynchronous client share it; copies made by
 * {@code as}, {@code withTimeout}, {@code withRetryPolicy}, {@code withWaitForReady},
 * {@code withStreamRetryPolicy} and {@code async} share the channel but do not own it.
 */
final class Connection {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  /** What a client calls with, beside the channel. */
  record Settings(String credential, Duration timeout, RetryPolicy retryPolicy, boolean waitForReady,
      StreamRetryPolicy streamRetryPolicy) {
    Settings {
      credential = credential == null ? "" : credential;
      Objects.requireNonNull(timeout, "timeout");
      Objects.requireNonNull(retryPolicy, "retryPolicy");
      Objects.requireNonNull(streamRetryPolicy, "streamRetryPolicy");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("a call timeout must be positive, not " + timeout);
      }
    }
  }

  final ManagedChannel channel;
  final boolean ownsChannel;
  final Settings settings;
  final String credential;
  final Duration timeout;
  /** The channel with the credential attached to every call, its unary calls retried (and waiting for the connection if asked). */
  final Channel authorized;

  Connection(ManagedChannel channel, boolean ownsChannel, Settings settings) {
    this.channel = channel;
    this.ownsChannel = ownsChannel;
    this.settings = settings;
    this.credential = settings.credential();
    this.timeout = settings.timeout();
    Channel withCredential = channel;
    if (!credential.isEmpty()) {
      Metadata headers = new Metadata();
      headers.put(AUTHORIZATION, "Bearer " + credential);
      withCredential = ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers));
    }
    Channel retried = ClientInterceptors.intercept(withCredential, new UnaryRetries(settings.retryPolicy(), this::reconnectNow));
    this.authorized = settings.waitForReady() ? ClientInterceptors.intercept(retried, UNARY_WAITS_FOR_READY) : retried;
  }

  /** Marks each unary call wait-for-ready; streams keep failing fast, as their own reconnection policy expects. */
  private static final ClientInterceptor UNARY_WAITS_FOR_READY = new ClientInterceptor() {
    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
      boolean unary = method.getType() == MethodDescriptor.MethodType.UNARY;
      return next.newCall(method, unary ? options.withWaitForReady() : options);
    }
  };

  /** A connection on the same channel, not owning it, with {@code other} settings. */
  Connection with(Settings other) {
    return new Connection(channel, false, other);
  }

  Connection as(String otherCredential) {
    return with(new Settings(otherCredential, settings.timeout(), settings.retryPolicy(), settings.waitForReady(),
        settings.streamRetryPolicy()));
  }

  Connection withTimeout(Duration otherTimeout) {
    return with(new Settings(credential, otherTimeout, settings.retryPolicy(), settings.waitForReady(),
        settings.streamRetryPolicy()));
  }

  Connection withRetryPolicy(RetryPolicy policy) {
    return with(new Settings(credential, timeout, policy, settings.waitForReady(), settings.streamRetryPolicy()));
  }

  Connection withWaitForReady(boolean waitForReady) {
    return with(new Settings(credential, timeout, settings.retryPolicy(), waitForReady, settings.streamRetryPolicy()));
  }

  Connection withStreamRetryPolicy(StreamRetryPolicy policy) {
    return with(new Settings(credential, timeout, settings.retryPolicy(), settings.waitForReady(), policy));
  }

  Connection shared() {
    return with(settings);
  }

  GameServiceGrpc.GameServiceBlockingStub blocking() {
    return GameServiceGrpc.newBlockingStub(authorized);
  }

  GameServiceGrpc.GameServiceStub async() {
    return GameServiceGrpc.newStub(authorized);
  }

  /** The reconnection state of a new event stream under {@code policy}. */
  Reconnections reconnections(StreamRetryPolicy policy) {
    return new Reconnections(policy, this::reconnectNow);
  }

  /**
   * Has the channel, if it is waiting out its reconnection backoff after a failed connection,
   * connect again at once: a retry or a resumed stream is then not refused for a second or
   * more after the server is back.
   */
  void reconnectNow() {
    channel.resetConnectBackoff();
  }

  long timeoutNanos() {
    try {
      return timeout.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }

  void close() {
    if (!ownsChannel) {
      return;
    }
    channel.shutdownNow();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
