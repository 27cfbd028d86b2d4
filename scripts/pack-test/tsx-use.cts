// Run with tsx (a CommonJS module written in TypeScript): requires the client and uses it.
import assert = require("node:assert/strict");
import client = require("@zerowire/iotdb-client");

const options: client.SessionOptions = { host: "127.0.0.1", port: 1 };
const session = new client.Session(options);
assert.equal(client.TAggregationType.COUNT, 0);
session
  .executeQueryStatement("select 1")
  .then(
    () => assert.fail("a session that is not open ran a query"),
    (e: unknown) => assert.ok(e instanceof client.ConnectionError && /not open/.test(e.message), String(e)),
  )
  .then(() => console.log("tsx cts ok"));
