// Buffer views made with Node's Buffer class directly (src/buffer-view.ts, an internal module,
// tested directly): on Node the fast way is the one in use, and its views are the Buffers that
// Buffer.from(arrayBuffer, offset, length), the documented way and the fallback, makes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { bufferViewImplementation, rawBufferView } from "../src/buffer-view.js";

test("this process makes views with Node's Buffer class (the default on Node)", () => {
  assert.is(bufferViewImplementation, "species");
});

test("a view is the Buffer Buffer.from(arrayBuffer, offset, length) makes, over the same memory", () => {
  const backing = new ArrayBuffer(64);
  new Uint8Array(backing).forEach((_, i, a) => (a[i] = i));
  for (const [offset, length] of [
    [0, 0],
    [0, 64],
    [7, 13],
    [63, 1],
    [64, 0],
  ] as const) {
    const view = rawBufferView(backing, offset, length);
    const expected = Buffer.from(backing, offset, length);
    assert.ok(Buffer.isBuffer(view));
    assert.is(Object.getPrototypeOf(view), Object.getPrototypeOf(expected));
    assert.is(view.constructor, expected.constructor);
    assert.is(view.buffer, backing);
    assert.is(view.byteOffset, offset);
    assert.is(view.length, length);
    assert.equal(view, expected);
  }
  const view = rawBufferView(backing, 10, 4);
  new Uint8Array(backing)[11] = 0xee;
  assert.is(view[1], 0xee, "a view, not a copy");
});

test.run();
