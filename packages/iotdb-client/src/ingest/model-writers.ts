// The two writers a pool hands out: a tree writer whose targets are devices (SessionPool.writer())
// and a table writer whose targets are tables of the pool's database (TableSessionPool.writer()).
import { BatchWriter } from "./batch-writer.js";
import { type TableInserts, tableSink, treeSink, type TreeInserts } from "./tablet-sink.js";
import { type DeviceDefinition, deviceSchema, type TableDefinition, tableSchema } from "./target-schema.js";
import type { BatchWriterOptions } from "./writer-options.js";

/** A batching writer of tree-model devices; get one from SessionPool.writer(). */
export class TreeBatchWriter extends BatchWriter {
  protected readonly defineHint = "call defineDevice() first";

  /** @internal Made by SessionPool.writer(). */
  constructor(pool: TreeInserts, options?: BatchWriterOptions) {
    super(treeSink(pool), options);
  }

  /** Declares a device: its measurements and types (the order write() gives values in), and whether it is aligned. */
  defineDevice(device: string, definition: DeviceDefinition): this {
    this.define(deviceSchema(device, definition));
    return this;
  }
}

/** A batching writer of table-model tables (in the pool's database); get one from TableSessionPool.writer(). */
export class TableBatchWriter extends BatchWriter {
  protected readonly defineHint = "call defineTable() first";

  /** @internal Made by TableSessionPool.writer(). */
  constructor(pool: TableInserts, options?: BatchWriterOptions) {
    super(tableSink(pool), options);
  }

  /**
   * Declares a table: its columns, types and categories (TAG / ATTRIBUTE / FIELD), in the order write() gives values.
   */
  defineTable(table: string, definition: TableDefinition): this {
    this.define(tableSchema(table, definition));
    return this;
  }
}
