package zerowire.fuzz;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * A DataNode stand-in on a real loopback socket (binary protocol, framed), for capturing a whole
 * Session conversation: every frame in both directions is recorded, with the number of its
 * connection (1, 2, ... in accept order). Each call frame is answered by `answer` (framed reply
 * bytes). One thread per connection; the conversation is read after the clients closed.
 *
 * <p>The Java counterpart of the Node fake DataNode (packages/iotdb-client/test/helpers/
 * fake-server.ts, used by fuzz/vectors): the Java client runs in this JVM, so its peer is here.
 */
final class FakeDataNode implements AutoCloseable {
  /** One frame as it crossed the socket (length prefix included). */
  record Frame(int connection, boolean fromClient, byte[] bytes) {}

  /** A client's call as the fake received it. */
  record Received(int connection, ThriftFrames.Call call, byte[] frame) {}

  private final ServerSocket server;
  private final Function<Received, byte[]> answer;
  private final List<Frame> frames = Collections.synchronizedList(new ArrayList<>());
  private final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
  private final Thread acceptor;
  private int connections;

  FakeDataNode(Function<Received, byte[]> answer) throws IOException {
    this.answer = answer;
    server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    acceptor = new Thread(this::acceptLoop, "fake-datanode-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return server.getLocalPort();
  }

  /** The frames so far, in the order they crossed (per connection). Throws if a handler failed. */
  List<Frame> frames() {
    if (!failures.isEmpty()) throw new IllegalStateException("the fake DataNode failed", failures.get(0));
    synchronized (frames) {
      return new ArrayList<>(frames);
    }
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        int connection;
        synchronized (this) {
          connection = ++connections;
        }
        Thread t = new Thread(() -> serve(socket, connection), "fake-datanode-" + connection);
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        if (!server.isClosed()) failures.add(e);
      }
    }
  }

  private void serve(Socket socket, int connection) {
    try (socket) {
      DataInputStream in = new DataInputStream(socket.getInputStream());
      OutputStream out = socket.getOutputStream();
      while (true) {
        int length;
        try {
          length = in.readInt();
        } catch (java.io.EOFException end) {
          return; // the client closed the socket
        }
        byte[] frame = ByteBuffer.allocate(4 + length).putInt(length).array();
        in.readFully(frame, 4, length);
        frames.add(new Frame(connection, true, frame));
        ThriftFrames.Call call = ThriftFrames.decodeCall(frame, WireProtocol.BINARY);
        byte[] reply = answer.apply(new Received(connection, call, frame));
        frames.add(new Frame(connection, false, reply));
        out.write(reply);
        out.flush();
      }
    } catch (Throwable t) {
      failures.add(t);
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
