#!/usr/bin/env node
// Writes docs/java-api-methods.txt: every public method (and constructor) of the Java client's
// ISession, ITableSession, ISessionPool, ITableSessionPool and their builders, as `javap -public`
// lists them from the iotdb-session / isession 2.0.5 jars of the local Maven repository (fuzz/java
// puts them there). One line per method: `<class>\t<name>(<parameter types>)`, package names left
// out, in javap's order. docs/java-api-map.md must give each line a row; a unit test checks that
// (packages/iotdb-client/test/java-api-map.test.ts), so this list is committed and the jars are not
// needed to run the test. Rerun after changing the Java version: `node scripts/java-api-methods.mjs`.
// `--check` writes nothing and exits 1 if the committed list differs from javap's now (scripts/check.mjs
// runs it in `pnpm test`); missing jars are fetched first with fuzz/java/build.sh.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const VERSION = "2.0.5";
export const JAVA_API_METHODS = resolve(import.meta.dirname, "../docs/java-api-methods.txt");
const repo = process.env.MAVEN_REPO ?? join(homedir(), ".m2/repository");
const jars = [
  join(repo, `org/apache/iotdb/iotdb-session/${VERSION}/iotdb-session-${VERSION}.jar`),
  join(repo, `org/apache/iotdb/isession/${VERSION}/isession-${VERSION}.jar`),
];

/** The classes, by the short name the table uses. */
export const JAVA_CLASSES = {
  ISession: "org.apache.iotdb.isession.ISession",
  ITableSession: "org.apache.iotdb.isession.ITableSession",
  ISessionPool: "org.apache.iotdb.isession.pool.ISessionPool",
  ITableSessionPool: "org.apache.iotdb.isession.pool.ITableSessionPool",
  "Session.Builder": "org.apache.iotdb.session.Session$Builder",
  TableSessionBuilder: "org.apache.iotdb.session.TableSessionBuilder",
  "SessionPool.Builder": "org.apache.iotdb.session.pool.SessionPool$Builder",
  TableSessionPoolBuilder: "org.apache.iotdb.session.pool.TableSessionPoolBuilder",
};

/** `a.b.C<d.e.F>` -> `C<F>`; `Session$Builder` -> `Session.Builder`. */
const simple = (type) => type.replace(/\b(?:[a-z_][a-z0-9_]*\.)+(?=[A-Za-z_])/g, "").replace(/\$/g, ".");

/** The text docs/java-api-methods.txt must hold: javap of the jars now (fetched first if missing). */
export function renderJavaApiMethods() {
  if (!jars.every((jar) => existsSync(jar))) {
    execFileSync(resolve(import.meta.dirname, "../fuzz/java/build.sh"), { stdio: ["ignore", "ignore", "inherit"] });
  }
  for (const jar of jars) {
    if (!existsSync(jar)) throw new Error(`java-api-methods: ${jar} is missing after fuzz/java/build.sh`);
  }
  // One javap (one JVM start) for all classes: it prints them in the order given, each ending in a
  // line "}".
  const entries = Object.entries(JAVA_CLASSES);
  const out = execFileSync("javap", ["-public", "-cp", jars.join(":"), ...entries.map(([, name]) => name)], {
    encoding: "utf8",
  });
  const blocks = out.split(/^}$/m).slice(0, -1);
  if (blocks.length !== entries.length)
    throw new Error(`java-api-methods: javap printed ${blocks.length} classes, ${entries.length} asked`);
  const lines = [];
  entries.forEach(([short, className], index) => lines.push(...classLines(short, className, blocks[index])));
  return `# javap -public of iotdb-session / isession ${VERSION} (scripts/java-api-methods.mjs); one line per method\n${lines.join("\n")}\n`;
}

/** The lines of one class from its javap block. */
function classLines(short, className, out) {
  const lines = [];
  const ctorName = className.slice(className.lastIndexOf(".") + 1);
  for (const raw of out.split("\n")) {
    const line = raw.trim();
    if (!line.endsWith(";") || !line.includes("(")) continue;
    const head = line.slice(0, line.indexOf("("));
    const params = line.slice(line.indexOf("(") + 1, line.lastIndexOf(")"));
    const name = head.split(/\s+/).pop();
    const shown = name.slice(name.lastIndexOf(".") + 1) === ctorName ? "<init>" : name;
    // Generic parameter lists contain ", " inside <>: split on top-level commas only.
    const types = [];
    let depth = 0;
    let current = "";
    for (const ch of params) {
      if (ch === "<") depth++;
      if (ch === ">") depth--;
      if (ch === "," && depth === 0) {
        types.push(current.trim());
        current = "";
      } else current += ch;
    }
    if (current.trim() !== "") types.push(current.trim());
    lines.push(`${short}\t${shown}(${types.map(simple).join(", ")})`);
  }
  return lines;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = renderJavaApiMethods();
  const count = text.split("\n").length - 2;
  if (process.argv.includes("--check")) {
    if (readFileSync(JAVA_API_METHODS, "utf8") !== text) {
      console.error(
        "docs/java-api-methods.txt differs from javap of the jars now: run `node scripts/java-api-methods.mjs`",
      );
      process.exit(1);
    }
    console.log(`docs/java-api-methods.txt matches javap (${count} methods)`);
  } else {
    writeFileSync(JAVA_API_METHODS, text);
    console.log(`java-api-methods: ${count} methods -> docs/java-api-methods.txt`);
  }
}
