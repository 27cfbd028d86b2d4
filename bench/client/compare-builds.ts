// Two builds of our client side by side on one fake DataNode (idle), in one process: how a change
// to the client moved its CPU per request. Build the "before" copy first, inside the package (git-
// ignored .cache/) so that its imports of the workspace packages resolve (both builds then share
// one build of @zerowire/iotdb-codec and @zerowire/writer: a change there shows on both sides), e.g.
//   git stash && pnpm build && cp -r packages/iotdb-client/dist packages/iotdb-client/.cache/client-before && git stash pop && pnpm build
//   node --import tsx bench/client/compare-builds.ts packages/iotdb-client/.cache/client-before packages/iotdb-client/dist [request]
// request: tablet-1k (default; the insert-tablet-1k-tree case's tablet), tablet-1pt (a 1-point
// tablet: the per-request cost alone), pool-1pt (the same through a SessionPool), fetch-rows (the
// fetch-5000x10 case read row by row), fetch-iterator (the fetch-5000x10-iterator case: every cell
// through DataIterator's typed getters, ours-requests.ts's loop), query-1row (the query-one-row
// case, its row read the same way), records-100 (the insert-records-100 case's 100 records, sent
// as insertTablets). A codec change needs a client dist copy whose "@zerowire/iotdb-codec"
// imports point at a saved copy of the old codec dist (sed the import paths). 10 callers (4 for
// the fetches; or [callers]) for 600 ms per round, the
// builds alternating, 2 warm-up rounds, then the median CPU µs per request of 8 rounds and all rounds.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type * as Client from "../../packages/iotdb-client/dist/index.js";
import { median } from "../lib/stats.js";
import { type AnySession, iteratorQuery, oursRequest } from "./ours-requests.js";
import { caseData, caseSpec, FETCH_SQL, ONE_ROW_SQL, SENSORS, TREE_DEVICE, type CaseName } from "./workload.js";

const [before, after, request = "tablet-1k", callersArg] = process.argv.slice(2);
if (before === undefined || after === undefined) {
  throw new Error(
    "usage: compare-builds.ts <dist dir A> <dist dir B> [tablet-1k|tablet-1pt|pool-1pt|fetch-rows|fetch-iterator|query-1row|records-100] [callers]",
  );
}
const fetches = request === "fetch-rows" || request === "fetch-iterator";
const caseName: CaseName = fetches
  ? "fetch-5000x10"
  : request === "query-1row"
    ? "query-one-row"
    : request === "records-100"
      ? "insert-records-100"
      : "insert-tablet-1k-tree";
const callers = callersArg === undefined ? (fetches ? 4 : 10) : Number(callersArg);
if (!(Number.isInteger(callers) && callers >= 1)) throw new Error(`callers: ${callersArg} is not a count`);

const fake = spawn(process.execPath, ["--import", "tsx", resolve(import.meta.dirname, "fake-datanode.ts"), caseName], {
  stdio: ["pipe", "pipe", "inherit"],
});
const port = await new Promise<number>((ok) =>
  createInterface({ input: fake.stdout }).once("line", (line) => ok((JSON.parse(line) as { port: number }).port)),
);

const { timestamps, columns } = caseData(caseSpec("insert-tablet-1k-tree"));
const tablet = {
  schema: { target: TREE_DEVICE, columns: SENSORS.map((s) => ({ name: s.name, type: s.type })) },
  timestamps,
  values: columns,
};
const onePoint = {
  schema: { target: "root.cbench.one", columns: [{ name: "s", type: "INT32" as const }] },
  timestamps: BigInt64Array.of(1n),
  values: [Int32Array.of(1)],
};

/** Per build: one request on caller i. */
async function requests(dist: string): Promise<(i: number) => Promise<unknown>> {
  const lib = (await import(pathToFileURL(resolve(dist, "index.mjs")).href)) as typeof Client;
  if (request === "pool-1pt") {
    const pool = new lib.SessionPool({ nodeUrls: [`127.0.0.1:${port}`], maxSize: callers });
    return () => pool.insertTablet(onePoint);
  }
  const sessions = await Promise.all(
    Array.from({ length: callers }, async () => {
      const session = new lib.Session({ host: "127.0.0.1", port });
      await session.open();
      return session;
    }),
  );
  switch (request) {
    case "tablet-1k":
      return (i) => sessions[i]!.insertTablet(tablet);
    case "tablet-1pt":
      return (i) => sessions[i]!.insertTablet(onePoint);
    case "fetch-rows":
      return async (i) => {
        let cells = 0;
        for await (const row of await sessions[i]!.executeQueryStatement(FETCH_SQL)) cells += row.fields.length;
        return cells;
      };
    case "fetch-iterator": {
      const read = iteratorQuery(FETCH_SQL);
      return (i) => read(sessions[i] as unknown as AnySession);
    }
    case "records-100": {
      const send = oursRequest(caseSpec("insert-records-100"));
      return (i) => send(sessions[i]! as unknown as AnySession);
    }
    case "query-1row":
      return async (i) => {
        let cells = 0;
        for await (const row of await sessions[i]!.executeQueryStatement(ONE_ROW_SQL)) cells += row.fields.length;
        return cells;
      };
    default:
      throw new Error(`unknown request ${request}`);
  }
}

const builds = { A: await requests(before), B: await requests(after) };
const rounds: Record<"A" | "B", number[]> = { A: [], B: [] };
for (let round = 0; round < 10; round++) {
  for (const build of round % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
    let count = 0;
    const cpu = process.cpuUsage();
    const end = performance.now() + 600;
    await Promise.all(
      Array.from({ length: callers }, async (_, i) => {
        while (performance.now() < end) {
          await builds[build](i);
          count++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    if (round >= 2) rounds[build].push((used.user + used.system) / count);
  }
}
for (const [build, dist] of [
  ["A", before],
  ["B", after],
] as const) {
  const sorted = [...rounds[build]].sort((a, b) => a - b);
  console.log(
    `${build} ${dist}: median ${median(sorted).toFixed(2)} µs CPU per request (rounds ${sorted.map((x) => x.toFixed(1)).join(" ")})`,
  );
}
fake.kill();
process.exit(0);
