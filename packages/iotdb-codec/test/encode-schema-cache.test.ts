// Schemas are resolved once per schema object and reused while unchanged: a schema changed in
// place (a column's type, name or category, the columns array, target, aligned, model) must be
// encoded as a fresh copy of it would be, and a change that makes it invalid must be refused.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  EncodeError,
  insertTabletCall,
  writeCallFrame,
  type Tablet,
  type TabletColumn,
  type TabletSchema,
} from "../src/index.js";
import { toHex } from "./encode-bytes.js";

function frameHex(tablet: Tablet): string {
  const w = new Writer();
  writeCallFrame(w, insertTabletCall(tablet), { sessionId: 7, seqid: 3 });
  return toHex(w.finish().bytes);
}

/** The tablet's frame now, and the frame of the same tablet with a deep copy of its schema (never seen before). */
function framesNowAndFresh(tablet: Tablet): [string, string] {
  const copy: TabletSchema = { ...tablet.schema, columns: tablet.schema.columns.map((c) => ({ ...c })) };
  return [frameHex(tablet), frameHex({ ...tablet, schema: copy })];
}

function tabletOf(schema: TabletSchema): Tablet {
  return { schema, timestamps: [1, 2], values: schema.columns.map(() => [1, 2]) };
}

test("a schema changed in place after it was used is encoded as it is now", () => {
  const columns: TabletColumn[] = [
    { name: "a", type: "INT32" },
    { name: "b", type: "INT64" },
  ];
  const schema: TabletSchema = { model: "tree", target: "root.sg.d1", columns };
  const tablet = tabletOf(schema);
  const first = frameHex(tablet);
  assert.is(frameHex(tablet), first, "unchanged: the same bytes");

  const changes: [string, () => void][] = [
    ["a column's type", () => (columns[1]!.type = "DOUBLE")],
    ["a column's name", () => (columns[0]!.name = "renamed")],
    ["a column object replaced", () => (columns[0] = { name: "c", type: "FLOAT" })],
    ["the target", () => (schema.target = "root.sg.d2")],
    ["aligned", () => (schema.aligned = true)],
    ["the columns array replaced", () => (schema.columns = [{ name: "x", type: "INT32" }])],
  ];
  let previous = first;
  for (const [what, change] of changes) {
    change();
    const t = tabletOf(schema);
    const [now, fresh] = framesNowAndFresh(t);
    assert.is(now, fresh, what);
    assert.is.not(now, previous, `${what} changed the bytes`);
    previous = now;
  }
});

test("a column pushed onto the same columns array, and a category changed, are seen", () => {
  const columns: TabletColumn[] = [{ name: "tag", type: "STRING", category: "TAG" }];
  const schema: TabletSchema = { model: "table", target: "t", columns };
  const tablet: Tablet = { schema, timestamps: [1], values: [["x"]] };
  frameHex(tablet);
  columns[0]!.category = "ATTRIBUTE";
  const [now, fresh] = framesNowAndFresh(tablet);
  assert.is(now, fresh, "category");
  columns.push({ name: "v", type: "INT32" });
  const grown: Tablet = { schema, timestamps: [1], values: [["x"], [5]] };
  const [nowGrown, freshGrown] = framesNowAndFresh(grown);
  assert.is(nowGrown, freshGrown, "pushed column");
  assert.throws(
    () => frameHex(tablet),
    (e: unknown) => e instanceof EncodeError && /expected an array of 2 column/.test(e.message),
    "the old values no longer match the columns",
  );
});

test("a schema made invalid in place is refused on its next use", () => {
  const columns: TabletColumn[] = [{ name: "a", type: "INT32" }];
  const schema: TabletSchema = { model: "tree", target: "root.sg.d1", columns };
  const tablet = tabletOf(schema);
  frameHex(tablet);
  (columns[0] as { type: unknown }).type = "VECTOR";
  assert.throws(
    () => frameHex(tablet),
    (e: unknown) => e instanceof EncodeError && /not a sendable IoTDB type/.test(e.message),
  );
  columns[0]!.type = "INT32";
  frameHex(tablet);
  columns[0]!.name = "\ud800";
  assert.throws(
    () => frameHex(tablet),
    (e: unknown) => e instanceof EncodeError && /lone UTF-16 surrogate/.test(e.message),
  );
  columns[0]!.name = "a";
  (schema as { model: unknown }).model = "graph";
  assert.throws(
    () => frameHex(tablet),
    (e: unknown) => e instanceof EncodeError && /model must be/.test(e.message),
  );
});

test.run();
