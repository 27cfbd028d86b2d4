// Shared pieces of the pool tests: fake DataNodes (FakeIoTDB) and what they received, per device.
import { TEndPoint, TSExecuteStatementResp, TSStatus } from "../../src/gen/client_types.js";
import { toInt64 } from "../../src/thrift/int64.js";
import type { SessionTablet } from "../../src/index.js";
import { FakeIoTDB, ok } from "./fake-iotdb.js";

export { FakeIoTDB, ok };

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `condition` holds (for effects that travel over a socket), at most `ms`. */
export async function until(condition: () => boolean, ms = 2_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await sleep(5);
  return condition();
}

export async function fakes(count: number): Promise<FakeIoTDB[]> {
  return Promise.all(Array.from({ length: count }, () => FakeIoTDB.start()));
}

export const url = (fake: { port: number }) => `127.0.0.1:${fake.port}`;

/** Options every pool test uses: UTC, short timeouts. */
export const base = { zoneId: "UTC", requestTimeoutMs: 5_000, connectTimeoutMs: 2_000 } as const;

export function hint(port: number, code = 200, host = "127.0.0.1"): TSStatus {
  return new TSStatus({ code, redirectNode: new TEndPoint({ ip: host, port }) });
}

export function subStatuses(entries: (number | undefined)[]): TSStatus {
  return new TSStatus({ code: 400, subStatus: entries.map((port) => (port === undefined ? ok() : hint(port))) });
}

/** Devices of the insert requests a fake received, in order (one string per request; several devices joined by ","). */
export function devicesSent(fake: FakeIoTDB, method: string): string[] {
  return fake.calls(method).map((r) => {
    const req = r.args[0] as { prefixPath?: string; prefixPaths?: string[] };
    return req.prefixPath ?? req.prefixPaths!.join(",");
  });
}

export const tablet = (device: string, time = 1): SessionTablet => ({
  schema: { target: device, columns: [{ name: "s", type: "INT32" }] },
  timestamps: [time],
  values: [[time]],
});

export const record = (deviceId: string, value: number | null = 1) => ({
  deviceId,
  time: 1,
  measurements: ["s"],
  types: ["INT32" as const],
  values: [value],
});

// Two rows (times 1, 2; INT64 values 10, 20): the first TsBlock of vector 055.
const TWO_ROW_BLOCK = Buffer.from(
  "0000000102000000020202000000000000000001000000000000000200000000000000000a0000000000000014",
  "hex",
);

export function queryResponse(queryId: number): TSExecuteStatementResp {
  return new TSExecuteStatementResp({
    status: ok(),
    queryId: toInt64(queryId),
    columns: ["root.ref.f.s1"],
    dataTypeList: ["INT64"],
    ignoreTimeStamp: false,
    queryResult: [TWO_ROW_BLOCK],
    moreData: false,
  });
}

export async function rejection(p: Promise<unknown>): Promise<Error> {
  const outcome = await p.then(
    () => undefined,
    (e: Error) => e,
  );
  if (outcome === undefined) throw new Error("expected a rejection, got success");
  return outcome;
}

/** The fake's first `method` request breaks its connection (never answered); later ones are answered 200. */
export function breakFirst(fake: FakeIoTDB, method: string): void {
  let first = true;
  fake.handler[method] = () => {
    if (!first) return ok();
    first = false;
    setImmediate(() => fake.dropConnections());
    return new Promise(() => {});
  };
}
