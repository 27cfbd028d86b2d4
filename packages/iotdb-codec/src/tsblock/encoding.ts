// TsBlock column encodings (tsfile ColumnEncoding): the byte in a TsBlock's encodings list.

export const ColumnEncoding = {
  BYTE_ARRAY: 0,
  INT32_ARRAY: 1,
  INT64_ARRAY: 2,
  BINARY_ARRAY: 3,
  RLE: 4,
  DICTIONARY: 5,
} as const;
export type ColumnEncoding = (typeof ColumnEncoding)[keyof typeof ColumnEncoding];

const ENCODING_NAMES = ["BYTE_ARRAY", "INT32_ARRAY", "INT64_ARRAY", "BINARY_ARRAY", "RLE", "DICTIONARY"] as const;

export function isColumnEncoding(code: number): code is ColumnEncoding {
  return code >= 0 && code < ENCODING_NAMES.length;
}

/** "INT32_ARRAY" for 1; "encoding 9" for a byte that is no encoding. */
export function encodingName(code: number): string {
  return ENCODING_NAMES[code] ?? `encoding ${code}`;
}
