// bench/README.md documents every setting with the default the code uses, and every mode's command.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SETTINGS, type SettingName } from "../settings.js";
import { MODES } from "../suites.js";

const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");

/** The README's table rows: first cell (backticks dropped) → second cell. */
function settingRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readme.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || !/^`[A-Z0-9_]+`$/.test(cells[1]!)) continue;
    rows.set(cells[1]!.slice(1, -1), cells[2]!.replaceAll("`", ""));
  }
  return rows;
}

test("every setting has a README row whose default is the code's", () => {
  const rows = settingRows();
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const code = SETTINGS[name][0];
    const documented = rows.get(name);
    assert.ok(documented !== undefined, `${name} has no row in bench/README.md`);
    const expected = code === undefined ? "unset" : code === "" ? "empty" : code;
    assert.is(documented, expected, `${name}: README says "${documented}", the code "${expected}"`);
  }
  for (const name of rows.keys())
    assert.ok(Object.hasOwn(SETTINGS, name), `README documents ${name}, which the code does not read`);
});

test("the README maps every existing tool's script to its mode's command", () => {
  for (const [mode, { replaces }] of Object.entries(MODES)) {
    assert.ok(
      readme.includes(`| \`node benchmark/${replaces}\` | \`pnpm bench:e2e ${mode}\` |`),
      `no mapping row for ${replaces} → ${mode}`,
    );
  }
});

test.run();
