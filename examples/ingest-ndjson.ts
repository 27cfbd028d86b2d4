// Newline-delimited JSON from stdin into IoTDB through the batching writer: one row per line
// ({"device":"boiler1","time":1700000000000,"temperature":71.5,"pressure":2.1}), piped with
// backpressure into writer.stream(), which sends them in large requests (many devices per
// insertTablets). The end of stdin flushes; close() says what was written and what failed.
// Without piped input it ingests 5,000 generated lines.
//
//   some-producer | IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 npx tsx ingest-ndjson.ts
import { createInterface } from "node:readline";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { SessionPool, type WriterRow } from "@zerowire/iotdb-client";

const host = process.env.IOTDB_HOST ?? "127.0.0.1";
const port = Number(process.env.IOTDB_PORT ?? 6667);
const database = "root.examples_ingest";

/** Stdin's lines, or 5,000 sample lines (10 devices) when nothing is piped in. */
function lines(): AsyncIterable<string> | Iterable<string> {
  if (!process.stdin.isTTY) return createInterface({ input: process.stdin, crlfDelay: Infinity });
  return (function* () {
    for (let i = 0; i < 5_000; i++) {
      yield JSON.stringify({
        device: `boiler${i % 10}`,
        time: 1_700_000_000_000 + i,
        temperature: 60 + (i % 200) / 10,
        pressure: 2 + (i % 7) / 10,
      });
    }
  })();
}

const pool = new SessionPool({ host, port, username: "root", password: "root" });
try {
  await pool.createDatabase(database);
  // Sent when 10,000 points wait, or every second; write() returns false past 100,000 held points.
  const writer = pool.writer({ flushIntervalMs: 1_000 });
  writer.on("failed", (f) => console.error(`failed: ${f.times.length} row(s) of ${f.target}: ${String(f.error)}`));

  const devices = new Set<string>();
  let lineNo = 0;
  const toRow = new Transform({
    objectMode: true,
    transform(line: string, _encoding, callback) {
      lineNo++;
      if (line.trim() === "") return callback();
      let row: WriterRow;
      try {
        const { device, time, temperature, pressure } = JSON.parse(line);
        const target = `${database}.${device}`;
        // The schema is declared once per device, at its first line.
        if (!devices.has(target))
          writer.defineDevice(target, { measurements: ["temperature", "pressure"], types: ["DOUBLE", "DOUBLE"] });
        devices.add(target);
        row = { target, time, values: [temperature ?? null, pressure ?? null] };
      } catch (error) {
        return callback(new Error(`line ${lineNo}: ${(error as Error).message}`));
      }
      callback(null, row);
    },
  });
  await pipeline(Readable.from(lines()), toRow, writer.stream());

  const { written, failed, pending } = await writer.close({ timeoutMs: 30_000 });
  console.log(
    `ingested ${written} rows over ${devices.size} devices (${failed} failed, ${pending} pending) in ${writer.metrics().requests} requests`,
  );
  if (failed > 0 || pending > 0) throw new Error(`${failed} rows failed, ${pending} pending`);

  const [counts] = await (await pool.executeQueryStatement(`select count(temperature) from ${database}.*`)).toRows();
  const total = (counts?.fields ?? []).reduce<bigint>((sum, c) => sum + (c as bigint), 0n);
  if (total !== BigInt(written)) throw new Error(`read back ${total} temperature points, expected ${written}`);
  console.log(`read back ${total} temperature points`);
} finally {
  await pool.deleteDatabase(database).catch(() => {});
  await pool.close();
}
