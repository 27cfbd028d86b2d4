// Checks a TabletSchema and resolves type and category names to codes.
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { checkIdentifier } from "./identifier.js";
import type { TabletModel, TabletSchema } from "./tablet.js";
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

export function resolveSchema(schema: TabletSchema): ResolvedSchema {
  if (schema === null || typeof schema !== "object") throw new EncodeError(`tablet schema: expected an object, got ${describeValue(schema)}`);
  const { model, target, aligned = false, columns } = schema;
  if (model !== "tree" && model !== "table") {
    throw new EncodeError(`tablet schema: model must be "tree" or "table", got ${describeValue(model)}`);
  }
  checkIdentifier(target, "tablet schema: target");
  if (typeof aligned !== "boolean") throw new EncodeError(`tablet schema: aligned must be a boolean, got ${describeValue(aligned)}`);
  if (aligned && model === "table") {
    throw new EncodeError("tablet schema: a table-model tablet cannot be aligned (the Java TableSession always sends isAligned=false)");
  }
  if (!Array.isArray(columns)) throw new EncodeError(`tablet schema: columns must be an array, got ${describeValue(columns)}`);
  const resolved: ResolvedColumn[] = [];
  for (let c = 0; c < columns.length; c++) {
    const col = columns[c];
    if (col === null || typeof col !== "object") throw new EncodeError(`tablet schema: columns[${c}] is ${describeValue(col)}, not a column`);
    const name = col.name;
    checkIdentifier(name, `tablet schema: columns[${c}].name`);
    resolved.push({ name, type: resolveType(col.type, name), category: resolveCategory(col.category, name) });
  }
  return { model, target, aligned, columns: resolved };
}

/** A sendable type code from a code or name; EncodeError naming the column otherwise. */
export function resolveType(type: unknown, column: string, row?: number): SendableType {
  const code = typeof type === "string" && Object.prototype.hasOwnProperty.call(TSDataType, type)
    ? TSDataType[type as keyof typeof TSDataType]
    : type;
  if (typeof code === "number" && isSendable(code)) return code;
  throw new EncodeError(
    `column ${JSON.stringify(column)}: ${describeValue(type)} is not a sendable IoTDB type ` +
      "(BOOLEAN, INT32, INT64, FLOAT, DOUBLE, TEXT, STRING, BLOB, DATE, TIMESTAMP or their codes)",
    column,
    row,
  );
}

function resolveCategory(category: unknown, column: string): ColumnCategory {
  if (category === undefined) return ColumnCategory.FIELD;
  if (typeof category === "string" && Object.prototype.hasOwnProperty.call(ColumnCategory, category)) {
    return ColumnCategory[category as keyof typeof ColumnCategory];
  }
  if (category === 0 || category === 1 || category === 2) return category;
  throw new EncodeError(
    `column ${JSON.stringify(column)}: ${describeValue(category)} is not a column category (TAG, FIELD, ATTRIBUTE or 0..2)`,
    column,
  );
}
