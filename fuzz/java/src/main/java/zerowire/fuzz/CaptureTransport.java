package zerowire.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * Stands in for the socket under the client's framed transport: records every flushed frame
 * (length prefix included, exactly as it would hit the wire) and answers it with a canned reply.
 */
final class CaptureTransport extends TTransport {
  private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
  private final List<byte[]> frames = new ArrayList<>();
  private final Function<byte[], byte[]> replyTo;
  private final TConfiguration configuration = new TConfiguration();
  private byte[] reply = new byte[0];
  private int replyPos;

  CaptureTransport(Function<byte[], byte[]> replyTo) {
    this.replyTo = replyTo;
  }

  List<byte[]> frames() {
    return frames;
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public void open() {}

  @Override
  public void close() {}

  @Override
  public int read(byte[] buf, int off, int len) throws TTransportException {
    int n = Math.min(len, reply.length - replyPos);
    if (n <= 0) {
      throw new TTransportException(TTransportException.END_OF_FILE, "no reply pending");
    }
    System.arraycopy(reply, replyPos, buf, off, n);
    replyPos += n;
    return n;
  }

  @Override
  public void write(byte[] buf, int off, int len) {
    pending.write(buf, off, len);
  }

  @Override
  public void flush() {
    byte[] frame = pending.toByteArray();
    pending.reset();
    frames.add(frame);
    reply = replyTo.apply(frame);
    replyPos = 0;
  }

  @Override
  public TConfiguration getConfiguration() {
    return configuration;
  }

  @Override
  public void updateKnownMessageSize(long size) {}

  @Override
  public void checkReadBytesAvailable(long numBytes) {}
}
