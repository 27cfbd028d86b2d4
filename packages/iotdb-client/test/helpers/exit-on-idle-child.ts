// Child process of results.test.ts: opens a session or a pool on the fake server at argv[2], makes
// one call, and does NOT close it. Whether the process then exits on its own is what is tested.
import { Session, SessionPool } from "../../src/index.js";

const port = Number(process.argv[2]);
const mode = process.argv[3];
const options = { port, zoneId: "UTC", connectTimeoutMs: 2_000, requestTimeoutMs: 5_000 };
const tablet = {
  schema: { target: "root.sg.d1", columns: [{ name: "s1", type: "INT32" as const }] },
  timestamps: [1],
  values: [[1]],
};

if (mode === "session" || mode === "session-unref") {
  const session = new Session(options);
  await session.open();
  if (mode === "session-unref") session.unref();
  await session.insertTablet(tablet);
} else {
  const pool = new SessionPool({ ...options, allowExitOnIdle: mode === "pool-exit-on-idle" });
  await pool.insertTablet(tablet);
}
process.stdout.write("inserted\n");
