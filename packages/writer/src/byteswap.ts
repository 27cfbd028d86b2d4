import { HOST_IS_LITTLE_ENDIAN } from "./host-endian.js";
import {
  SCRATCH_BYTES,
  createKernels,
  placementOf,
  placementOfColumn,
  type Kernels,
  type Placement,
} from "./byteswap-kernels.js";

// Big-endian typed-array columns by WebAssembly SIMD byte swaps (byteswap.wat: i8x16.swizzle,
// 16 bytes per instruction, exact length), with as few passes over the bytes as memory allows:
// - destination in a pool arena (BufferPool `arenaBytes`): the column is copied into place and
//   swapped there (2 passes; an unaligned destination: copy into the arena's scratch, swap-copy
//   into place);
// - source acquired with BufferPool#acquireColumn in the destination's arena: one fused
//   swap-copy pass; in an arena but the destination not: swap-copy into that arena's scratch,
//   copy out (2 passes);
// - otherwise: copy into a private scratch memory, swap there, copy out (3 passes).
// Bench (8 KB f64, ratio = memcpy ns / ours): 3 passes 0.26, 2 passes 0.35-0.37, fused 0.57.
// A wasm pass is bound by 128-bit stores (~85 ns per 8 KB here; a bare v128 store loop ~62 ns)
// while the memcpy baseline uses AVX-512 (~62 ns); copy + swap alone is ~150 ns (0.42), and
// lookups, the JS->wasm call and TypedArray#set entry add ~30 ns. Arena membership and addresses are looked up by view
// object
// (placementOf), never through `.buffer` / `.byteOffset`, which cost a C++ call or a generic
// load in Node 20.
// Engines without WebAssembly use copy + Buffer#swap64/swap32 (Node's scalar loop). Every path
// keeps every bit (NaN payloads included).

export type TypedColumn = Float64Array | BigInt64Array | Float32Array | Int32Array;

/** Kernels over a memory of just a scratch page, for data outside every arena. */
let scratchKernels: Kernels | null | undefined;

function scratch(): Kernels | null {
  return scratchKernels === undefined ? (scratchKernels = createKernels(0)) : scratchKernels;
}

/** Byte view of the start of a kernel memory's scratch, kept while lengths repeat (copy-out source). */
let scratchOut = new Uint8Array(0);
let scratchOutOf: Kernels | undefined;

function scratchBytes(k: Kernels, n: number): Uint8Array {
  if (scratchOut.length !== n || scratchOutOf !== k) {
    scratchOut = new Uint8Array(k.buffer, 0, n);
    scratchOutOf = k;
  }
  return scratchOut;
}

/**
 * Writes the elements of `values` big-endian into dst at pos; n is values.byteLength and width
 * its element size, passed in because the caller knows the type: the same property loads here
 * would see four typed-array maps, and V8 compiles them as generic (slow) loads.
 */
export function writeBigEndian(dst: Buffer, pos: number, values: TypedColumn, n: number, width: 4 | 8): void {
  if (n === 0) return;
  if (!HOST_IS_LITTLE_ENDIAN) {
    dst.set(bytesOf(values), pos);
    return;
  }
  const arena = placementOf(dst);
  if (arena !== undefined) {
    swapIntoArena(arena.kernels, arena.address + pos, values, n, width);
    return;
  }
  const source = placementOfColumn(values);
  const k = source !== undefined ? source.kernels : scratch();
  if (k === null) {
    dst.set(bytesOf(values), pos);
    swapWithBuffer(dst.subarray(pos, pos + n), width);
    return;
  }
  const swap = width === 8 ? k.swapCopy64 : k.swapCopy32;
  const perChunk = SCRATCH_BYTES / width;
  const total = n / width;
  values = apartFrom(dst, values, n);
  for (let i = 0; i < total; i += perChunk) {
    const part = total <= perChunk ? values : values.subarray(i, Math.min(total, i + perChunk));
    const partBytes = (Math.min(total, i + perChunk) - i) * width;
    if (source !== undefined) {
      swap(0, source.address + i * width, partBytes); // arena-resident source: fused into the scratch
    } else {
      copyIn(k, part, 0);
      swap(0, 0, partBytes);
    }
    dst.set(scratchBytes(k, partBytes), pos);
    pos += partBytes;
  }
}

/** Destination `at` is an address in the arena memory of `k`. */
function swapIntoArena(k: Kernels, at: number, values: TypedColumn, n: number, width: 4 | 8): void {
  const swap = width === 8 ? k.swapCopy64 : k.swapCopy32;
  const source = placementOfColumn(values);
  if (source !== undefined && source.kernels === k) {
    const from = source.address;
    // One fused pass; the kernel loads each vector before storing it, so only an exact
    // in-place swap may overlap. Otherwise work from a copy (only a view of the writer's own
    // buffer can overlap it).
    if (from === at || from + n <= at || at + n <= from) {
      swap(at, from, n);
      return;
    }
    values = values.slice();
  }
  if ((at & (width - 1)) === 0) {
    copyIn(k, values, width === 8 ? at >>> 3 : at >>> 2); // memcpy into place ...
    swap(at, at, n); // ... and swap there
    return;
  }
  // A typed copy needs an element-aligned target: through the scratch, swap-copied into place.
  const perChunk = SCRATCH_BYTES / width;
  const total = n / width;
  values = apartFrom(k.buffer, values, n);
  for (let i = 0; i < total; i += perChunk) {
    const part = total <= perChunk ? values : values.subarray(i, Math.min(total, i + perChunk));
    const partBytes = (Math.min(total, i + perChunk) - i) * width;
    copyIn(k, part, 0);
    swap(at, 0, partBytes);
    at += partBytes;
  }
}

/**
 * A new ArrayBuffer holding the n bytes of src at pos with every `width`-byte word reversed
 * (big-endian column -> host-order typed array).
 */
export function readBigEndian(src: Buffer, pos: number, n: number, width: 4 | 8): ArrayBuffer {
  const out = Buffer.allocUnsafeSlow(n);
  const source: Placement | undefined = HOST_IS_LITTLE_ENDIAN && n > 0 ? placementOf(src) : undefined;
  const k = source !== undefined ? source.kernels : HOST_IS_LITTLE_ENDIAN && n > 0 ? scratch() : null;
  if (k === null) {
    src.copy(out, 0, pos, pos + n);
    if (HOST_IS_LITTLE_ENDIAN) swapWithBuffer(out, width);
    return out.buffer as ArrayBuffer;
  }
  const swap = width === 8 ? k.swapCopy64 : k.swapCopy32;
  for (let i = 0; i < n; i += SCRATCH_BYTES) {
    const partBytes = Math.min(SCRATCH_BYTES, n - i);
    if (source !== undefined) {
      swap(0, source.address + pos + i, partBytes); // arena-resident input: fused into the scratch
    } else {
      k.u8.set(src.subarray(pos + i, pos + i + partBytes));
      swap(0, 0, partBytes);
    }
    out.set(scratchBytes(k, partBytes), i);
  }
  return out.buffer as ArrayBuffer;
}

/**
 * values, or a copy of it when it is longer than one scratch chunk and shares memory with the
 * destination: chunked paths write part by part, and a source overlapping its destination would
 * be overwritten before it is read. (Only a view of the writer's own buffer can overlap it.)
 */
function apartFrom<T extends TypedColumn>(dst: Uint8Array | ArrayBuffer, values: T, n: number): T {
  if (n <= SCRATCH_BYTES) return values;
  const memory = dst instanceof ArrayBuffer ? dst : dst.buffer;
  return values.buffer === memory ? (values.slice() as T) : values;
}

/**
 * Copies values into the kernel memory of k at element index `at` through the view of the same
 * element type, so it is a memcpy, not a conversion. One call site per type keeps each `set`
 * load monomorphic (a shared site sees four maps and V8 compiles a generic load).
 */
function copyIn(k: Kernels, values: TypedColumn, at: number): void {
  if (values instanceof Float64Array) k.f64.set(values, at);
  else if (values instanceof BigInt64Array) k.i64.set(values, at);
  else if (values instanceof Float32Array) k.f32.set(values, at);
  else k.i32.set(values, at);
}

/**
 * Turns the big-endian 4- or 8-byte words of `bytes` (a whole number of them) into host order in
 * place; nothing to do on a big-endian host. A RangeError when the length is not a multiple of
 * `width`. 4-byte words go through the SIMD kernel (copy into
 * its scratch, swap, copy back): Node's Buffer#swap32 is a scalar loop that cost ~3x that on
 * 16 KB of FLOAT and INT32 columns (bench decode-tsblock-1000-numeric). 8-byte words stay with
 * Buffer#swap64, which beat the kernel's two extra copies there.
 */
export function swapToHostOrder(bytes: Buffer, width: 4 | 8): void {
  const n = bytes.length;
  if (n % width !== 0) throw new RangeError(`swapToHostOrder: ${n} bytes is not a whole number of ${width}-byte words`);
  if (!HOST_IS_LITTLE_ENDIAN || n === 0) return;
  const k = width === 4 ? scratch() : null;
  if (k === null) {
    swapWithBuffer(bytes, width);
    return;
  }
  for (let i = 0; i < n; i += SCRATCH_BYTES) {
    const partBytes = Math.min(SCRATCH_BYTES, n - i);
    k.u8.set(partBytes === n ? bytes : bytes.subarray(i, i + partBytes));
    k.swapCopy32(0, 0, partBytes);
    bytes.set(scratchBytes(k, partBytes), i);
  }
}

function swapWithBuffer(bytes: Buffer, width: number): void {
  if (width === 8) bytes.swap64();
  else bytes.swap32();
}

function bytesOf(values: TypedColumn): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}
