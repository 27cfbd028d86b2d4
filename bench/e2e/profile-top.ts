// `tsx bench/e2e/profile-top.ts <file.cpuprofile> [N]`: the N functions with the most self time
// in a V8 CPU profile (node --cpu-prof), and the share of samples spent idle, in GC and in our
// packages, to say where a client's time goes.
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (file === undefined) {
  console.error("usage: tsx bench/e2e/profile-top.ts <file.cpuprofile> [N]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const perFunction = new Map<string, number>();
let total = 0;
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)!.callFrame;
  const where = frame.url === "" ? "" : ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
  const key = `${frame.functionName || "(anonymous)"}${where}`;
  perFunction.set(key, (perFunction.get(key) ?? 0) + micros);
  total += micros;
}
const share = (pattern: RegExp) =>
  [...perFunction].filter(([k]) => pattern.test(k)).reduce((n, [, v]) => n + v, 0) / total;
console.log(
  `${(total / 1e6).toFixed(2)} s sampled: idle ${pct(share(/^\(idle\)/))}, GC ${pct(share(/^\(garbage collector\)/))}, ` +
    `program ${pct(share(/^\(program\)/))}, packages/ ${pct(share(/packages\//))}, node: internals ${pct(share(/ node:/))}`,
);
for (const [name, micros] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25))) {
  console.log(`${pct(micros / total).padStart(7)}  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\/.*?\/(packages|bench|node_modules)\//, "$1/");
}
