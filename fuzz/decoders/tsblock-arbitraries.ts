// fast-check arbitraries for structure-aware TsBlock inputs: a model (columns of every type,
// RLE/DICTIONARY chains up to 5 deep, nulls, position counts up to 400), the logical types handed
// to the decoder (as the model's, none, one too many, or one wrong or unknown), and up to two
// forged fields (counts, lengths, ids, type and encoding bytes replaced by huge, negative,
// off-by-one or unknown values). A case with no forgery, consistent types and nesting within
// the limit is valid: the decoder must return exactly the model.
import fc from "fast-check";
import { MAX_ENCODING_NESTING, TSDataType } from "@zerowire/iotdb-codec";
import { Prng } from "./prng.js";
import { type BlockModel, type Body, type Cell, type ColumnModel, nesting, type Rep } from "./tsblock-model.js";
import { type FieldTag, type Forgery, INT_TAGS } from "./tsblock-writer.js";

export interface TsBlockCase {
  model: BlockModel;
  /** The decoder's `types` option (undefined: not given). */
  types: (TSDataType | undefined)[] | undefined;
  forgeries: Forgery[];
  /** No forgery, consistent types, nesting within MAX_ENCODING_NESTING: must decode to the model. */
  valid: boolean;
  /** No forgery and consistent types, but a chain deeper than the limit: must be refused. */
  tooDeep: boolean;
}

type TypesMode = "model" | "none" | "extra" | "wrong";

const LOGICAL: Record<number, (TSDataType | undefined)[]> = {
  [TSDataType.BOOLEAN]: [undefined, TSDataType.BOOLEAN],
  [TSDataType.INT32]: [undefined, TSDataType.INT32, TSDataType.DATE],
  [TSDataType.INT64]: [undefined, TSDataType.INT64, TSDataType.TIMESTAMP],
  [TSDataType.FLOAT]: [undefined, TSDataType.FLOAT],
  [TSDataType.DOUBLE]: [undefined, TSDataType.DOUBLE],
  [TSDataType.TEXT]: [undefined, TSDataType.TEXT, TSDataType.STRING, TSDataType.BLOB],
};

const REP_OF_PHYSICAL: Rep[] = ["bool", "i32", "i64", "f32", "f64", "text"];

type Link = { kind: "rle" | "dict"; size: number };
const link: fc.Arbitrary<Link> = fc.record({
  kind: fc.constantFrom("rle" as const, "dict" as const),
  size: fc.integer({ min: 1, max: 6 }),
});
const chain: fc.Arbitrary<Link[]> = fc.oneof(
  { arbitrary: fc.constant<Link[]>([]), weight: 4 },
  { arbitrary: fc.array(link, { minLength: 1, maxLength: 2 }), weight: 3 },
  { arbitrary: fc.array(link, { minLength: 3, maxLength: 5 }), weight: 1 },
);
const bodyShape = fc.record({
  chain,
  nullRate: fc.constantFrom(0, 0, 0.25, 1),
  flagsAlways: fc.boolean(),
  seed: fc.nat(),
});
const columnShape = fc.record({ physical: fc.integer({ min: 0, max: 5 }), logicalPick: fc.nat(3), body: bodyShape });

const INT_FORGES = [0x7fffffff, -1, -0x80000000, 0, 1, 0x00ffffff, 0x01000000, 0x10000, 0x7ffffff0];
const BYTE_FORGES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x7f, 0x80, 0xff];
const TAGS: FieldTag[] = [
  "columnCount",
  "type",
  "positionCount",
  "encoding",
  "mayHaveNull",
  "innerEncoding",
  "valueLength",
  "dictSize",
  "idCount",
  "id",
];

const forgery: fc.Arbitrary<Forgery> = fc
  .record({
    tag: fc.constantFrom(...TAGS),
    which: fc.nat(64),
    pick: fc.nat(),
    relative: fc.boolean(),
    delta: fc.constantFrom(1, -1, 6, -6, 1000),
  })
  .map(({ tag, which, pick, relative, delta }) => {
    if (!INT_TAGS.has(tag)) return { tag, which, value: BYTE_FORGES[pick % BYTE_FORGES.length]!, relative: false };
    return relative
      ? { tag, which, value: delta, relative: true }
      : { tag, which, value: INT_FORGES[pick % INT_FORGES.length]!, relative: false };
  });

export const tsBlockCase: fc.Arbitrary<TsBlockCase> = fc
  .record({
    positionCount: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 4 },
      { arbitrary: fc.integer({ min: 21, max: 400 }), weight: 1 },
    ),
    time: bodyShape,
    columns: fc.array(columnShape, { maxLength: 6 }),
    typesMode: fc.constantFrom<TypesMode>("model", "model", "none", "extra", "wrong"),
    wrongPick: fc.nat(),
    forgeries: fc.oneof(
      { arbitrary: fc.constant<Forgery[]>([]), weight: 2 },
      { arbitrary: fc.array(forgery, { minLength: 1, maxLength: 2 }), weight: 3 },
    ),
  })
  .map((s) => {
    const count = s.positionCount;
    const timeShape = { ...s.time, nullRate: Math.min(s.time.nullRate, 0.25) };
    const columns: ColumnModel[] = s.columns.map((c) => {
      const options = LOGICAL[c.physical]!;
      const logical = s.typesMode === "none" ? undefined : options[c.logicalPick % options.length];
      const rep: Rep = logical === TSDataType.BLOB ? "bytes" : REP_OF_PHYSICAL[c.physical]!;
      return { physical: c.physical, logical, rep, body: buildBody(rep, count, c.body) };
    });
    const model: BlockModel = { positionCount: count, time: { body: buildBody("i64", count, timeShape) }, columns };
    const types = typesFor(s.typesMode, columns, s.wrongPick);
    const consistent = s.forgeries.length === 0 && (s.typesMode === "model" || s.typesMode === "none");
    const deepest = Math.max(nesting(model.time.body), ...columns.map((c) => nesting(c.body)));
    return {
      model,
      types,
      forgeries: s.forgeries,
      valid: consistent && deepest <= MAX_ENCODING_NESTING,
      tooDeep: consistent && deepest > MAX_ENCODING_NESTING,
    };
  });

function typesFor(mode: TypesMode, columns: ColumnModel[], pick: number): (TSDataType | undefined)[] | undefined {
  if (mode === "none") return undefined;
  const types = columns.map((c) => c.logical);
  if (mode === "extra") types.push(TSDataType.INT32);
  else if (mode === "wrong") {
    // An incompatible, unknown or non-sendable type code in one place (or an extra entry when
    // there is no column).
    const codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 99, -1];
    const at = columns.length === 0 ? 0 : pick % columns.length;
    types[at] = codes[pick % codes.length] as TSDataType;
  }
  return types;
}

interface BodyShape {
  chain: Link[];
  nullRate: number;
  flagsAlways: boolean;
  seed: number;
}

function buildBody(rep: Rep, count: number, shape: BodyShape): Body {
  const rng = new Prng(shape.seed);
  const build = (level: number, n: number): Body => {
    const step = shape.chain[level];
    if (step === undefined) {
      const cells: Cell[] = [];
      for (let i = 0; i < n; i++) cells.push(rng.u32() / 2 ** 32 < shape.nullRate ? null : randomValue(rep, rng));
      return { kind: "flat", cells, flagsAlways: shape.flagsAlways };
    }
    if (step.kind === "rle") return { kind: "rle", inner: build(level + 1, 1) };
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(rng.below(step.size));
    return { kind: "dict", size: step.size, inner: build(level + 1, step.size), ids };
  };
  return build(0, count);
}

const SPECIAL_F64 = [0, -0, NaN, Infinity, -Infinity, Number.MIN_VALUE, Number.MAX_VALUE, 1.5, -2.25];
const SPECIAL_I32 = [0, -1, 1, 0x7fffffff, -0x80000000];
const SPECIAL_I64 = [0n, -1n, 1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 53n + 1n];

function randomValue(rep: Rep, rng: Prng): Cell {
  const special = rng.below(4) === 0;
  switch (rep) {
    case "bool":
      return rng.below(2) === 1;
    case "i32":
      return special ? rng.pick(SPECIAL_I32) : rng.u32() | 0;
    case "i64":
      return special ? rng.pick(SPECIAL_I64) : BigInt.asIntN(64, (BigInt(rng.u32()) << 32n) | BigInt(rng.u32()));
    case "f32":
      return Math.fround(special ? rng.pick(SPECIAL_F64) : Buffer.from(rng.bytes(4)).readFloatBE(0));
    case "f64":
      return special ? rng.pick(SPECIAL_F64) : rng.bytes(8).readDoubleBE(0);
    case "text":
    case "bytes":
      return randomText(rng);
  }
}

/** ASCII, UTF-8 text, or arbitrary (often invalid UTF-8) bytes; now and then a long one. */
function randomText(rng: Prng): Buffer {
  const length = rng.below(8) === 0 ? rng.below(300) : rng.below(12);
  switch (rng.below(3)) {
    case 0:
      return Buffer.from(Array.from({ length }, () => 0x20 + rng.below(95)));
    case 1:
      return Buffer.from(Array.from({ length }, () => rng.pick(["a", "é", "€", "😀", "\u0000"])).join(""), "utf8");
    default:
      return rng.bytes(length);
  }
}
