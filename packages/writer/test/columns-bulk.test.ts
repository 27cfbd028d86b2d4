// Typed-array columns take the bulk path (copy into WebAssembly memory, SIMD byte swap, copy
// out; 64 KiB per kernel call). Its output must equal an independent big-endian encoding for
// every length 0..300, every destination alignment 0..7, sources that start inside their
// buffer, random bit patterns (NaN payloads included), lengths around the 64 KiB chunk, and on
// engines without WebAssembly (the fallback path, run in a child `node --jitless`).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Writer } from "@zerowire/writer";

type Column = Float64Array | BigInt64Array | Float32Array | Int32Array;

interface Kind {
  name: string;
  width: 4 | 8;
  make: (buffer: ArrayBuffer, byteOffset: number, length: number) => Column;
  write: (w: Writer, values: Column) => void;
}

const kinds: Kind[] = [
  { name: "f64", width: 8, make: (b, o, n) => new Float64Array(b, o, n), write: (w, v) => w.f64ColumnBE(v as Float64Array) },
  { name: "i64", width: 8, make: (b, o, n) => new BigInt64Array(b, o, n), write: (w, v) => w.i64ColumnBE(v as BigInt64Array) },
  { name: "f32", width: 4, make: (b, o, n) => new Float32Array(b, o, n), write: (w, v) => w.f32ColumnBE(v as Float32Array) },
  { name: "i32", width: 4, make: (b, o, n) => new Int32Array(b, o, n), write: (w, v) => w.i32ColumnBE(v as Int32Array) },
];

/** A column of `length` random bit patterns, starting `offsetElements` into its buffer. */
function randomColumn(kind: Kind, length: number, offsetElements: number): Column {
  const bytes = randomBytes((length + offsetElements) * kind.width);
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return kind.make(buffer, offsetElements * kind.width, length);
}

/** Each element's bytes, read little-endian and written big-endian through integer accessors. */
function bigEndianOf(kind: Kind, values: Column): Buffer {
  const src = new DataView(values.buffer, values.byteOffset, values.byteLength);
  const out = Buffer.alloc(values.byteLength);
  const dst = new DataView(out.buffer, out.byteOffset, out.length);
  for (let p = 0; p < values.byteLength; p += kind.width) {
    if (kind.width === 8) dst.setBigUint64(p, src.getBigUint64(p, true));
    else dst.setUint32(p, src.getUint32(p, true));
  }
  return out;
}

function written(kind: Kind, values: Column, prefix: Buffer, initialSize: number): Buffer {
  const w = new Writer({ initialSize });
  w.bytes(prefix);
  kind.write(w, values);
  w.u8(0xab);
  return Buffer.from(w.peek());
}

for (const kind of kinds) {
  test(`${kind.name}: every length 0..300 at every destination alignment 0..7`, () => {
    for (let length = 0; length <= 300; length++) {
      for (let align = 0; align < 8; align++) {
        const values = randomColumn(kind, length, align % 2);
        const prefix = randomBytes(align);
        const expected = Buffer.concat([prefix, bigEndianOf(kind, values), Buffer.from([0xab])]);
        const actual = written(kind, values, prefix, align === 0 ? 0 : 64);
        if (!actual.equals(expected)) assert.fixture(actual.toString("hex"), expected.toString("hex"), `length ${length} align ${align}`);
      }
    }
  });

  test(`${kind.name}: lengths around the 64 KiB kernel chunk`, () => {
    const perChunk = 65536 / kind.width;
    for (const length of [perChunk - 1, perChunk, perChunk + 1, 3 * perChunk + 5]) {
      const values = randomColumn(kind, length, 1);
      const prefix = randomBytes(3);
      const expected = Buffer.concat([prefix, bigEndianOf(kind, values), Buffer.from([0xab])]);
      assert.ok(written(kind, values, prefix, 16).equals(expected), `length ${length}`);
    }
  });
}

test("without WebAssembly (node --jitless) the fallback writes the same bytes", () => {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@zerowire/writer")).href;
  const columns = kinds.map((kind) => randomColumn(kind, 200, 1));
  const hexes = columns.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString("hex"));
  const script = `
    import { Writer } from ${JSON.stringify(entry)};
    if (typeof WebAssembly !== "undefined") throw new Error("expected no WebAssembly under --jitless");
    const [f64, i64, f32, i32] = ${JSON.stringify(hexes)}.map((h) => new Uint8Array(Buffer.from(h, "hex")).buffer);
    const w = new Writer();
    w.u8(1).f64ColumnBE(new Float64Array(f64)).i64ColumnBE(new BigInt64Array(i64));
    w.f32ColumnBE(new Float32Array(f32)).i32ColumnBE(new Int32Array(i32));
    process.stdout.write(w.peek().toString("hex"));`;
  const output = execFileSync(process.execPath, ["--jitless", "--input-type=module", "-e", script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"], // --jitless warns about disabled flags on stderr
  });
  const expected = Buffer.concat([Buffer.from([1]), ...kinds.map((kind, i) => bigEndianOf(kind, columns[i]!))]);
  assert.is(output, expected.toString("hex"));
});

test.run();
