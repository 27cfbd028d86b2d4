// docs/bad-input.md and its tests stay in step: every row has exactly one test (registered with
// rowTest("ID", ...) in the unit files or the server files), and every such test has a row. The
// tests read each row's error, message and "sent to server" from the document itself.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { catalogueRows, parseCatalogue, rowTestIds } from "./helpers/bad-input-table.js";

const packageDir = resolve(import.meta.dirname, "..");
const repoRoot = resolve(packageDir, "../..");

/** The files that hold row tests: test/bad-input-*.test.ts (no server) and itest/bad-input/*.rows.ts (real server). */
function rowTestFiles(): string[] {
  const unit = readdirSync(resolve(packageDir, "test"))
    .filter((f) => /^bad-input-.*\.test\.ts$/.test(f))
    .map((f) => resolve(packageDir, "test", f));
  const server = readdirSync(resolve(packageDir, "itest/bad-input"))
    .filter((f) => f.endsWith(".rows.ts"))
    .map((f) => resolve(packageDir, "itest/bad-input", f));
  return [...unit, ...server];
}

test("every row of docs/bad-input.md has exactly one test, and every row test has a row", () => {
  const rows = [...catalogueRows().keys()];
  assert.ok(rows.length >= 100, `the table has ${rows.length} rows`);
  const tested = new Map<string, string[]>();
  for (const file of rowTestFiles()) {
    for (const id of rowTestIds(readFileSync(file, "utf8"))) tested.set(id, [...(tested.get(id) ?? []), file]);
  }
  const untested = rows.filter((id) => !tested.has(id));
  const unknown = [...tested.keys()].filter((id) => !catalogueRows().has(id));
  const twice = [...tested].filter(([, files]) => files.length > 1).map(([id]) => id);
  assert.equal(untested, [], "rows without a test");
  assert.equal(unknown, [], "tests without a row");
  assert.equal(twice, [], "rows tested more than once");
});

test("Writer, Reader and codec rows (W, R, C) are tested without a server, the client's rows (S, P, D, X) against one", () => {
  for (const file of rowTestFiles()) {
    const offline = file.endsWith(".test.ts");
    for (const id of rowTestIds(readFileSync(file, "utf8"))) assert.is(/^[WRC]/.test(id), offline, `${id} in ${file}`);
  }
  for (const row of catalogueRows().values())
    assert.is(row.sent, row.id.startsWith("X") ? "request" : "nothing", `${row.id}: sent to server`);
});

test("the parser: exact, prefix and contained messages, status codes, accepted inputs, escaped pipes", () => {
  const rows = parseCatalogue(
    [
      "| id | entry point | bad input | error | message | sent to server |",
      "| --- | --- | --- | --- | --- | --- |",
      "| A01 | `f` | x | `RangeError` | `whole` | nothing |",
      "| A02 | `f` | a \\| b | `EncodeError` | `start`… | nothing (no socket) |",
      "| A03 | `f` | y | `IoTDBError 509` | …`part`… | the request: refused |",
      "| A04 | `f` | z | none | stored | the request: accepted |",
    ].join("\n"),
  );
  assert.equal(
    [...rows.values()].map((r) => [r.id, r.input, r.errorClass, r.code, r.message, r.match, r.sent]),
    [
      ["A01", "x", "RangeError", undefined, "whole", "exact", "nothing"],
      ["A02", "a | b", "EncodeError", undefined, "start", "prefix", "nothing"],
      ["A03", "y", "IoTDBError", 509, "part", "contains", "request"],
      ["A04", "z", "none", undefined, undefined, "exact", "request"],
    ],
  );
  assert.throws(
    () => parseCatalogue("| A01 | f | x | `E` | `m` | nothing |\n| A01 | f | x | `E` | `m` | nothing |"),
    /twice/,
  );
  assert.throws(() => parseCatalogue("| A01 | f | x | `E` | m | nothing |"), /message cell/);
  assert.throws(() => parseCatalogue("| A01 | f | x | `E` | `m` | sometimes |"), /sent to server/);
});

test("the root README points to the table", () => {
  assert.match(readFileSync(resolve(repoRoot, "README.md"), "utf8"), "docs/bad-input.md");
});

test.run();
