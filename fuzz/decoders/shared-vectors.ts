// The real bytes the fuzz starts from, read from the Java client's vectors
// (fuzz/vectors/vector-sets.ts: the repo's set, or VECTORS_DIR): TsBlocks (kind tsblock), query
// results with their metadata (kind queryResponse: the first batch and every fetchResultsV2 batch),
// and the server→client reply frames (session-capture.json and every vector's conversation).
// Each source is read from the set that holds it; a source no set holds is empty, and the tests
// that need it say NOT RUN (campaign.ts realBytesPresent).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseTypeName, type QueryResultMetadata, type TSDataType } from "@zerowire/iotdb-codec";
import { absentReason, dirHolding } from "../vectors/vector-sets.js";

export interface TsBlockVector {
  /** File name of the vector, and which block of it. */
  label: string;
  bytes: Buffer;
  /** Logical type per value column (from the vector's input). */
  types: TSDataType[];
}

export interface QueryVector {
  label: string;
  metadata: QueryResultMetadata;
  /** Every TsBlock of the result: the execute reply's, then each fetch batch's. */
  blocks: Buffer[];
}

export interface ReplyFrame {
  /** Where it was captured, e.g. "session-capture.json #3". */
  label: string;
  /** The RPC it answers. */
  method: string;
  /** The whole frame: u32 length prefix + message. */
  frame: Buffer;
}

/** A source of real bytes. */
export type RealSource = "tsBlocks" | "queries" | "replies";

export interface SharedVectors {
  /** Per source: false when no set holds it (why is in `missing`). */
  present: Record<RealSource, boolean>;
  missing: Partial<Record<RealSource, string>>;
  tsBlocks: TsBlockVector[];
  queries: QueryVector[];
  replies: ReplyFrame[];
}

let loaded: SharedVectors | undefined;

export function sharedVectors(): SharedVectors {
  loaded ??= load();
  return loaded;
}

function vectorFiles(dir: string): { file: string; v: any }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.json$/.test(f))
    .sort()
    .map((file) => ({ file, v: JSON.parse(readFileSync(join(dir, file), "utf8")) }));
}

function load(): SharedVectors {
  const tsBlocks: TsBlockVector[] = [];
  const queries: QueryVector[] = [];
  const replies: ReplyFrame[] = [];
  const seenFrames = new Set<string>();
  const addFrames = (file: string, frames: any[] | undefined) => {
    (frames ?? []).forEach((f, i) => {
      if (f.direction !== "server->client" || seenFrames.has(f.hex)) return;
      seenFrames.add(f.hex);
      replies.push({ label: `${file} #${i}`, method: f.method, frame: Buffer.from(f.hex, "hex") });
    });
  };
  const missingSources: SharedVectors["missing"] = {};
  const tsBlockDir = dirHolding("tsblock");
  if (tsBlockDir === undefined) missingSources.tsBlocks = absentReason("tsblock");
  else {
    for (const { file, v } of vectorFiles(tsBlockDir)) {
      if (v.kind !== "tsblock") continue;
      const types = (v.input.columns as { type: string }[]).map((c) => parseTypeName(c.type));
      tsBlocks.push({ label: file, bytes: Buffer.from(v.output.tsblockHex, "hex"), types });
    }
  }
  const queryDir = dirHolding("queryResponse");
  if (queryDir === undefined) missingSources.queries = absentReason("queryResponse");
  else {
    for (const { file, v } of vectorFiles(queryDir)) {
      if (v.kind !== "queryResponse") continue;
      const hexes: string[] = [
        ...v.output.tsblocksHex,
        ...(v.output.fetchResults ?? []).flatMap((r: any) => r.tsblocksHex as string[]),
      ];
      queries.push({
        label: file,
        metadata: {
          columns: v.input.columns,
          dataTypeList: v.input.dataTypeList,
          ignoreTimeStamp: v.input.ignoreTimeStamp,
          columnIndex2TsBlockColumnIndexList: v.input.columnIndex2TsBlockColumnIndexList ?? null,
        },
        blocks: hexes.map((h) => Buffer.from(h, "hex")),
      });
      addFrames(file, v.output.conversation);
    }
  }
  const captureDir = dirHolding("session-capture");
  if (captureDir === undefined) missingSources.replies = absentReason("session-capture");
  else
    addFrames(
      "session-capture.json",
      JSON.parse(readFileSync(join(captureDir, "session-capture.json"), "utf8")).frames,
    );
  if (replies.length === 0) missingSources.replies ??= absentReason("session-capture");
  for (const [source, reason] of Object.entries(missingSources))
    console.warn(`\n  !!! NOT RUN: the decoder fuzz over real ${source}: ${reason}\n`);
  const present = { tsBlocks: tsBlocks.length > 0, queries: queries.length > 0, replies: replies.length > 0 };
  return { present, missing: missingSources, tsBlocks, queries, replies };
}
