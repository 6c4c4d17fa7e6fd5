package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.StreamEventsResponse;
import io.grpc.stub.StreamObserver;

/**
 * A game's events delivered to a {@link StreamObserver} as they arrive, without a thread of the
 * caller's waiting: the non-blocking twin of {@link EventStream}, opened by
 * {@link TabulaAsyncClient#events}.
 *
 * <p>It delivers each event once and in order, resumes after the last one delivered when the
 * connection drops or the server ends a lagging reader ({@code STREAM_LAGGED}), and ends with
 * {@code onCompleted} after the game's final event (in a game created with an ending takeback
 * window, once its end is final: see {@link EventStream}). Any other failure, the
 * {@link StreamRetryPolicy} giving up (with the last error), or a gap in the sequence numbers ({@code DATA_LOSS},
 * {@link TabulaException#SEQ_GAP}) ends it with {@code onError} and a {@link TabulaException}.
 * The observer is called from gRPC's threads, one call at a time. The stream has no deadline;
 * {@link #close} ends it from any thread, after which the observer hears nothing more.
 *
 * <p>Opened with {@code view_changes}, it applies each change it receives to the view before
 * it ({@link ViewChanges#applyViewChange}; a resumed call's first view comes whole again), so
 * every response the observer receives carries its view whole, as with {@code include_views};
 * a change that does not apply ends it with a {@link TabulaException} of code
 * {@code DATA_LOSS}, reason {@link TabulaException#VIEW_CHANGE_MISMATCH}.
 */
public final class AsyncEventStream extends AsyncResumingStream<StreamEventsRequest, StreamEventsResponse> {
  AsyncEventStream(GameServiceGrpc.GameServiceStub stub, StreamEventsRequest request, Reconnections reconnections,
      StreamObserver<StreamEventsResponse> observer) {
    super(StreamKind.game(request), stub, GameServiceGrpc.GameServiceStub::streamEvents, reconnections, observer);
  }

  /** Ends the stream; safe to call more than once and from any thread. */
  @Override
  public void close() {
    super.close(); // declared here too, for this class's documentation to link
  }
}
