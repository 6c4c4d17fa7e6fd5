package dev.tabula.client;

import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.StreamTournamentEventsRequest;
import dev.tabula.v1.StreamTournamentEventsResponse;
import dev.tabula.v1.TournamentEvent;
import io.grpc.stub.StreamObserver;

/**
 * A tournament's events delivered to a {@link StreamObserver} as they arrive, without a thread
 * of the caller's waiting: the non-blocking twin of {@link TournamentEventStream}, opened by
 * {@link TabulaAsyncClient#tournamentEvents}.
 *
 * <p>It delivers each event once and in order, resumes after the last one delivered when the
 * connection drops or the server ends a lagging reader ({@code STREAM_LAGGED}), and ends with
 * {@code onCompleted} when the server closes the stream after the tournament's final event
 * ({@code tournament_ended}). Any other failure, the {@link StreamRetryPolicy} giving up (with the last error), or a
 * gap in the sequence numbers ({@code DATA_LOSS}, {@link TabulaException#SEQ_GAP}) ends it
 * with {@code onError} and a {@link TabulaException}. The observer is called from gRPC's
 * threads, one call at a time. The stream has no deadline; {@link #close} ends it from any
 * thread, after which the observer hears nothing more.
 */
public final class AsyncTournamentEventStream
    extends AsyncResumingStream<StreamTournamentEventsRequest, StreamTournamentEventsResponse> {
  AsyncTournamentEventStream(GameServiceGrpc.GameServiceStub stub, StreamTournamentEventsRequest request, Reconnections reconnections,
      StreamObserver<TournamentEvent> observer) {
    super(StreamKind.tournament(request), stub, GameServiceGrpc.GameServiceStub::streamTournamentEvents, reconnections,
        mapped(observer, StreamTournamentEventsResponse::getEvent));
  }

  /** Ends the stream; safe to call more than once and from any thread. */
  @Override
  public void close() {
    super.close(); // declared here too, for this class's documentation to link
  }
}
