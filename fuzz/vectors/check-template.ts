// kind "template": Java's Template.serialize bytes (serializedTemplateHex) against the codec's
// serializeTemplate, with the names of types, encodings and compressors turned into codes by the
// client's tables (TSDataType, TSEncoding, CompressionType). The createSchemaTemplate frames
// (frameBinaryHex/frameCompactHex) are built by the client's generated Thrift code around these
// bytes; the client's replay test (template-calls-replay.test.ts) compares whole frames. When Java
// threw (a measurement named twice), serializeTemplate must throw EncodeError.
import { CompressionType, EncodeError, TSDataType, TSEncoding } from "@zerowire/iotdb-client";
import { serializeTemplate, type TemplateCodes } from "@zerowire/iotdb-codec";
import type { TemplateCaseInput } from "../codec-java/case-types.js";
import { compareHex, type CheckResult, type Vector } from "./vector.js";

function codes(input: TemplateCaseInput): TemplateCodes {
  const code = (table: Record<string, number>, name: string) => {
    const c = table[name];
    if (c === undefined) throw new Error(`no code for ${JSON.stringify(name)}`);
    return c;
  };
  return {
    name: input.name,
    aligned: input.aligned,
    measurements: input.measurements.map((m) => ({
      name: m.name,
      dataType: code(TSDataType, m.type),
      encoding: code(TSEncoding, m.encoding),
      compressor: code(CompressionType, m.compressor),
    })),
  };
}

export function checkTemplate(vector: Vector): CheckResult {
  const input = vector.input as TemplateCaseInput;
  const result: CheckResult = { passed: [], failures: [] };
  const javaError: unknown = vector.output?.error;
  if (typeof javaError === "string") {
    try {
      serializeTemplate(codes(input));
      result.failures.push({
        check: "template: accepted",
        message: `the Java client rejected it (${javaError}); serializeTemplate did not`,
      });
    } catch (e) {
      if (e instanceof EncodeError) result.passed.push("template rejected");
      else result.failures.push({ check: `template: threw ${(e as Error).name}, not EncodeError`, message: String(e) });
    }
    return result;
  }
  compareHex(result, "serializedTemplateHex", serializeTemplate(codes(input)), vector.output.serializedTemplateHex);
  return result;
}
