// A tree-model schema template as the Java client serializes it for createSchemaTemplate
// (org.apache.iotdb.isession.template.Template.serialize with MeasurementNode children):
//   name[string] shareTime[bool], then per measurement:
//   prefix[string] aligned[bool] measurementName[string] dataType[byte] encoding[byte] compressor[byte]
// where string = int32 big-endian byte length + UTF-8 (Java's getBytes: lone surrogates as '?'),
// bool = one byte 0/1. A flat template's prefix is always "" and every measurement is aligned
// exactly when the template is (shareTime). Java keeps the children in a HashMap, pushes them
// on a stack in the map's order and pops them, so measurements are written in the reverse of
// Java's HashMap order (java-hash-order.ts), not in the caller's order. Names follow the
// project's identifier policy (identifier.ts): an empty one or one with a lone surrogate (Java
// would send '?') is refused.
import { EncodeError } from "./errors.js";
import { checkIdentifier } from "./identifier.js";
import { DEFAULT_HASH_MAP, javaHashMapOrder } from "./java-hash-order.js";
import { javaString } from "./java-string.js";
import { isSendable } from "./types.js";

/** One measurement of a template, by code: TSDataType, TSEncoding and CompressionType serialize() bytes. */
export interface TemplateMeasurementCodes {
  name: string;
  dataType: number;
  encoding: number;
  compressor: number;
}

/** A flat template (no inner nodes), as Java's Template built from MeasurementNodes. */
export interface TemplateCodes {
  name: string;
  /** Java's shareTime: every measurement aligned. */
  aligned: boolean;
  /** In the order they are added (Java's addToTemplate order). */
  measurements: readonly TemplateMeasurementCodes[];
}

/** The bytes of Java's Template.serialize for this template (validated first; an EncodeError names the measurement). */
export function serializeTemplate(template: TemplateCodes): Buffer {
  if (template === null || typeof template !== "object")
    throw new EncodeError(
      `template: expected { name, aligned, measurements }, got ${template === null ? "null" : typeof template}`,
    );
  const { name, aligned, measurements } = template;
  checkIdentifier(name, "template name");
  if (typeof aligned !== "boolean")
    throw new EncodeError(`template ${JSON.stringify(name)}: aligned must be a boolean, got ${typeof aligned}`);
  if (!Array.isArray(measurements) || measurements.length === 0)
    throw new EncodeError(`template ${JSON.stringify(name)}: expected a non-empty array of measurements`);
  const byName = new Map<string, TemplateMeasurementCodes>();
  measurements.forEach((m: TemplateMeasurementCodes, row: number) => {
    if (m === null || typeof m !== "object")
      throw new EncodeError(`template ${JSON.stringify(name)}: measurement ${row} is not an object`, undefined, row);
    checkIdentifier(m.name, `template ${JSON.stringify(name)}: the name of measurement ${row}`, undefined, row);
    if (byName.has(m.name))
      throw new EncodeError(
        `template ${JSON.stringify(name)}: measurement ${JSON.stringify(m.name)} is given twice (Java: duplicated child)`,
        m.name,
        row,
      );
    if (!isSendable(m.dataType))
      throw new EncodeError(
        `template ${JSON.stringify(name)}: measurement ${JSON.stringify(m.name)} has no storable data type (${String(m.dataType)})`,
        m.name,
        row,
      );
    for (const key of ["encoding", "compressor"] as const) {
      const code = m[key];
      if (!Number.isInteger(code) || code < 0 || code > 127)
        throw new EncodeError(
          `template ${JSON.stringify(name)}: measurement ${JSON.stringify(m.name)} has an invalid ${key} code ${String(code)}`,
          m.name,
          row,
        );
    }
    byName.set(m.name, m);
  });
  const names = [...byName.keys()];
  const order = javaHashMapOrder(names, DEFAULT_HASH_MAP)
    .map((i) => names[i]!)
    .reverse();

  const nameBytes = Buffer.from(javaString(name), "utf8");
  const measurementBytes = order.map((n) => Buffer.from(javaString(n), "utf8"));
  let size = 4 + nameBytes.length + 1;
  for (const b of measurementBytes) size += 4 + 1 + 4 + b.length + 3;
  const out = Buffer.alloc(size);
  let pos = out.writeInt32BE(nameBytes.length, 0);
  pos += nameBytes.copy(out, pos);
  pos = out.writeUInt8(aligned ? 1 : 0, pos);
  order.forEach((n, i) => {
    const m = byName.get(n)!;
    pos = out.writeInt32BE(0, pos); // prefix "": the measurement is a direct child
    pos = out.writeUInt8(aligned ? 1 : 0, pos);
    pos = out.writeInt32BE(measurementBytes[i].length, pos);
    pos += measurementBytes[i].copy(out, pos);
    pos = out.writeUInt8(m.dataType, pos);
    pos = out.writeUInt8(m.encoding, pos);
    pos = out.writeUInt8(m.compressor, pos);
  });
  return out;
}
