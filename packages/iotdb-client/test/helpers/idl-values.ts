// Random values for every struct and call of the client's IDL (thrift/client.thrift), read from
// the IDL text itself: its structs' fields (id, requiredness, type), its enums and its service's
// methods. Values are built with the generated constructors, so a test can hand them to the
// generated writers of either Thrift runtime. Only what the IDL uses is supported (base types,
// list, set, map, enums, structs); anything else is an error here, not a silent gap.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import Int64 from "node-int64";
import * as ttypes from "../../src/gen/client_types.js";

export type IdlType =
  | { kind: "base"; name: "bool" | "byte" | "i8" | "i16" | "i32" | "i64" | "double" | "string" | "binary" }
  | { kind: "list" | "set"; element: IdlType }
  | { kind: "map"; key: IdlType; value: IdlType }
  | { kind: "named"; name: string };

export interface IdlField {
  id: number;
  required: boolean;
  type: IdlType;
  name: string;
}

export interface IdlMethod {
  name: string;
  returns: IdlType;
  params: IdlField[];
}

export interface Idl {
  structs: Map<string, IdlField[]>;
  enums: Map<string, number[]>;
  methods: IdlMethod[];
}

const IDL_PATH = new URL("../../thrift/client.thrift", import.meta.url);
const BASE = new Set(["bool", "byte", "i8", "i16", "i32", "i64", "double", "string", "binary"]);

export function readIdl(): Idl {
  const text = readFileSync(IDL_PATH, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "");
  const structs = new Map<string, IdlField[]>();
  for (const [, name, body] of text.matchAll(/\bstruct\s+(\w+)\s*\{([^}]*)\}/g)) {
    structs.set(
      name!,
      body!
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l !== "")
        .map(parseField),
    );
  }
  const enums = new Map<string, number[]>();
  for (const [, name, body] of text.matchAll(/\benum\s+(\w+)\s*\{([^}]*)\}/g)) {
    enums.set(
      name!,
      [...body!.matchAll(/\w+\s*=\s*(\d+)/g)].map((m) => Number(m[1])),
    );
  }
  const service = /\bservice\s+\w+\s*\{([^}]*)\}/.exec(text);
  if (service === null) throw new Error("idl-values: no service in the IDL");
  const methods: IdlMethod[] = [];
  for (const [, returns, name, params] of service[1]!.matchAll(/^\s*(.+?)\s+(\w+)\s*\(([^)]*)\)/gm)) {
    const list = params!.trim() === "" ? [] : params!.split(/,(?![^<]*>)/).map((p) => parseField(p.trim()));
    methods.push({ name: name!, returns: parseType(returns!), params: list });
  }
  if (structs.size === 0 || methods.length === 0) throw new Error("idl-values: the IDL parsed to nothing");
  return { structs, enums, methods };
}

function parseField(line: string): IdlField {
  const m = /^(\d+)\s*:\s*(required\s+|optional\s+)?(.+?)\s+(\w+)\s*(=\s*[^,;]+)?[,;]?$/.exec(line);
  if (m === null) throw new Error(`idl-values: cannot read the field "${line}"`);
  return { id: Number(m[1]), required: m[2]?.trim() === "required", type: parseType(m[3]!), name: m[4]! };
}

function parseType(text: string): IdlType {
  const t = text.replace(/\s+/g, "");
  const generic = /^(list|set|map)<(.*)>$/.exec(t);
  if (generic !== null) {
    const args = splitTopLevel(generic[2]!);
    if (generic[1] === "map") return { kind: "map", key: parseType(args[0]!), value: parseType(args[1]!) };
    return { kind: generic[1] as "list" | "set", element: parseType(args[0]!) };
  }
  if (BASE.has(t)) return { kind: "base", name: t as "i32" };
  if (!/^\w+$/.test(t)) throw new Error(`idl-values: cannot read the type "${text}"`);
  return { kind: "named", name: t };
}

function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "<") depth++;
    else if (s[i] === ">") depth--;
    else if (s[i] === "," && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** How deep structs and containers nest in generated values (TSStatus holds TSStatus). */
const MAX_DEPTH = 3;

export interface ValueOptions {
  /** Strings with lone surrogates too (written as U+FFFD by every UTF-8 writer). */
  anyStrings: boolean;
}

/** Values of one IDL type, as the generated code holds them (i64 as Int64, binary as Buffer). */
export function arbitraryOf(idl: Idl, type: IdlType, options: ValueOptions, depth = 0): fc.Arbitrary<unknown> {
  const deeper = depth >= MAX_DEPTH;
  switch (type.kind) {
    case "base":
      return baseArbitrary(type.name, options);
    case "list":
    case "set":
      return deeper ? fc.constant([]) : fc.array(arbitraryOf(idl, type.element, options, depth + 1), { maxLength: 4 });
    case "map": {
      if (type.key.kind !== "base" || type.key.name !== "string")
        throw new Error("idl-values: only string map keys are generated");
      if (deeper) return fc.constant({});
      const key = stringArbitrary(options).filter((k) => k !== "__proto__");
      return fc.dictionary(key, arbitraryOf(idl, type.value, options, depth + 1), {
        maxKeys: 4,
        noNullPrototype: true,
      });
    }
    case "named": {
      const values = idl.enums.get(type.name);
      if (values !== undefined) return fc.constantFrom(...values);
      return structArbitrary(idl, type.name, options, depth);
    }
  }
}

/** A generated struct instance with its required fields set and each optional one set or not. */
export function structArbitrary(idl: Idl, name: string, options: ValueOptions, depth = 0): fc.Arbitrary<unknown> {
  const fields = idl.structs.get(name);
  const Struct = (ttypes as unknown as Record<string, new (args: object) => unknown>)[name];
  if (fields === undefined || Struct === undefined) throw new Error(`idl-values: no struct ${name}`);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const field of fields) {
    // Past MAX_DEPTH an optional struct field is left out, so recursive structs end.
    if (!field.required && depth >= MAX_DEPTH && field.type.kind === "named" && !idl.enums.has(field.type.name))
      continue;
    model[field.name] = arbitraryOf(idl, field.type, options, depth + 1);
    if (field.required) required.push(field.name);
  }
  return fc.record(model, { requiredKeys: required }).map((args) => new Struct(args));
}

function baseArbitrary(name: string, options: ValueOptions): fc.Arbitrary<unknown> {
  switch (name) {
    case "bool":
      return fc.boolean();
    case "byte":
    case "i8":
      return fc.integer({ min: -128, max: 127 });
    case "i16":
      return fc.integer({ min: -(2 ** 15), max: 2 ** 15 - 1 });
    case "i32":
      return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    case "i64":
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v) => {
        const bytes = Buffer.alloc(8);
        bytes.writeBigInt64BE(v);
        return new Int64(bytes);
      });
    case "double":
      return fc.double({ noNaN: true }).filter((v) => !Object.is(v, -0)); // the `thrift` compact writer loses -0
    case "string":
      return stringArbitrary(options);
    case "binary":
      return fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a));
  }
  throw new Error(`idl-values: no values for ${name}`);
}

function stringArbitrary(options: ValueOptions): fc.Arbitrary<string> {
  return options.anyStrings
    ? fc.oneof(fc.string(), fc.string({ unit: "binary" }))
    : fc.oneof(fc.string(), fc.string({ unit: "grapheme" }));
}

/**
 * A value in a form two readings can be compared in: Int64 as its signed value, buffers as hex,
 * generated structs as plain objects of their fields.
 */
export function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Int64) return `i64:${value.buffer.readBigInt64BE(value.offset ?? 0)}`;
  if (Buffer.isBuffer(value)) return `bytes:${value.toString("hex")}`;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}
