// Compiles test/types/result-types.ts with the package's strict settings: it must type-check
// without an error (its @ts-expect-error lines must still be errors). A negative control checks
// that the compile reports a wrong assignment at all.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import ts from "typescript";

const packageDir = resolve(import.meta.dirname, "..");
const FIXTURE = resolve(packageDir, "test/types/result-types.ts");

function compilerOptions(): ts.CompilerOptions {
  const configPath = resolve(packageDir, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (p) => readFileSync(p, "utf8"));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, packageDir).options;
}

/** Type errors of the given files, one line each. */
function typeErrors(files: Record<string, string | undefined>): string[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[resolve(name)] ?? readFile(name);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => files[resolve(name)] !== undefined || exists(name);
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

test("rows, data sets, sessions and pools are typed by their int64 mode (result-types.ts compiles strict)", () => {
  assert.equal(typeErrors({ [FIXTURE]: undefined }), []);
});

test("negative control: a number-mode row time assigned to a bigint is reported", () => {
  const probe = resolve(packageDir, "test/types/probe-negative.ts");
  const errors = typeErrors({
    [probe]: `import { Session } from "../../src/index.js";\nexport async function f(s: Session<"number">): Promise<bigint> {\n  const [row] = await (await s.executeQueryStatement("q")).toRows();\n  return row!.timestamp;\n}\n`,
  });
  assert.is(errors.length, 1, errors.join("\n"));
  assert.match(errors[0]!, "number");
});

test.run();
