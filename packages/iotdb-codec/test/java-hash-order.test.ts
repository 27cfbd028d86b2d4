// java.util.HashMap<String, …> iteration order, as the records-to-tablets conversion needs it,
// against the real JVM's: fixtures/java-hashmap-order.json was written by
// fixtures/JavaHashMapOrder.java (OpenJDK 17): maps filled with put and with computeIfAbsent
// (repeated calls), including colliding hashes that make small tables resize instead of treeifying.
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type HashMapShape, javaHashMapOrder, javaStringHash } from "../src/java-hash-order.js";

type HashMapInsertion = HashMapShape["insertion"];

interface Case {
  initialCapacity: number;
  insertion: HashMapInsertion;
  calls: string[];
  order: number[];
}

const cases = JSON.parse(
  readFileSync(new URL("./fixtures/java-hashmap-order.json", import.meta.url), "utf8"),
) as Case[];

test("String.hashCode: known values, int32 overflow, UTF-16 units", () => {
  assert.is(javaStringHash(""), 0);
  assert.is(javaStringHash("a"), 97);
  assert.is(javaStringHash("Aa"), javaStringHash("BB"));
  assert.is(javaStringHash("hello"), 99162322);
  assert.is(javaStringHash("polygenelubricants"), -2147483648); // the famous Integer.MIN_VALUE hash
});

test(`iteration order equals the JVM's for ${cases.length} maps (put and computeIfAbsent)`, () => {
  assert.ok(cases.length > 300);
  assert.ok(cases.filter((c) => c.insertion === "computeIfAbsent").length > 100);
  for (const c of cases) {
    assert.equal(
      javaHashMapOrder(c.calls, { initialCapacity: c.initialCapacity, loadFactor: 1, insertion: c.insertion }),
      c.order,
      `${c.insertion} ${JSON.stringify(c.calls)} capacity ${c.initialCapacity}`,
    );
  }
});

test("negative controls: the fixtures are not insertion order; put and computeIfAbsent orders differ; long colliding buckets are there", () => {
  const insertion = cases.filter((c) => c.order.every((k, i) => k === i)).length;
  assert.ok(insertion < cases.length / 2, `${insertion} of ${cases.length} fixtures in insertion order`);
  const swapped = cases.filter((c) => {
    const other: HashMapInsertion = c.insertion === "put" ? "computeIfAbsent" : "put";
    return (
      JSON.stringify(
        javaHashMapOrder(c.calls, { initialCapacity: c.initialCapacity, loadFactor: 1, insertion: other }),
      ) !== JSON.stringify(c.order)
    );
  });
  assert.ok(swapped.length > cases.length / 4, `${swapped.length} fixtures tell put from computeIfAbsent`);
  assert.ok(cases.some((c) => new Set(c.calls).size >= 9 && c.calls.every((k) => /^s(Aa|BB)+$/.test(k))));
});
test.run();
