// How each Java Session call of the session-call vectors is made through our client: one entry
// per Java method name (`input.calls[i].method`), taking the vector's named arguments (Java
// shapes: times and INT64 values as decimal strings, typed records as in the insertRecords
// vectors). Adding a call kind to the replay is adding its entry here (and, if the server's
// answer is not a TSStatus, a reply in fake-datanode.ts).
import type { Session, SessionPool, TemplateMeasurement } from "@zerowire/iotdb-client";
import { vectorRecords, type RecordsInput } from "./vector-input.js";

export type CallArgs = Record<string, any>;
export type SessionCallReplayer = (session: Session, args: CallArgs) => Promise<unknown>;

const stringRecord = (deviceId: string, time: string, measurements: string[], values: (string | null)[]) => ({
  deviceId,
  time: BigInt(time),
  measurements,
  values,
});

function zipped(args: CallArgs): TemplateMeasurement[] {
  return (args.measurements as string[]).map((name, i) => ({
    name,
    dataType: args.types[i],
    encoding: args.encodings[i],
    compressor: args.compressors[i],
  }));
}

/** The template and time-zone calls, which a SessionPool has too (the client's template replay test runs both). */
export const templateCallReplayers: Record<
  string,
  (target: Session | SessionPool, args: CallArgs) => Promise<unknown>
> = {
  createSchemaTemplate: (t, a) =>
    t.createSchemaTemplate({
      name: a.name,
      aligned: a.aligned,
      measurements: a.measurements.map((m: CallArgs) => ({
        name: m.name,
        dataType: m.type,
        encoding: m.encoding,
        compressor: m.compressor,
      })),
    }),
  addAlignedMeasurementsInTemplate: (t, a) => t.addAlignedMeasurementsInTemplate(a.templateName, zipped(a)),
  addUnalignedMeasurementsInTemplate: (t, a) => t.addUnalignedMeasurementsInTemplate(a.templateName, zipped(a)),
  addAlignedMeasurementInTemplate: (t, a) =>
    t.addAlignedMeasurementInTemplate(a.templateName, {
      name: a.measurement,
      dataType: a.type,
      encoding: a.encoding,
      compressor: a.compressor,
    }),
  addUnalignedMeasurementInTemplate: (t, a) =>
    t.addUnalignedMeasurementInTemplate(a.templateName, {
      name: a.measurement,
      dataType: a.type,
      encoding: a.encoding,
      compressor: a.compressor,
    }),
  deleteNodeInTemplate: (t, a) => t.deleteNodeInTemplate(a.templateName, a.path),
  setSchemaTemplate: (t, a) => t.setSchemaTemplate(a.templateName, a.prefixPath),
  createTimeseriesUsingSchemaTemplate: (t, a) => t.createTimeseriesUsingSchemaTemplate(a.devicePaths),
  countMeasurementsInTemplate: (t, a) => t.countMeasurementsInTemplate(a.templateName),
  isMeasurementInTemplate: (t, a) => t.isMeasurementInTemplate(a.templateName, a.path),
  isPathExistInTemplate: (t, a) => t.isPathExistInTemplate(a.templateName, a.path),
  showMeasurementsInTemplate: (t, a) =>
    a.pattern === undefined
      ? t.showMeasurementsInTemplate(a.templateName)
      : t.showMeasurementsInTemplate(a.templateName, a.pattern),
  showAllTemplates: (t) => t.showAllTemplates(),
  showPathsTemplateSetOn: (t, a) => t.showPathsTemplateSetOn(a.templateName),
  showPathsTemplateUsingOn: (t, a) => t.showPathsTemplateUsingOn(a.templateName),
  unsetSchemaTemplate: (t, a) => t.unsetSchemaTemplate(a.prefixPath, a.templateName),
  dropSchemaTemplate: (t, a) => t.dropSchemaTemplate(a.templateName),
  setTimeZone: (t, a) => t.setTimeZone(a.zoneId),
};

export const sessionCallReplayers: Record<string, SessionCallReplayer> = {
  ...templateCallReplayers,
  insertStringRecord: (s, a) => {
    const record = stringRecord(a.deviceId, a.time, a.measurements, a.values);
    return a.aligned ? s.insertAlignedStringRecord(record) : s.insertStringRecord(record);
  },
  insertStringRecords: (s, a) => {
    const records = (a.deviceIds as string[]).map((d, i) =>
      stringRecord(d, a.times[i], a.measurementsList[i], a.valuesList[i]),
    );
    return a.aligned ? s.insertAlignedStringRecords(records) : s.insertStringRecords(records);
  },
  // haveSorted is deprecated in Java 2.0.5 and ignored: the Session sorts whenever times are unsorted.
  insertStringRecordsOfOneDevice: (s, a) => {
    const records = (a.times as string[]).map((t, i) => ({
      time: BigInt(t),
      measurements: a.measurementsList[i],
      values: a.valuesList[i],
    }));
    return a.aligned
      ? s.insertAlignedStringRecordsOfOneDevice(a.deviceId, records)
      : s.insertStringRecordsOfOneDevice(a.deviceId, records);
  },
  insertRecords: (s, a) => {
    const records = vectorRecords(a as RecordsInput);
    return a.aligned ? s.insertAlignedRecords(records) : s.insertRecords(records);
  },
  // The records' own deviceId (if any) is ignored, as the Java call has none.
  insertRecordsOfOneDevice: (s, a) => {
    const records = vectorRecords(a as RecordsInput);
    return a.aligned
      ? s.insertAlignedRecordsOfOneDevice(a.deviceId, records)
      : s.insertRecordsOfOneDevice(a.deviceId, records);
  },
  // Queries: the fake DataNode answers with a finished empty result (fake-datanode.ts), so each
  // call writes its one request; the data set is left alone, as in the Java run.
  executeFastLastDataQueryForOnePrefixPath: (s, a) => s.executeFastLastDataQueryForOnePrefixPath(a.prefixes),
  executeLastDataQueryForOneDevice: (s, a) =>
    s.executeLastDataQueryForOneDevice(a.db, a.device, a.sensors, a.isLegalPathNodes ?? false),
  executeQueryStatement: (s, a) =>
    s.executeQueryStatement(a.sql, a.timeoutInMs === undefined ? {} : { queryTimeoutMs: Number(a.timeoutInMs) }),
  executeRawDataQuery: (s, a) => s.executeRawDataQuery(a.paths, BigInt(a.startTime), BigInt(a.endTime)),
  // Java's executeLastDataQuery(paths) asks for lastTime 0.
  executeLastDataQuery: (s, a) => s.executeLastDataQuery(a.paths, a.lastTime === undefined ? 0n : BigInt(a.lastTime)),
  // Settings: nothing is written.
  setFetchSize: async (s, a) => s.setFetchSize(a.fetchSize),
  setQueryTimeout: async (s, a) => s.setQueryTimeout(Number(a.timeoutInMs)),
};
