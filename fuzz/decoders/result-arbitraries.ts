// fast-check arbitraries for query result metadata as a server (or a corrupted reply) may send
// it: repeated and odd column names, type names that are wrong, lower-case, unsendable or
// Object.prototype keys, a dataTypeList or mapping list one entry off, and mapping indices that
// are out of range, fractional, NaN or huge.
import fc from "fast-check";
import type { QueryResultMetadata } from "@zerowire/iotdb-codec";

const NAMES = ["s1", "s2", "Time", "time", "root.sg.d1.s1", "", "__proto__", "constructor", "温度", "s1"];
const TYPE_NAMES = [
  "BOOLEAN",
  "INT32",
  "INT64",
  "FLOAT",
  "DOUBLE",
  "TEXT",
  "TIMESTAMP",
  "DATE",
  "BLOB",
  "STRING",
  "VECTOR",
  "UNKNOWN",
  "int32",
  "",
  "toString",
  "__proto__",
  "INT32 ",
];
const INDICES = [-2, -1, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 1.5, Number.NaN, 1 << 20, 0x7fffffff, 2 ** 31];

/** Metadata of up to 6 columns, each part consistent or not on its own. */
export const resultMetadata: fc.Arbitrary<QueryResultMetadata> = fc
  .record({
    n: fc.integer({ min: 0, max: 6 }),
    names: fc.array(fc.constantFrom(...NAMES), { minLength: 7, maxLength: 7 }),
    types: fc.array(fc.constantFrom(...TYPE_NAMES), { minLength: 7, maxLength: 7 }),
    typesOff: fc.constantFrom(0, 0, 0, 1, -1),
    mapping: fc.constantFrom("identity", "absent", "null", "forged"),
    indices: fc.array(fc.constantFrom(...INDICES), { minLength: 7, maxLength: 7 }),
    mappingOff: fc.constantFrom(0, 0, 0, 1, -1),
    ignoreTimeStamp: fc.constantFrom(true, false, null, undefined),
  })
  .map((m) => {
    const columns = m.names.slice(0, m.n);
    const dataTypeList = m.types.slice(0, Math.max(0, m.n + m.typesOff));
    const length = Math.max(0, m.n + m.mappingOff);
    const columnIndex2TsBlockColumnIndexList =
      m.mapping === "absent"
        ? undefined
        : m.mapping === "null"
          ? null
          : m.mapping === "identity"
            ? columns.map((_, i) => i)
            : m.indices.slice(0, length);
    return { columns, dataTypeList, ignoreTimeStamp: m.ignoreTimeStamp, columnIndex2TsBlockColumnIndexList };
  });

const TYPE_CHOICES: Record<number, string[]> = {
  0: ["BOOLEAN"],
  1: ["INT32", "DATE"],
  2: ["INT64", "TIMESTAMP"],
  3: ["FLOAT"],
  4: ["DOUBLE"],
  5: ["TEXT", "STRING", "BLOB"],
};

export interface DerivedMetadataChoice {
  /** Result columns, each picking a TsBlock column (-1: the time column) and a type option. */
  picks: { column: number; type: number; name: number }[];
  ignoreTimeStamp: boolean;
}

export const derivedMetadataChoice: fc.Arbitrary<DerivedMetadataChoice> = fc.record({
  picks: fc.array(fc.record({ column: fc.nat(), type: fc.nat(), name: fc.nat() }), { maxLength: 8 }),
  ignoreTimeStamp: fc.boolean(),
});

/** Metadata consistent with a TsBlock whose value columns have these physical types: every
 *  result column reads an existing column (or the time column) with a type that fits it. Result
 *  columns may share TsBlock columns, so a server's TsBlock never has more value columns than the
 *  result has columns: no index reaches the number of result columns. */
export function derivedMetadata(physical: readonly number[], choice: DerivedMetadataChoice): QueryResultMetadata {
  const columns: string[] = [];
  const dataTypeList: string[] = [];
  const mapping: number[] = [];
  const readable = Math.min(physical.length, choice.picks.length);
  for (const p of choice.picks) {
    const k = (p.column % (readable + 1)) - 1;
    const options = k === -1 ? ["TIMESTAMP", "INT64"] : TYPE_CHOICES[physical[k]!]!;
    columns.push(NAMES[p.name % NAMES.length]!);
    dataTypeList.push(options[p.type % options.length]!);
    mapping.push(k);
  }
  return {
    columns,
    dataTypeList,
    ignoreTimeStamp: choice.ignoreTimeStamp,
    columnIndex2TsBlockColumnIndexList: mapping,
  };
}
