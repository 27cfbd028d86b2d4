// The RPCs the client makes through the generated code: arguments and success type per method.
import type Int64 from "node-int64";
import type {
  TCreateTimeseriesUsingSchemaTemplateReq,
  TSAggregationQueryReq,
  TSAppendSchemaTemplateReq,
  TSCreateSchemaTemplateReq,
  TSDropSchemaTemplateReq,
  TSPruneSchemaTemplateReq,
  TSQueryTemplateReq,
  TSQueryTemplateResp,
  TSSetSchemaTemplateReq,
  TSSetTimeZoneReq,
  TSUnsetSchemaTemplateReq,
  TSCloseOperationReq,
  TSCloseSessionReq,
  TSCreateAlignedTimeseriesReq,
  TSCreateMultiTimeseriesReq,
  TSCreateTimeseriesReq,
  TSDeleteDataReq,
  TSExecuteStatementReq,
  TSExecuteStatementResp,
  TSFastLastDataQueryForOneDeviceReq,
  TSFastLastDataQueryForOnePrefixPathReq,
  TSFetchResultsReq,
  TSFetchResultsResp,
  TSInsertRecordReq,
  TSInsertRecordsOfOneDeviceReq,
  TSInsertRecordsReq,
  TSInsertStringRecordReq,
  TSInsertStringRecordsOfOneDeviceReq,
  TSInsertStringRecordsReq,
  TSInsertTabletReq,
  TSInsertTabletsReq,
  TSLastDataQueryReq,
  TSOpenSessionReq,
  TSOpenSessionResp,
  TSRawDataQueryReq,
  TSStatus,
} from "../gen/client_types.js";

interface Signature<A extends unknown[], R> {
  args: A;
  result: R;
}

export interface RpcSignatures {
  openSession: Signature<[TSOpenSessionReq], TSOpenSessionResp>;
  closeSession: Signature<[TSCloseSessionReq], TSStatus>;
  requestStatementId: Signature<[sessionId: Int64], Int64>;
  testConnectionEmptyRPC: Signature<[], TSStatus>;
  executeQueryStatementV2: Signature<[TSExecuteStatementReq], TSExecuteStatementResp>;
  executeUpdateStatementV2: Signature<[TSExecuteStatementReq], TSExecuteStatementResp>;
  executeRawDataQueryV2: Signature<[TSRawDataQueryReq], TSExecuteStatementResp>;
  executeLastDataQueryV2: Signature<[TSLastDataQueryReq], TSExecuteStatementResp>;
  executeAggregationQueryV2: Signature<[TSAggregationQueryReq], TSExecuteStatementResp>;
  executeFastLastDataQueryForOnePrefixPath: Signature<[TSFastLastDataQueryForOnePrefixPathReq], TSExecuteStatementResp>;
  executeFastLastDataQueryForOneDeviceV2: Signature<[TSFastLastDataQueryForOneDeviceReq], TSExecuteStatementResp>;
  fetchResultsV2: Signature<[TSFetchResultsReq], TSFetchResultsResp>;
  closeOperation: Signature<[TSCloseOperationReq], TSStatus>;
  insertTablet: Signature<[TSInsertTabletReq], TSStatus>;
  insertTablets: Signature<[TSInsertTabletsReq], TSStatus>;
  insertRecord: Signature<[TSInsertRecordReq], TSStatus>;
  insertRecords: Signature<[TSInsertRecordsReq], TSStatus>;
  insertRecordsOfOneDevice: Signature<[TSInsertRecordsOfOneDeviceReq], TSStatus>;
  insertStringRecord: Signature<[TSInsertStringRecordReq], TSStatus>;
  insertStringRecords: Signature<[TSInsertStringRecordsReq], TSStatus>;
  insertStringRecordsOfOneDevice: Signature<[TSInsertStringRecordsOfOneDeviceReq], TSStatus>;
  deleteData: Signature<[TSDeleteDataReq], TSStatus>;
  setStorageGroup: Signature<[sessionId: Int64, database: string], TSStatus>;
  deleteStorageGroups: Signature<[sessionId: Int64, databases: string[]], TSStatus>;
  createTimeseries: Signature<[TSCreateTimeseriesReq], TSStatus>;
  createAlignedTimeseries: Signature<[TSCreateAlignedTimeseriesReq], TSStatus>;
  createMultiTimeseries: Signature<[TSCreateMultiTimeseriesReq], TSStatus>;
  deleteTimeseries: Signature<[sessionId: Int64, paths: string[]], TSStatus>;
  setTimeZone: Signature<[TSSetTimeZoneReq], TSStatus>;
  createSchemaTemplate: Signature<[TSCreateSchemaTemplateReq], TSStatus>;
  appendSchemaTemplate: Signature<[TSAppendSchemaTemplateReq], TSStatus>;
  pruneSchemaTemplate: Signature<[TSPruneSchemaTemplateReq], TSStatus>;
  querySchemaTemplate: Signature<[TSQueryTemplateReq], TSQueryTemplateResp>;
  setSchemaTemplate: Signature<[TSSetSchemaTemplateReq], TSStatus>;
  unsetSchemaTemplate: Signature<[TSUnsetSchemaTemplateReq], TSStatus>;
  dropSchemaTemplate: Signature<[TSDropSchemaTemplateReq], TSStatus>;
  createTimeseriesUsingSchemaTemplate: Signature<[TCreateTimeseriesUsingSchemaTemplateReq], TSStatus>;
}

export type RpcMethod = keyof RpcSignatures;
export type RpcArgs<M extends RpcMethod> = RpcSignatures[M]["args"];
export type RpcResult<M extends RpcMethod> = RpcSignatures[M]["result"];
