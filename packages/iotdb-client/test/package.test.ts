// The built package (dist, made by `pnpm build`) loads both ways and ships its declarations.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const dist = resolve(import.meta.dirname, "../dist");
const require = createRequire(import.meta.url);

test("require() and import of @zerowire/iotdb-client give the same API", async () => {
  assert.ok(existsSync(resolve(dist, "index.cjs")), "dist/index.cjs missing: run `pnpm build` first");
  const cjs = require("@zerowire/iotdb-client") as Record<string, unknown>;
  const esm = (await import("@zerowire/iotdb-client")) as Record<string, unknown>;
  const names = Object.keys(esm).filter((k) => k !== "default").sort();
  assert.equal(Object.keys(cjs).sort(), names);
  for (const name of ["Session", "TableSession", "SessionDataSet", "Connection", "IoTDBError", "ConnectionError", "TimeoutError", "EncodeError", "TabletBuilder"]) {
    assert.type(cjs[name], "function", `require: ${name}`);
    assert.type(esm[name], "function", `import: ${name}`);
  }
  // the generated Thrift code is bundled and works in both builds
  const Session = cjs.Session as new (o: object) => { zoneId: string };
  assert.is(new Session({ zoneId: "UTC" }).zoneId, "UTC");
});

test("dist carries the declarations, including the generated ones they import", () => {
  for (const file of ["index.d.ts", "session/session.d.ts", "gen/client_types.d.ts", "gen/IClientRPCService.d.ts", "gen/package.json"]) {
    assert.ok(existsSync(resolve(dist, file)), `dist/${file}`);
  }
});

test.run();
