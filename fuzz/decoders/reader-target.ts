// The Reader (@zerowire/writer) as a fuzz target: a program of calls checked against the
// reference (reader-program.ts), or a Thrift walk (reader-thrift-walk.ts). Byte slices must be
// views inside the input, columns copies of their own.
import { createHash } from "node:crypto";
import { ReadError, Reader } from "@zerowire/writer";
import type { DecodeTarget } from "./harness.js";
import { type Op, runProgram } from "./reader-program.js";
import { walkBinary, walkCompact, WalkError } from "./reader-thrift-walk.js";

export type ReaderScript =
  | { kind: "program"; program: readonly Op[] }
  | { kind: "thrift binary" }
  | { kind: "thrift compact" };

export const readerTarget: DecodeTarget<ReaderScript, unknown[]> = {
  name: "Reader",
  decode: (view, script) => {
    const r = new Reader(view);
    if (script.kind === "program") return runProgram(r, view, script.program);
    return script.kind === "thrift binary" ? walkBinary(r) : walkCompact(r);
  },
  isTypedError: (e) => e instanceof ReadError || e instanceof WalkError,
  check: (values, view) => {
    for (const v of values) {
      if (Buffer.isBuffer(v)) {
        const inside =
          v.buffer === view.buffer &&
          v.byteOffset >= view.byteOffset &&
          v.byteOffset + v.length <= view.byteOffset + view.length;
        if (!inside)
          throw new Error(
            `a byte slice of ${v.length} is not a view inside the input (offset ${v.byteOffset - view.byteOffset})`,
          );
      } else if (ArrayBuffer.isView(v) && v.buffer === view.buffer)
        throw new Error("a column is a view of the input, not a copy");
    }
  },
  footprint: (values, view) => {
    let bytes = 16 * values.length;
    for (const v of values) {
      if (ArrayBuffer.isView(v) && !Buffer.isBuffer(v)) bytes += v.byteLength;
      else if (typeof v === "string") bytes += 2 * v.length;
    }
    return { bytes, limit: 8 * view.length + 16 * values.length + 1024 };
  },
  digest: (values) => {
    const h = createHash("sha1");
    for (const v of values) {
      if (ArrayBuffer.isView(v)) h.update(Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex"));
      h.update(`|${typeof v}:${ArrayBuffer.isView(v) ? v.byteLength : String(v)}|`);
    }
    return h.digest("hex");
  },
};
