// This package's export paths, names and kinds against its public-surface.txt, read from src/ (no
// build needed): an export added, renamed or dropped fails here until the list is regenerated on purpose.
import { resolve } from "node:path";
import { surfaceTests } from "../../../scripts/public-surface-test.mjs";

surfaceTests(resolve(import.meta.dirname, ".."));
