// Run with tsx (an ES module written in TypeScript): imports the client and uses it.
import assert from "node:assert/strict";
import { ConnectionError, Session, TAggregationType, type SessionOptions } from "@zerowire/iotdb-client";

const options: SessionOptions = { host: "127.0.0.1", port: 1 };
const session = new Session(options);
assert.equal(TAggregationType.COUNT, 0);
await assert.rejects(
  session.executeQueryStatement("select 1"),
  (e: unknown) => e instanceof ConnectionError && /not open/.test(e.message),
);
console.log("tsx mts ok");
