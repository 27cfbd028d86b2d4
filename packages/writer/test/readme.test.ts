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

/** Runs the first js block of `section` and compares what it prints with the Output text block after it. */
function checkExample(section: string): void {
  const pattern = new RegExp(`## ${section}[\\s\\S]*?\`\`\`js\\n([\\s\\S]*?)\`\`\`[\\s\\S]*?Output:\\s*\`\`\`text\\n([\\s\\S]*?)\`\`\``);
  const example = pattern.exec(readme);
  assert.ok(example, `README section "${section}" has a js block followed by an Output text block`);
  const [, code, documented] = example;
  // Run from the package directory so `@zerowire/writer` resolves to this package's dist.
  // Without colors, whatever the test runner's environment says, so objects print as plain text.
  const { FORCE_COLOR: _, ...env } = process.env;
  const printed = execFileSync(process.execPath, ["--input-type=module", "-e", code!], {
    cwd: packageDir,
    encoding: "utf8",
    env: { ...env, NO_COLOR: "1" },
  });
  assert.fixture(printed, documented!);
}

test("README example runs and prints the documented output", () => checkExample("Example"));

test("README seams example (fork/join, fill in place, truncate) runs and prints the documented output", () =>
  checkExample("Seams for encoders"));

test.run();
