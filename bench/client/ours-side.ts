// Our client's side of the client benchmark (a child process, see child-loop.ts): S sessions with
// default options, each request through the public API (ours-requests.ts).
import { serveSide, type Side } from "./child-loop.js";
import { type AnySession, newSession, oursRequest } from "./ours-requests.js";
import { caseSpec, type CaseName } from "./workload.js";

class OursSide implements Side {
  private sessions: AnySession[] = [];
  private send: (session: AnySession) => Promise<unknown> = async () => {};

  async open(caseName: CaseName, port: number, sessions: number): Promise<void> {
    const spec = caseSpec(caseName);
    for (let i = 0; i < sessions; i++) {
      const session = newSession(spec, { host: "127.0.0.1", port });
      await session.open();
      this.sessions.push(session);
    }
    this.send = oursRequest(spec);
  }

  async request(i: number): Promise<void> {
    await this.send(this.sessions[i]!);
  }

  async close(): Promise<void> {
    await Promise.all(this.sessions.map((s) => s.close()));
  }
}

await serveSide(new OursSide());
