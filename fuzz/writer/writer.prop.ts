// Property: for random sequences of Writer operations, from random initial sizes, with no pool,
// a shared pool or a shared debug pool, the Writer's bytes equal the naive reference writer's,
// and the Reader gives every value back.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { BufferPool, Reader, Writer } from "@zerowire/writer";
import { opSequence, writerSetup, type PoolChoice } from "./arbitraries.js";
import { checkProperty } from "./check-property.js";
import { writeOps } from "./operations.js";
import { readOps } from "./read-back.js";
import { referenceBytes } from "./reference-writer.js";

const NUM_RUNS = 20_000;

// Shared across cases so pooled buffers are reused; the debug pool checks each reuse for writes
// made after release.
const pools: Record<PoolChoice, BufferPool | undefined> = {
  none: undefined,
  pool: new BufferPool(),
  "debug pool": new BufferPool({ debug: true }),
};

test(`Writer bytes equal the naive reference and read back (${NUM_RUNS} cases)`, () => {
  checkProperty(
    "writer vs naive reference + read-back",
    fc.tuple(writerSetup, opSequence),
    NUM_RUNS,
    ([setup, ops]) => {
      const pool = pools[setup.pool];
      const w = new Writer(pool ? { initialSize: setup.initialSize, pool } : { initialSize: setup.initialSize });
      writeOps(w, ops);
      const owned = w.finish();
      try {
        const expected = referenceBytes(ops);
        if (!owned.bytes.equals(expected)) {
          let i = 0;
          while (owned.bytes[i] === expected[i]) i++;
          assert.unreachable(
            `${owned.bytes.length} bytes vs ${expected.length} expected, first difference at offset ${i}`,
          );
        }
        const r = new Reader(owned.bytes);
        readOps(r, ops);
        assert.is(r.remaining, 0, "read back every byte");
      } finally {
        owned.release();
      }
    },
  );
  for (const pool of [pools.pool!, pools["debug pool"]!])
    assert.is(pool.stats().outstanding, 0, "every pooled buffer released");
});

test.run();
