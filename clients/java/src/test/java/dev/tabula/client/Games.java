package dev.tabula.client;

import dev.tabula.v1.BoardCell;
import dev.tabula.v1.CreateGameResponse;
import dev.tabula.v1.GridBoard;
import dev.tabula.v1.SeatToken;
import io.grpc.BindableService;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the tests share: a real server for the tests of a class ({@link Live}), a cell of a
 * board, and a stand-in server for the offline tests ({@link StandIn}).
 */
final class Games {
  private Games() {}

  /** What a view shows at (row, col). */
  static BoardCell at(GridBoard board, int row, int col) {
    return board.getCells(row * board.getWidth() + col);
  }

  /**
   * A test class against a real server extends this: before its tests a {@link TestServer}
   * starts and {@link #client} connects to it without credentials; after them both stop.
   */
  abstract static class Live {
    static TestServer server;
    static TabulaClient client;

    @BeforeAll
    static void startServer() throws Exception {
      server = TestServer.start();
      client = TabulaClient.builder(server.address).build();
    }

    @AfterAll
    static void stopServer() {
      if (client != null) {
        client.close();
        client = null;
      }
      if (server != null) {
        server.close();
        server = null;
      }
    }

    /** The client of {@code seat} (from 1) of a game just created. */
    static TabulaClient seat(CreateGameResponse created, int seat) {
      for (SeatToken token : created.getSeatTokensList()) {
        if (token.getSeat() == seat) {
          return client.as(token.getToken());
        }
      }
      throw new AssertionError("no token for seat " + seat + " in " + created.getSeatTokensList());
    }
  }

  /** A stand-in server on an ephemeral loopback port answering with {@code service}, stopped by {@link #close}. */
  static final class StandIn implements AutoCloseable {
    private final Server server;

    StandIn(BindableService service) throws IOException {
      server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create()).addService(service).build().start();
    }

    /** A new client of the stand-in, for the caller to close. */
    TabulaClient client() {
      return TabulaClient.builder(address()).build();
    }

    /** The stand-in's {@code host:port}, for a client configured otherwise. */
    String address() {
      return "127.0.0.1:" + server.getPort();
    }

    @Override
    public void close() {
      server.shutdownNow();
      try {
        server.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
