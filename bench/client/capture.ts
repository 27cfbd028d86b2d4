// Captures replies.json: starts the project's IoTDB 2.0.1-beta (scripts/iotdb-server), stores the
// query cases' data, then runs one request of every case with our client through a recording
// proxy and keeps each request frame with the server's reply. Run it again when a case or the
// client's requests change:
//   node --import tsx bench/client/capture.ts        (needs Java 17 and Maven, as pnpm test)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCluster } from "../../scripts/iotdb-server/server.js";
import { client, type IoTDBClient } from "../e2e/client.js";
import { newSession, oursRequest } from "./ours-requests.js";
import { CAPTURE_FILE, messageHead, onFrames, type Capture, type Exchange } from "./replies.js";
import {
  CASE_NAMES,
  capturedAs,
  caseData,
  caseSpec,
  QUERY_DEVICE,
  SENSORS,
  TABLE_DATABASE,
  type CaseName,
} from "./workload.js";

const PORT = Number(process.env.CAPTURE_PORT ?? 11767);

/** A TCP proxy to the server that keeps every frame of both directions, paired request -> reply. */
class RecordingProxy {
  readonly exchanges: Exchange[] = [];
  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<RecordingProxy> {
    const server = net.createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
    );
    const proxy = new RecordingProxy(server, port);
    server.on("connection", (clientSocket) => {
      const upstream = net.connect(target);
      const requests: Buffer[] = [];
      onFrames(clientSocket, (frame) => {
        requests.push(frame);
        upstream.write(frame);
      });
      onFrames(upstream, (frame) => {
        const request = requests.shift()!;
        proxy.exchanges.push({
          method: messageHead(request.subarray(4)).method,
          request: request.toString("hex"),
          reply: frame.toString("hex"),
        });
        clientSocket.write(frame);
      });
      clientSocket.on("close", () => upstream.destroy());
      upstream.on("close", () => clientSocket.destroy());
    });
    return proxy;
  }

  /** The exchanges recorded while `run` ran. */
  async record(run: () => Promise<unknown>): Promise<Exchange[]> {
    const from = this.exchanges.length;
    await run();
    return this.exchanges.slice(from);
  }

  close(): void {
    this.server.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "zerowire-capture-"));
const cluster = await startCluster({ dataDir, fresh: true, basePort: PORT, log: (m) => console.log(`  ${m}`) });
try {
  const node = cluster.nodes[0]!;
  const direct = { host: node.host, port: node.port, username: "root", password: "root" };
  // The query cases' data: QUERY_ROWS rows of the sensors, stored before anything is recorded.
  const setup = new client.Session(direct);
  await setup.open();
  const { timestamps, columns } = caseData(caseSpec("fetch-5000x10"));
  await setup.insertTablet({
    schema: { target: QUERY_DEVICE, columns: SENSORS.map((s) => ({ name: s.name, type: s.type })) },
    timestamps,
    values: columns,
  });
  await setup.close();
  const tableSetup = new client.TableSession(direct);
  await tableSetup.open();
  await tableSetup.executeNonQueryStatement(`create database if not exists ${TABLE_DATABASE}`);
  await tableSetup.close();

  const proxy = await RecordingProxy.start(direct);
  const through = { ...direct, port: proxy.port };
  const cases = {} as Record<CaseName, Exchange[]>;
  const sessions = { tree: [] as Exchange[], table: [] as Exchange[] };
  for (const model of ["tree", "table"] as const) {
    const session = newSession(
      caseSpec(model === "table" ? "insert-tablet-1k-table" : "insert-tablet-1k-tree"),
      through,
    );
    sessions[model].push(...(await proxy.record(() => session.open())));
    // The Java client's Session.open asks for the DataNodes (enableAutoFetch): its reply too.
    sessions[model].push(
      ...(await proxy.record(async () => (await session.executeQueryStatement("SHOW DATANODES")).toRows())),
    );
    for (const name of CASE_NAMES.filter((n) => caseSpec(n).model === model && capturedAs(n) === n)) {
      const request = oursRequest(caseSpec(name));
      const send = () => request(session);
      await send(); // the first request of a case may create its series; the recorded one is a steady-state one
      cases[name] = await proxy.record(send);
      console.log(`  ${name}: ${cases[name].map((e) => e.method).join(", ")}`);
    }
    if (model === "tree") {
      // The Java client sends 40 or more records as insertTablets (and ours may): its reply too.
      const tree = session as IoTDBClient.Session;
      const tablet = {
        schema: { target: "root.cbench.other", columns: [{ name: "v", type: "DOUBLE" as const }] },
        timestamps: [1n],
        values: [[1]],
      };
      sessions.tree.push(...(await proxy.record(() => tree.insertTablets([tablet]))));
    }
    sessions[model].push(...(await proxy.record(() => session.close())));
  }
  proxy.close();
  const capture: Capture = {
    note: "Written by bench/client/capture.ts: our client's request frames (binary protocol) and the real server's replies, whole frames as hex.",
    server: "IoTDB 2.0.1-beta (scripts/iotdb-server), 1 ConfigNode + 1 DataNode",
    sessions,
    cases,
  };
  writeFileSync(CAPTURE_FILE, `${JSON.stringify(capture, null, 1)}\n`);
  console.log(`wrote ${CAPTURE_FILE}`);
} finally {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
