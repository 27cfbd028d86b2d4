// Tree-model schema enums as createTimeseries sends them: TSEncoding.ordinal() and
// CompressionType.serialize() of tsfile.
import { EncodeError, parseTypeName, TSDataType, type TSDataTypeName } from "@zerowire/iotdb-codec";

export const TSEncoding = {
  PLAIN: 0,
  DICTIONARY: 1,
  RLE: 2,
  DIFF: 3,
  TS_2DIFF: 4,
  BITMAP: 5,
  GORILLA_V1: 6,
  REGULAR: 7,
  GORILLA: 8,
  ZIGZAG: 9,
  FREQ: 10,
  CHIMP: 11,
  SPRINTZ: 12,
  RLBE: 13,
} as const;
export type TSEncodingName = keyof typeof TSEncoding;

export const CompressionType = {
  UNCOMPRESSED: 0,
  SNAPPY: 1,
  GZIP: 2,
  LZO: 3,
  SDT: 4,
  PAA: 5,
  PLA: 6,
  LZ4: 7,
  ZSTD: 8,
  LZMA2: 9,
} as const;
export type CompressionTypeName = keyof typeof CompressionType;

export function dataTypeCode(type: TSDataType | TSDataTypeName, what: string): number {
  if (typeof type === "string") {
    try {
      return parseTypeName(type);
    } catch {
      throw new EncodeError(`${what}: unknown data type ${JSON.stringify(type)}`);
    }
  }
  if (!Object.values(TSDataType).includes(type))
    throw new EncodeError(`${what}: unknown data type code ${String(type)}`);
  return type;
}

export function enumCode(
  table: Readonly<Record<string, number>>,
  kind: string,
  value: string | number,
  what: string,
): number {
  const code = typeof value === "string" && Object.hasOwn(table, value) ? table[value] : value;
  if (typeof code !== "number" || !Object.values(table).includes(code)) {
    throw new EncodeError(`${what}: unknown ${kind} ${JSON.stringify(value)}`);
  }
  return code;
}
