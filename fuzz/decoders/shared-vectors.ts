// The real bytes the fuzz starts from, read from the Java client's vectors
// (VECTORS_DIR, default ../shared/vectors/java-2.0.5): TsBlocks (kind tsblock), query results
// with their metadata (kind queryResponse: the first batch and every fetchResultsV2 batch), and
// the server→client reply frames (session-capture.json and every vector's conversation).
// Without the directory the fuzz fails, unless ZEROWIRE_NO_SHARED=1: then it runs on random and
// structured inputs only, and says so.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseTypeName, type QueryResultMetadata, type TSDataType } from "@zerowire/iotdb-codec";

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

export interface SharedVectors {
  /** False when ZEROWIRE_NO_SHARED=1 and the directory is absent. */
  present: boolean;
  dir: string;
  tsBlocks: TsBlockVector[];
  queries: QueryVector[];
  replies: ReplyFrame[];
}

const repoRoot = resolve(import.meta.dirname, "../..");
const dir = resolve(repoRoot, process.env.VECTORS_DIR ?? "../shared/vectors/java-2.0.5");

let loaded: SharedVectors | undefined;

export function sharedVectors(): SharedVectors {
  loaded ??= load();
  return loaded;
}

function load(): SharedVectors {
  if (!existsSync(dir)) {
    if (process.env.ZEROWIRE_NO_SHARED === "1") {
      console.warn(
        `\n  !!! decoder fuzz: ${dir} is absent and ZEROWIRE_NO_SHARED=1: NO truncations or mutations of real vectors; random and structured inputs only !!!\n`,
      );
      return { present: false, dir, tsBlocks: [], queries: [], replies: [] };
    }
    throw new Error(`decoder fuzz: the shared vectors ${dir} do not exist. Set VECTORS_DIR, or ZEROWIRE_NO_SHARED=1 to run without them.`);
  }
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
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "index.json").sort()) {
    const v = JSON.parse(readFileSync(join(dir, file), "utf8"));
    if (v.kind === "tsblock") {
      const types = (v.input.columns as { type: string }[]).map((c) => parseTypeName(c.type));
      tsBlocks.push({ label: file, bytes: Buffer.from(v.output.tsblockHex, "hex"), types });
    } else if (v.kind === "queryResponse") {
      const hexes: string[] = [...v.output.tsblocksHex, ...(v.output.fetchResults ?? []).flatMap((r: any) => r.tsblocksHex as string[])];
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
    }
    addFrames(file, v.frames ?? v.output?.conversation);
  }
  if (tsBlocks.length === 0 || queries.length === 0 || replies.length === 0) {
    throw new Error(`decoder fuzz: ${dir} holds ${tsBlocks.length} tsblock, ${queries.length} queryResponse vectors and ${replies.length} reply frames; each must be at least 1`);
  }
  return { present: true, dir, tsBlocks, queries, replies };
}
