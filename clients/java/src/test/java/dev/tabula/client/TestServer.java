package dev.tabula.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code tabula serve} on an ephemeral loopback port, stopped by {@link #close}.
 *
 * <p>Tests that need one run only when {@code TABULA_BIN} names the server binary (test.sh
 * sets it); elsewhere, as in a plain {@code mvn install} outside the repository, they are
 * skipped. Tests that read the repository's shared fixtures are skipped outside it.
 */
final class TestServer implements AutoCloseable {
  private static final long START_TIMEOUT_SECONDS = 30;
  private static final String READY = "listening on ";

  private final Process process;
  final String address;

  private TestServer(Process process, String address) {
    this.process = process;
    this.address = address;
  }

  /**
   * The repository root: the nearest parent of the working directory with proto/tabula and
   * clients/conformance. Outside the repository the calling test is skipped.
   */
  static Path repoRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("proto").resolve("tabula")) && Files.isDirectory(dir.resolve("clients").resolve("conformance"))) {
        return dir;
      }
    }
    Assumptions.abort("outside the repository: no clients/conformance above " + Path.of("").toAbsolutePath());
    throw new AssertionError("unreachable");
  }

  /** The server binary, $TABULA_BIN; without it the calling test is skipped. */
  static Path binary() {
    String configured = System.getenv("TABULA_BIN");
    Assumptions.assumeTrue(configured != null && !configured.isEmpty(), "TABULA_BIN is not set: no server to test against");
    return Path.of(configured);
  }

  /**
   * Starts a server with its store in memory, so it starts empty (request ids of earlier runs
   * find nothing) and leaves no file behind, with these extra arguments of {@code tabula serve}.
   */
  static TestServer start(String... extra) throws Exception {
    List<String> command = new ArrayList<>(List.of(binary().toString(), "serve", "--listen", "127.0.0.1:0", "--store", "memory"));
    command.addAll(List.of(extra));
    return start(new ProcessBuilder(command));
  }

  private static TestServer start(ProcessBuilder builder) throws Exception {
    Process process = builder.redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      return new TestServer(process, awaitAddress(process));
    } catch (Exception failure) {
      throw new IllegalStateException("could not start " + binary() + " ", failure);
    }
  }

  /**
   * The address a just started {@code tabula serve} says it listens on; the process is
   * killed when it says none in time.
   */
  static String awaitAddress(Process process) throws Exception {
    CompletableFuture<String> address = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        // Keeps reading after the address so the server never blocks on a full pipe.
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (line.startsWith(READY)) {
            address.complete(line.substring(READY.length()).trim());
          }
        }
      } catch (IOException ignored) {
        // The server stopped; a missing address is reported below.
      }
      address.completeExceptionally(new IllegalStateException("the server exited without printing its address"));
    }, "tabula-serve-stdout");
    reader.setDaemon(true);
    reader.start();
    try {
      return address.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception failure) {
      process.destroyForcibly();
      throw failure;
    }
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
