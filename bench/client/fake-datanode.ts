// The client benchmark's fake DataNode (its own process): framed Thrift, binary protocol, answering
// each call with the bytes a real IoTDB 2.0.1-beta answered the same call (replies.json), the
// seqid patched to the request's. A method called several times in one request of a case (the
// fetches of a query) gets the captured replies in turn.
//
// `--busy-us U` reproduces a DataNode that spends CPU on every request: each request is handed to
// one of two worker threads, which burns U µs of CPU (a calibrated loop, so the amount is CPU, not
// wall time) before the reply is written. Requests of one connection are answered in order, one
// at a time, as the real server does.
//
//   node --import tsx bench/client/fake-datanode.ts CASE [--busy-us U]   prints {"port":P}
//
// Not the tests' FakeServer (packages/iotdb-client/test/helpers/fake-server.ts), on purpose: this
// one is what the client race measures against, so it runs in a process of its own (its CPU is
// not any side's), records nothing and copies no frame (a benchmark sends millions), answers
// with a real server's bytes rather than scripted ones, and can burn CPU per request.
import net from "node:net";
import { Worker } from "node:worker_threads";
import { messageHead, onFrames, readCapture, replyKey } from "./replies.js";
import { CASE_NAMES, capturedAs, caseSpec, type CaseName } from "./workload.js";

const WORKERS = 2;

const caseName = process.argv[2] as CaseName;
if (!CASE_NAMES.includes(caseName))
  throw new Error(`usage: fake-datanode.ts CASE [--busy-us U]; CASE one of ${CASE_NAMES.join(", ")}`);
const busyAt = process.argv.indexOf("--busy-us");
const busyUs = busyAt > 0 ? Number(process.argv[busyAt + 1]) : 0;

const capture = readCapture();
/**
 * Replies by replyKey (method, and SQL for statements): the case's model's session replies, then the case's own (which
 * win).
 */
const replies = new Map<string, Buffer[]>();
for (const exchanges of [capture.sessions[caseSpec(caseName).model], capture.cases[capturedAs(caseName)] ?? []]) {
  const own = new Map<string, Buffer[]>();
  for (const e of exchanges) {
    const key = replyKey(Buffer.from(e.request, "hex").subarray(4));
    own.set(key, [...(own.get(key) ?? []), Buffer.from(e.reply, "hex")]);
  }
  for (const [key, list] of own) replies.set(key, list);
}

const burners = busyUs > 0 ? await startBurners(busyUs) : [];
let nextBurner = 0;

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.on("error", () => socket.destroy());
  const turns = new Map<string, number>();
  let queue: Buffer[] = [];
  let busy = false;
  const answer = (frame: Buffer): Buffer => {
    const { seqid } = messageHead(frame.subarray(4));
    const key = replyKey(frame.subarray(4));
    const list = replies.get(key);
    if (list === undefined) {
      console.error(
        `fake-datanode: no captured reply to ${key} (case ${caseName}); capture it in bench/client/capture.ts`,
      );
      process.exit(1);
    }
    const turn = turns.get(key) ?? 0;
    turns.set(key, (turn + 1) % list.length);
    const reply = Buffer.from(list[turn]!);
    reply.writeInt32BE(seqid, 4 + messageHead(reply.subarray(4)).seqidOffset);
    return reply;
  };
  const drain = (): void => {
    if (busy) return;
    const frame = queue.shift();
    if (frame === undefined) return;
    if (burners.length === 0) {
      socket.write(answer(frame));
      drain();
      return;
    }
    busy = true;
    burners[nextBurner++ % burners.length]!(() => {
      busy = false;
      if (!socket.destroyed) socket.write(answer(frame));
      drain();
    });
  };
  onFrames(socket, (frame) => {
    queue.push(frame);
    drain();
  });
  socket.on("close", () => (queue = []));
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as net.AddressInfo).port })}\n`);
});
// The parent going away ends the server.
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));

/** Worker threads that each burn `us` µs of CPU per job; resolves with one "run a job" function per worker. */
async function startBurners(us: number): Promise<((done: () => void) => void)[]> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    // Calibrate: loop iterations per µs, the best of several runs (a run that was descheduled is slower).
    const spin = (n) => { let x = 1; for (let i = 0; i < n; i++) x = (x * 1103515245 + 12345) | 0; return x; };
    let perUs = 0;
    for (let run = 0; run < 20; run++) {
      const t = process.hrtime.bigint(); spin(1e6); const us = Number(process.hrtime.bigint() - t) / 1000;
      perUs = Math.max(perUs, 1e6 / us);
    }
    const n = Math.round(perUs * workerData.us);
    let sink = 0;
    parentPort.on("message", () => { sink ^= spin(n); parentPort.postMessage(sink & 0); });
    parentPort.postMessage("ready");
  `;
  return Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const worker = new Worker(source, { eval: true, workerData: { us } });
      worker.unref();
      await new Promise((resolve) => worker.once("message", resolve));
      const jobs: (() => void)[] = [];
      worker.on("message", () => jobs.shift()!());
      return (done: () => void) => {
        jobs.push(done);
        worker.postMessage(0);
      };
    }),
  );
}
