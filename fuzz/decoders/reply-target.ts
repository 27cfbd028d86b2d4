// The client's reply decoding (reply-decoding.ts) as a fuzz target. A decoded result's Buffers
// (binary fields, node-int64 values) are views inside the input or copies of their own; its size
// is bounded by the input's; a ReplyError must not be a JS engine error in disguise (ReplyError
// repeats the message of what the generated code threw, unless it recognizes it).
import { createHash } from "node:crypto";
import type { DecodeTarget } from "./harness.js";
import { type DecodedReplies, decodeReplyBytes, isClientReplyError, type ReplyContext } from "./reply-decoding.js";

/** Messages of errors the JS engine or Node throw on a program bug (TypeError, RangeError…). */
export const ENGINE_ERROR =
  /Maximum call stack|Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|Invalid array length|Invalid typed array length|out of range|is not defined/;

/** A decoded struct takes at most this many bytes of memory per input byte (an empty struct in
 *  a list is one input byte and one JS object with every field set to null). */
const BYTES_PER_INPUT_BYTE = 256;

export const replyTarget: DecodeTarget<ReplyContext, DecodedReplies> = {
  name: "client reply decoding (FrameReader + RpcCodec + ResultSetDecoder)",
  decode: (view, context) => decodeReplyBytes(view, context),
  isTypedError: (e) => isClientReplyError(e) && !ENGINE_ERROR.test((e as Error).message),
  check: (out, view) => walk(out.results, (b) => checkInside(b, view)),
  footprint: (out, view) => {
    let bytes = 0;
    walk(
      out.results,
      (b) => void (bytes += b.buffer === view.buffer ? 0 : b.length),
      (n) => (bytes += n),
    );
    return { bytes, limit: BYTES_PER_INPUT_BYTE * view.length + 4096 };
  },
  digest: (out) => {
    const h = createHash("sha1");
    h.update(`${out.waiting}|${out.rows}|`);
    walk(
      out.results,
      (b) => h.update(`<${b.toString("hex")}>`),
      undefined,
      (v) => h.update(`${typeof v}:${String(v)}|`),
    );
    return h.digest("hex");
  },
};

/** A Buffer over the input's memory must lie inside the input (the bytes around it are the
 *  harness's sentinel); one with memory of its own is a decoded copy. */
function checkInside(b: Buffer, view: Buffer): void {
  if (b.buffer !== view.buffer || b.length === 0) return;
  const inside = b.byteOffset >= view.byteOffset && b.byteOffset + b.length <= view.byteOffset + view.length;
  if (!inside)
    throw new Error(
      `a decoded Buffer of ${b.length} bytes views memory outside the input (offset ${b.byteOffset - view.byteOffset})`,
    );
}

/**
 * Visits every Buffer in a decoded value (a node-int64 is visited as its 8 bytes), calls
 * `size` with an estimate of each object's, array's and string's own memory, and `leaf` with
 * every other primitive.
 */
function walk(
  value: unknown,
  buffer: (b: Buffer) => void,
  size?: (bytes: number) => void,
  leaf?: (v: unknown) => void,
): void {
  if (Buffer.isBuffer(value)) return buffer(value);
  if (Array.isArray(value)) {
    size?.(16 + 8 * value.length);
    for (const v of value) walk(v, buffer, size, leaf);
    return;
  }
  if (typeof value === "object" && value !== null) {
    const int64 = value as { buffer?: unknown; offset?: number };
    if (Buffer.isBuffer(int64.buffer) && typeof int64.offset === "number")
      return buffer(int64.buffer.subarray(int64.offset, int64.offset + 8));
    const keys = Object.keys(value);
    size?.(16 + 8 * keys.length);
    for (const k of keys) {
      leaf?.(k);
      walk((value as Record<string, unknown>)[k], buffer, size, leaf);
    }
    return;
  }
  if (typeof value === "string") size?.(16 + 2 * value.length);
  leaf?.(value);
}
