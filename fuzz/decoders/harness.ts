// Runs one decoder over many inputs and judges each one. An input passes when the decoder
// either returns an output that passes the target's checks or throws the decoder's own error
// class. It fails when the decoder throws anything else, is slower than MAX_MS, holds more
// memory than the target allows for that input, writes to its input or around it, or decodes
// the same bytes differently when they sit inside a larger buffer (reads outside the view would
// show there). Counts, decoded/rejected and the slowest input are kept per source.
import { MAX_MS } from "./settings.js";

export type Source = "random" | "truncation" | "mutation" | "structured";
export const SOURCES: readonly Source[] = ["random", "truncation", "mutation", "structured"];

export interface Footprint {
  /** Bytes of memory the output holds (its own arrays, not the input it views). */
  bytes: number;
  /** The most it may hold for this input. */
  limit: number;
}

export interface DecodeTarget<C, T> {
  readonly name: string;
  /** Decodes `view` (the input, placed inside a sentinel-filled buffer). */
  decode(view: Buffer, context: C): T;
  /** Another way to decode the same bytes that must give the same output (e.g. into reused
   *  memory); used for the standalone copy. Defaults to decode. */
  decodeAlternative?(view: Buffer, context: C): T;
  /** True for the decoder's own error class. */
  isTypedError(error: unknown): boolean;
  /** Throws an Error naming the inconsistency when a decoded output is wrong. */
  check(output: T, view: Buffer, context: C): void;
  footprint(output: T, view: Buffer): Footprint;
  /** A text that differs when two outputs differ, for the in-place vs standalone comparison. */
  digest(output: T): string;
  /** Time allowed beyond MAX_MS for an output that is large by design (rows materialised from
   *  positions the decoder's cell budget allows): linear in the output, so superlinear work
   *  still fails. Default 0. */
  extraMs?(output: T): number;
}

export type Outcome = "decoded" | "rejected" | "failed" | "skipped";

export interface Failure {
  source: Source;
  label: string;
  hex: string;
  problem: string;
}

interface Tally {
  inputs: number;
  decoded: number;
  rejected: number;
  failed: number;
  maxMs: number;
  slowest: string;
}

const PAD = 64;
const SENTINEL = 0xa5;
/** Inputs up to this size are also decoded from a standalone copy; larger ones every 16th time. */
const ALWAYS_COMPARE_BELOW = 4096;
const MEMORY_SAMPLE_EVERY = 64;
/** Garbage not collected yet shows in a memory sample; this much of it is not a finding. */
const MEMORY_SLACK = 256 * 1024 * 1024;
const MAX_FAILURES_KEPT = 50;
const HALT_AFTER_FAILURES = 20;
const HALT_AFTER_MS = 30_000;
/** A decode this slow is no stall; it is not tried again (a retry could take as long). */
const RETRY_BELOW_MS = 10 * MAX_MS;
const MAX_HEX_BYTES = 600;

export class Fuzzer<C, T> {
  readonly tallies = new Map<Source, Tally>(
    SOURCES.map((s) => [s, { inputs: 0, decoded: 0, rejected: 0, failed: 0, maxMs: 0, slowest: "" }]),
  );
  readonly failures: Failure[] = [];
  failureCount = 0;
  /** Failures over the whole run (failureCount restarts with each takeFailures). */
  totalFailures = 0;
  /** Set once failures are certain and more inputs would only cost time: after
   *  HALT_AFTER_FAILURES failures, or after any failure once HALT_AFTER_MS have passed (a bug
   *  that makes inputs slow would otherwise make the run last hours). */
  halted = false;
  /** Inputs not run because the fuzzer had halted. */
  skipped = 0;
  /** Set by the first input: uvu loads every suite before running any, so construction time
   *  says nothing about when this fuzzer's own inputs start. */
  private started = 0;
  private startRss = 0;
  private lastOutcome: Outcome = "decoded";
  private arena = Buffer.alloc(0);
  private sinceSample = 0;
  private windowAllowance = 0;
  private lastMemory = 0;
  maxFootprintRatio = 0;
  maxWindowGrowth = 0;

  constructor(readonly target: DecodeTarget<C, T>) {}

  /** Judges one input; returns its outcome and records a failure. Once the fuzzer has halted
   *  (see `halted`), returns "skipped" without running the input. */
  run(source: Source, label: string, input: Uint8Array, context: C): Outcome {
    if (this.halted) {
      this.skipped++;
      return "skipped";
    }
    if (this.started === 0) {
      this.started = performance.now();
      this.startRss = process.resourceUsage().maxRSS;
      this.resetMemoryWindow();
    }
    const tally = this.tallies.get(source)!;
    tally.inputs++;
    const problem = this.judge(input, context, tally, label);
    if (problem === undefined) return this.lastOutcome;
    tally.failed++;
    this.failureCount++;
    this.totalFailures++;
    if (this.totalFailures >= HALT_AFTER_FAILURES || performance.now() - this.started > HALT_AFTER_MS)
      this.halted = true;
    this.resetMemoryWindow(); // what a failing input left behind must not count against the next ones
    if (this.failures.length < MAX_FAILURES_KEPT) this.failures.push({ source, label, hex: hexOf(input), problem });
    return "failed";
  }

  /** As run(), but throws on a failure (for fast-check properties, so that they shrink). */
  runOrThrow(source: Source, label: string, input: Uint8Array, context: C): Outcome {
    const before = this.failureCount;
    const outcome = this.run(source, label, input, context);
    if (this.failureCount > before) {
      const f = this.failures.at(-1);
      throw new Error(
        `${this.target.name}: ${f?.problem ?? "failure"}\n  ${label}\n  input (${input.length} bytes): ${hexOf(input)}`,
      );
    }
    return outcome;
  }

  get inputs(): number {
    let n = 0;
    for (const t of this.tallies.values()) n += t.inputs;
    return n;
  }

  /** Peak RSS growth since this fuzzer was made, in bytes (catches a spike even after it is freed). */
  rssGrowth(): number {
    return (process.resourceUsage().maxRSS - this.startRss) * 1024;
  }

  /** The per-source table. */
  report(): string {
    const lines = [
      `  ${this.target.name}`,
      "    source       inputs   decoded  rejected  failed  max ms  (slowest input)",
    ];
    let total = 0;
    for (const [source, t] of this.tallies) {
      if (t.inputs === 0) continue;
      total += t.inputs;
      lines.push(
        `    ${source.padEnd(11)} ${String(t.inputs).padStart(7)} ${String(t.decoded).padStart(9)} ${String(t.rejected).padStart(9)} ` +
          `${String(t.failed).padStart(7)} ${t.maxMs.toFixed(2).padStart(7)}  (${t.slowest})`,
      );
    }
    if (this.halted)
      lines.push(`    HALTED after ${this.totalFailures} failing inputs: ${this.skipped} inputs not run`);
    lines.push(
      `    total       ${String(total).padStart(7)}   largest output/limit ${(this.maxFootprintRatio * 100).toFixed(0)}%, ` +
        `largest memory growth per ${MEMORY_SAMPLE_EVERY} inputs ${(this.maxWindowGrowth / 1048576).toFixed(1)} MiB, ` +
        `peak RSS growth ${(this.rssGrowth() / 1048576).toFixed(0)} MiB`,
    );
    return lines.join("\n");
  }

  /** The failures recorded since the last call, one per line with the input hex, and forgets
   *  them; undefined when there were none. */
  takeFailures(): string | undefined {
    if (this.failureCount === 0) return undefined;
    const shown = this.failures.map((f) => `  [${f.source}] ${f.label}: ${f.problem}\n    input: ${f.hex}`);
    const more =
      this.failureCount > this.failures.length ? `\n  … and ${this.failureCount - this.failures.length} more` : "";
    const report = `${this.target.name}: ${this.failureCount} failing input(s)\n${shown.join("\n")}${more}`;
    this.failures.length = 0;
    this.failureCount = 0;
    return report;
  }

  private judge(input: Uint8Array, context: C, tally: Tally, label: string): string | undefined {
    const view = this.place(input);
    let output: T | undefined;
    let error: unknown;
    let threw = false;
    let ms = timed(() => {
      try {
        output = this.target.decode(view, context);
      } catch (e) {
        error = e;
        threw = true;
      }
    });
    const limit = MAX_MS + (threw || this.target.extraMs === undefined ? 0 : this.target.extraMs(output!));
    if (ms > limit && ms < RETRY_BELOW_MS + limit) {
      // A GC pause, a compiler thread or another process can stall one call: the best of five
      // counts, each timed by the smaller of wall and process CPU time, so that neither a busy
      // machine (wall) nor V8's background threads (process CPU) alone fail an input.
      for (let i = 0; i < 4 && ms > limit; i++) {
        ms = Math.min(
          ms,
          bestTimed(() => attempt(() => this.target.decode(this.place(input), context))),
        );
      }
    }
    if (ms > tally.maxMs) {
      tally.maxMs = ms;
      tally.slowest = `${label}, ${input.length} bytes`;
    }
    if (ms > limit) return `took ${ms.toFixed(1)} ms (limit ${limit.toFixed(1)} ms)`;
    const intact = this.untouched(view, input);
    if (intact !== undefined) return intact;
    if (threw) {
      if (!this.target.isTypedError(error)) return `threw ${describeError(error)} instead of the decoder's error`;
      this.lastOutcome = "rejected";
      tally.rejected++;
    } else {
      try {
        this.target.check(output!, view, context);
      } catch (e) {
        return `decoded, but ${(e as Error).message}`;
      }
      const { bytes, limit } = this.target.footprint(output!, view);
      this.maxFootprintRatio = Math.max(this.maxFootprintRatio, bytes / limit);
      if (bytes > limit) return `output holds ${bytes} bytes, more than the ${limit} allowed for this input`;
      this.windowAllowance += limit;
      this.lastOutcome = "decoded";
      tally.decoded++;
    }
    if (input.length <= ALWAYS_COMPARE_BELOW || tally.inputs % 16 === 0) {
      const differs = this.compareStandalone(input, context, threw, error, output);
      if (differs !== undefined) return differs;
    }
    return this.sampleMemory(input.length);
  }

  /** Copies the input into the arena between sentinel bytes; returns the view of it. */
  private place(input: Uint8Array): Buffer {
    const need = input.length + 2 * PAD;
    if (this.arena.length < need) {
      this.arena = Buffer.allocUnsafeSlow(Math.max(need, 2 * this.arena.length));
      this.arena.fill(SENTINEL);
    }
    this.arena.fill(SENTINEL, 0, PAD);
    this.arena.set(input, PAD);
    this.arena.fill(SENTINEL, PAD + input.length, need);
    return this.arena.subarray(PAD, PAD + input.length);
  }

  /** The decoder must not write to its input or to the bytes around it. */
  private untouched(view: Buffer, input: Uint8Array): string | undefined {
    if (!view.equals(input)) return "the decoder modified its input";
    const end = PAD + input.length;
    for (let i = 0; i < PAD; i++) {
      if (this.arena[i] !== SENTINEL || this.arena[end + i] !== SENTINEL) return "the decoder wrote outside its input";
    }
    return undefined;
  }

  /** Decodes a standalone copy (its own ArrayBuffer, nothing around it), the alternative way
   *  when the target has one, and compares. */
  private compareStandalone(
    input: Uint8Array,
    context: C,
    threw: boolean,
    error: unknown,
    output: T | undefined,
  ): string | undefined {
    const digest = threw ? "" : this.target.digest(output!); // before the next decode can reuse memory
    const copy = Buffer.allocUnsafeSlow(input.length);
    copy.set(input);
    let copyOutput: T | undefined;
    let copyError: unknown;
    let copyThrew = false;
    try {
      copyOutput = (this.target.decodeAlternative ?? this.target.decode)(copy, context);
    } catch (e) {
      copyError = e;
      copyThrew = true;
    }
    if (threw !== copyThrew) {
      return `decodes differently from a standalone copy: ${threw ? describeError(error) : "decoded"} vs standalone ${copyThrew ? describeError(copyError) : "decoded"}`;
    }
    if (threw) {
      const a = (error as Error).message;
      const b = (copyError as Error)?.message;
      return a === b
        ? undefined
        : `error differs from a standalone copy's: ${JSON.stringify(a)} vs standalone ${JSON.stringify(b)}`;
    }
    const copyDigest = this.target.digest(copyOutput!);
    return digest === copyDigest
      ? undefined
      : `output differs from a standalone copy's (reads outside the view? stale reused memory?): ${digest} vs ${copyDigest}`;
  }

  /** Every MEMORY_SAMPLE_EVERY inputs: the heap and ArrayBuffer memory may not grow by more than
   *  the window's allowed outputs, 64 bytes per input byte, and the slack for uncollected garbage. */
  private sampleMemory(inputLength: number): string | undefined {
    this.windowAllowance += 64 * inputLength;
    if (++this.sinceSample < MEMORY_SAMPLE_EVERY) return undefined;
    const now = memoryInUse();
    const growth = now - this.lastMemory;
    const allowed = this.windowAllowance + MEMORY_SLACK;
    this.maxWindowGrowth = Math.max(this.maxWindowGrowth, growth);
    this.resetMemoryWindow();
    return growth > allowed
      ? `memory grew by ${growth} bytes over the last ${MEMORY_SAMPLE_EVERY} inputs (allowed ${allowed})`
      : undefined;
  }

  private resetMemoryWindow(): void {
    this.lastMemory = memoryInUse();
    this.sinceSample = 0;
    this.windowAllowance = 0;
  }
}

function memoryInUse(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

function timed(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** The smaller of wall time and process CPU time of one call, in ms. */
function bestTimed(fn: () => void): number {
  const t0 = performance.now();
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return Math.min(performance.now() - t0, (used.user + used.system) / 1000);
}

function attempt(fn: () => unknown): void {
  try {
    fn();
  } catch {
    // only the time of a retry matters
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message.slice(0, 300)}`;
  return `non-Error ${typeof error}: ${String(error).slice(0, 100)}`;
}

export function hexOf(input: Uint8Array): string {
  const b = Buffer.from(input.buffer, input.byteOffset, input.length);
  return input.length <= MAX_HEX_BYTES
    ? b.toString("hex")
    : `${b.subarray(0, MAX_HEX_BYTES).toString("hex")}… (${input.length} bytes)`;
}
