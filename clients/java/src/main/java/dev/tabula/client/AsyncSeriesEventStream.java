package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.StreamSeriesEventsRequest;
import dev.tabula.v1.StreamSeriesEventsResponse;
import io.grpc.stub.StreamObserver;

/**
 * A series' events delivered to a {@link StreamObserver} as they arrive, without a thread of
 * the caller's waiting: the non-blocking twin of {@link SeriesEventStream}, opened by
 * {@link TabulaAsyncClient#seriesEvents}.
 *
 * <p>It delivers each event once and in order, resumes after the last one delivered when the
 * connection drops or the server ends a lagging reader ({@code STREAM_LAGGED}), and ends with
 * {@code onCompleted} when the server closes the stream after the series' final event
 * ({@code series_finished}). Any other failure, the {@link StreamRetryPolicy} giving up (with the last error), or a
 * gap in the sequence numbers ({@code DATA_LOSS}, {@link TabulaException#SEQ_GAP}) ends it
 * with {@code onError} and a {@link TabulaException}. The observer is called from gRPC's
 * threads, one call at a time. The stream has no deadline; {@link #close} ends it from any
 * thread, after which the observer hears nothing more.
 */
public final class AsyncSeriesEventStream extends AsyncResumingStream<StreamSeriesEventsRequest, StreamSeriesEventsResponse> {
  AsyncSeriesEventStream(GameServiceGrpc.GameServiceStub stub, StreamSeriesEventsRequest request, Reconnections reconnections,
      StreamObserver<SeriesEvent> observer) {
    super(StreamKind.series(request), stub, GameServiceGrpc.GameServiceStub::streamSeriesEvents, reconnections,
        mapped(observer, StreamSeriesEventsResponse::getEvent));
  }

  /** Ends the stream; safe to call more than once and from any thread. */
  @Override
  public void close() {
    super.close(); // declared here too, for this class's documentation to link
  }
}
