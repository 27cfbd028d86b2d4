// FLOAT cells as the shortest decimal that reads back as the same float32 (the float32: "shortest"
// read option). Expected values: Java 17's Float.toString of the same bits (printed with javac'd
// code, not computed here), except where Java 17 prints more digits than needed (noted).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { shortestFloat32 } from "../src/query/cell-values.js";

const fromBits = (bits: number) => new Float32Array(new Int32Array([bits]).buffer)[0]!;

// [float bits, Java 17 Float.toString]
const JAVA: [number, string][] = [
  [1101686374, "21.3"],
  [1036831949, "0.1"],
  [1051372203, "0.33333334"],
  [2139095039, "3.4028235E38"],
  [-1071644672, "-2.5"],
  [1266679808, "1.6777216E7"],
  [1206984805, "123456.79"],
  [1343554297, "1.0E10"],
  [1078530011, "3.1415927"],
  [1050253722, "0.3"],
  [1120403456, "100.0"],
  [925353388, "1.0E-5"],
  [5, "7.0E-45"],
];

test("shortestFloat32 gives the value Java's Float.toString prints", () => {
  for (const [bits, java] of JAVA)
    assert.is(shortestFloat32(fromBits(bits)), Number(java), `bits ${bits} (Java ${java})`);
});

test("the result reads back as the same float32, and has the fewest digits (Float.MIN_NORMAL: Java 17 prints 1.17549435E-38)", () => {
  const minNormal = fromBits(8388608);
  assert.is(shortestFloat32(minNormal), 1.1754944e-38);
  assert.is(Math.fround(1.1754944e-38), minNormal);
  assert.is.not(Math.fround(1.175494e-38), minNormal, "one digit fewer is another float32");
  for (const [bits] of JAVA) assert.is(Math.fround(shortestFloat32(fromBits(bits))), fromBits(bits));
});

test("NaN, infinities and signed zeros come back as they are", () => {
  assert.ok(Number.isNaN(shortestFloat32(NaN)));
  assert.is(shortestFloat32(Infinity), Infinity);
  assert.is(shortestFloat32(-Infinity), -Infinity);
  assert.ok(Object.is(shortestFloat32(-0), -0));
  assert.ok(Object.is(shortestFloat32(0), 0));
});

test.run();
