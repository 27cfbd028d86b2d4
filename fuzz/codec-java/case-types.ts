import type { SessionCallsCaseInput } from "./session-calls-cases.js";

// The cases the differential run generates: a case in the shared INPUT format (what
// fuzz/java/run.sh reads) plus the family that says what the outcome must be.

export interface ColumnInput {
  name: string;
  type: string;
  category?: "TAG" | "FIELD" | "ATTRIBUTE";
}

export interface TabletCaseInput {
  kind: "tablet";
  model: "tree" | "table";
  target: string;
  aligned: boolean;
  construction: "api" | "arrays";
  maxRowNumber?: number;
  columns: ColumnInput[];
  timestamps: string[];
  rows: unknown[][];
}

export interface RecordInput {
  deviceId: string;
  time: string;
  measurements: string[];
  types: string[];
  values: unknown[];
}

export interface RecordsCaseInput {
  kind: "insertRecords" | "insertRecord";
  aligned: boolean;
  records: RecordInput[];
}

export type TsBlockColumnInput =
  | { name: string; type: string; values: unknown[] }
  | { name: string; type: string; encoding: "rle"; value: unknown }
  | { name: string; type: string; encoding: "dictionary"; dictionary: unknown[]; ids: number[] };

export interface TsBlockCaseInput {
  kind: "tsblock";
  timeColumn: "time" | "table-rle";
  timestamps?: string[];
  positionCount?: number;
  columns: TsBlockColumnInput[];
}

/** A flat schema template (fuzz/java TemplateCase): names of TSDataType, TSEncoding, CompressionType. */
export interface TemplateCaseInput {
  kind: "template";
  name: string;
  aligned: boolean;
  measurements: { name: string; type: string; encoding: string; compressor: string }[];
}

export type CaseInput =
  | TabletCaseInput
  | RecordsCaseInput
  | TsBlockCaseInput
  | SessionCallsCaseInput
  | TemplateCaseInput;

/**
 * - `valid`: Java produces bytes (or sends nothing), ours must be identical. TEXT/STRING values may
 *   hold lone surrogates: Java writes '?', and so must ours.
 * - `javaRejects`: one cell/time is invalid (bad DATE, INT32, INT64), or a template names a
 *   measurement twice; Java throws, ours must throw EncodeError.
 * - `policyRejects`: a device id, table, column or measurement name is empty or holds a lone
 *   surrogate; Java would send it ('?'), the project's policy is that ours throws EncodeError, so
 *   these are judged without Java.
 */
export type CaseFamily = "valid" | "javaRejects" | "policyRejects";

export interface FuzzCase {
  family: CaseFamily;
  input: CaseInput;
}
