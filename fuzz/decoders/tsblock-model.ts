// A TsBlock as a model: per column its representation and a body tree (flat values, RLE over a
// one-position body, DICTIONARY over a body of `size` entries plus ids). The structured fuzz
// builds models, serializes them (tsblock-writer.ts), and for a valid model knows exactly what
// the decoder must return.
import type { TsBlock, TSDataType } from "@zerowire/iotdb-codec";

export type Rep = "bool" | "i32" | "i64" | "f32" | "f64" | "text" | "bytes";

/** One position: null, or the value as written (text and blob values as their bytes). */
export type Cell = null | boolean | number | bigint | Buffer;

export type Body =
  | { kind: "flat"; cells: Cell[] /** write null flags even when no cell is null */; flagsAlways: boolean }
  | { kind: "rle"; inner: Body }
  | { kind: "dict"; size: number; inner: Body; ids: number[] };

export interface ColumnModel {
  /** Type byte in the header (BOOLEAN..TEXT). */
  physical: number;
  /** Type handed to the decoder for this column (undefined: the physical one). */
  logical: TSDataType | undefined;
  rep: Rep;
  body: Body;
}

export interface BlockModel {
  positionCount: number;
  time: { body: Body };
  columns: ColumnModel[];
}

/** The encoding byte a body is written with. */
export function encodingOf(body: Body, rep: Rep): number {
  if (body.kind === "rle") return 4;
  if (body.kind === "dict") return 5;
  if (rep === "bool") return 0;
  if (rep === "i32" || rep === "f32") return 1;
  if (rep === "i64" || rep === "f64") return 2;
  return 3;
}

/** RLE/DICTIONARY levels in a body (0 for a flat one). */
export function nesting(body: Body): number {
  return body.kind === "flat" ? 0 : 1 + nesting(body.inner);
}

/** The cells a body decodes to at `count` positions. */
export function expectedCells(body: Body, count: number): Cell[] {
  switch (body.kind) {
    case "flat":
      return body.cells;
    case "rle": {
      const cell = expectedCells(body.inner, 1)[0]!;
      return new Array<Cell>(count).fill(cell);
    }
    case "dict": {
      const entries = expectedCells(body.inner, body.size);
      return body.ids.map((id) => entries[id]!);
    }
  }
}

/** Where the decoded block differs from the model, or undefined. */
export function differenceFromModel(block: TsBlock, model: BlockModel): string | undefined {
  if (block.positionCount !== model.positionCount)
    return `positionCount ${block.positionCount}, expected ${model.positionCount}`;
  const time = expectedCells(model.time.body, model.positionCount);
  for (let i = 0; i < time.length; i++) {
    const want = time[i] === null ? 0n : time[i];
    if (block.time[i] !== want) return `time[${i}] = ${block.time[i]}, expected ${want}`;
  }
  if (block.columns.length !== model.columns.length)
    return `${block.columns.length} columns, expected ${model.columns.length}`;
  for (let k = 0; k < model.columns.length; k++) {
    const m = model.columns[k]!;
    const col = block.columns[k]!;
    const cells = expectedCells(m.body, model.positionCount);
    for (let i = 0; i < cells.length; i++) {
      const isNull = col.nulls?.[i] === 1;
      if (isNull !== (cells[i] === null))
        return `column ${k} position ${i}: null ${isNull}, expected ${cells[i] === null}`;
      if (cells[i] === null) continue;
      const got = (col.values as ArrayLike<unknown>)[i];
      const want = decodedValue(m.rep, cells[i]!);
      if (!sameValue(got, want)) return `column ${k} position ${i}: ${show(got)}, expected ${show(want)}`;
    }
  }
  return undefined;
}

function decodedValue(rep: Rep, cell: Exclude<Cell, null>): unknown {
  if (rep === "bool") return cell ? 1 : 0;
  if (rep === "text") return (cell as Buffer).toString("utf8");
  return cell;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  return Object.is(a, b);
}

function show(v: unknown): string {
  return Buffer.isBuffer(v) ? `<${v.toString("hex")}>` : typeof v === "string" ? JSON.stringify(v) : String(v);
}
