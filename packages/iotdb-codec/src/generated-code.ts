// Code generated from strings (new Function) for the codec's per-cell loops whose shape a list of
// column types fixes: TabletBuilder's row stores (row-store.ts) and a result block's row readers
// (query/row-reader.ts). Straight-line code with each column's index and type fixed saves a
// loop step, a dispatch on the type and a few loads per cell.
//
// Policy: each use keeps its own cache, keyed by its list of types, of at most `limit` functions;
// once full, or where code cannot be generated from strings (node
// --disallow-code-generation-from-strings throws an EvalError), callers get undefined and use their
// own loop, which does the same work. So a caller with ever new schemas cannot grow a cache without
// bound. Any other error from compiling is a bug in the generated source and is thrown. Generated
// source holds only column indexes and the generating file's text, never a name or a value.

/** False once new Function has thrown an EvalError: no code is generated in this process then. */
let canGenerate = true;

/** Compiled functions by key, at most `limit` of them. */
export class GeneratedCode<T> {
  private readonly compiled = new Map<string, T>();

  constructor(private readonly limit: number) {}

  /** The function cached for `key`, if any. */
  cached(key: string): T | undefined {
    return this.compiled.get(key);
  }

  /**
   * The function for `key`: cached, or made now by `make` from what `source()`, run as a function
   * body, returns; undefined where code cannot be generated or the cache is full.
   */
  compile(key: string, source: () => string, make: (returned: unknown) => T): T | undefined {
    const cached = this.compiled.get(key);
    if (cached !== undefined || !canGenerate || this.compiled.size >= this.limit) return cached;
    let body: () => unknown;
    try {
      body = new Function(source()) as () => unknown;
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      canGenerate = false;
      return undefined;
    }
    const compiled = make(body());
    this.compiled.set(key, compiled);
    return compiled;
  }
}
