// The check that a reply's TsBlocks outlive the process's shared read buffer: the block must
// keep its bytes after another connection's larger reply was read into the same buffer.
import * as assert from "uvu/assert";
import { Connection } from "../../src/connection.js";
import { FakeServer } from "./fake-server.js";
import { statusReply } from "./replies.js";

/**
 * A fake server answers `method` with `reply(seqid)`, holding `block`, and any other call with a
 * 20 KB status. `read` calls `method` on one connection and returns the reply's block; the other
 * connection then makes a call, and the block must still equal `block`.
 */
export async function assertBlockOutlivesSharedReads(
  method: string,
  block: Buffer,
  reply: (seqid: number) => Buffer,
  read: (connection: Connection) => Promise<Uint8Array>,
): Promise<void> {
  const server = await FakeServer.start((call, peer) => {
    if (call.method === method) peer.send(reply(call.seqid));
    // A large different reply: on the other connection, read into the same shared buffer.
    else peer.send(statusReply("binary", call.method, call.seqid, 200, "z".repeat(20_000)));
  });
  try {
    const a = await Connection.open({ host: "127.0.0.1", port: server.port });
    const b = await Connection.open({ host: "127.0.0.1", port: server.port });
    const kept = await read(a);
    assert.equal(Buffer.from(kept), block, "as received");
    await b.call("testConnectionEmptyRPC", []);
    assert.equal(Buffer.from(kept), block, "after the other connection's read");
    a.close();
    b.close();
  } finally {
    await server.close();
  }
}
