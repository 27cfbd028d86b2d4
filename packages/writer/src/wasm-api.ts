// The part of the WebAssembly API the writer's modules use (byteswap-kernels.ts, utf8-strings.ts),
// typed here: the project compiles without the DOM typings.

export interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}

/** The engine's WebAssembly, or undefined where it has none (e.g. node --jitless). */
export function webAssembly(): WasmApi | undefined {
  return (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
}
