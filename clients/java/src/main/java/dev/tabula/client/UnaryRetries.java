package dev.tabula.client;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Retries the unary calls of one connection that fail with {@code UNAVAILABLE}, under a
 * {@link RetryPolicy}, when they are safe to repeat ({@link #safeToRetry}). gRPC's own retries
 * (the service config's {@code retryPolicy}) cannot look into a request for its
 * {@code request_id}, nor give the same call a policy of its own, so this interceptor does it:
 * each attempt is a new call on the channel below, replaying what the caller sent, and the
 * caller's listener hears only the attempt that counts.
 */
final class UnaryRetries implements ClientInterceptor {
  /**
   * Waits between attempts: a daemon thread, so that a pending retry never keeps a program
   * alive, which ends after a second without work, so that none is left behind either.
   */
  private static final ScheduledExecutorService TIMER = timer();

  private static ScheduledExecutorService timer() {
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
      Thread thread = new Thread(task, "tabula-retry-timer");
      thread.setDaemon(true);
      return thread;
    });
    timer.setKeepAliveTime(1, TimeUnit.SECONDS);
    timer.allowCoreThreadTimeOut(true);
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }

  private final RetryPolicy policy;
  private final Runnable reconnectNow;

  /**
   * Retries under {@code policy}; {@code reconnectNow} runs before each wait, so that the
   * channel tries to connect again at once instead of after its own reconnection backoff
   * (which starts at a second and grows), which would outlast the retries.
   */
  UnaryRetries(RetryPolicy policy, Runnable reconnectNow) {
    this.policy = policy;
    this.reconnectNow = reconnectNow;
  }

  @Override
  public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
    if (method.getType() != MethodDescriptor.MethodType.UNARY || policy.maxAttempts() < 2) {
      return next.newCall(method, options);
    }
    return new RetryingCall<>(method, options, next);
  }

  /**
   * Whether repeating {@code request} of {@code method} does no harm: a read (a method named
   * {@code Get...}, {@code List...} or {@code Export...}), a request carrying a non-empty
   * {@code request_id}, which the server recognises when it comes again, or one with
   * {@code validate_only} set, which only checks and stores nothing.
   */
  static boolean safeToRetry(MethodDescriptor<?, ?> method, Object request) {
    String name = method.getBareMethodName();
    if (name != null && (name.startsWith("Get") || name.startsWith("List") || name.startsWith("Export"))) {
      return true;
    }
    if (!(request instanceof Message message)) {
      return false;
    }
    FieldDescriptor validateOnly = message.getDescriptorForType().findFieldByName("validate_only");
    if (validateOnly != null && validateOnly.getType() == FieldDescriptor.Type.BOOL && (Boolean) message.getField(validateOnly)) {
      return true;
    }
    FieldDescriptor requestId = message.getDescriptorForType().findFieldByName("request_id");
    return requestId != null && requestId.getType() == FieldDescriptor.Type.STRING
        && !((String) message.getField(requestId)).isEmpty();
  }

  /**
   * One unary call as its caller sees it, made of one attempt or more. What the caller sends is
   * kept and replayed on each attempt; the answer's headers are held back until a message
   * arrives (after which the call is committed to that attempt) or the call ends.
   */
  private final class RetryingCall<Q, R> extends ClientCall<Q, R> {
    private final MethodDescriptor<Q, R> method;
    private final CallOptions options;
    private final Channel next;
    private final Context context = Context.current();
    private final long startNanos = System.nanoTime();

    private Listener<R> listener;
    private Metadata headers;
    private int requested;
    private Q request;
    private boolean halfClosed;
    private boolean cancelled;
    private Status cancelStatus;
    private boolean committed;
    private int attempts;
    private ClientCall<Q, R> current;
    private Metadata heldHeaders;
    private ScheduledFuture<?> pendingRetry;

    RetryingCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
      this.method = method;
      this.options = options;
      this.next = next;
    }

    @Override
    public synchronized void start(Listener<R> responseListener, Metadata requestHeaders) {
      listener = responseListener;
      headers = requestHeaders;
      startAttempt();
    }

    @Override
    public synchronized void request(int count) {
      requested += count;
      if (current != null) {
        current.request(count);
      }
    }

    @Override
    public synchronized void sendMessage(Q message) {
      request = message;
      if (current != null) {
        current.sendMessage(message);
      }
    }

    @Override
    public synchronized void halfClose() {
      halfClosed = true;
      if (current != null) {
        current.halfClose();
      }
    }

    @Override
    public void cancel(String message, Throwable cause) {
      synchronized (this) {
        if (cancelled) {
          return;
        }
        cancelled = true;
        cancelStatus = Status.CANCELLED.withDescription(message).withCause(cause);
        if (current != null) {
          current.cancel(message, cause); // its listener ends the call
          return;
        }
        // Between attempts: unless the retry has begun (it then ends the call), end it here.
        if (pendingRetry == null || !pendingRetry.cancel(false)) {
          return;
        }
        pendingRetry = null;
      }
      listener.onClose(cancelStatus, new Metadata());
    }

    @Override
    public synchronized boolean isReady() {
      return current != null && current.isReady();
    }

    private void startAttempt() {
      attempts++;
      heldHeaders = null;
      ClientCall<Q, R> attempt = next.newCall(method, options);
      current = attempt;
      Metadata copy = new Metadata();
      copy.merge(headers);
      attempt.start(new AttemptListener(attempt), copy);
      if (requested > 0) {
        attempt.request(requested);
      }
      if (request != null) {
        attempt.sendMessage(request);
      }
      if (halfClosed) {
        attempt.halfClose();
      }
    }

    private void retry() {
      synchronized (this) {
        pendingRetry = null;
        if (!cancelled) {
          startAttempt();
          return;
        }
      }
      listener.onClose(cancelStatus, new Metadata());
    }

    /**
     * The wait before the next attempt after one that ended with {@code status}, in
     * nanoseconds; -1 when this one counts.
     */
    private long nextWaitNanos(Status status) {
      // An attempt can fail (no connection) before the caller has even handed over the
      // request: nothing was sent, so trying again is safe whatever the call.
      boolean sent = request != null;
      if (committed || cancelled || status.getCode() != Status.Code.UNAVAILABLE || attempts >= policy.maxAttempts()
          || (sent && !safeToRetry(method, request))) {
        return -1;
      }
      long wait = policy.jitteredBackoffNanos(attempts);
      Deadline deadline = earliest(options.getDeadline(), context.getDeadline());
      if (deadline != null) {
        return deadline.timeRemaining(TimeUnit.NANOSECONDS) > wait ? wait : -1;
      }
      long budget = RetryPolicy.Backoff.saturatedNanos(RetryPolicy.BUDGET_WITHOUT_DEADLINE);
      return System.nanoTime() - startNanos + wait <= budget ? wait : -1;
    }

    private static Deadline earliest(Deadline first, Deadline second) {
      if (first == null) {
        return second;
      }
      return second == null ? first : first.minimum(second);
    }

    /** Hears one attempt, and passes on what the caller should hear. */
    private final class AttemptListener extends Listener<R> {
      private final ClientCall<Q, R> attempt;

      AttemptListener(ClientCall<Q, R> attempt) {
        this.attempt = attempt;
      }

      @Override
      public void onHeaders(Metadata received) {
        synchronized (RetryingCall.this) {
          if (attempt == current) {
            heldHeaders = received;
          }
        }
      }

      @Override
      public void onMessage(R message) {
        Metadata held;
        synchronized (RetryingCall.this) {
          if (attempt != current) {
            return;
          }
          committed = true;
          held = heldHeaders;
          heldHeaders = null;
        }
        if (held != null) {
          listener.onHeaders(held);
        }
        listener.onMessage(message);
      }

      @Override
      public void onReady() {
        synchronized (RetryingCall.this) {
          if (attempt != current) {
            return;
          }
        }
        listener.onReady();
      }

      @Override
      public void onClose(Status status, Metadata trailers) {
        Metadata held;
        synchronized (RetryingCall.this) {
          if (attempt != current) {
            return;
          }
          current = null;
          long wait = nextWaitNanos(status);
          if (wait >= 0) {
            reconnectNow.run();
            pendingRetry = TIMER.schedule(context.wrap(RetryingCall.this::retry), wait, TimeUnit.NANOSECONDS);
            return;
          }
          held = heldHeaders;
          heldHeaders = null;
        }
        if (held != null) {
          listener.onHeaders(held);
        }
        listener.onClose(status, trailers);
      }
    }
  }
}
