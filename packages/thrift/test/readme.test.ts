// The README's example must run as written against the built package and print what the README
// says it prints.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(resolve(packageDir, "README.md"), "utf8");

test("README example runs and prints the documented output", () => {
  const example = /## Example[\s\S]*?```js\n([\s\S]*?)```[\s\S]*?Output:\s*```text\n([\s\S]*?)```/.exec(readme);
  assert.ok(example, "README has an Example js block followed by an Output text block");
  const [, code, documented] = example;
  // Run from the package directory so `@zerowire/thrift` resolves to this package's dist and ./test/gen to the generated code.
  // Without colors, whatever the test runner's environment says, so objects print as plain text.
  const { FORCE_COLOR: _, ...env } = process.env;
  const printed = execFileSync(process.execPath, ["--input-type=module", "-e", code!], {
    cwd: packageDir,
    encoding: "utf8",
    env: { ...env, NO_COLOR: "1" },
  });
  assert.fixture(printed, documented!);
});

test.run();
