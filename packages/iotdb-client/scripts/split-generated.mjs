// split-generated.mjs <compiler-output-dir> <out-root>: the second half of scripts/gen-thrift.sh.
// Takes the Thrift compiler's full output for thrift/client.thrift (already through the shared
// scripts/thrift-gen.sh) and writes what is committed:
//
//   <out-root>/src/gen/client_types.{js,d.ts}   every struct and enum of the IDL (the client reads
//                                               and writes them all)
//   <out-root>/src/gen/IClientRPCService_calls.{js,d.ts}
//                                               the argument (*_args) and result (*_result) structs
//                                               of the RPCs src/thrift/rpc-signatures.ts names, and
//                                               nothing else of the service file: no Client, no
//                                               server-side Processor, no unused RPC
//   <out-root>/test/gen/IClientRPCService.{js,d.ts}
//                                               the service file as the compiler wrote it (Client,
//                                               Processor) on the `thrift` package, for the tests'
//                                               fake servers and the rpc-bytes oracle; it uses
//                                               src/gen's structs
//
// Policy: the compiler's struct readers and writers are what we trust, so they are kept as
// written. The edits are textual, each checked to apply exactly where expected (else this script
// fails and writes nothing), and none changes what any code does:
//   1. the *_args/*_result classes, which the compiler keeps module-private, are exported in the
//      form it uses for every other struct (`const X = module.exports.X = class {`), so the client
//      encodes a call as `new X_args(params).write(protocol)` and reads `X_result.read(protocol)`
//      instead of driving the generated Client through its private _seqid/_reqs;
//   2. in src/gen, each `case 0: input.skip(ftype); break;` arm is dropped: it sits right before
//      `default: input.skip(ftype);`, which does the same, and in a result struct it repeats field
//      0's case label (dead code esbuild warns about when it bundles the client);
//   3. test/gen's service file requires src/gen's structs, so the fakes and the client share one
//      set of struct classes, and the `thrift` package (a devDependency) as the compiler wrote it,
//      undoing thrift-gen.sh's runtime rewrite: the fakes run on that package's protocols.
// The .d.ts of the calls file is written here (the compiler declares no *_args/*_result types):
// one constructor type for all, the per-method types being src/thrift/rpc-signatures.ts's.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [fullDir, outRoot] = process.argv.slice(2);
if (fullDir === undefined || outRoot === undefined) fail("usage: split-generated.mjs <compiler-output-dir> <out-root>");
const packageDir = join(import.meta.dirname, "..");
const SERVICE = "IClientRPCService";

const methods = usedMethods(readFileSync(join(packageDir, "src/thrift/rpc-signatures.ts"), "utf8"));
const serviceJs = readFileSync(join(fullDir, `${SERVICE}.js`), "utf8");
const serviceDts = readFileSync(join(fullDir, `${SERVICE}.d.ts`), "utf8");
const typesJs = readFileSync(join(fullDir, "client_types.js"), "utf8");
const typesDts = readFileSync(join(fullDir, "client_types.d.ts"), "utf8");

const exported = exportHelpers(serviceJs);
const files = {
  "src/gen/client_types.js": dropDeadSkipArms(typesJs),
  "src/gen/client_types.d.ts": typesDts,
  [`src/gen/${SERVICE}_calls.js`]: dropDeadSkipArms(callsModule(exported, methods)),
  [`src/gen/${SERVICE}_calls.d.ts`]: callsDeclarations(methods),
  [`test/gen/${SERVICE}.js`]: retarget(serviceJs, [
    ["const thrift = require('../thrift/generated-code-runtime');", "const thrift = require('thrift');"],
    ["const ttypes = require('./client_types');", "const ttypes = require('../../src/gen/client_types');"],
  ]),
  [`test/gen/${SERVICE}.d.ts`]: retarget(serviceDts, [
    ["import ttypes = require('./client_types');", "import ttypes = require('../../src/gen/client_types');"],
  ]),
};
for (const dir of ["src/gen", "test/gen"]) {
  rmSync(join(outRoot, dir), { recursive: true, force: true });
  mkdirSync(join(outRoot, dir), { recursive: true });
  // The package is "type": "module"; this marks the generated files as CommonJS for Node, tsc and esbuild.
  writeFileSync(join(outRoot, dir, "package.json"), '{\n  "type": "commonjs"\n}\n');
}
for (const [path, text] of Object.entries(files)) writeFileSync(join(outRoot, path), text);
console.log(`gen-thrift: ${methods.length} RPCs in src/gen/${SERVICE}_calls.js; the full service in test/gen`);

/** The keys of `interface RpcSignatures { ... }`: the RPCs the client makes. */
function usedMethods(source) {
  const body = /^export interface RpcSignatures \{\n([\s\S]*?)\n\}$/m.exec(source)?.[1];
  if (body === undefined) fail("no `export interface RpcSignatures { ... }` in src/thrift/rpc-signatures.ts");
  const names = body
    .split("\n")
    .map(
      (line) =>
        /^ {2}(\w+): Signature</.exec(line)?.[1] ??
        fail(`rpc-signatures.ts: unexpected line in RpcSignatures: ${line}`),
    );
  return names;
}

/** Edit 1: every `const <Service>_<method>_(args|result) = class {` exported. */
function exportHelpers(js) {
  let count = 0;
  const out = js.replace(new RegExp(`^const (${SERVICE}_\\w+_(?:args|result)) = class \\{$`, "gm"), (_line, name) => {
    count++;
    return `const ${name} = module.exports.${name} = class {`;
  });
  if (count === 0) fail(`no ${SERVICE}_*_args/_result classes in ${SERVICE}.js`);
  return out;
}

/** The service file's header and the *_args/*_result classes of `names`, in the compiler's order. */
function callsModule(js, names) {
  const lines = js.split("\n");
  const start = lines.indexOf("//HELPER FUNCTIONS AND STRUCTURES");
  const client = lines.findIndex((l) => l.startsWith(`const ${SERVICE}Client = exports.Client = class`));
  if (start < 0 || client < start) fail(`${SERVICE}.js: helpers section or Client class not found`);
  const wanted = new Set(names.flatMap((m) => [`${SERVICE}_${m}_args`, `${SERVICE}_${m}_result`]));
  const kept = [];
  for (let i = start + 1; i < client; ) {
    const name = /^const (\w+) = module\.exports\.\1 = class \{$/.exec(lines[i])?.[1];
    if (name === undefined) {
      if (lines[i] !== "") fail(`${SERVICE}.js line ${i + 1}: expected a helper class, found: ${lines[i]}`);
      i++;
      continue;
    }
    const end = lines.indexOf("};", i);
    if (end < 0 || end > client) fail(`${SERVICE}.js: ${name} does not end before the Client class`);
    if (wanted.delete(name)) kept.push(...lines.slice(i, end + 1));
    i = end + 1;
  }
  if (wanted.size > 0) fail(`rpc-signatures.ts names RPCs the IDL's service lacks: ${[...wanted].join(", ")}`);
  const header = lines.slice(0, start);
  const note = [
    "// Trimmed by scripts/gen-thrift.sh (split-generated.mjs): the *_args and *_result structs of the",
    "// RPCs src/thrift/rpc-signatures.ts names, exported; the full file is test/gen/IClientRPCService.js.",
  ];
  return [...header.slice(0, 5), ...note, ...header.slice(5), ...kept, ""].join("\n");
}

/** Edit 2: the `case 0: skip` arm right before the `default: skip` arm (see the top). */
function dropDeadSkipArms(js) {
  const arm = "        case 0:\n          input.skip(ftype);\n          break;\n";
  const fallback = "        default:\n          input.skip(ftype);\n";
  const parts = js.split(arm);
  for (const part of parts.slice(1))
    if (!part.startsWith(fallback)) fail("a `case 0: input.skip(ftype)` arm is not followed by the same default arm");
  return parts.join("");
}

/** Edit 3: exact, once-each replacements. */
function retarget(text, replacements) {
  for (const [from, to] of replacements) {
    if (text.split(from).length !== 2) fail(`expected exactly one \`${from}\``);
    text = text.replace(from, () => to);
  }
  return text;
}

function callsDeclarations(names) {
  const lines = [
    "// Written by scripts/gen-thrift.sh (split-generated.mjs) beside IClientRPCService_calls.js: the",
    "// compiler declares no types for *_args/*_result; a method's argument and result types are",
    "// src/thrift/rpc-signatures.ts's.",
    "",
    "/** What a struct's write and read are handed: a Thrift protocol. */",
    "export type Protocol = object;",
    "",
    "/** A call's arguments struct: fields named as the IDL's parameters, each null until set. */",
    "export interface CallArgs {",
    "  write(output: Protocol): void;",
    "}",
    "export type CallArgsClass = new (params?: Record<string, unknown>) => CallArgs;",
    "",
    "/** A call's result struct: the return value in `success` (field 0), null when absent. */",
    "export interface CallResult {",
    "  success: unknown;",
    "  read(input: Protocol): void;",
    "}",
    "export type CallResultClass = new () => CallResult;",
    "",
  ];
  for (const m of names)
    lines.push(
      `export declare const ${SERVICE}_${m}_args: CallArgsClass;`,
      `export declare const ${SERVICE}_${m}_result: CallResultClass;`,
    );
  return `${lines.join("\n")}\n`;
}

function fail(message) {
  console.error(`gen-thrift: ${message}`);
  process.exit(1);
}
