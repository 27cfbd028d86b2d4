// @zerowire/thrift's protocols as a fuzz target: the test IDL's generated reader
// (packages/thrift/test/gen) reads an Everything, or a Sparse that skips most of it, through
// TBinaryProtocol or TCompactProtocol over the input. Typed errors: ReadError and its subclass
// ThriftDecodeError. Binary values must be views inside the input, i64 values copies.
import { createHash } from "node:crypto";
import Int64 from "node-int64";
import { ReadError, TBinaryProtocol, TCompactProtocol, TFramedTransport } from "@zerowire/thrift";
import { everythingTypes as types } from "@zerowire/thrift/test-support";
import { normalize } from "../thrift/normalize.js";
import type { DecodeTarget } from "./harness.js";

export interface ThriftReadCase {
  protocol: "binary" | "compact";
  struct: "Everything" | "Sparse";
}

export const thriftProtocolTarget: DecodeTarget<ThriftReadCase, object> = {
  name: "@zerowire/thrift protocols",
  decode: (view, c) => {
    const transport = new TFramedTransport(view);
    const input = c.protocol === "binary" ? new TBinaryProtocol(transport) : new TCompactProtocol(transport);
    const value = c.struct === "Everything" ? new types.Everything() : new types.Sparse();
    (value as unknown as { read(input: unknown): void }).read(input); // the generated .d.ts omits read/write
    return value;
  },
  isTypedError: (e) => e instanceof ReadError,
  check: (value, view) => {
    walk(value, (v) => {
      if (v instanceof Int64) {
        if (v.buffer.buffer === view.buffer) throw new Error("an i64 is a view of the input, not a copy");
      } else if (Buffer.isBuffer(v)) {
        const inside =
          v.buffer === view.buffer &&
          v.byteOffset >= view.byteOffset &&
          v.byteOffset + v.length <= view.byteOffset + view.length;
        if (!inside) throw new Error(`a binary of ${v.length} bytes is not a view inside the input`);
      }
    });
  },
  footprint: (value, view) => {
    let bytes = 0;
    walk(value, (v) => {
      if (typeof v === "string") bytes += 16 + 2 * v.length;
      else if (v instanceof Int64 || Buffer.isBuffer(v)) bytes += 96;
      else if (Array.isArray(v)) bytes += 16 + 8 * v.length;
      else if (typeof v === "object" && v !== null) bytes += 64 + 16 * Object.keys(v).length;
    });
    // Every value takes at least one input byte; the empty struct's defaults come without one.
    return { bytes, limit: 256 * view.length + 4096 };
  },
  digest: (value) =>
    createHash("sha1")
      .update(JSON.stringify(normalize(value)))
      .digest("hex"),
};

/** Calls `visit` on every value inside `value` (itself included). */
function walk(value: unknown, visit: (v: unknown) => void): void {
  visit(value);
  if (value instanceof Int64 || Buffer.isBuffer(value) || value === null || typeof value !== "object") return;
  for (const child of Array.isArray(value) ? value : Object.values(value)) walk(child, visit);
}
