// Checks a TabletSchema and resolves type and category names to codes.
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { checkIdentifier } from "./identifier.js";
import type { TabletColumn, TabletModel, TabletSchema } from "./tablet.js";
import { ColumnCategory, isSendable, TSDataType, type SendableType } from "./types.js";

export interface ResolvedColumn {
  readonly name: string;
  readonly type: SendableType;
  readonly category: ColumnCategory;
}

export interface ResolvedSchema {
  readonly model: TabletModel;
  readonly target: string;
  /** Always false for the table model. */
  readonly aligned: boolean;
  readonly columns: readonly ResolvedColumn[];
}

/** A schema as it was when resolved: the fields read, to tell whether it changed since. */
interface ResolvedFrom {
  readonly model: unknown;
  readonly target: unknown;
  readonly aligned: unknown;
  readonly columns: readonly TabletColumn[];
  /** Per column: the column object, then its name, type and category, 4 entries each. */
  readonly fields: readonly unknown[];
  readonly resolved: ResolvedSchema;
}

/**
 * Resolved schemas by schema object: a caller usually sends many tablets with one schema object,
 * and resolving it (identifier checks, type and category lookups) was ~1 µs of a 10-column
 * tablet. An entry is used only while every field it was resolved from is still the same value
 * (same columns array, same column objects, same names, types and categories), so a schema
 * mutated in place is resolved and checked again.
 */
const resolvedSchemas = new WeakMap<object, ResolvedFrom>();

export function resolveSchema(schema: TabletSchema): ResolvedSchema {
  if (schema === null || typeof schema !== "object")
    throw new EncodeError(`tablet schema: expected an object, got ${describeValue(schema)}`);
  const cached = resolvedSchemas.get(schema);
  if (cached !== undefined && unchanged(cached, schema)) return cached.resolved;
  const from = resolveFresh(schema);
  resolvedSchemas.set(schema, from);
  return from.resolved;
}

function unchanged(from: ResolvedFrom, schema: TabletSchema): boolean {
  const columns = schema.columns;
  if (
    schema.model !== from.model ||
    schema.target !== from.target ||
    schema.aligned !== from.aligned ||
    columns !== from.columns
  )
    return false;
  const fields = from.fields;
  if (columns.length * 4 !== fields.length) return false;
  for (let c = 0, f = 0; c < columns.length; c++, f += 4) {
    const col = columns[c];
    if (col !== fields[f] || col.name !== fields[f + 1] || col.type !== fields[f + 2] || col.category !== fields[f + 3])
      return false;
  }
  return true;
}

/** Checks and resolves the schema, recording every field as it was read. */
function resolveFresh(schema: TabletSchema): ResolvedFrom {
  const { model, target, aligned: alignedGiven, columns } = schema;
  const aligned = alignedGiven ?? false;
  if (model !== "tree" && model !== "table") {
    throw new EncodeError(`tablet schema: model must be "tree" or "table", got ${describeValue(model)}`);
  }
  checkIdentifier(target, "tablet schema: target");
  if (typeof aligned !== "boolean")
    throw new EncodeError(`tablet schema: aligned must be a boolean, got ${describeValue(aligned)}`);
  if (aligned && model === "table") {
    throw new EncodeError(
      "tablet schema: a table-model tablet cannot be aligned (the Java TableSession always sends isAligned=false)",
    );
  }
  if (!Array.isArray(columns))
    throw new EncodeError(`tablet schema: columns must be an array, got ${describeValue(columns)}`);
  const resolved: ResolvedColumn[] = [];
  const fields: unknown[] = [];
  for (let c = 0; c < columns.length; c++) {
    const col = columns[c];
    if (col === null || typeof col !== "object")
      throw new EncodeError(`tablet schema: columns[${c}] is ${describeValue(col)}, not a column`);
    const { name, type, category } = col;
    checkIdentifier(name, `tablet schema: columns[${c}].name`);
    resolved.push({ name, type: resolveType(type, name), category: resolveCategory(category, name) });
    fields.push(col, name, type, category);
  }
  return {
    model,
    target,
    aligned: alignedGiven,
    columns,
    fields,
    resolved: { model, target, aligned, columns: resolved },
  };
}

/** A sendable type code from a code or name; EncodeError naming the column otherwise. */
export function resolveType(type: unknown, column: string, row?: number): SendableType {
  const code = sendableType(type);
  if (code !== undefined) return code;
  throw new EncodeError(
    `column ${JSON.stringify(column)}: ${describeValue(type)} is not a sendable IoTDB type ` +
      "(BOOLEAN, INT32, INT64, FLOAT, DOUBLE, TEXT, STRING, BLOB, DATE, TIMESTAMP or their codes)",
    column,
    row,
  );
}

/** A sendable type's code from its code or name, or undefined (resolveType without the error). */
export function sendableType(type: unknown): SendableType | undefined {
  const code = typeof type === "string" ? sendableByName(type) : type;
  return typeof code === "number" && isSendable(code) ? code : undefined;
}

/**
 * A sendable type's code by its name, or undefined. A switch on the name: records resolve a type
 * name per value, and a keyed lookup on TSDataType was one of their costliest steps (bench/client
 * insert-records-100).
 */
function sendableByName(name: string): SendableType | undefined {
  switch (name) {
    case "BOOLEAN":
      return TSDataType.BOOLEAN;
    case "INT32":
      return TSDataType.INT32;
    case "INT64":
      return TSDataType.INT64;
    case "FLOAT":
      return TSDataType.FLOAT;
    case "DOUBLE":
      return TSDataType.DOUBLE;
    case "TEXT":
      return TSDataType.TEXT;
    case "TIMESTAMP":
      return TSDataType.TIMESTAMP;
    case "DATE":
      return TSDataType.DATE;
    case "BLOB":
      return TSDataType.BLOB;
    case "STRING":
      return TSDataType.STRING;
    default:
      return undefined;
  }
}

function resolveCategory(category: unknown, column: string): ColumnCategory {
  if (category === undefined) return ColumnCategory.FIELD;
  if (typeof category === "string" && Object.hasOwn(ColumnCategory, category)) {
    return ColumnCategory[category as keyof typeof ColumnCategory];
  }
  if (category === 0 || category === 1 || category === 2) return category;
  throw new EncodeError(
    `column ${JSON.stringify(column)}: ${describeValue(category)} is not a column category (TAG, FIELD, ATTRIBUTE or 0..2)`,
    column,
  );
}
