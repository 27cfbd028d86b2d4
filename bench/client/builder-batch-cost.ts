// CPU cost of a TabletBuilder as the batching writer uses it per target per batch: 50 rows of 10
// DOUBLE values, build(), reset() (bench ingest-write-cost: 100 devices give tablets of a few
// dozen rows, so the per-batch build/reset weighs as much as the rows). Prints ns per batch with
// no rows and with 50 rows, and the per-row difference. Run (after `pnpm build`):
// `npx tsx bench/client/builder-batch-cost.ts`; BUILDER_CODEC=<another build's
// packages/iotdb-codec/dist/index.mjs> measures that build (side by side).
import type * as Codec from "../../packages/iotdb-codec/dist/index.js";

const codecPath =
  process.env.BUILDER_CODEC ?? new URL("../../packages/iotdb-codec/dist/index.mjs", import.meta.url).href;
const { TabletBuilder } = (await import(codecPath)) as typeof Codec;

const columns = Array.from({ length: 10 }, (_, c) => ({ name: `s${c}`, type: "DOUBLE" as const }));
const builder = new TabletBuilder({ model: "tree", target: "root.bcost.d0", aligned: false, columns });
const row = columns.map((_, c) => c * 0.5);

function perBatch(batches: number, rows: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < batches; i++) {
    for (let r = 0; r < rows; r++) builder.addRow(1_700_000_000_000 + r, row);
    builder.build();
    builder.reset();
  }
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / batches;
}

perBatch(20_000, 50); // warm-up
const empty = perBatch(100_000, 0);
const full = perBatch(100_000, 50);
console.log(
  `builder-batch-cost: build+reset ${empty.toFixed(0)} ns; 50 rows+build+reset ${full.toFixed(0)} ns (${(full / 50).toFixed(0)} ns per row, ${((full - empty) / 50).toFixed(0)} ns per row without build/reset)`,
);
