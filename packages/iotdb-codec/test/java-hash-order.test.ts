// java.util.HashMap<String, …> iteration order, as the records-to-tablets conversion needs it,
// against the real JVM's: fixtures/java-hashmap-order.json was written by
// fixtures/JavaHashMapOrder.java (OpenJDK 17), including colliding hashes that make small tables
// resize instead of treeifying.
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { javaHashMapOrder, javaStringHash } from "../src/java-hash-order.js";

interface Case {
  initialCapacity: number;
  keys: string[];
  order: number[];
}

const cases = JSON.parse(readFileSync(new URL("./fixtures/java-hashmap-order.json", import.meta.url), "utf8")) as Case[];

test("String.hashCode: known values, int32 overflow, UTF-16 units", () => {
  assert.is(javaStringHash(""), 0);
  assert.is(javaStringHash("a"), 97);
  assert.is(javaStringHash("Aa"), javaStringHash("BB"));
  assert.is(javaStringHash("hello"), 99162322);
  assert.is(javaStringHash("polygenelubricants"), -2147483648); // the famous Integer.MIN_VALUE hash
});

test(`iteration order equals the JVM's for ${cases.length} key sets`, () => {
  assert.ok(cases.length > 300);
  for (const c of cases) assert.equal(javaHashMapOrder(c.keys, c.initialCapacity), c.order, `keys ${JSON.stringify(c.keys)} capacity ${c.initialCapacity}`);
});

test("negative control: the fixtures are not simply insertion order, and colliding sets resized by long buckets are there", () => {
  const insertion = cases.filter((c) => c.order.every((k, i) => k === i)).length;
  assert.ok(insertion < cases.length / 2, `${insertion} of ${cases.length} fixtures in insertion order`);
  assert.ok(cases.some((c) => c.keys.length >= 9 && c.keys.every((k) => /^s(Aa|BB)+$/.test(k))));
});
test.run();
