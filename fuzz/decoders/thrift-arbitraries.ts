// Structure-aware reply frames for the client fuzz, written byte by byte so that any size can be
// forged: binary-protocol replies whose result struct holds random fields (every Thrift type,
// ids the generated readers know and ids they do not, list/map/string sizes that are huge,
// negative or one off, unknown type codes), and TSStatus replies nested `depth` levels deep
// through subStatus, in both protocols.
import fc from "fast-check";
import type { RpcMethod } from "./reply-decoding.js";

const T = {
  STOP: 0,
  BOOL: 2,
  BYTE: 3,
  DOUBLE: 4,
  I16: 6,
  I32: 8,
  I64: 10,
  STRING: 11,
  STRUCT: 12,
  MAP: 13,
  SET: 14,
  LIST: 15,
} as const;

/** A value as bytes plus its type code (which a forgery may have made wrong). */
interface Encoded {
  type: number;
  bytes: Buffer;
}

const i32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v | 0);
  return b;
};
const i16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};

/** A size as written, or a forged one: huge, negative, one more than there is. */
const sizeForge = fc.constantFrom<((n: number) => number) | undefined>(
  undefined,
  undefined,
  undefined,
  () => 0x7fffffff,
  () => -1,
  (n) => n + 1,
  () => 0x10000000,
);

const scalar: fc.Arbitrary<Encoded> = fc.oneof(
  fc.constantFrom(0, 1, 0xff).map((v) => ({ type: T.BOOL, bytes: Buffer.of(v) })),
  fc.integer({ min: 0, max: 255 }).map((v) => ({ type: T.BYTE, bytes: Buffer.of(v) })),
  fc.integer({ min: -32768, max: 32767 }).map((v) => ({ type: T.I16, bytes: i16(v) })),
  fc.constantFrom(0, 200, 301, -1, 0x7fffffff, -0x80000000, 1, 2, 3).map((v) => ({ type: T.I32, bytes: i32(v) })),
  fc.uint8Array({ minLength: 8, maxLength: 8 }).map((b) => ({ type: T.I64, bytes: Buffer.from(b) })),
  fc.uint8Array({ minLength: 8, maxLength: 8 }).map((b) => ({ type: T.DOUBLE, bytes: Buffer.from(b) })),
  fc.tuple(fc.uint8Array({ maxLength: 24 }), sizeForge).map(([b, forge]) => ({
    type: T.STRING,
    bytes: Buffer.concat([i32(forge ? forge(b.length) : b.length), Buffer.from(b)]),
  })),
  // A type code no Thrift value has, followed by a few bytes.
  fc
    .tuple(fc.constantFrom(1, 5, 7, 9, 16, 17, 0x7f, 0xff), fc.uint8Array({ maxLength: 4 }))
    .map(([type, b]) => ({ type, bytes: Buffer.from(b) })),
);

const fieldId = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(-1, 0x7fff, -0x8000));

const { value } = fc.letrec<{ value: Encoded; struct: Encoded; list: Encoded; map: Encoded }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, tie("struct"), tie("list"), tie("map")),
  struct: fc
    .array(fc.tuple(fieldId, tie("value")), { maxLength: 5 })
    .map((fields) => ({ type: T.STRUCT, bytes: structBytes(fields) })),
  list: fc
    .tuple(fc.array(tie("value"), { maxLength: 6 }), fc.constantFrom(T.LIST, T.SET), sizeForge)
    .map(([items, type, forge]) => ({
      type,
      bytes: Buffer.concat([
        Buffer.of(items[0]?.type ?? T.I32),
        i32(forge ? forge(items.length) : items.length),
        ...items.map((i) => i.bytes),
      ]),
    })),
  map: fc
    .tuple(fc.array(fc.tuple(tie("value"), tie("value")), { maxLength: 4 }), sizeForge)
    .map(([entries, forge]) => ({
      type: T.MAP,
      bytes: Buffer.concat([
        Buffer.of(entries[0]?.[0].type ?? T.STRING, entries[0]?.[1].type ?? T.I32),
        i32(forge ? forge(entries.length) : entries.length),
        ...entries.flatMap(([k, v]) => [k.bytes, v.bytes]),
      ]),
    })),
}));

function structBytes(fields: readonly [number, Encoded][]): Buffer {
  return Buffer.concat([...fields.flatMap(([id, v]) => [Buffer.of(v.type), i16(id), v.bytes]), Buffer.of(T.STOP)]);
}

/** A binary REPLY (or EXCEPTION) frame for `method` around the given result-struct bytes. */
function binaryFrame(method: string, messageType: number, body: Buffer): Buffer {
  const name = Buffer.from(method);
  const message = Buffer.concat([i32(0x80010000 | messageType), i32(name.length), name, i32(1), body]);
  return Buffer.concat([i32(message.length), message]);
}

export interface StructuredReply {
  method: RpcMethod;
  frame: Buffer;
}

/** Binary replies for one of `methods`: the result struct's field 0 (success) holds a struct of
 *  random fields, or the result holds random fields itself; now and then an EXCEPTION. */
export function structuredReply(methods: readonly RpcMethod[]): fc.Arbitrary<StructuredReply> {
  const success = fc
    .array(fc.tuple(fieldId, value), { maxLength: 8 })
    .map((fields) => structBytes([[0, { type: T.STRUCT, bytes: structBytes(fields) }]]));
  const anyResult = fc.array(fc.tuple(fieldId, value), { maxLength: 4 }).map(structBytes);
  return fc
    .tuple(
      fc.constantFrom(...methods),
      fc.oneof({ arbitrary: success, weight: 3 }, { arbitrary: anyResult, weight: 1 }),
      fc.constantFrom(2, 2, 2, 3, 1, 4),
    )
    .map(([method, body, messageType]) => ({ method, frame: binaryFrame(method, messageType, body) }));
}

/** A TSStatus reply to insertTablet whose status holds one subStatus, `depth` levels deep. */
export function nestedStatusReply(protocol: "binary" | "compact", depth: number): Buffer {
  if (protocol === "binary") {
    // Per level: code (I32, id 1) = 0, subStatus (LIST, id 3) of 1 STRUCT; innermost: code, STOP.
    const level = Buffer.from("08000100000000" + "0f0003" + "0c00000001", "hex");
    const body = Buffer.concat([
      Buffer.from("0c0000", "hex"),
      Buffer.alloc(level.length * depth, level),
      Buffer.from("0800010000000000", "hex"),
      Buffer.alloc(depth),
      Buffer.of(0),
    ]);
    return binaryFrame("insertTablet", 2, body);
  }
  // Compact: field headers carry the id delta: 0x15 = id+1 I32, 0x29 = id+2 LIST; 0x1c = a list
  // of 1 STRUCT; 0x0c00 = field 0 STRUCT (long form); 0x82 0x41 = protocol id, version 1 REPLY.
  const name = Buffer.from("insertTablet");
  const level = Buffer.from("1500" + "29" + "1c", "hex");
  const message = Buffer.concat([
    Buffer.from([0x82, 0x41, 0x01, name.length]),
    name,
    Buffer.from("0c00", "hex"),
    Buffer.alloc(level.length * depth, level),
    Buffer.from("150000", "hex"),
    Buffer.alloc(depth),
    Buffer.of(0),
  ]);
  return Buffer.concat([i32(message.length), message]);
}
