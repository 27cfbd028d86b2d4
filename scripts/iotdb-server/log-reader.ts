import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";

/**
 * Reads only what is appended to a file after the moment it was created: IoTDB logs
 * append across restarts, and a readiness line from an earlier run must not count.
 */
export class AppendedText {
  private readonly start: number;
  private position: number;
  private text = "";

  constructor(private readonly file: string) {
    this.start = existsSync(file) ? statSync(file).size : 0;
    this.position = this.start;
  }

  /** Everything appended since construction. */
  read(): string {
    if (!existsSync(this.file)) return this.text;
    const size = statSync(this.file).size;
    if (size > this.position) {
      const buffer = Buffer.alloc(size - this.position);
      const fd = openSync(this.file, "r");
      try {
        readSync(fd, buffer, 0, buffer.length, this.position);
      } finally {
        closeSync(fd);
      }
      this.position = size;
      this.text += buffer.toString("utf8");
    }
    return this.text;
  }

  tail(lines: number): string {
    return this.read()
      .split("\n")
      .slice(-lines - 1)
      .join("\n")
      .trimEnd();
  }
}
