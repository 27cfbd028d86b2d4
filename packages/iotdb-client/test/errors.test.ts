// Every error class the client exports has a stable `code` (the README's list): a string unique
// to the class, except the server's refusals, whose code is its TSStatusCode. The families hold
// by plain inheritance (no Symbol.hasInstance): every timeout the client measures is a
// TimeoutError, a closed pool's refusal a ConnectionError, a bad option a RangeError.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as client from "../src/index.js";
import {
  AbortError,
  ConnectionError,
  DataSetError,
  DecodeError,
  EncodeError,
  FrameError,
  IoTDBError,
  OptionError,
  PoolClosedError,
  PoolTimeoutError,
  QueryTimeoutError,
  ReplyError,
  StatusCode,
  TimeoutError,
  WriterClosedError,
  WriterFullError,
} from "../src/index.js";

/** One instance of each class, and the code it must carry. */
const instances: [Error & { code: unknown }, string | number][] = [
  [new ConnectionError("x"), "ERR_IOTDB_CONNECTION"],
  [new TimeoutError("x", 1), "ERR_IOTDB_TIMEOUT"],
  [new DataSetError("x"), "ERR_IOTDB_DATA_SET"],
  [new OptionError("fetchSize", "x"), "ERR_IOTDB_OPTION"],
  [new EncodeError("x"), "ERR_IOTDB_ENCODE"],
  [new DecodeError("x", 0), "ERR_IOTDB_DECODE"],
  [new AbortError(), "ABORT_ERR"],
  [new PoolTimeoutError("x", 1), "ERR_IOTDB_POOL_TIMEOUT"],
  [new PoolClosedError("x"), "ERR_IOTDB_POOL_CLOSED"],
  [new WriterClosedError("x"), "ERR_IOTDB_WRITER_CLOSED"],
  [new WriterFullError("x", 1), "ERR_IOTDB_WRITER_FULL"],
  [new FrameError("x"), "ERR_IOTDB_FRAME"],
  [new ReplyError("x"), "ERR_IOTDB_REPLY"],
  [new IoTDBError({ code: 700 }), 700],
  [new QueryTimeoutError({ code: StatusCode.QUERY_TIMEOUT }), StatusCode.QUERY_TIMEOUT],
];

test("every error class the client exports is listed here with its code", () => {
  const exported = Object.entries(client)
    .filter(([, v]) => typeof v === "function" && v.prototype instanceof Error)
    .map(([name]) => name)
    .sort();
  assert.equal(exported, instances.map(([e]) => e.name).sort());
});

test("each class's code, the same on every instance; the string codes are unique; name is the class's", () => {
  for (const [error, code] of instances) {
    assert.is(error.code, code, error.name);
    assert.is(error.name, error.constructor.name);
  }
  const strings = instances.map(([, code]) => code).filter((c) => typeof c === "string");
  assert.is(new Set(strings).size, strings.length, "unique string codes");
  assert.is(new IoTDBError({ code: 801 }).code, 801, "an IoTDBError's code is its status's");
});

test("families by plain inheritance: every client timeout is a TimeoutError; no Symbol.hasInstance override", () => {
  assert.instance(new PoolTimeoutError("x", 5), TimeoutError);
  assert.is(new PoolTimeoutError("x", 5).timeoutMs, 5);
  assert.instance(new PoolClosedError("x"), ConnectionError);
  assert.instance(new OptionError("x", "y"), RangeError);
  assert.instance(new QueryTimeoutError({ code: 712 }), IoTDBError);
  assert.not.instance(new QueryTimeoutError({ code: 712 }), TimeoutError);
  assert.not.instance(new TimeoutError("x", 1), PoolTimeoutError);
  for (const [error] of instances) {
    assert.not.ok(Object.hasOwn(error.constructor, Symbol.hasInstance), `${error.name} overrides instanceof`);
  }
});

test.run();
