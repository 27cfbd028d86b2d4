// Property: Postgres frontend message pipelines (Query, Parse, Bind, Describe, Execute, Sync)
// built with our Writer (pg-serializer.ts) are byte-identical to the pg-protocol package's
// `serialize` for the same messages.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { serialize } from "pg-protocol";
import { BufferPool, Writer } from "@zerowire/writer";
import { unicodeString, writerSetup, type PoolChoice } from "./arbitraries.js";
import { checkProperty } from "./check-property.js";
import * as pg from "./pg-serializer.js";

const NUM_RUNS = 10_000;

type Message =
  | { type: "query"; text: string }
  | { type: "parse"; name?: string; text: string; types?: number[] }
  | { type: "bind"; portal?: string; statement?: string; values?: pg.BindValue[]; binary?: boolean }
  | { type: "describe"; target: "S" | "P"; name?: string }
  | { type: "execute"; opts?: { portal?: string; rows?: number } }
  | { type: "sync" };

const noNul = (s: string) => s.replaceAll("\0", "");
/** SQL text: any unicode (lone surrogates, 4-byte characters, long strings) except NUL. */
const sqlText = unicodeString.map(noNul);
/** Statement and portal names: pg-protocol warns past 63 UTF-16 units, so at most 60. */
const name = fc.oneof(
  fc.string({ maxLength: 12 }),
  unicodeString.map((s) => noNul(s).slice(0, 60)),
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Text values may hold any unit, NUL included: they are length-prefixed, not NUL-terminated. */
const bindValue: fc.Arbitrary<pg.BindValue> = fc.oneof(
  { weight: 4, arbitrary: unicodeString },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
);

const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ type: fc.constant("query" as const), text: sqlText }),
  fc.record(
    {
      type: fc.constant("parse" as const),
      name,
      text: sqlText,
      types: fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 12 }),
    },
    { requiredKeys: ["type", "text"] },
  ),
  fc.record(
    {
      type: fc.constant("bind" as const),
      portal: name,
      statement: name,
      values: fc.array(bindValue, { maxLength: 12, size: "max" }),
      binary: fc.boolean(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("describe" as const),
    target: fc.constantFrom<"S" | "P">("S", "P"),
    name: optional(name),
  }),
  fc.record({
    type: fc.constant("execute" as const),
    opts: optional(fc.record({ portal: name, rows: fc.integer({ min: 0, max: 0xffffffff }) }, { requiredKeys: [] })),
  }),
  fc.constant({ type: "sync" as const }),
);

function ours(w: Writer, m: Message): void {
  switch (m.type) {
    case "query":
      return pg.query(w, m.text);
    case "parse":
      return pg.parse(w, m);
    case "bind":
      return pg.bind(w, m);
    case "describe":
      return pg.describe(w, { type: m.target, ...(m.name === undefined ? {} : { name: m.name }) });
    case "execute":
      return pg.execute(w, m.opts);
    case "sync":
      return pg.sync(w);
  }
}

function theirs(m: Message): Buffer {
  switch (m.type) {
    case "query":
      return serialize.query(m.text);
    case "parse":
      return serialize.parse(m);
    case "bind":
      return serialize.bind(m);
    case "describe":
      return serialize.describe({ type: m.target, ...(m.name === undefined ? {} : { name: m.name }) });
    case "execute":
      return serialize.execute(m.opts);
    case "sync":
      return serialize.sync();
  }
}

const pools: Record<PoolChoice, BufferPool | undefined> = {
  none: undefined,
  pool: new BufferPool(),
  "debug pool": new BufferPool({ debug: true }),
};

const seen = new Set<Message["type"]>();

test(`Postgres frames from our Writer equal pg-protocol's serialize (${NUM_RUNS} cases)`, () => {
  const pipeline = fc.array(message, { minLength: 1, maxLength: 8, size: "max" });
  checkProperty(
    "pg frames vs pg-protocol serialize",
    fc.tuple(writerSetup, pipeline),
    NUM_RUNS,
    ([setup, messages]) => {
      const pool = pools[setup.pool];
      const w = new Writer(pool ? { initialSize: setup.initialSize, pool } : { initialSize: setup.initialSize });
      for (const m of messages) ours(w, m);
      const owned = w.finish();
      try {
        let offset = 0;
        for (const m of messages) {
          seen.add(m.type);
          const expected = theirs(m);
          const actual = owned.bytes.subarray(offset, offset + expected.length);
          if (!actual.equals(expected)) {
            assert.unreachable(
              `${m.type} at offset ${offset}: ours ${actual.toString("hex").slice(0, 120)}, pg-protocol ${expected.toString("hex").slice(0, 120)}`,
            );
          }
          offset += expected.length;
        }
        assert.is(owned.bytes.length, offset, "no bytes beyond the pipeline");
      } finally {
        owned.release();
      }
    },
  );
  assert.equal([...seen].sort(), ["bind", "describe", "execute", "parse", "query", "sync"]);
});

test("fixed frames: Sync and an empty Execute are pg-protocol's constant buffers", () => {
  const w = new Writer({ initialSize: 0 });
  pg.sync(w);
  pg.execute(w);
  assert.equal(w.peek(), Buffer.from([0x53, 0, 0, 0, 4, 0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]));
});

test.run();
