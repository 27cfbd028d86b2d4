// A batching writer as a Node object-mode Writable, so pipeline(source, transform, stream) feeds
// it with backpressure: a chunk's callback waits while the writer is past its high-water mark,
// a bad row fails the stream with the writer's error (nothing of it kept), and the stream's end
// flushes the writer (every row acknowledged or reported failed before 'finish').
import { Writable } from "node:stream";
import type { Cell } from "@zerowire/iotdb-codec";

/** One row as the stream takes it. */
export interface WriterRow {
  target: string;
  time: number | bigint | Date;
  values: readonly Cell[];
}

interface RowSink {
  write(target: string, time: number | bigint | Date, values: readonly Cell[]): boolean;
  ready(): Promise<void>;
  flush(): Promise<void>;
}

export function writerStream(writer: RowSink): Writable {
  return new Writable({
    objectMode: true,
    write(row: WriterRow, _encoding, callback) {
      let below: boolean;
      try {
        if (row === null || typeof row !== "object")
          throw new TypeError(`expected a row { target, time, values }, got ${String(row)}`);
        below = writer.write(row.target, row.time, row.values);
      } catch (error) {
        callback(error as Error);
        return;
      }
      if (below) callback();
      else writer.ready().then(() => callback(), callback);
    },
    final(callback) {
      writer.flush().then(() => callback(), callback);
    },
  });
}
