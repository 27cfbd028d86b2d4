import { BYTESWAP_WASM_BASE64 } from "./byteswap-wasm.js";
import { type WasmApi, webAssembly } from "./wasm-api.js";

// Instances of the SIMD byte-swap kernels (byteswap.wat), each over a WebAssembly memory of its
// own. The first page of every such memory is a scratch area; the rest is for a pool's arena.

/** Bytes at the start of every kernel memory reserved as scratch (one wasm page). */
export const SCRATCH_BYTES = 65536;

/** Kernels bound to one memory, with whole-memory views for same-type copies in and out. */
export interface Kernels {
  /** Writes [src, src+n) to [dst, dst+n) with every 8-byte word reversed (dst === src: in place). */
  swapCopy64: (dst: number, src: number, n: number) => void;
  /** The same for 4-byte words. */
  swapCopy32: (dst: number, src: number, n: number) => void;
  /** The memory's buffer. Fixed: the memory is never grown, so these views never detach. */
  buffer: ArrayBuffer;
  u8: Uint8Array;
  f64: Float64Array;
  i64: BigInt64Array;
  f32: Float32Array;
  i32: Int32Array;
}

/** undefined until first use; null where the engine has no WebAssembly SIMD. */
let compiled: { wasm: WasmApi; module: object } | null | undefined;

function compile(): { wasm: WasmApi; module: object } | null {
  const wasm = webAssembly();
  if (wasm === undefined) return null;
  try {
    return { wasm, module: new wasm.Module(Buffer.from(BYTESWAP_WASM_BASE64, "base64")) };
  } catch {
    return null; // no WebAssembly SIMD in this engine
  }
}

/** Where a registered view lies: the kernels of its memory and its address there. */
export interface Placement {
  kernels: Kernels;
  /** The view's byteOffset, kept here because reading `byteOffset` of a Buffer compiles to a generic load in V8 11. */
  address: number;
}

/**
 * Views known to lie in a kernel memory (buffers carved from an arena, columns acquired from its
 * pool), by object: a lookup here costs ~6 ns where reading a typed array's `.buffer` (a C++
 * builtin in Node 20) costs ~15 ns, and the hot column path must not pay that.
 */
const views = new WeakMap<object, Placement>();
/**
 * Kernels over a new fixed-size memory of SCRATCH_BYTES + `bytes` (rounded up to 64 KiB pages),
 * or null when WebAssembly SIMD is missing or the memory cannot be reserved.
 */
export function createKernels(bytes: number): Kernels | null {
  const c = compiled === undefined ? (compiled = compile()) : compiled;
  if (c === null) return null;
  const pages = (SCRATCH_BYTES + bytes + 65535) >>> 16;
  let memory: { buffer: ArrayBuffer };
  try {
    // initial === maximum: never grown (growing would detach every view of it).
    memory = new c.wasm.Memory({ initial: pages, maximum: pages });
  } catch {
    return null; // address space for another memory could not be reserved
  }
  const exports = new c.wasm.Instance(c.module, { env: { memory } }).exports;
  const buffer = memory.buffer;
  const kernels: Kernels = {
    swapCopy64: exports.swapCopy64 as Kernels["swapCopy64"],
    swapCopy32: exports.swapCopy32 as Kernels["swapCopy32"],
    buffer,
    u8: new Uint8Array(buffer),
    f64: new Float64Array(buffer),
    i64: new BigInt64Array(buffer),
    f32: new Float32Array(buffer),
    i32: new Int32Array(buffer),
  };
  return kernels;
}

/** Whether any typed array (not just Buffers) was registered: until then sources need no lookup. */
let typedColumnsRegistered = false;

/** Records that `view` lies in the memory of `kernels`. */
export function registerView(view: ArrayBufferView, kernels: Kernels): void {
  views.set(view, { kernels, address: view.byteOffset });
  if (!(view instanceof Uint8Array)) typedColumnsRegistered = true;
}

/** Where `view` lies, if it was registered. */
export function placementOf(view: ArrayBufferView): Placement | undefined {
  return views.get(view);
}

/**
 * placementOf for a typed column (the source of a column write), skipping the lookup while no column was registered.
 */
export function placementOfColumn(view: ArrayBufferView): Placement | undefined {
  return typedColumnsRegistered ? views.get(view) : undefined;
}
