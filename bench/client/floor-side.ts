// The floor of the client benchmark (a child process, see child-loop.ts): a bare Node loop that
// writes the request bytes our client wrote for one request of the case (captured in
// replies.json) on a net.Socket and waits for each reply frame, with no client logic at all.
import net from "node:net";
import { serveSide, type Side } from "./child-loop.js";
import { readCapture, requestFramesOf } from "./replies.js";
import type { CaseName } from "./workload.js";

class Socketed {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private waiting: (() => void) | undefined;

  constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.waiting?.();
    });
  }

  /** Writes one frame and resolves once one whole reply frame has arrived (its bytes are dropped). */
  exchange(frame: Buffer): Promise<void> {
    this.socket.write(frame);
    return new Promise((resolve) => {
      this.waiting = () => {
        if (this.buffered < 4) return;
        const head = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
        const length = 4 + head.readUInt32BE(0);
        if (this.buffered < length) return;
        const rest = head.subarray(length);
        this.chunks = rest.length > 0 ? [rest] : [];
        this.buffered = rest.length;
        this.waiting = undefined;
        resolve();
      };
      this.waiting();
    });
  }
}

class FloorSide implements Side {
  private sockets: Socketed[] = [];
  private frames: Buffer[] = [];

  async open(caseName: CaseName, port: number, sessions: number): Promise<void> {
    this.frames = requestFramesOf(readCapture(), caseName);
    for (let i = 0; i < sessions; i++) {
      const socket = await new Promise<net.Socket>((resolve, reject) => {
        const s = net.connect({ host: "127.0.0.1", port }, () => resolve(s));
        s.once("error", reject);
      });
      socket.setNoDelay(true);
      this.sockets.push(new Socketed(socket));
    }
  }

  async request(i: number): Promise<void> {
    const socket = this.sockets[i]!;
    for (const frame of this.frames) await socket.exchange(frame);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.socket.destroy();
  }
}

await serveSide(new FloorSide());
