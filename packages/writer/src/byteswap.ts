import { endianness } from "node:os";
import { BYTESWAP_WASM_BASE64 } from "./byteswap-wasm.js";

// Typed-array columns become big-endian by a copy into a WebAssembly memory, an in-place SIMD
// byte swap there (i8x16.swizzle, 64 bytes per iteration: byteswap.wat) and a copy out. Bench
// cases `column-f64` / `column-i32` (1000 values, as fractions of an aligned memcpy) measured
// this path at 0.28 / 0.29, against copy + Buffer#swap64/swap32 (Node's scalar C++ loop)
// 0.15 / 0.11, a cached-DataView loop 0.08 / 0.07 and an Int32Array bit-twiddling loop
// 0.03 / 0.04. Swapping in place in the output buffer saves the copy out (0.36 / 0.38) but needs
// output buffers inside a WebAssembly.Memory, which Writer and pool buffers are not. Small
// columns are not diverted to the DataView loop (faster below ~16 values by at most ~25 ns):
// it would quiet signalling-NaN payloads of float32 values, this path keeps every bit.

/** True on little-endian hosts, where typed arrays must be byte-swapped to become big-endian. */
export const HOST_IS_LITTLE_ENDIAN = endianness() === "LE";

export type TypedColumn = Float64Array | BigInt64Array | Float32Array | Int32Array;

/** The kernels' memory is one 64 KiB page: the most bytes swapped per kernel call. */
const CHUNK_BYTES = 65536;

interface Kernels {
  swap64: (n: number) => void;
  swap32: (n: number) => void;
  /** Views of the kernel memory, one per column type, so copying in is a same-type memcpy. */
  f64: Float64Array;
  i64: BigInt64Array;
  f32: Float32Array;
  i32: Int32Array;
  memory: ArrayBuffer;
  /** Byte view of the first `out.length` bytes of the kernel memory, kept while lengths repeat. */
  out: Uint8Array;
}

/** undefined until first use; null where the engine has no WebAssembly SIMD. */
let kernels: Kernels | null | undefined;

// The part of the WebAssembly API used here (the project compiles without the DOM typings).
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}

function loadKernels(): Kernels | null {
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  let exports: Record<string, unknown>;
  try {
    exports = new wasm.Instance(new wasm.Module(Buffer.from(BYTESWAP_WASM_BASE64, "base64"))).exports;
  } catch {
    return null; // no WebAssembly SIMD in this engine
  }
  const memory = (exports.memory as { buffer: ArrayBuffer }).buffer;
  return {
    swap64: exports.swap64 as (n: number) => void,
    swap32: exports.swap32 as (n: number) => void,
    f64: new Float64Array(memory),
    i64: new BigInt64Array(memory),
    f32: new Float32Array(memory),
    i32: new Int32Array(memory),
    memory,
    out: new Uint8Array(memory, 0, 0),
  };
}

/**
 * Writes the elements of `values` big-endian into dst at pos (the caller made room for
 * values.byteLength bytes).
 */
export function writeBigEndian(dst: Buffer, pos: number, values: TypedColumn): void {
  if (!HOST_IS_LITTLE_ENDIAN) {
    dst.set(bytesOf(values), pos);
    return;
  }
  const k = kernels === undefined ? (kernels = loadKernels()) : kernels;
  if (k === null) {
    dst.set(bytesOf(values), pos);
    const written = dst.subarray(pos, pos + values.byteLength);
    if (values.BYTES_PER_ELEMENT === 8) written.swap64();
    else written.swap32();
    return;
  }
  const width = values.BYTES_PER_ELEMENT;
  const swap = width === 8 ? k.swap64 : k.swap32;
  const scratch = scratchFor(k, values);
  const perChunk = CHUNK_BYTES / width;
  const total = values.length;
  for (let i = 0; i < total; i += perChunk) {
    const part = total <= perChunk ? values : values.subarray(i, Math.min(total, i + perChunk));
    // Same element type on both sides (scratchFor), so this is a memcpy, not a conversion.
    (scratch as Float64Array).set(part as Float64Array);
    const n = part.byteLength;
    swap(n);
    if (k.out.length !== n) k.out = new Uint8Array(k.memory, 0, n);
    dst.set(k.out, pos);
    pos += n;
  }
}

function scratchFor(k: Kernels, values: TypedColumn): TypedColumn {
  if (values instanceof Float64Array) return k.f64;
  if (values instanceof BigInt64Array) return k.i64;
  if (values instanceof Float32Array) return k.f32;
  return k.i32;
}

function bytesOf(values: TypedColumn): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}
