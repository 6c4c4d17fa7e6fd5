package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One connection and the settings a client calls with: its credential and the deadline of its
 * unary calls. The blocking and the asynchronous client share it; copies made by {@code as},
 * {@code withTimeout} and {@code async} share the channel but do not own it.
 */
final class Connection {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  final ManagedChannel channel;
  final boolean ownsChannel;
  final String credential;
  final Duration timeout;
  /** The channel with the credential attached to every call. */
  final Channel authorized;

  Connection(ManagedChannel channel, boolean ownsChannel, String credential, Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("a call timeout must be positive, not " + timeout);
    }
    this.channel = channel;
    this.ownsChannel = ownsChannel;
    this.credential = credential == null ? "" : credential;
    this.timeout = timeout;
    if (this.credential.isEmpty()) {
      this.authorized = channel;
    } else {
      Metadata headers = new Metadata();
      headers.put(AUTHORIZATION, "Bearer " + this.credential);
      this.authorized = ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers));
    }
  }

  Connection as(String otherCredential) {
    return new Connection(channel, false, otherCredential, timeout);
  }

  Connection withTimeout(Duration otherTimeout) {
    return new Connection(channel, false, credential, otherTimeout);
  }

  Connection shared() {
    return new Connection(channel, false, credential, timeout);
  }

  GameServiceGrpc.GameServiceBlockingStub blocking() {
    return GameServiceGrpc.newBlockingStub(authorized);
  }

  GameServiceGrpc.GameServiceStub async() {
    return GameServiceGrpc.newStub(authorized);
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
