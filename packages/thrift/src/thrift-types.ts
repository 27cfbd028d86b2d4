// Thrift's wire type codes (TType), as the protocols and the generated code (`Thrift.Type` of the
// `thrift` package) number them. One table, so a protocol's validation and its skip agree on
// what a known type is.

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

/** The compact protocol's type codes (the low nibble of a field header; an element type in a list header). */
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
