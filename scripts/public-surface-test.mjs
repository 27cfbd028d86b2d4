// The uvu tests each package's test/public-surface.test.ts runs on itself: its surface read from
// src/ through the "source" export condition (no build needed) equals its public-surface.txt, and
// publishConfig.exports, what pnpm packs, is its exports without the "source" condition and the
// workspace-only subpaths (scripts/public-surface.mjs).
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { publishedExportsProblem, surfaceFile, surfaceOf } from "./public-surface.mjs";

/** Defines and runs the two tests for the package in `dir`. */
export function surfaceTests(dir) {
  test("the exports are public-surface.txt (after a change on purpose: pnpm surface)", async () => {
    assert.fixture(await surfaceOf(dir, "source"), readFileSync(surfaceFile(dir), "utf8"));
  });
  test("publishConfig.exports, what pnpm packs, is exports without the source condition and workspace-only subpaths", () => {
    assert.is(publishedExportsProblem(dir), undefined);
  });
  test.run();
}
