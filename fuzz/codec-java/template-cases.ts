// Random flat schema templates (kind "template"): 1..40 uniquely named measurements of every
// storable type, any encoding and compressor, aligned or not, a well-formed template name. A third
// of them mix in 1..10 names of one String.hashCode ("Aa"/"BB" blocks), whose chains make Java's
// HashMap resize early (9 and 10 in one bucket); 11 would make it a tree, which our encoder
// refuses, so no case has more, and no other name shares their bucket; nor more than 12 names in
// all, as Java's table reaches 64 buckets by size after 24, where a 9th or 10th equal hash would
// be treeified too.
// `duplicateTemplateCase` names one measurement twice: Java's
// Template.addToTemplate throws, and so must our encoder.
import fc from "fast-check";
import type { TemplateCaseInput } from "./case-types.js";
import { identifier, SENDABLE_TYPES } from "./cell-values.js";

const ENCODINGS = [
  "PLAIN",
  "DICTIONARY",
  "RLE",
  "DIFF",
  "TS_2DIFF",
  "BITMAP",
  "GORILLA_V1",
  "REGULAR",
  "GORILLA",
  "ZIGZAG",
  "FREQ",
  "CHIMP",
  "SPRINTZ",
  "RLBE",
] as const;
/** tsfile 2.1.1's CompressionType has only these (LZO, SDT, PAA and PLA are gone). */
const COMPRESSORS = ["UNCOMPRESSED", "SNAPPY", "GZIP", "LZ4", "ZSTD", "LZMA2"] as const;

/** The i-th of 16 strings of four "Aa"/"BB" blocks: all share one String.hashCode. */
const equalHashName = (i: number) => Array.from({ length: 4 }, (_, bit) => ((i >> bit) & 1 ? "BB" : "Aa")).join("");

/** Java's HashMap bucket bits of a String key: String.hashCode, spread (h ^ h >>> 16), low 4 bits. */
function bucketBits(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(31, h) + name.charCodeAt(i)) | 0;
  return (h ^ (h >>> 16)) & 15;
}
const EQUAL_HASH_BUCKET = bucketBits(equalHashName(0));

const spec = (name: string) =>
  fc
    .record({
      type: fc.constantFrom(...SENDABLE_TYPES),
      encoding: fc.constantFrom(...ENCODINGS),
      compressor: fc.constantFrom(...COMPRESSORS),
    })
    .map((m) => ({ name, ...m }));

const names = fc.oneof(
  { weight: 2, arbitrary: fc.uniqueArray(identifier, { minLength: 1, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .uniqueArray(fc.integer({ min: 0, max: 15 }), { minLength: 1, maxLength: 10 })
      .chain((equal) => fc.tuple(fc.constant(equal), fc.uniqueArray(identifier, { maxLength: 12 - equal.length })))
      .chain(([equal, others]) => {
        // Other names never share the equal-hash names' bucket (their low 4 bucket bits differ,
        // so neither do the 5 or 6 of a table of 32 or 64): a 9th or 10th name there, beside 8 or
        // 9 of equal hash, made a tree (seed 1232055745, case 364).
        const all = [
          ...equal.map(equalHashName),
          ...others.filter((n) => !/^(Aa|BB){4}$/.test(n) && bucketBits(n) !== EQUAL_HASH_BUCKET),
        ];
        return fc.shuffledSubarray(all, { minLength: all.length });
      }),
  },
);

export const templateCase: fc.Arbitrary<TemplateCaseInput> = fc
  .record({ name: identifier, aligned: fc.boolean(), names })
  .chain(({ name, aligned, names }) =>
    fc
      .tuple(...names.map(spec))
      .map((measurements): TemplateCaseInput => ({ kind: "template", name, aligned, measurements })),
  );

/** A template with one measurement name given twice. */
export const duplicateTemplateCase: fc.Arbitrary<TemplateCaseInput> = templateCase.chain((t) =>
  fc
    .nat({ max: t.measurements.length - 1 })
    .map((i) => ({ ...t, measurements: [...t.measurements, { ...t.measurements[i]! }] })),
);
