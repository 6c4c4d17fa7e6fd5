package dev.tabula.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HashSet;
import java.util.Set;

/**
 * Forwards loopback TCP connections to a target port until {@link #cut} closes all of them at
 * once, as a network failure would; it keeps accepting new connections after.
 */
final class CuttableProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final Set<Socket> open = new HashSet<>();

  CuttableProxy(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String address() {
    return "127.0.0.1:" + listener.getLocalPort();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        synchronized (open) {
          open.add(client);
          open.add(server);
        }
        pipe(client, server);
        pipe(server, client);
      } catch (IOException stopped) {
        return;
      }
    }
  }

  private static void pipe(Socket from, Socket to) {
    Thread copier = new Thread(() -> {
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        in.transferTo(out);
      } catch (IOException closed) {
        // Either side went away; closing both below ends the other direction too.
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "proxy-pipe");
    copier.setDaemon(true);
    copier.start();
  }

  /** Closes every connection open through the proxy; returns how many there were. */
  int cut() {
    synchronized (open) {
      int count = open.size();
      open.forEach(CuttableProxy::closeQuietly);
      open.clear();
      return count;
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Already closed.
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    cut();
  }
}
