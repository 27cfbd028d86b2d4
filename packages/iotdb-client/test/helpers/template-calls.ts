// The session-call vectors' template and time-zone calls (../shared/vectors/java-2.0.5-calls,
// input.calls: a Java method and its named arguments) as calls of our API, one entry per Java
// method; a replay looks the method up here and runs it on a Session or a SessionPool.
import type { Session, SessionPool, TemplateMeasurement } from "../../src/index.js";

type Target = Session | SessionPool;
type Args = Record<string, any>;

function zipped(args: Args): TemplateMeasurement[] {
  return (args.measurements as string[]).map((name, i) => ({ name, dataType: args.types[i], encoding: args.encodings[i], compressor: args.compressors[i] }));
}

export const templateCalls: Record<string, (target: Target, args: Args) => Promise<unknown>> = {
  createSchemaTemplate: (t, a) =>
    t.createSchemaTemplate({
      name: a.name,
      aligned: a.aligned,
      measurements: a.measurements.map((m: Args) => ({ name: m.name, dataType: m.type, encoding: m.encoding, compressor: m.compressor })),
    }),
  addAlignedMeasurementsInTemplate: (t, a) => t.addAlignedMeasurementsInTemplate(a.templateName, zipped(a)),
  addUnalignedMeasurementsInTemplate: (t, a) => t.addUnalignedMeasurementsInTemplate(a.templateName, zipped(a)),
  addAlignedMeasurementInTemplate: (t, a) => t.addAlignedMeasurementInTemplate(a.templateName, { name: a.measurement, dataType: a.type, encoding: a.encoding, compressor: a.compressor }),
  addUnalignedMeasurementInTemplate: (t, a) => t.addUnalignedMeasurementInTemplate(a.templateName, { name: a.measurement, dataType: a.type, encoding: a.encoding, compressor: a.compressor }),
  deleteNodeInTemplate: (t, a) => t.deleteNodeInTemplate(a.templateName, a.path),
  setSchemaTemplate: (t, a) => t.setSchemaTemplate(a.templateName, a.prefixPath),
  createTimeseriesUsingSchemaTemplate: (t, a) => t.createTimeseriesUsingSchemaTemplate(a.devicePaths),
  countMeasurementsInTemplate: (t, a) => t.countMeasurementsInTemplate(a.templateName),
  isMeasurementInTemplate: (t, a) => t.isMeasurementInTemplate(a.templateName, a.path),
  isPathExistInTemplate: (t, a) => t.isPathExistInTemplate(a.templateName, a.path),
  showMeasurementsInTemplate: (t, a) => (a.pattern === undefined ? t.showMeasurementsInTemplate(a.templateName) : t.showMeasurementsInTemplate(a.templateName, a.pattern)),
  showAllTemplates: (t) => t.showAllTemplates(),
  showPathsTemplateSetOn: (t, a) => t.showPathsTemplateSetOn(a.templateName),
  showPathsTemplateUsingOn: (t, a) => t.showPathsTemplateUsingOn(a.templateName),
  unsetSchemaTemplate: (t, a) => t.unsetSchemaTemplate(a.prefixPath, a.templateName),
  dropSchemaTemplate: (t, a) => t.dropSchemaTemplate(a.templateName),
  setTimeZone: (t, a) => t.setTimeZone(a.zoneId),
};
