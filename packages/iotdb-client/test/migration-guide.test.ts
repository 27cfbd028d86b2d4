// docs/migrating-from-iotdb-client.md's API map against the old client's public API: every export,
// option and method of iotdb-client-nodejs (listed below from its source: src/index.ts,
// utils/Config.ts, client/Session.ts, BaseSessionPool.ts, SessionDataSet.ts, RowRecord.ts) has a
// row in its section, every row says what to use (or why nothing), and every call on one of our
// classes that a row names exists. The snippets themselves run in itest/migration-guide.itest.ts.
// Negative controls show each check failing.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { guideBlocks, promisedLines } from "../itest/guide-snippets.js";
import {
  PooledTableSession,
  Session,
  SessionDataSet,
  SessionPool,
  TableSession,
  TableSessionPool,
} from "../src/index.js";

const guide = readFileSync(resolve(import.meta.dirname, "../../../docs/migrating-from-iotdb-client.md"), "utf8");

/** The old client's public API, by the guide section that maps it. */
const OLD_API: Record<string, readonly string[]> = {
  "Package exports": [
    "Session",
    "TreeTablet",
    "TableTablet",
    "QueryResult",
    "Tablet",
    "ITreeTablet",
    "ITableTablet",
    "ColumnCategory",
    "TableSession",
    "SessionDataSet",
    "RowRecord",
    "SessionPool",
    "TableSessionPool",
    "Config",
    "PoolConfig",
    "SSLOptions",
    "EndPoint",
    "DEFAULT_CONFIG",
    "DEFAULT_POOL_CONFIG",
    "ConfigBuilder",
    "PoolConfigBuilder",
    "parseNodeUrls",
    "logger",
    "LogLevel",
    "TSDataType",
    "getDataTypeName",
    "RedirectException",
    "TSStatusCode",
    "RedirectCache",
    "enableGlobalCleanup",
    "BufferPool",
    "globalBufferPool",
    "serializeColumnFast",
    "serializeTimestamps",
    "executeConcurrent",
    "executeBatched",
    "chunkArray",
    "createSemaphore",
    "ConcurrentOptions",
    "ConcurrentResult",
  ],
  Options: [
    "host",
    "port",
    "nodeUrls",
    "username",
    "password",
    "database",
    "timezone",
    "fetchSize",
    "enableSSL",
    "sslOptions",
    "enableFastSerialization",
    "maxPoolSize",
    "minPoolSize",
    "maxIdleTime",
    "waitTimeout",
    "timeoutMs",
  ],
  "Session and TableSession": [
    "open",
    "close",
    "isOpen",
    "executeQueryStatement",
    "executeNonQueryStatement",
    "insertTablet",
    "insertTablets",
    "insertTabletsParallel",
    "getAndClearLastRedirect",
    "parseQueryResult",
    "parseDataSet",
  ],
  "SessionPool and TableSessionPool": [
    "init",
    "close",
    "executeQueryStatement",
    "executeNonQueryStatement",
    "insertTablet",
    "getSession",
    "releaseSession",
    "getPoolSize",
    "getAvailableSize",
    "getInUseSize",
  ],
  "SessionDataSet and RowRecord": [
    "getColumnNames",
    "getColumnTypes",
    "findColumn",
    "hasNext",
    "next",
    "toColumnar",
    "toArray",
    "close",
    "isClosed_",
    "setCleanupCallback",
    "getTimestamp",
    "getFields",
    "getValue",
    "getValueByIndex",
    "isNull",
    "isNullByIndex",
    "getString",
    "getStringByIndex",
    "getInt",
    "getIntByIndex",
    "getLong",
    "getLongByIndex",
    "getFloat",
    "getFloatByIndex",
    "getDouble",
    "getDoubleByIndex",
    "getBoolean",
    "getBooleanByIndex",
    "toString",
  ],
};

/** Our class behind each receiver the guide's tables use. */
const RECEIVERS: Record<string, { prototype: object }> = {
  session: Session,
  tableSession: TableSession,
  pool: SessionPool,
  tablePool: TableSessionPool,
  pooled: PooledTableSession,
  dataSet: SessionDataSet,
};

interface MapRow {
  section: string;
  old: string;
  ours: string;
}

function mapRows(markdown: string): MapRow[] {
  const rows: MapRow[] = [];
  const start = markdown.indexOf("\n## API map\n");
  const end = markdown.indexOf("\n## ", start + 1);
  let section = "";
  for (const line of markdown.slice(start, end).split("\n")) {
    const heading = /^### (.+)$/.exec(line);
    if (heading !== null) section = heading[1]!;
    const cells = /^\| (.+?) \| (.*?) ?\|$/.exec(line.replaceAll("\\|", "\u0000"));
    if (cells === null || /^-+$/.test(cells[1]!) || cells[2]!.startsWith("ours") || cells[2]!.startsWith("`@zerowire"))
      continue;
    rows.push({ section, old: cells[1]!.replaceAll("\u0000", "|"), ours: cells[2]!.replaceAll("\u0000", "|") });
  }
  return rows;
}

/** Identifiers inside backticks of a cell: `pool.getSession()` → pool, getSession. */
function identifiers(cell: string): Set<string> {
  const out = new Set<string>();
  for (const m of cell.matchAll(/`([^`]+)`/g)) for (const id of m[1]!.matchAll(/[A-Za-z_$][\w$]*/g)) out.add(id[0]);
  return out;
}

function problems(markdown: string): string[] {
  const rows = mapRows(markdown);
  const out: string[] = [];
  for (const [section, names] of Object.entries(OLD_API)) {
    const named = new Set(rows.filter((r) => r.section === section).flatMap((r) => [...identifiers(r.old)]));
    for (const name of names) if (!named.has(name)) out.push(`${section}: no row for ${name}`);
  }
  for (const row of rows) {
    if (row.ours.trim() === "") out.push(`${row.section}: the row ${row.old} says nothing`);
    for (const call of row.ours.matchAll(/\b(\w+)\.(\w+)\(/g)) {
      const cls = RECEIVERS[call[1]!];
      if (cls === undefined) continue;
      if (!(call[2]! in cls.prototype)) out.push(`${row.section}: ${call[1]}.${call[2]}() does not exist`);
    }
  }
  return out;
}

test("every export, option and method of the old client has a row, and every call a row names exists", () => {
  assert.equal(problems(guide), []);
  assert.ok(mapRows(guide).length >= 80, `only ${mapRows(guide).length} rows parsed`);
});

test("negative controls: a missing row, an empty answer and a call we do not have are found", () => {
  const noRow = guide.replace(/^\| `pool\.getInUseSize\(\)`.*\n/m, "");
  assert.ok(
    problems(noRow).includes("SessionPool and TableSessionPool: no row for getInUseSize"),
    problems(noRow).join("; "),
  );
  const empty = guide.replace(/^(\| `row\.toArray\(\)` \|).*$/m, "$1  |");
  assert.ok(
    problems(empty).some((p) => p.includes("says nothing")),
    problems(empty).join("; "),
  );
  const wrongCall = guide.replace("`pool.currentAvailableSize()` |", "`pool.availableSessions()` |");
  assert.ok(
    problems(wrongCall).includes("SessionPool and TableSessionPool: pool.availableSessions() does not exist"),
    problems(wrongCall).join("; "),
  );
});

test("code blocks: run markers, sections and promised output are read as the itest reads them", () => {
  const md =
    '## A\n### Job\n```ts\nimport { Session } from "iotdb-client-nodejs";\n```\n\n```ts run\nconsole.log(1); // 1\nconst it = ds.iterator();\n```\n';
  const blocks = guideBlocks(md);
  assert.equal(
    blocks.map((b) => [b.section, b.line, b.run]),
    [
      ["Job", 3, false],
      ["Job", 7, true],
    ],
  );
  assert.equal(promisedLines(blocks[1]!.code), ["1"]);
  // A loop's call promises each line it prints, in order.
  assert.equal(promisedLines("for (const r of rows) {\n  console.log(r); // 1n 25.5 // 2n 26\n}\n"), [
    "1n 25.5",
    "2n 26",
  ]);
  assert.throws(() => guideBlocks("```ts run\nopen"), /unclosed code block at line 1/);
  // The guide itself: our code only in run blocks, the old client's never.
  for (const b of guideBlocks(guide))
    assert.is(b.run, b.code.includes("@zerowire/iotdb-client"), `block at line ${b.line}`);
});

test.run();
