// Type-checked (strict, node16, skipLibCheck false) as CommonJS: the `require` condition's .d.cts.
import { Reader, Writer } from "@zerowire/writer";
import { encodeTabletBuffers, type Tablet } from "@zerowire/iotdb-codec";
import { prepareTablet, type PreparedTablet } from "@zerowire/iotdb-codec/lower-level";
import { setInt64BE } from "@zerowire/writer/seams";
import { TBinaryProtocol, TFramedTransport } from "@zerowire/thrift";
import { Session, SessionPool, type SessionDataSet, type SessionOptions, type Status } from "@zerowire/iotdb-client";

const tablet: Tablet = {
  schema: { model: "tree", target: "root.sg.d1", aligned: false, columns: [{ name: "s", type: "INT32" }] },
  timestamps: [1, 2],
  values: [Int32Array.of(7, 8)],
};
const encoded: { timestamps: Uint8Array; values: Uint8Array } = encodeTabletBuffers(tablet);
const prepared: PreparedTablet = prepareTablet(tablet);
setInt64BE(new DataView(new ArrayBuffer(8)), 0, 1n);
const bytes: Uint8Array = new Writer().i64be(1).finish().bytes;
const first: bigint = new Reader(bytes).i64be();
const options: SessionOptions = { host: "127.0.0.1", port: 6667 };
const session = new Session(options);
const id: bigint = session.sessionId;
// @ts-expect-error a port is a number (fails the check if the types resolved to any)
new Session({ port: "6667" });
const pool = new SessionPool({ nodeUrls: ["127.0.0.1:6667"] });

export async function run(): Promise<[Status, SessionDataSet]> {
  const status = await session.insertTablet(tablet);
  const rows = await pool.executeQueryStatement("select s from root.sg.d1");
  return [status, rows];
}
const header: { fname: string; mtype: number; rseqid: number } = new TBinaryProtocol(
  new TFramedTransport(bytes),
).readMessageBegin();
export const used = [encoded, prepared, first, id, header];
