// This package's public surface (export paths, names, kinds) is its public-surface.txt, read from
// src/ through the "source" export condition, so no build is needed: an export added, renamed or
// dropped fails here until the list is regenerated on purpose (scripts/public-surface.mjs).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { publishedExportsProblem, surfaceFile, surfaceOf } from "../../../scripts/public-surface.mjs";

const dir = resolve(import.meta.dirname, "..");

test("the exports are public-surface.txt (after a change on purpose: node scripts/public-surface.mjs)", async () => {
  assert.fixture(await surfaceOf(dir, "source"), readFileSync(surfaceFile(dir), "utf8"));
});

test("publishConfig.exports, what pnpm packs, is exports without the source condition and workspace-only subpaths", () => {
  assert.is(publishedExportsProblem(dir), undefined);
});

test.run();
