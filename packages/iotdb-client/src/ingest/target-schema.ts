// A writer's targets as the caller declares them once (a tree device, or a table), turned into
// the tablet schema every batch of that target is sent with. Checked here, so a bad definition
// throws at defineDevice/defineTable, not at the first write or send.
import { type ColumnCategoryName, EncodeError, type SendableTypeName, type TabletColumn } from "@zerowire/iotdb-codec";
import type { SessionTablet } from "../session/tablet-input.js";

/** A tree-model device: its measurements and their types, in the order write() gives values. */
export interface DeviceDefinition {
  measurements: readonly string[];
  types: readonly SendableTypeName[];
  /** An aligned device (insertAlignedTablets). Default false. */
  aligned?: boolean;
}

/** A table-model table: its columns (TAG, ATTRIBUTE, FIELD), in the order write() gives values. */
export interface TableDefinition {
  columns: readonly string[];
  types: readonly SendableTypeName[];
  /** One per column; default FIELD for every column. */
  categories?: readonly ColumnCategoryName[];
}

export type TargetSchema = SessionTablet["schema"];

export function deviceSchema(device: string, definition: DeviceDefinition): TargetSchema {
  checkTarget("device", device);
  if (definition === null || typeof definition !== "object")
    throw new EncodeError(`device ${JSON.stringify(device)}: expected { measurements, types }`);
  const columns = columnsOf(device, definition.measurements, definition.types, undefined);
  if (definition.aligned !== undefined && typeof definition.aligned !== "boolean") {
    throw new EncodeError(
      `device ${JSON.stringify(device)}: aligned must be a boolean, got ${String(definition.aligned)}`,
    );
  }
  return { model: "tree", target: device, aligned: definition.aligned === true, columns };
}

export function tableSchema(table: string, definition: TableDefinition): TargetSchema {
  checkTarget("table", table);
  if (definition === null || typeof definition !== "object")
    throw new EncodeError(`table ${JSON.stringify(table)}: expected { columns, types }`);
  return {
    model: "table",
    target: table,
    columns: columnsOf(table, definition.columns, definition.types, definition.categories),
  };
}

/** Whether two schemas of one target are the same (a target may be defined again identically). */
export function sameSchema(a: TargetSchema, b: TargetSchema): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function checkTarget(kind: string, name: unknown): void {
  if (typeof name !== "string" || name.length === 0)
    throw new EncodeError(`expected a ${kind} name, got ${JSON.stringify(name) ?? String(name)}`);
}

function columnsOf(target: string, names: unknown, types: unknown, categories: unknown): TabletColumn[] {
  const at = JSON.stringify(target);
  if (!Array.isArray(names) || names.length === 0)
    throw new EncodeError(`${at}: expected a non-empty array of column names`);
  if (!Array.isArray(types) || types.length !== names.length)
    throw new EncodeError(
      `${at}: expected one type per column (${names.length}), got ${Array.isArray(types) ? types.length : String(types)}`,
    );
  if (categories !== undefined && (!Array.isArray(categories) || categories.length !== names.length)) {
    throw new EncodeError(`${at}: expected one category per column (${names.length})`);
  }
  return names.map((name: unknown, c) => {
    if (typeof name !== "string" || name.length === 0)
      throw new EncodeError(`${at}: column ${c}: expected a name, got ${JSON.stringify(name)}`, undefined);
    const column: TabletColumn = { name, type: types[c] as SendableTypeName };
    if (categories !== undefined) column.category = (categories as ColumnCategoryName[])[c]!;
    return column;
  });
}
