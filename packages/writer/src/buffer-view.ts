// Buffer views of an ArrayBuffer's bytes, made without Buffer#subarray's per-call lookups.
//
// Policy: Buffer#subarray (TypedArray.prototype.subarray) finds the class to construct on every
// call (`this.constructor[Symbol.species]`: a property lookup and a getter call) and the source's
// `buffer` and `byteOffset`, which together cost more than the view itself. Node's Buffer names
// that class in `Buffer[Symbol.species]`: its internal FastBuffer, whose instances are the Buffers
// that subarray, Buffer.from and Buffer.alloc give (same prototype, same object layout).
// Constructing it directly over an ArrayBuffer the caller looked up once gives the same view, and
// the Reader's views cost about half (bench case `read-fetch-5x64k`, five views per reply).
//
// The class is checked once, when this module loads: a species that is not a constructor making
// Buffers (another runtime, a future Node) leaves the documented Buffer.from(arrayBuffer, offset,
// length), which makes the same Buffer, only slower.

type ViewConstructor = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => Buffer;

/** Whether this process makes views with Node's Buffer class directly ("species") or with Buffer.from. */
export const bufferViewImplementation: "species" | "buffer-from" = speciesWorks() ? "species" : "buffer-from";

const Species = (Buffer as unknown as { [Symbol.species]: ViewConstructor })[Symbol.species];

/**
 * A Buffer over `length` bytes of `buffer` from `byteOffset`, unchecked: the caller guarantees the
 * range lies in the ArrayBuffer (a Buffer's `buffer` and `byteOffset + pos` within its bounds).
 */
export const rawBufferView: (buffer: ArrayBufferLike, byteOffset: number, length: number) => Buffer =
  bufferViewImplementation === "species"
    ? (buffer, byteOffset, length) => new Species(buffer, byteOffset, length)
    : (buffer, byteOffset, length) => Buffer.from(buffer, byteOffset, length);

function speciesWorks(): boolean {
  const C = (Buffer as unknown as { [Symbol.species]?: unknown })[Symbol.species];
  if (typeof C !== "function" || C === Buffer) return false;
  try {
    const backing = new ArrayBuffer(4);
    const view = new (C as ViewConstructor)(backing, 1, 2);
    return (
      Buffer.isBuffer(view) &&
      Object.getPrototypeOf(view) === Buffer.prototype &&
      view.buffer === backing &&
      view.byteOffset === 1 &&
      view.length === 2
    );
  } catch {
    return false;
  }
}
