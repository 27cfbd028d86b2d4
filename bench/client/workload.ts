// The client benchmark's cases (`pnpm bench client`): what one request of each case is, and the
// same input for every side. Our client gets typed columns (its default tablet input), the Java
// harness the same values as JSON (converted to Java arrays before any timing), and the floor the
// request bytes our client wrote when the replies were captured (replies.json).
import { generateTemplate, type TemplateColumn, templateJson } from "../e2e/template.js";
import { DEFAULT_TYPE_MIX_TEXT, parseTypeMix, sensorTypes, type MixType } from "../e2e/type-mix.js";

export const CASE_NAMES = [
  "insert-tablet-1k-tree",
  "insert-tablet-1k-aligned",
  "insert-tablet-1k-table",
  "insert-tablet-25k-tree",
  "insert-records-100",
  "query-one-row",
  "fetch-5000x10",
  "fetch-5000x10-iterator",
] as const;
export type CaseName = (typeof CASE_NAMES)[number];

/**
 * The e2e benchmark's default sensors: 10 of the default type mix (3 FLOAT, 2 DOUBLE, 2 INT32, INT64, TEXT, BOOLEAN).
 */
export const SENSORS: readonly { name: string; type: MixType }[] = sensorTypes(
  parseTypeMix(DEFAULT_TYPE_MIX_TEXT),
  10,
).map((type, i) => ({
  name: `s${i}`,
  type,
}));

export const TREE_DEVICE = "root.cbench.d0";
export const QUERY_DEVICE = "root.cbench.q";
export const TABLE_DATABASE = "cbench";
export const TABLE_NAME = "t0";
export const TAG_COLUMN = "device_id";
const RECORD_DEVICES = 10;
const RECORDS_PER_REQUEST = 100;
const QUERY_ROWS = 5000;
export const ONE_ROW_SQL = `select * from ${QUERY_DEVICE} limit 1`;
export const FETCH_SQL = `select * from ${QUERY_DEVICE}`;
const START_TIME = 1_700_000_000_000n;
const TEXT_LENGTH = 16;

export interface CaseSpec {
  name: CaseName;
  model: "tree" | "table";
  /** What one request of the case does. */
  op: "tablet" | "aligned-tablet" | "records" | "query";
  rows: number;
  sql?: string;
  /**
   * How our client reads a query's rows: `for await` row objects, or DataIterator's typed getters by index (Java's way;
   * the Java side always reads so).
   */
  read?: "rows" | "iterator";
  /** Points (cells) written by one request, for the report. */
  points: number;
}

export function caseSpec(name: CaseName): CaseSpec {
  switch (name) {
    case "insert-tablet-1k-tree":
      return { name, model: "tree", op: "tablet", rows: 100, points: 1000 };
    case "insert-tablet-1k-aligned":
      return { name, model: "tree", op: "aligned-tablet", rows: 100, points: 1000 };
    case "insert-tablet-1k-table":
      return { name, model: "table", op: "tablet", rows: 100, points: 1000 };
    case "insert-tablet-25k-tree":
      return { name, model: "tree", op: "tablet", rows: 2500, points: 25_000 };
    case "insert-records-100":
      return {
        name,
        model: "tree",
        op: "records",
        rows: RECORDS_PER_REQUEST,
        points: RECORDS_PER_REQUEST * SENSORS.length,
      };
    case "query-one-row":
      return { name, model: "tree", op: "query", rows: 1, sql: ONE_ROW_SQL, points: 0 };
    case "fetch-5000x10":
      return { name, model: "tree", op: "query", rows: QUERY_ROWS, sql: FETCH_SQL, read: "rows", points: 0 };
    case "fetch-5000x10-iterator":
      return { name, model: "tree", op: "query", rows: QUERY_ROWS, sql: FETCH_SQL, read: "iterator", points: 0 };
  }
}

/**
 * The case whose captured exchanges (replies.json) a case replays: the iterator variant sends exactly fetch-5000x10's
 * requests.
 */
export function capturedAs(name: CaseName): CaseName {
  return name === "fetch-5000x10-iterator" ? "fetch-5000x10" : name;
}

/** The values of a case's tablet or records: rows per sensor, from one seed (the same for every side). */
export interface CaseData {
  timestamps: BigInt64Array;
  columns: TemplateColumn[];
}

export function caseData(spec: CaseSpec): CaseData {
  const rows = spec.op === "query" ? QUERY_ROWS : spec.rows;
  return {
    timestamps: BigInt64Array.from({ length: rows }, (_, i) => START_TIME + BigInt(i)),
    columns: generateTemplate(SENSORS, rows, TEXT_LENGTH, 20261124),
  };
}

/** Record r's device: records go round-robin over RECORD_DEVICES devices. */
export function recordDevice(r: number): string {
  return `root.cbench.r${r % RECORD_DEVICES}`;
}

/** The case as the Java harness reads it (bench/java ClientBench): values as in the codec harness's JSON. */
export function javaCase(spec: CaseSpec): Record<string, unknown> {
  const data = caseData(spec);
  return {
    name: spec.name,
    model: spec.model,
    op: spec.op,
    sql: spec.sql ?? null,
    treeDevice: TREE_DEVICE,
    database: TABLE_DATABASE,
    table: TABLE_NAME,
    tagColumn: TAG_COLUMN,
    recordDevices: RECORD_DEVICES,
    sensors: SENSORS,
    timestamps: Array.from(data.timestamps, (t) => t.toString()),
    columns: spec.op === "query" ? [] : templateJson(data.columns),
  };
}
