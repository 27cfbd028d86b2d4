// Serializes a TsBlock model (tsblock-model.ts) the way tsfile's TsBlockSerde writes it
// (docs/iotdb-wire-format.md §6.2), as a list of fields. Each count, length, id, type and encoding is a
// tagged field, so a forgery can replace exactly one of them with a chosen value before the
// fields are joined into bytes.
import { type Body, type BlockModel, encodingOf, type Rep } from "./tsblock-model.js";

export type FieldTag =
  | "columnCount"
  | "type"
  | "positionCount"
  | "encoding"
  | "mayHaveNull"
  | "innerEncoding"
  | "valueLength"
  | "dictSize"
  | "idCount"
  | "id";

/** Tags of 4-byte big-endian int fields; the rest are single bytes. */
export const INT_TAGS: ReadonlySet<FieldTag> = new Set([
  "columnCount",
  "positionCount",
  "valueLength",
  "dictSize",
  "idCount",
  "id",
]);

export type Field = { tag: FieldTag; value: number } | { tag: "raw"; bytes: Buffer };

/** Replace the `which`-th field (modulo their number) tagged `tag` with `value`, or with its
 *  own value plus `value` when `relative`. */
export interface Forgery {
  tag: FieldTag;
  which: number;
  value: number;
  relative: boolean;
}

export function blockFields(block: BlockModel): Field[] {
  const out: Field[] = [{ tag: "columnCount", value: block.columns.length }];
  for (const c of block.columns) out.push({ tag: "type", value: c.physical });
  out.push({ tag: "positionCount", value: block.positionCount });
  out.push({ tag: "encoding", value: encodingOf(block.time.body, "i64") });
  for (const c of block.columns) out.push({ tag: "encoding", value: encodingOf(c.body, c.rep) });
  bodyFields(block.time.body, "i64", out);
  for (const c of block.columns) bodyFields(c.body, c.rep, out);
  return out;
}

function bodyFields(body: Body, rep: Rep, out: Field[]): void {
  switch (body.kind) {
    case "flat":
      flatFields(body.cells, body.flagsAlways, rep, out);
      return;
    case "rle":
      out.push({ tag: "innerEncoding", value: encodingOf(body.inner, rep) });
      bodyFields(body.inner, rep, out);
      return;
    case "dict":
      out.push({ tag: "innerEncoding", value: encodingOf(body.inner, rep) });
      out.push({ tag: "dictSize", value: body.size });
      bodyFields(body.inner, rep, out);
      out.push({ tag: "idCount", value: body.ids.length });
      for (const id of body.ids) out.push({ tag: "id", value: id });
      return;
  }
}

function flatFields(cells: readonly unknown[], flagsAlways: boolean, rep: Rep, out: Field[]): void {
  const isNull = cells.map((c) => c === null);
  const anyNull = isNull.includes(true);
  out.push({ tag: "mayHaveNull", value: anyNull || flagsAlways ? 1 : 0 });
  if (anyNull || flagsAlways) out.push({ tag: "raw", bytes: packBits(isNull) });
  switch (rep) {
    case "bool":
      // Packed for every position; a null position's bit is set so the decoder must clear it.
      out.push({ tag: "raw", bytes: packBits(cells.map((c) => c === null || c === true)) });
      return;
    case "text":
    case "bytes":
      for (const c of cells) {
        if (c === null) continue;
        const bytes = c as Buffer;
        out.push({ tag: "valueLength", value: bytes.length });
        out.push({ tag: "raw", bytes });
      }
      return;
    default:
      for (const c of cells) if (c !== null) out.push({ tag: "raw", bytes: fixedBytes(rep, c) });
  }
}

function fixedBytes(rep: Rep, v: unknown): Buffer {
  const b = Buffer.alloc(rep === "i64" || rep === "f64" ? 8 : 4);
  if (rep === "i32") b.writeInt32BE(v as number);
  else if (rep === "f32") b.writeFloatBE(v as number);
  else if (rep === "i64") b.writeBigInt64BE(v as bigint);
  else b.writeDoubleBE(v as number);
  return b;
}

/** MSB-first flags, ceil(n/8) bytes. */
function packBits(bits: readonly boolean[]): Buffer {
  const out = Buffer.alloc((bits.length + 7) >>> 3);
  bits.forEach((bit, i) => {
    if (bit) out[i >>> 3]! |= 0x80 >>> (i & 7);
  });
  return out;
}

/** Joins the fields into bytes, with the forgeries applied. */
export function assemble(fields: readonly Field[], forgeries: readonly Forgery[] = []): Buffer {
  const forged = new Map<number, number>();
  for (const f of forgeries) {
    const indices: number[] = [];
    fields.forEach((field, i) => {
      if (field.tag === f.tag) indices.push(i);
    });
    if (indices.length === 0) continue;
    const at = indices[f.which % indices.length]!;
    const field = fields[at] as { value: number };
    forged.set(at, f.relative ? field.value + f.value : f.value);
  }
  const parts = fields.map((field, i) => {
    if (field.tag === "raw") return field.bytes;
    const value = forged.get(i) ?? field.value;
    if (!INT_TAGS.has(field.tag)) return Buffer.of(value & 0xff);
    const b = Buffer.alloc(4);
    b.writeInt32BE(value | 0);
    return b;
  });
  return Buffer.concat(parts);
}
