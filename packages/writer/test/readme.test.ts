// The README's examples must run as written against the built package and print what the README
// says they print.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolve } from "node:path";
import { runReadmeExample } from "../../../scripts/readme-example.js";

const packageDir = resolve(import.meta.dirname, "..");

/** Runs the first js block of `section` and compares what it prints with the Output text block after it. */
function checkExample(section: string): void {
  const { printed, documented } = runReadmeExample(packageDir, section);
  assert.fixture(printed, documented);
}

test("README example runs and prints the documented output", () => checkExample("Example"));

test("README seams example (fork/join, fill in place, truncate) runs and prints the documented output", () =>
  checkExample("Seams for encoders"));

test.run();
