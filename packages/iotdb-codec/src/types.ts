/** IoTDB data type codes: TSDataType.ordinal(), also the serialized type byte. */
export const TSDataType = {
  BOOLEAN: 0,
  INT32: 1,
  INT64: 2,
  FLOAT: 3,
  DOUBLE: 4,
  TEXT: 5,
  VECTOR: 6,
  UNKNOWN: 7,
  TIMESTAMP: 8,
  DATE: 9,
  BLOB: 10,
  STRING: 11,
} as const;
export type TSDataType = (typeof TSDataType)[keyof typeof TSDataType];
export type TSDataTypeName = keyof typeof TSDataType;

/** The types a tablet or record can carry (VECTOR and UNKNOWN cannot be sent). */
export type SendableType = Exclude<TSDataType, 6 | 7>;
/** The names of the types a tablet or record can carry: TSDataTypeName without "VECTOR" and "UNKNOWN". */
export type SendableTypeName = Exclude<TSDataTypeName, "VECTOR" | "UNKNOWN">;

/** Table-model column roles: ColumnCategory.ordinal() as sent in columnCategories. */
export const ColumnCategory = {
  TAG: 0,
  FIELD: 1,
  ATTRIBUTE: 2,
} as const;
export type ColumnCategory = (typeof ColumnCategory)[keyof typeof ColumnCategory];
export type ColumnCategoryName = keyof typeof ColumnCategory;

const NAME_BY_CODE: readonly TSDataTypeName[] = Object.keys(TSDataType) as TSDataTypeName[];

/** The type code for a name as the server writes it in dataTypeList ("INT32" → 1). */
export function parseTypeName(name: string): TSDataType {
  const code = (TSDataType as Record<string, TSDataType>)[name];
  if (code === undefined || !Object.hasOwn(TSDataType, name)) {
    throw new TypeError(`unknown IoTDB data type name ${JSON.stringify(name)}`);
  }
  return code;
}

/** The name of a type code (1 → "INT32"). */
export function typeName(code: number): TSDataTypeName {
  const name = NAME_BY_CODE[code];
  if (name === undefined || TSDataType[name] !== code) throw new TypeError(`unknown IoTDB data type code ${code}`);
  return name;
}

/** True for the ten types a tablet or record can carry. */
export function isSendable(code: number): code is SendableType {
  return Number.isInteger(code) && code >= 0 && code <= 11 && code !== 6 && code !== 7;
}
