package dev.tabula.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code tabula serve} on a SQLite file that a test stops and starts again on the same
 * port and file, as an operator restarting it would: what was stored survives, and clients
 * that were connected see the server go away and come back at the same address. Skipped, as
 * {@link TestServer} is, without {@code TABULA_BIN}.
 */
final class RestartableServer implements AutoCloseable {

  private final Path store;
  private final String address;
  private Process process;

  private RestartableServer(Path store, Process process, String address) {
    this.store = store;
    this.process = process;
    this.address = address;
  }

  /** Starts a server on a free loopback port with its games in {@code store} (created if missing). */
  static RestartableServer start(Path store) throws Exception {
    Process process = launch(store, "127.0.0.1:0");
    return new RestartableServer(store, process, TestServer.awaitAddress(process));
  }

  /** {@code host:port}, the same across restarts. */
  String address() {
    return address;
  }

  /** Stops the server as an operator would (SIGTERM: streams are told it is shutting down) and waits for it to exit. */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(15, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    }
  }

  /** Starts the server again on the same port and file, once it has stopped. */
  void startAgain() throws Exception {
    process = launch(store, address);
    String again = TestServer.awaitAddress(process);
    if (!again.equals(address)) {
      throw new IllegalStateException("the server came back on " + again + ", not " + address);
    }
  }

  private static Process launch(Path store, String listen) throws IOException {
    List<String> command = List.of(TestServer.binary().toString(), "serve", "--listen", listen, "--store", "sqlite:" + store);
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
