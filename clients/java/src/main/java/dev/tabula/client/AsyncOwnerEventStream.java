package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.OwnerEvent;
import dev.tabula.v1.StreamOwnerEventsRequest;
import dev.tabula.v1.StreamOwnerEventsResponse;
import io.grpc.stub.StreamObserver;

/**
 * What happens to every game, series and tournament the calling service key owns (see
 * {@link TabulaClient#ownerEvents(long)} for the kinds of event), delivered to a
 * {@link StreamObserver} as it arrives, without a thread of the caller's waiting: the
 * non-blocking twin of {@link OwnerEventStream}, opened by {@link TabulaAsyncClient#ownerEvents}.
 *
 * <p>It delivers each event once and in order, resumes after the last cursor delivered (with
 * the same filters) when the connection drops, the server stops ({@code UNAVAILABLE}
 * {@code SHUTTING_DOWN}) or the server ends a lagging reader ({@code STREAM_LAGGED}), and
 * never completes by itself while the server runs. Any other failure, the {@link StreamRetryPolicy} giving up
 * (with the last error), or a cursor not greater than the one before ({@code DATA_LOSS},
 * {@link TabulaException#CURSOR_OUT_OF_ORDER}) ends it with {@code onError} and a {@link TabulaException}.
 * The observer is called from gRPC's threads, one call at a time. The stream has no deadline;
 * {@link #close} ends it from any thread, after which the observer hears nothing more.
 */
public final class AsyncOwnerEventStream extends AsyncResumingStream<StreamOwnerEventsRequest, StreamOwnerEventsResponse> {
  AsyncOwnerEventStream(GameServiceGrpc.GameServiceStub stub, StreamOwnerEventsRequest request, Reconnections reconnections,
      StreamObserver<OwnerEvent> observer) {
    super(StreamKind.owner(request), stub, GameServiceGrpc.GameServiceStub::streamOwnerEvents, reconnections,
        mapped(observer, StreamOwnerEventsResponse::getEvent));
  }

  /** {@return the cursor of the last event delivered (or the starting one); never waits} */
  public long lastCursor() {
    return lastSeq();
  }

  /** Ends the stream; safe to call more than once and from any thread. */
  @Override
  public void close() {
    super.close(); // declared here too, for this class's documentation to link
  }
}
