// The built package (dist, made by `pnpm build`) loads both ways and ships its declarations.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { inspect } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";

const dist = resolve(import.meta.dirname, "../dist");
const require = createRequire(import.meta.url);

test("require() and import of @zerowire/iotdb-client give the same API", async () => {
  assert.ok(existsSync(resolve(dist, "index.cjs")), "dist/index.cjs missing: run `pnpm build` first");
  const cjs = require("@zerowire/iotdb-client") as Record<string, unknown>;
  const esm = (await import("@zerowire/iotdb-client")) as Record<string, unknown>;
  const names = Object.keys(esm)
    .filter((k) => k !== "default")
    .sort();
  assert.equal(Object.keys(cjs).sort(), names);
  for (const name of [
    "Session",
    "TableSession",
    "SessionDataSet",
    "SessionPool",
    "IoTDBError",
    "ConnectionError",
    "TimeoutError",
    "EncodeError",
    "TabletBuilder",
  ]) {
    assert.type(cjs[name], "function", `require: ${name}`);
    assert.type(esm[name], "function", `import: ${name}`);
  }
  // the generated Thrift code is bundled and works in both builds
  const Session = cjs.Session as new (o: object) => { zoneId: string };
  assert.is(new Session({ zoneId: "UTC" }).zoneId, "UTC");
});

test("dist carries the declarations (ESM and CommonJS); they import no generated code, thrift or node-int64", () => {
  for (const file of [
    "index.d.ts",
    "index.d.cts",
    "session/session.d.ts",
    "session/session.d.cts",
    "session/aggregation-type.d.cts",
  ]) {
    assert.ok(existsSync(resolve(dist, file)), `dist/${file}`);
  }
  // The public declarations reach no generated file (TAggregationType is written out), so none
  // is shipped, and no shipped declaration names a package the client does not depend on.
  assert.not.ok(existsSync(resolve(dist, "gen")), "dist/gen");
  const declarations = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => /\.d\.c?ts$/.test(f));
  for (const file of declarations) {
    assert.not.match(readFileSync(resolve(dist, file), "utf8"), /gen\/|["']thrift["']|node-int64/, file);
  }
  const cjsIndex = readFileSync(resolve(dist, "index.d.cts"), "utf8");
  assert.match(cjsIndex, /from "\.\/session\/session\.cjs"/);
  assert.not.match(cjsIndex, /from "\.\/[^"]*\.js"/);
});

test("the bundles load no `thrift` (the generated code's runtime is bundled in)", () => {
  for (const file of ["index.mjs", "index.cjs"]) {
    const text = readFileSync(resolve(dist, file), "utf8");
    assert.not.match(text, /require\(["']thrift["']\)|from ["']thrift["']/, file);
    assert.match(text, /generated-code-runtime/, file);
  }
});

test("error classes keep their names in both builds: constructor.name and util.inspect show TimeoutError, not a bundler's _TimeoutError", async () => {
  const cjs = require("@zerowire/iotdb-client") as Record<string, unknown>;
  const esm = (await import("@zerowire/iotdb-client")) as Record<string, unknown>;
  const errors = [
    "IoTDBError",
    "ConnectionError",
    "TimeoutError",
    "QueryTimeoutError",
    "DataSetError",
    "EncodeError",
    "AbortError",
    "PoolTimeoutError",
    "DecodeError",
    "FrameError",
    "ReplyError",
  ];
  for (const [build, api] of [
    ["cjs", cjs],
    ["esm", esm],
  ] as const) {
    for (const name of errors) {
      const ErrorClass = api[name] as new (...args: unknown[]) => Error;
      assert.is(ErrorClass.name, name, `${build}: ${name}.name`);
    }
    const timeout = new (api.TimeoutError as new (m: string, ms: number) => Error)("no reply within 5 ms", 5);
    assert.is(timeout.constructor.name, "TimeoutError", `${build}: constructor.name`);
    assert.ok(
      inspect(timeout).startsWith("TimeoutError: no reply within 5 ms"),
      `${build}: ${inspect(timeout).split("\n")[0]}`,
    );
    const status = new (api.IoTDBError as new (s: object) => Error)({ code: 700, message: "bad SQL" });
    assert.ok(inspect(status).startsWith("IoTDBError: 700: bad SQL"), `${build}: ${inspect(status).split("\n")[0]}`);
  }
});

test.run();
