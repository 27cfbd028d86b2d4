// Where the load tests find their server: IOTDB_HOST / IOTDB_PORT, set by itest/load/run.ts after it
// started the suite's own IoTDB (or by whoever runs the tests against a server of their own).
export function loadServer(): { host: string; port: number } {
  const host = process.env.IOTDB_HOST;
  if (host === undefined || host === "") {
    throw new Error(
      "the load tests need a server: run `node --import tsx packages/iotdb-client/itest/load/run.ts` (starts one), or set IOTDB_HOST (and IOTDB_PORT)",
    );
  }
  return { host, port: Number(process.env.IOTDB_PORT ?? 6667) };
}

/** A positive integer from the environment, or the default. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}
