#!/usr/bin/env node
// Writes docs/java-api-methods.txt: every public method (and constructor) of the Java client's
// ISession, ITableSession, ISessionPool, ITableSessionPool and their builders, as `javap -public`
// lists them from the iotdb-session / isession 2.0.5 jars of the local Maven repository (fuzz/java
// puts them there). One line per method: `<class>\t<name>(<parameter types>)`, package names left
// out, in javap's order. docs/java-api-map.md must give each line a row; a unit test checks that
// (packages/iotdb-client/test/java-api-map.test.ts), so this list is committed and the jars are not
// needed to run the test. Rerun after changing the Java version: `node scripts/java-api-methods.mjs`.
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const VERSION = "2.0.5";
const repo = process.env.MAVEN_REPO ?? join(homedir(), ".m2/repository");
const jars = [
  join(repo, `org/apache/iotdb/iotdb-session/${VERSION}/iotdb-session-${VERSION}.jar`),
  join(repo, `org/apache/iotdb/isession/${VERSION}/isession-${VERSION}.jar`),
];
for (const jar of jars) {
  if (!existsSync(jar)) {
    console.error(`java-api-methods: ${jar} is missing; run fuzz/java/build.sh first (it fetches the jars)`);
    process.exit(1);
  }
}

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

const lines = [];
for (const [short, className] of Object.entries(JAVA_CLASSES)) {
  const out = execFileSync("javap", ["-public", "-cp", jars.join(":"), className], { encoding: "utf8" });
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
}
const file = resolve(import.meta.dirname, "../docs/java-api-methods.txt");
writeFileSync(file, `# javap -public of iotdb-session / isession ${VERSION} (scripts/java-api-methods.mjs); one line per method\n${lines.join("\n")}\n`);
console.log(`java-api-methods: ${lines.length} methods -> docs/java-api-methods.txt`);
