package dev.tabula.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A real {@code tabula serve} on an ephemeral loopback port, stopped by {@link #close}. */
final class TestServer implements AutoCloseable {
  private static final long START_TIMEOUT_SECONDS = 30;
  private static final String READY = "listening on ";

  private final Process process;
  final String address;

  private TestServer(Process process, String address) {
    this.process = process;
    this.address = address;
  }

  /** The repository root: the nearest parent of the working directory with proto/tabula. */
  static Path repoRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("proto").resolve("tabula"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no repository root (a directory with proto/tabula) above " + Path.of("").toAbsolutePath());
  }

  /** The server binary: $TABULA_BIN, else target/debug/tabula in the repository. */
  static Path binary() {
    String configured = System.getenv("TABULA_BIN");
    return configured != null && !configured.isEmpty()
        ? Path.of(configured)
        : repoRoot().resolve("target").resolve("debug").resolve("tabula");
  }

  /**
   * Starts a server with its store in memory, so it starts empty (request ids of earlier runs
   * find nothing) and leaves no file behind.
   */
  static TestServer start() throws Exception {
    Process process = new ProcessBuilder(binary().toString(), "serve", "--listen", "127.0.0.1:0", "--store", "memory")
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
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
      return new TestServer(process, address.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS));
    } catch (Exception failure) {
      process.destroyForcibly();
      throw new IllegalStateException("could not start " + binary() + " (set TABULA_BIN to the server binary)", failure);
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
