// The repo's session-call vectors (vectors/java-2.0.5-calls, made by fuzz/java with the official
// Java client; CALLS_VECTORS_DIR replaces them), replayed by the `pnpm vectors` checker: every
// frame our Session writes for string records, typed records around the auto-conversion
// threshold, templates, setTimeZone, the last queries and the query settings equals the Java
// client's. Negative controls show the checker fails on a changed byte, on the other side of the
// autoConvert setting, on a query setting left out, and on a call it cannot make.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkSessionCalls } from "../../../fuzz/vectors/check-session-calls.js";
import { REPO_CALLS_SET } from "../../../fuzz/vectors/vector-sets.js";
import type { Vector } from "../../../fuzz/vectors/vector.js";

const repoRoot = resolve(import.meta.dirname, "../../..");
const dir = process.env.CALLS_VECTORS_DIR ? resolve(repoRoot, process.env.CALLS_VECTORS_DIR) : REPO_CALLS_SET;
const read = (file: string): Vector => JSON.parse(readFileSync(resolve(dir, file), "utf8")) as Vector;
const files = readdirSync(dir)
  .filter((f) => /^\d{3}-.*\.json$/.test(f))
  .sort();

test("the session-call vectors are all there: the reference set's 17 kinds, the repo's own 4, then 12 records batches on Java's sampled rule", () => {
  if (process.env.CALLS_VECTORS_DIR) return; // another set: whatever it holds is replayed below
  assert.equal(
    files.map((f) => f.replace(/^\d{3}-|\.json$/g, "")),
    [
      "string_record",
      "string_record_aligned",
      "string_records",
      "string_records_aligned",
      "string_records_one_device_unsorted",
      "string_records_one_device_aligned_sorted",
      "records_same_device_39",
      "records_same_device_40",
      "records_same_device_41",
      "records_same_device_100",
      "records_multi_device_60",
      "records_mixed_measurements_60",
      "records_aligned_50",
      "records_autoconvert_off_50",
      "template_lifecycle",
      "template_aligned",
      "set_time_zone",
      "fast_last_one_prefix_path",
      "last_for_one_device",
      "query_settings",
      "queries",
      ...Array.from({ length: 12 }, (_, i) => `sparse_records_s20261127_${String(i + 1).padStart(2, "0")}`),
    ],
  );
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

test("negative control: a query setting left out changes the frames", async () => {
  const vector = read("020-query_settings.json");
  vector.input.calls = vector.input.calls.map((c: { method: string; args: Record<string, unknown> }) =>
    c.method === "setFetchSize" ? { ...c, args: { fetchSize: 5000 } } : c,
  );
  const result = await checkSessionCalls(vector);
  assert.ok(result.failures.some((f) => /executeFastLastDataQueryForOnePrefixPath frame 0/.test(f.check)));
});

test.run();
