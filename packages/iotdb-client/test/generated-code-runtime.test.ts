// The generated code's `Thrift` (src/thrift/generated-code-runtime.ts) against the `thrift`
// package's, which it replaces at run time: every `Thrift.*` name the generated files use exists,
// with the same value where it is a constant; copyList/copyMap copy nested containers as the
// package's do; TApplicationException reads and writes the struct the package reads and writes.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import thrift from "thrift";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Thrift } from "../src/thrift/generated-code-runtime.js";
import { TEndPoint, TSStatus } from "../src/gen/client_types.js";
import { message } from "./helpers/replies.js";

const gen = resolve(import.meta.dirname, "../src/gen");
const reference = thrift.Thrift as unknown as Record<string, unknown>;
const ours = Thrift as unknown as Record<string, unknown>;

test("the generated code requires the runtime module, not `thrift`", () => {
  for (const file of ["client_types.js", "IClientRPCService_calls.js"]) {
    const text = readFileSync(resolve(gen, file), "utf8");
    assert.ok(text.includes("const thrift = require('../thrift/generated-code-runtime');"), file);
    assert.not.match(text, /require\('thrift'\)/, file);
  }
});

test("every Thrift.X and Thrift.X.Y the generated code uses exists, constants equal to the `thrift` package's", () => {
  const used = new Set<string>();
  for (const file of ["client_types.js", "IClientRPCService_calls.js"]) {
    for (const m of readFileSync(resolve(gen, file), "utf8").matchAll(/\bThrift\.([A-Za-z]+)(?:\.([A-Z_0-9]+))?/g))
      used.add(m[2] === undefined ? m[1] : `${m[1]}.${m[2]}`);
  }
  assert.ok(used.size > 10 && used.has("Type.STRUCT") && used.has("copyList"), `found ${used.size} names`);
  for (const name of used) {
    const [outer, inner] = name.split(".");
    assert.ok(outer in ours, `Thrift.${outer} missing`);
    if (inner === undefined) {
      assert.is(typeof ours[outer], typeof reference[outer], `Thrift.${outer}`);
    } else {
      const value = (ours[outer] as Record<string, unknown>)[inner];
      assert.type(value, "number", `Thrift.${name}`);
      assert.is(value, (reference[outer] as Record<string, unknown>)[inner], `Thrift.${name}`);
    }
  }
});

test("copyList and copyMap copy as the `thrift` package's do (nested lists and maps, structs, as-is values)", () => {
  type Copy = (value: unknown, copiers: unknown[]) => unknown;
  const cases: [string, unknown, (t: Record<string, unknown>) => unknown[]][] = [
    ["list of strings", ["a", "b"], () => [null]],
    ["list of lists", [["a"], [], ["b", "c"]], (t) => [t.copyList, null]],
    ["list of maps", [{ k: "v" }, {}], (t) => [t.copyMap, null]],
    ["list of structs", [{ ip: "h", port: 1 }], () => [TEndPoint]],
    ["null", null, () => [null]],
  ];
  for (const [what, input, copiers] of cases) {
    const expected = (reference.copyList as Copy)(input, copiers(reference));
    const actual = (ours.copyList as Copy)(input, copiers(ours));
    assert.equal(actual, expected, what);
    if (Array.isArray(input) && input.length > 0) assert.is.not(actual, input, `${what}: a new list`);
  }
  const map = { a: "1", b: "2" };
  const copied = (ours.copyMap as Copy)(map, [null]);
  assert.equal(copied, (reference.copyMap as Copy)(map, [null]));
  assert.is.not(copied, map);
  const endpoints = (ours.copyList as Copy)([{ ip: "h", port: 1 }], [TEndPoint]) as unknown[];
  assert.instance(endpoints[0], TEndPoint);
  assert.is((ours.objectLength as (o: object) => number)(map), 2);
  // What the generated constructors use them for.
  const status = new TSStatus({ code: 200, subStatus: [new TSStatus({ code: 301 })] });
  assert.is(status.subStatus!.length, 1);
});

test("a required field left out is a TProtocolException naming it", () => {
  try {
    new TEndPoint({ port: 1 } as never);
    assert.unreachable("no error");
  } catch (e) {
    // By name: under tsx the generated code (CommonJS) requires its own copy of the module this
    // test imports; the bundles hold one.
    assert.instance(e, Error);
    assert.is((e as Error).name, "TProtocolException");
    assert.match((e as Error).message, "Required field ip is unset!");
    assert.is((e as InstanceType<typeof Thrift.TProtocolException>).type, Thrift.TProtocolExceptionType.UNKNOWN);
  }
});

test("TApplicationException reads what the `thrift` package writes, and writes what it reads", () => {
  for (const protocol of ["binary", "compact"] as const) {
    // The package's own write leaves the type out (it writes a `code` it never sets), so the
    // fields are written by hand here, plus one unknown field the reader must skip.
    const frame = message(protocol, "m", Thrift.MessageType.EXCEPTION, 1, (p) => {
      p.writeStructBegin("TApplicationException");
      p.writeFieldBegin("message", thrift.Thrift.Type.STRING, 1);
      p.writeString("boom");
      p.writeFieldEnd();
      p.writeFieldBegin("extra", thrift.Thrift.Type.I32, 9);
      p.writeI32(1);
      p.writeFieldEnd();
      p.writeFieldBegin("type", thrift.Thrift.Type.I32, 2);
      p.writeI32(Thrift.TApplicationExceptionType.UNKNOWN_METHOD);
      p.writeFieldEnd();
      p.writeFieldStop();
      p.writeStructEnd();
    });
    const read = new Thrift.TApplicationException();
    read.read(thriftInput(protocol, frame));
    assert.is(read.message, "boom", protocol);
    assert.is(read.type, Thrift.TApplicationExceptionType.UNKNOWN_METHOD, protocol);

    const written = message(protocol, "m", Thrift.MessageType.EXCEPTION, 1, (p) =>
      new Thrift.TApplicationException(Thrift.TApplicationExceptionType.INTERNAL_ERROR, "bad").write(p as never),
    );
    const back = new thrift.Thrift.TApplicationException(0 as never, "");
    back.read(thriftInput(protocol, written));
    assert.is(back.message, "bad", protocol);
    assert.is((back as unknown as { type: number }).type, Thrift.TApplicationExceptionType.INTERNAL_ERROR, protocol);
  }
});

/** The `thrift` package's protocol positioned after the message header of a framed message. */
function thriftInput(
  protocol: "binary" | "compact",
  frame: Buffer,
): thrift.TProtocol & Parameters<InstanceType<typeof Thrift.TApplicationException>["read"]>[0] {
  const transport = new (thrift.TFramedTransport as unknown as new (b: Buffer) => thrift.TTransport)(frame.subarray(4));
  const input = protocol === "compact" ? new thrift.TCompactProtocol(transport) : new thrift.TBinaryProtocol(transport);
  input.readMessageBegin();
  return input as never;
}

test.run();
