// The Java-client vectors the capture replay reads: the official Session's socket capture
// (session-capture.json) with the vectors it sent, all from one set (fuzz/vectors/vector-sets.ts).
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { dirHolding, missing } from "../../../../fuzz/vectors/vector-sets.js";

/** The set holding a session capture, if any set does. */
const captureDir = dirHolding("session-capture");
const vectorsDir = captureDir ?? "";

/** True when a set holds the session capture; else prints a NOT RUN line naming what is missing. */
export function vectorsAvailable(): boolean {
  if (captureDir !== undefined) return true;
  console.warn(`\n!!! ${missing("session-capture", "the capture replay tests")}\n`);
  return false;
}

export interface CapturedFrame {
  connection: number;
  direction: "client->server" | "server->client";
  method: string;
  seqid: number;
  hex: string;
}

export function readVector<T = any>(file: string): T {
  return JSON.parse(readFileSync(resolve(vectorsDir, file), "utf8")) as T;
}

export function frameBytes(f: CapturedFrame): Buffer {
  if (f.hex === "") throw new Error(`captured ${f.method} frame (seqid ${f.seqid}) is not stored in full`);
  return Buffer.from(f.hex, "hex");
}

/** A binary-protocol frame with its message seqid replaced. */
export function withSeqid(frame: Buffer, seqid: number): Buffer {
  const copy = Buffer.from(frame);
  const nameLength = copy.readInt32BE(8);
  copy.writeInt32BE(seqid, 12 + nameLength);
  return copy;
}

export function seqidOf(frame: Buffer): number {
  return frame.readInt32BE(12 + frame.readInt32BE(8));
}

/**
 * A row value in the vectors' JSON convention: int64 and timestamps as decimal strings, float specials as strings, BLOB
 * as hex.
 */
export function jsonValue(v: unknown): unknown {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "NaN";
    if (v === Infinity) return "Infinity";
    if (v === -Infinity) return "-Infinity";
    if (Object.is(v, -0)) return "-0";
    return v;
  }
  if (Buffer.isBuffer(v)) return v.toString("hex");
  return v;
}

/** The file of vector number n (1 → "001-tree_boolean.json"). */
export function vectorFile(n: number): string {
  const prefix = `${String(n).padStart(3, "0")}-`;
  const file = readdirSync(vectorsDir).find((f) => f.startsWith(prefix));
  if (file === undefined) throw new Error(`no vector ${prefix}* in ${vectorsDir}`);
  return file;
}
