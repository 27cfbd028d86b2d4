// Live progress of a round: a redrawn bar on a terminal, plain lines every REPORT_INTERVAL otherwise
// (none with REPORT_INTERVAL=0).
import type { RoundProgress } from "./writer.js";

const REDRAW_MS = 200;
const BAR_WIDTH = 24;

export interface ProgressTarget {
  /** Points the round will write (loop mode), or undefined in duration mode. */
  points: number | undefined;
  /** The round's duration (duration mode), or undefined. */
  durationMs: number | undefined;
}

export class ProgressDisplay {
  private readonly tty = process.stdout.isTTY === true;
  private timer: NodeJS.Timeout | undefined;
  private begin = 0;

  constructor(
    private readonly label: string,
    private readonly target: ProgressTarget,
    private readonly reportIntervalMs: number,
  ) {}

  start(progress: RoundProgress): void {
    this.begin = performance.now();
    // REPORT_INTERVAL=0: no progress lines (a terminal still gets its bar).
    if (!this.tty && this.reportIntervalMs === 0) return;
    this.timer = setInterval(() => this.show(progress.points), this.tty ? REDRAW_MS : this.reportIntervalMs);
    // The display must never keep the process alive or delay a round's end.
    this.timer.unref();
  }

  /** Stops the live display (the round's work is done). */
  stop(): void {
    clearInterval(this.timer);
    if (this.tty) process.stdout.write("\r\x1b[K");
  }

  /** The round's closing line. */
  report(summary: string): void {
    console.log(`  ${this.label}  ${summary}`);
  }

  private show(points: number): void {
    const elapsedMs = performance.now() - this.begin;
    const rate = elapsedMs > 0 ? (points / elapsedMs) * 1000 : 0;
    const figures = `${formatPoints(points)} pts  ${formatPoints(rate)} pts/s  ${(elapsedMs / 1000).toFixed(1)} s`;
    if (!this.tty) {
      console.log(`  ${this.label}  ${figures}`);
      return;
    }
    const fraction =
      this.target.points !== undefined
        ? points / this.target.points
        : this.target.durationMs !== undefined
          ? elapsedMs / this.target.durationMs
          : 0;
    const filled = Math.max(0, Math.min(BAR_WIDTH, Math.round(fraction * BAR_WIDTH)));
    process.stdout.write(
      `\r\x1b[K  ${this.label}  [${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]  ${figures}`,
    );
  }
}

/** 12.3 M, 456.7 k, 89 */
export function formatPoints(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return n.toFixed(0);
}
