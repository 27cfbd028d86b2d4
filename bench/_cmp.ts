// side-by-side: main's built codec vs this worktree's, same process
import * as mine from "@zerowire/iotdb-codec";
import { BufferPool, Writer } from "@zerowire/writer";
import { columnarTablet, makeTable, NON_ASCII_MIXES, LATIN1_MIXES, KIB_MIXES, textColumn } from "./lib/codec-data.ts";
import { pair } from "/tmp/micro/pair.mjs";
const main = await import("/work/main/packages/iotdb-codec/dist/index.mjs");
const mainWriter = await import("/work/main/packages/writer/dist/index.mjs");
function textTable(name: string, rows: number, mixes: any, seed: number, length = 16) {
  const t = makeTable(name, rows, [["TEXT", mixes.length]], seed);
  t.columns.forEach((col: any, k: number) => (col.values = textColumn(rows, mixes[k]![0], mixes[k]![1], seed * 10 + k, length)));
  return t;
}
const tables: Record<string, any> = {
  cjk: textTable("text", 500, NON_ASCII_MIXES, 6),
  latin1: textTable("latin1", 500, LATIN1_MIXES, 7),
  kib: textTable("kib", 100, KIB_MIXES, 8, 1024),
  b: makeTable("b", 500, [["FLOAT", 15], ["DOUBLE", 10], ["INT32", 10], ["INT64", 5], ["TEXT", 5], ["BOOLEAN", 5]], 2),
};
const which = process.argv[2] ? process.argv[2].split(",") : Object.keys(tables);
for (const name of which) {
  const tablet = columnarTablet(tables[name]);
  const wm = new Writer({ pool: new BufferPool() });
  const wo = new mainWriter.Writer({ pool: new mainWriter.BufferPool() });
  const enc = (lib: any, w: any) => () => { const t = lib.prepareTablet(tablet); lib.writeTimeBuffer(w, t); lib.writeValueBuffer(w, t); w.finish().release(); };
  const a = enc(mine, wm), b = enc(main, wo);
  // check identical bytes
  const cp = (lib: any, W: any) => { const w = new W(); const t = lib.prepareTablet(tablet); lib.writeTimeBuffer(w, t); lib.writeValueBuffer(w, t); return Buffer.from(w.finish().bytes); };
  if (!cp(mine, Writer).equals(cp(main, mainWriter.Writer))) throw new Error(`${name}: bytes differ`);
  console.log(name);
  for (let r = 0; r < 2; r++) pair({ main: b, micro: a }, { samples: 100, iters: 5 });
}
