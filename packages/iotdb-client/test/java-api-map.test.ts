// docs/java-api-map.md against docs/java-api-methods.txt (javap -public of the Java client 2.0.5,
// written by scripts/java-api-methods.mjs): every Java method has a row in its class's section, no
// row is left without a call or a reason, no row names a method the list does not have, and every
// call the table names exists on our class. Negative controls show each check failing.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  PooledTableSession,
  Session,
  SessionDataSet,
  SessionPool,
  TableSession,
  TableSessionPool,
} from "../src/index.js";

const docs = resolve(import.meta.dirname, "../../../docs");
const methodsText = readFileSync(resolve(docs, "java-api-methods.txt"), "utf8");
const mapText = readFileSync(resolve(docs, "java-api-map.md"), "utf8");

/** Our class behind each receiver name the table uses. */
const RECEIVERS: Record<string, { prototype: object }> = {
  session: Session,
  pool: SessionPool,
  tableSession: TableSession,
  tablePool: TableSessionPool,
  pooled: PooledTableSession,
  dataSet: SessionDataSet,
};

interface Row {
  cls: string;
  java: string;
  ours: string;
  note: string;
}

function javaMethods(text: string): { cls: string; java: string }[] {
  return text
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const [cls, java] = l.split("\t");
      return { cls: cls!, java: java! };
    });
}

function tableRows(text: string): Row[] {
  const rows: Row[] = [];
  let cls: string | undefined;
  for (const line of text.split("\n")) {
    const heading = /^## (\S+) →/.exec(line);
    if (heading !== null) cls = heading[1];
    const row = /^\| `(.+?)` \| (.+?) \| (.*?) ?\|$/.exec(line);
    if (row !== null && cls !== undefined)
      rows.push({ cls, java: row[1]!, ours: row[2]!.trim(), note: row[3]!.trim() });
  }
  return rows;
}

/** Every problem of the table, as messages (empty = complete and consistent). */
function problems(methods: { cls: string; java: string }[], rows: Row[]): string[] {
  const out: string[] = [];
  const key = (r: { cls: string; java: string }) => `${r.cls} ${r.java}`;
  const rowKeys = new Set(rows.map(key));
  const methodKeys = new Set(methods.map(key));
  for (const m of methods) if (!rowKeys.has(key(m))) out.push(`no row for ${key(m)}`);
  for (const r of rows) {
    if (!methodKeys.has(key(r))) out.push(`row for a method javap does not list: ${key(r)}`);
    if (r.ours === "" || (r.ours === "—" && r.note === "")) out.push(`empty row: ${key(r)}`);
    const call = /^`(?:await )?(\w+)\.(\w+)/.exec(r.ours);
    if (call !== null && RECEIVERS[call[1]!] !== undefined && !(call[2]! in RECEIVERS[call[1]!]!.prototype)) {
      out.push(`${key(r)}: ${call[1]}.${call[2]} does not exist`);
    }
  }
  return out;
}

const methods = javaMethods(methodsText);
const rows = tableRows(mapText);

test("the javap list covers the eight classes (a truncated list would pass everything else)", () => {
  const perClass = new Map<string, number>();
  for (const m of methods) perClass.set(m.cls, (perClass.get(m.cls) ?? 0) + 1);
  assert.equal(Object.fromEntries(perClass), {
    ISession: 113,
    ISessionPool: 119,
    ITableSession: 5,
    ITableSessionPool: 2,
    "Session.Builder": 23,
    TableSessionBuilder: 20,
    "SessionPool.Builder": 25,
    TableSessionPoolBuilder: 22,
  });
});

test("docs/java-api-map.md: a row for every Java method, none empty, every named call exists", () => {
  assert.equal(problems(methods, rows), []);
  assert.is(rows.length, methods.length);
});

test("negative controls: a missing row, an empty row and a call we do not have are each reported", () => {
  const missing = rows.filter(
    (r) =>
      !(r.cls === "ISession" && r.java === "executeLastDataQueryForOneDevice(String, String, List<String>, boolean)"),
  );
  assert.equal(problems(methods, missing), [
    "no row for ISession executeLastDataQueryForOneDevice(String, String, List<String>, boolean)",
  ]);
  const emptied = rows.map((r) =>
    r.cls === "ISessionPool" && r.java === "getMaxSize()" ? { ...r, ours: "—", note: "" } : r,
  );
  assert.equal(problems(methods, emptied), ["empty row: ISessionPool getMaxSize()"]);
  const invented = rows.map((r) =>
    r.cls === "ISessionPool" && r.java === "getMaxSize()" ? { ...r, ours: "`pool.getMaximumSize()`" } : r,
  );
  assert.equal(problems(methods, invented), ["ISessionPool getMaxSize(): pool.getMaximumSize does not exist"]);
});

test.run();
