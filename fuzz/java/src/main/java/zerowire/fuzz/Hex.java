package zerowire.fuzz;

import java.nio.ByteBuffer;

final class Hex {
  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private Hex() {}

  static String encode(byte[] bytes) {
    return encode(bytes, 0, bytes.length);
  }

  static String encode(byte[] bytes, int offset, int length) {
    char[] out = new char[length * 2];
    for (int i = 0; i < length; i++) {
      int b = bytes[offset + i] & 0xff;
      out[2 * i] = DIGITS[b >>> 4];
      out[2 * i + 1] = DIGITS[b & 0xf];
    }
    return new String(out);
  }

  /** The bytes between position and limit, without moving the buffer. */
  static byte[] remaining(ByteBuffer buffer) {
    byte[] out = new byte[buffer.remaining()];
    buffer.duplicate().get(out);
    return out;
  }

  static byte[] decode(String hex) {
    if (hex.length() % 2 != 0) {
      throw new IllegalArgumentException("odd-length hex string");
    }
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}
