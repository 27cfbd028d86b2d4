// What the Thrift-generated code (src/gen/*.js) uses of the `thrift` npm runtime besides the
// protocols, so that the published client does not depend on `thrift` (whose own dependencies
// broke the client's import on Node 18, 20 < 20.19 and 22 < 22.12: uuid became ES-module only).
// scripts/thrift-gen.sh rewrites the generated `require('thrift')` to this module; the generated
// code reads `require(...).Thrift`. Besides the generated code, only RpcCodec uses it (it reads an
// EXCEPTION reply as a TApplicationException): the protocols are @zerowire/thrift's. The tests'
// fake servers run the full generated service (test/gen) on the `thrift` package instead.
//
// Semantics follow the `thrift` package 0.24 (the reference the rpc-bytes test compares with):
// the same type and message codes, TApplicationException's struct (message: field 1, type:
// field 2), and copyList/copyMap's element-copier lists.
import { MessageType, TType } from "@zerowire/thrift/wire";

const TApplicationExceptionType = {
  UNKNOWN: 0,
  UNKNOWN_METHOD: 1,
  INVALID_MESSAGE_TYPE: 2,
  WRONG_METHOD_NAME: 3,
  BAD_SEQUENCE_ID: 4,
  MISSING_RESULT: 5,
  INTERNAL_ERROR: 6,
  PROTOCOL_ERROR: 7,
  INVALID_TRANSFORM: 8,
  INVALID_PROTOCOL: 9,
  UNSUPPORTED_CLIENT_TYPE: 10,
} as const;

const TProtocolExceptionType = {
  UNKNOWN: 0,
  INVALID_DATA: 1,
  NEGATIVE_SIZE: 2,
  SIZE_LIMIT: 3,
  BAD_VERSION: 4,
  NOT_IMPLEMENTED: 5,
  DEPTH_LIMIT: 6,
} as const;

/** The protocol calls TApplicationException's read and write make. */
interface StructInput {
  readStructBegin(): unknown;
  readFieldBegin(): { ftype: number; fid: number };
  readString(): string;
  readI32(): number;
  skip(type: number): void;
  readFieldEnd(): void;
  readStructEnd(): void;
}
interface StructOutput {
  writeStructBegin(name: string): void;
  writeFieldBegin(name: string, type: number, id: number): void;
  writeString(value: string): void;
  writeI32(value: number): void;
  writeFieldEnd(): void;
  writeFieldStop(): void;
  writeStructEnd(): void;
}

/** An EXCEPTION reply's body (RpcCodec.readResult reads it). */
class TApplicationException extends Error {
  override name = "TApplicationException";
  type: number;

  constructor(type: number = TApplicationExceptionType.UNKNOWN, message = "") {
    super(message);
    this.type = type;
  }

  read(input: StructInput): void {
    input.readStructBegin();
    for (;;) {
      const { ftype, fid } = input.readFieldBegin();
      if (ftype === TType.STOP) break;
      if (fid === 1 && ftype === TType.STRING) this.message = input.readString();
      else if (fid === 2 && ftype === TType.I32) this.type = input.readI32();
      else input.skip(ftype);
      input.readFieldEnd();
    }
    input.readStructEnd();
  }

  write(output: StructOutput): void {
    output.writeStructBegin("TApplicationException");
    if (this.message !== "") {
      output.writeFieldBegin("message", TType.STRING, 1);
      output.writeString(this.message);
      output.writeFieldEnd();
    }
    output.writeFieldBegin("type", TType.I32, 2);
    output.writeI32(this.type);
    output.writeFieldEnd();
    output.writeFieldStop();
    output.writeStructEnd();
  }
}

/** Thrown by a generated struct's constructor when a required field is missing. */
class TProtocolException extends Error {
  override name = "TProtocolException";
  constructor(
    readonly type: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How a generated constructor copies a container: per nesting level, copyList, copyMap, a struct class, or null (as
 * is).
 */
type Copier = typeof copyList | typeof copyMap | (new (value: unknown) => unknown) | null;

function copyValue(value: unknown, copiers: readonly Copier[]): unknown {
  const copier = copiers[0] ?? null;
  if (copier === null) return value;
  if (copier === copyList || copier === copyMap)
    return (copier as (v: unknown, c: readonly Copier[]) => unknown)(value, copiers.slice(1));
  return new (copier as new (value: unknown) => unknown)(value);
}

function copyList(
  list: readonly unknown[] | null | undefined,
  copiers: readonly Copier[],
): unknown[] | null | undefined {
  if (!list) return list;
  return list.map((v) => copyValue(v, copiers));
}

function copyMap(
  map: Record<string, unknown> | null | undefined,
  copiers: readonly Copier[],
): Record<string, unknown> | null | undefined {
  if (!map) return map;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(map)) copy[key] = copyValue(map[key], copiers);
  return copy;
}

function objectLength(map: object): number {
  return Object.keys(map).length;
}

/** The generated code's `Thrift`: `const Thrift = require(...).Thrift`. */
export const Thrift = {
  Type: TType,
  MessageType,
  TApplicationException,
  TApplicationExceptionType,
  TProtocolException,
  TProtocolExceptionType,
  copyList,
  copyMap,
  objectLength,
};
