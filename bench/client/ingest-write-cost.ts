// CPU cost of the batching writer's write() per row, with no encoding and no I/O: the pool's
// insertTablets/insertAlignedTablets are stubs that resolve at once, so what is measured is the
// writer (target lookup, checks, the TabletBuilder's stores, the scheduling) and the tablets'
// take/build. The e2e benchmark's e2e-ingest-rows case budgets the client's CPU per point; this isolates the
// writer's share of it. Run (after `pnpm build`):
// `npx tsx bench/client/ingest-write-cost.ts [rows] [devices] [double|mix]`.
// "mix" gives the rows the e2e benchmark's default sensor types (3 FLOAT, 2 DOUBLE, 2 INT32, an INT64
// as bigint, a 10-char TEXT, a BOOLEAN); the default is 10 DOUBLE. Prints CPU ns per row and per
// point (process.cpuUsage over the timed loop, after a warm-up).
import type * as Client from "../../packages/iotdb-client/dist/index.js";

// WRITE_COST_CLIENT=<path of another build's packages/iotdb-client/dist/index.mjs> measures that build (side by side).
const clientPath =
  process.env.WRITE_COST_CLIENT ?? new URL("../../packages/iotdb-client/dist/index.mjs", import.meta.url).href;
const { TreeBatchWriter } = (await import(clientPath)) as typeof Client;

const ROWS = Number(process.argv[2] ?? 1_000_000);
const DEVICES = Number(process.argv[3] ?? 100);
const MIX = process.argv[4] === "mix";
const COLUMNS = 10;

type Sendable = Parameters<Client.TreeBatchWriter["defineDevice"]>[1]["types"][number];
const MIX_TYPES: Sendable[] = [
  "FLOAT",
  "FLOAT",
  "FLOAT",
  "DOUBLE",
  "DOUBLE",
  "INT32",
  "INT32",
  "INT64",
  "TEXT",
  "BOOLEAN",
];
const measurements = Array.from({ length: COLUMNS }, (_, c) => `s${c}`);
const types: Sendable[] = MIX ? MIX_TYPES : measurements.map(() => "DOUBLE");
const devices = Array.from({ length: DEVICES }, (_, d) => `root.wcost.d${d}`);
// Value arrays are reused (the writer copies values into its columns): the row's allocation is the caller's, not
// measured.
const rows = Array.from({ length: 1024 }, (_, r) => types.map((type, c) => cell(type, r, c)));

function cell(type: Sendable, r: number, c: number): number | bigint | string | boolean {
  switch (type) {
    case "FLOAT":
      return Math.fround(r * 0.37 + c);
    case "INT32":
      return r * (c + 1);
    case "INT64":
      return BigInt(r) * 1_000_003n;
    case "TEXT":
      return `text-${r % 10}-abc`;
    case "BOOLEAN":
      return (r & 1) === 0;
    default:
      return r * 0.5 + c;
  }
}

const stub = { insertTablets: () => Promise.resolve(), insertAlignedTablets: () => Promise.resolve() };

async function run(count: number): Promise<number> {
  // The constructor is internal (pools make writers); the bench hands it a stub pool directly.
  const writer = new (TreeBatchWriter as unknown as new (pool: typeof stub) => Client.TreeBatchWriter)(stub);
  for (const device of devices) writer.defineDevice(device, { measurements, types });
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    if (!writer.write(devices[i % DEVICES]!, 1_700_000_000_000 + i, rows[i & 1023]!)) await writer.ready();
  }
  await writer.close();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / count;
}

await run(Math.min(ROWS, 200_000)); // warm-up
const ns = await run(ROWS);
console.log(
  `ingest-write-cost: ${ROWS} rows x ${COLUMNS} ${MIX ? "mixed-type values" : "DOUBLE"} over ${DEVICES} devices: ${ns.toFixed(0)} ns CPU per row, ${(ns / COLUMNS).toFixed(1)} ns per point`,
);
