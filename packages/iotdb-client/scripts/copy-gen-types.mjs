// After the shared build: the emitted .d.ts files import ./gen/client_types.js types, and esbuild
// bundles the generated JS itself, so dist/gen needs only client_types.d.ts (and the package.json
// that marks it CommonJS). The service client's IClientRPCService.d.ts is not reachable from the
// public declarations and is not shipped.
//
// The compiler's client_types.d.ts starts with `import thrift = require('thrift')` and two aliases
// of it (Thrift, Q) that nothing in the file uses; they are dropped, so the published types do not
// need `thrift`'s types (@types/thrift does not type-check without the DOM lib). If a later
// compiler output does use them, the build fails here instead of shipping a broken import.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const from = "src/gen";
const to = "dist/gen";
mkdirSync(to, { recursive: true });
copyFileSync(join(from, "package.json"), join(to, "package.json"));

const unusedImports = ["import thrift = require('thrift');", "import Thrift = thrift.Thrift;", "import Q = thrift.Q;"];
const source = readFileSync(join(from, "client_types.d.ts"), "utf8");
const lines = source.split("\n");
const kept = lines.filter((line) => !unusedImports.includes(line.trim()));
if (lines.length - kept.length !== unusedImports.length) {
  throw new Error(`copy-gen-types: expected the lines ${unusedImports.join(" ")} in ${from}/client_types.d.ts`);
}
const text = kept.join("\n");
const stillUsed = text.match(/\b(?:thrift|Thrift|Q)\.[A-Za-z]/);
if (stillUsed) throw new Error(`copy-gen-types: ${from}/client_types.d.ts uses the thrift types (${stillUsed[0]}...); they would not resolve for users`);
writeFileSync(join(to, "client_types.d.ts"), text);
