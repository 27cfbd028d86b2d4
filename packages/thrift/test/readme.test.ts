// The README's examples must run as written against the built package (from the package
// directory, so ./test/gen is the generated code they import) and print what the README says
// they print: the in-process one, the TCP recipe, the multiplexed one and the wire layer's.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolve } from "node:path";
import { runReadmeExample } from "../../../scripts/readme-example.js";

const packageDir = resolve(import.meta.dirname, "..");

for (const section of ["Example", "Over TCP", "Multiplexed services"]) {
  test(`README "${section}" runs and prints the documented output`, () => {
    const { printed, documented } = runReadmeExample(packageDir, section);
    assert.fixture(printed, documented);
  });
}

test("README wire-layer example runs and prints the documented output", () => {
  const { printed, documented } = runReadmeExample(packageDir, "Field-level wire layer");
  assert.fixture(printed, documented);
});

test.run();
