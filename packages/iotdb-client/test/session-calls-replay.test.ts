// The session-call vectors (../shared/vectors/java-2.0.5-calls, or CALLS_VECTORS_DIR) of the kinds
// this client implements, replayed by the `pnpm vectors` checker: every frame our Session writes
// for string records and for typed records around the auto-conversion threshold equals the Java
// client's. Negative controls show the checker fails on a changed byte, on the other side of the
// autoConvert setting, and on a call it cannot make.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkSessionCalls } from "../../../fuzz/vectors/check-session-calls.js";
import type { Vector } from "../../../fuzz/vectors/vector.js";

const repoRoot = resolve(import.meta.dirname, "../../..");
const dir = resolve(repoRoot, process.env.CALLS_VECTORS_DIR ?? "../shared/vectors/java-2.0.5-calls");
/** The files of the kinds implemented here (schema templates and setTimeZone are not yet). */
const IMPLEMENTED = /^0(0[1-9]|1[0-4])-/;

/**
 * True when the Java session-call vectors beside the repo (or CALLS_VECTORS_DIR) exist; else a
 * NOT RUN line naming them: a clone with nothing beside it is complete without them (the repo's
 * own call vectors, vectors/java-2.0.5-calls, cover the calls fuzz/java makes so far).
 */
function available(): boolean {
  if (existsSync(dir)) return true;
  console.warn(`\n!!! NOT RUN: the session-call replay tests: no session-call vectors at ${dir}\n`);
  return false;
}

const read = (file: string): Vector => JSON.parse(readFileSync(resolve(dir, file), "utf8")) as Vector;

if (available()) {
  const files = readdirSync(dir).filter((f) => IMPLEMENTED.test(f)).sort();

  test("the string-record and auto-conversion vectors are all there", () => {
    assert.is(files.length, 14);
  });

  for (const file of files) {
    test(`${file}: every frame equals the Java client's, binary and compact`, async () => {
      const result = await checkSessionCalls(read(file));
      assert.equal(result.failures, []);
      assert.ok(result.passed.length >= 4, `${result.passed.length} checks`);
    });
  }

  test("negative control: one byte changed in Java's frame fails the replay", async () => {
    const vector = read("001-string_record.json");
    const frame = vector.output.compact[0].frames[0];
    frame.hex = frame.hex.slice(0, -4) + (frame.hex.endsWith("0000") ? "0100" : "0000");
    const result = await checkSessionCalls(vector);
    assert.is(result.failures.length, 1);
    assert.match(result.failures[0]!.check, /compact call 0 insertStringRecord frame 0/);
  });

  test("negative control: the other side of autoConvert sends another method", async () => {
    const vector = read("008-records_same_device_40.json");
    vector.input.autoConvert = false;
    const result = await checkSessionCalls(vector);
    assert.ok(result.failures.some((f) => /methods and seqids/.test(f.check) && /insertTablets/.test(f.message)));
  });

  test("a call the replay cannot make fails, naming it", async () => {
    const vector = read("017-set_time_zone.json");
    vector.input.calls = [{ method: "noSuchCall", args: {} }, ...vector.input.calls];
    const result = await checkSessionCalls(vector);
    assert.is(result.passed.length, 0);
    assert.match(result.failures[0]!.message, /unimplemented session call\(s\) in the replay: noSuchCall/);
  });
}

// The repo's own session-call vectors (vectors/java-2.0.5-calls, made by fuzz/java): the last queries,
// the query settings and the other queries, always present.
const repoCalls = resolve(repoRoot, "vectors/java-2.0.5-calls");
const repoFiles = readdirSync(repoCalls).filter((f) => /^\d{3}-.*\.json$/.test(f)).sort();

test("the repo's session-call vectors are all there", () => {
  assert.equal(repoFiles, ["001-fast_last_one_prefix_path.json", "002-last_for_one_device.json", "003-query_settings.json", "004-queries.json"]);
});

for (const file of repoFiles) {
  test(`repo ${file}: every frame equals the Java client's, binary and compact`, async () => {
    const vector = JSON.parse(readFileSync(resolve(repoCalls, file), "utf8")) as Vector;
    const result = await checkSessionCalls(vector);
    assert.equal(result.failures, []);
    assert.ok(result.passed.length >= 8, `${result.passed.length} checks`);
  });
}

test("negative control: a query setting left out changes the frames", async () => {
  const vector = JSON.parse(readFileSync(resolve(repoCalls, "003-query_settings.json"), "utf8")) as Vector;
  vector.input.calls = vector.input.calls.map((c: { method: string; args: Record<string, unknown> }) => (c.method === "setFetchSize" ? { ...c, args: { fetchSize: 5000 } } : c));
  const result = await checkSessionCalls(vector);
  assert.ok(result.failures.some((f) => /executeFastLastDataQueryForOnePrefixPath frame 0/.test(f.check)));
});

test.run();
