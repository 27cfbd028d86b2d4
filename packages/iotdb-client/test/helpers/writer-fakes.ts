// Pieces of the batching-writer tests: what a fake DataNode received, as requests of devices and
// their rows' times (decoded from the wire's big-endian int64 time buffers), and a gate that holds
// the fake's answers until a test opens it.
import type { FakeIoTDB } from "./fake-iotdb.js";

export interface SentRequest {
  method: string;
  aligned: boolean;
  /** Per device of the request, in order: its rows' times. */
  devices: { device: string; times: number[] }[];
}

/** Every insertTablet(s) request the fake received, in order. */
export function sentRequests(fake: FakeIoTDB): SentRequest[] {
  return fake.received
    .filter((r) => r.method === "insertTablets" || r.method === "insertTablet")
    .map((r) => {
      const req = r.args[0] as Record<string, any>;
      if (r.method === "insertTablet") {
        return {
          method: r.method,
          aligned: req.isAligned === true,
          devices: [{ device: req.prefixPath, times: timesOf(req.timestamps, req.size) }],
        };
      }
      const devices = (req.prefixPaths as string[]).map((device, i) => ({
        device,
        times: timesOf(req.timestampsList[i], req.sizeList[i]),
      }));
      return { method: r.method, aligned: req.isAligned === true, devices };
    });
}

/** Each device's times over every request, in the order they reached the fake. */
export function timesByDevice(fake: FakeIoTDB): Map<string, number[]> {
  const byDevice = new Map<string, number[]>();
  for (const request of sentRequests(fake)) {
    for (const { device, times } of request.devices) byDevice.set(device, [...(byDevice.get(device) ?? []), ...times]);
  }
  return byDevice;
}

function timesOf(buffer: Buffer, size: number): number[] {
  return Array.from({ length: size }, (_, i) => Number(buffer.readBigInt64BE(i * 8)));
}

/** Answers held until open() (a request "in flight" for as long as a test wants). */
export class Gate {
  private opened = false;
  private waiting: (() => void)[] = [];
  pass(): Promise<void> {
    return this.opened ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
  open(): void {
    this.opened = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
