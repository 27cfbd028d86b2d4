// Thrift's wire type codes (TType), as the protocols and the generated code (`Thrift.Type` of the
// `thrift` package) number them, and the compact protocol's own type codes. One table of each,
// so a protocol's validation and its skip agree on what a known type is, and other encoders
// (the IoTDB codec's insert writers, the client's status reader) use the same numbers.

/** Thrift type codes, as on the wire in TBinaryProtocol (the compact protocol maps them). */
export const TType = {
  STOP: 0,
  VOID: 1,
  BOOL: 2,
  BYTE: 3,
  DOUBLE: 4,
  I16: 6,
  I32: 8,
  I64: 10,
  STRING: 11,
  STRUCT: 12,
  MAP: 13,
  SET: 14,
  LIST: 15,
  UUID: 16,
} as const;

/** TCompactProtocol's type codes (the low nibble of a field header, list/set header or map key/value byte). */
export const CompactType = {
  STOP: 0,
  BOOLEAN_TRUE: 1,
  BOOLEAN_FALSE: 2,
  BYTE: 3,
  I16: 4,
  I32: 5,
  I64: 6,
  DOUBLE: 7,
  BINARY: 8,
  LIST: 9,
  SET: 10,
  MAP: 11,
  STRUCT: 12,
  UUID: 13,
} as const;

/** Compact code of each TType (-1: none). A bool element or key is written as BOOLEAN_TRUE. */
const COMPACT_OF_TTYPE: readonly number[] = [
  -1,
  -1,
  CompactType.BOOLEAN_TRUE,
  CompactType.BYTE,
  CompactType.DOUBLE,
  -1,
  CompactType.I16,
  -1,
  CompactType.I32,
  -1,
  CompactType.I64,
  CompactType.BINARY,
  CompactType.STRUCT,
  CompactType.MAP,
  CompactType.SET,
  CompactType.LIST,
  CompactType.UUID,
];

/**
 * The compact type code a field, element or key of TType `ttype` is written with (a bool as
 * BOOLEAN_TRUE; a bool field folds its value into the header instead). A RangeError for a code
 * that is not a value type.
 */
export function compactTypeOf(ttype: number): number {
  const compact = COMPACT_OF_TTYPE[ttype] ?? -1;
  if (compact === -1) throw new RangeError(`type code ${ttype} cannot be written as a field or element`);
  return compact;
}

/** Whether `type` is a value type (not STOP or VOID) that a field or an element can have. */
export function isValueType(type: number): boolean {
  switch (type) {
    case TType.BOOL:
    case TType.BYTE:
    case TType.DOUBLE:
    case TType.I16:
    case TType.I32:
    case TType.I64:
    case TType.STRING:
    case TType.STRUCT:
    case TType.MAP:
    case TType.SET:
    case TType.LIST:
    case TType.UUID:
      return true;
    default:
      return false;
  }
}
