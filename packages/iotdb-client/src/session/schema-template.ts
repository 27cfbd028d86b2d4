// Schema templates as the tree Session takes them: a template and its measurements by name
// (types, encodings and compressors by name or code), turned into what the Java client sends:
// createSchemaTemplate carries Java's serialized Template (the codec's serializeTemplate), and
// appendSchemaTemplate the parallel lists of TSDataType/TSEncoding/CompressionType ordinals.
// Defaults follow createTimeseries here (PLAIN, LZ4); Java has no defaults.
import {
  EncodeError,
  serializeTemplate,
  type TemplateMeasurementCodes,
  type TSDataType,
  type TSDataTypeName,
} from "@zerowire/iotdb-codec";
import {
  CompressionType,
  type CompressionTypeName,
  dataTypeCode,
  enumCode,
  TSEncoding,
  type TSEncodingName,
} from "./schema-enums.js";

/** One measurement of a template. */
export interface TemplateMeasurement {
  name: string;
  dataType: TSDataType | TSDataTypeName;
  /** Default PLAIN. */
  encoding?: TSEncodingName | number;
  /** Default LZ4. */
  compressor?: CompressionTypeName | number;
}

/** A flat schema template (Java's Template with MeasurementNode children). */
export interface SchemaTemplate {
  name: string;
  /** Every measurement aligned (Java's shareTime / isAligned). Default false. */
  aligned?: boolean;
  measurements: readonly TemplateMeasurement[];
}

/** TSQueryTemplateReq.queryType: Java's TemplateQueryType.ordinal(). */
export const TemplateQueryType = {
  COUNT_MEASUREMENTS: 0,
  IS_MEASUREMENT: 1,
  PATH_EXIST: 2,
  SHOW_MEASUREMENTS: 3,
  SHOW_TEMPLATES: 4,
  SHOW_SET_TEMPLATES: 5,
  SHOW_USING_TEMPLATES: 6,
} as const;

/** The bytes of TSCreateSchemaTemplateReq.serializedTemplate for this template. */
export function serializedTemplate(template: SchemaTemplate, what: string): Buffer {
  if (template === null || typeof template !== "object")
    throw new EncodeError(
      `${what}: expected { name, aligned?, measurements }, got ${template === null ? "null" : typeof template}`,
    );
  const aligned = template.aligned ?? false;
  if (typeof aligned !== "boolean") throw new EncodeError(`${what}: aligned must be a boolean, got ${typeof aligned}`);
  return serializeTemplate({
    name: template.name,
    aligned,
    measurements: measurementCodes(template.measurements, what),
  });
}

/** The lists of TSAppendSchemaTemplateReq for these measurements. */
export function appendLists(measurements: readonly TemplateMeasurement[], what: string) {
  const codes = measurementCodes(measurements, what);
  return {
    measurements: codes.map((m) => m.name),
    dataTypes: codes.map((m) => m.dataType),
    encodings: codes.map((m) => m.encoding),
    compressors: codes.map((m) => m.compressor),
  };
}

function measurementCodes(measurements: readonly TemplateMeasurement[], what: string): TemplateMeasurementCodes[] {
  if (!Array.isArray(measurements) || measurements.length === 0)
    throw new EncodeError(`${what}: expected a non-empty array of { name, dataType, encoding?, compressor? }`);
  return measurements.map((m: TemplateMeasurement, row: number) => {
    if (m === null || typeof m !== "object")
      throw new EncodeError(`${what}: measurement ${row} is not an object`, undefined, row);
    if (typeof m.name !== "string" || m.name === "")
      throw new EncodeError(
        `${what}: measurement ${row} needs a non-empty name, got ${JSON.stringify(m.name)}`,
        undefined,
        row,
      );
    const at = `${what} (measurement ${JSON.stringify(m.name)})`;
    const dataType = dataTypeCode(m.dataType, at);
    if (dataType === 6 || dataType === 7) throw new EncodeError(`${at}: ${m.dataType} cannot be stored`, m.name, row);
    return {
      name: m.name,
      dataType,
      encoding: enumCode(TSEncoding, "encoding", m.encoding ?? "PLAIN", at),
      compressor: enumCode(CompressionType, "compressor", m.compressor ?? "LZ4", at),
    };
  });
}
