// Small helpers of the unit tests: the bytes a protocol writes (frame prefix checked and
// removed), a transport over given bytes, hex, and an assertion on a read error's class,
// offset and message.
import * as assert from "uvu/assert";
import { TFramedTransport } from "@zerowire/thrift";

/** Calls `write` on a new protocol and returns the frame body it flushed. */
export function bytesOf<P extends { flush(): void }>(make: (t: TFramedTransport) => P) {
  return (write: (p: P) => void): Buffer => {
    let frame: Buffer | undefined;
    const p = make(new TFramedTransport(undefined, (bytes) => (frame = Buffer.from(bytes))));
    write(p);
    p.flush();
    assert.ok(frame !== undefined, "a frame was flushed");
    assert.is(frame!.readInt32BE(0), frame!.length - 4, "the length prefix counts the body");
    return frame!.subarray(4);
  };
}

export function readerOver(bytes: Uint8Array): TFramedTransport {
  return new TFramedTransport(bytes);
}

export function hex(b: Uint8Array): string {
  return Buffer.from(b).toString("hex");
}

/** Asserts `f` throws an instance of `cls` at `offset` whose message matches `message`. */
export function throwsAt(
  f: () => unknown,
  cls: abstract new (...a: never[]) => Error,
  offset: number,
  message: RegExp,
): void {
  try {
    f();
  } catch (e) {
    assert.instance(e, cls);
    assert.is((e as { offset: number }).offset, offset, `offset of: ${(e as Error).message}`);
    assert.match((e as Error).message, message);
    return;
  }
  assert.unreachable("expected a throw");
}
