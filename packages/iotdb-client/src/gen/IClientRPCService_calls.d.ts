// Written by scripts/gen-thrift.sh (split-generated.mjs) beside IClientRPCService_calls.js: the
// compiler declares no types for *_args/*_result; a method's argument and result types are
// src/thrift/rpc-signatures.ts's.

/** What a struct's write and read are handed: a Thrift protocol. */
export type Protocol = object;

/** A call's arguments struct: fields named as the IDL's parameters, each null until set. */
export interface CallArgs {
  write(output: Protocol): void;
}
export type CallArgsClass = new (params?: Record<string, unknown>) => CallArgs;

/** A call's result struct: the return value in `success` (field 0), null when absent. */
export interface CallResult {
  success: unknown;
  read(input: Protocol): void;
}
export type CallResultClass = new () => CallResult;

export declare const IClientRPCService_openSession_args: CallArgsClass;
export declare const IClientRPCService_openSession_result: CallResultClass;
export declare const IClientRPCService_closeSession_args: CallArgsClass;
export declare const IClientRPCService_closeSession_result: CallResultClass;
export declare const IClientRPCService_requestStatementId_args: CallArgsClass;
export declare const IClientRPCService_requestStatementId_result: CallResultClass;
export declare const IClientRPCService_testConnectionEmptyRPC_args: CallArgsClass;
export declare const IClientRPCService_testConnectionEmptyRPC_result: CallResultClass;
export declare const IClientRPCService_executeQueryStatementV2_args: CallArgsClass;
export declare const IClientRPCService_executeQueryStatementV2_result: CallResultClass;
export declare const IClientRPCService_executeUpdateStatementV2_args: CallArgsClass;
export declare const IClientRPCService_executeUpdateStatementV2_result: CallResultClass;
export declare const IClientRPCService_executeRawDataQueryV2_args: CallArgsClass;
export declare const IClientRPCService_executeRawDataQueryV2_result: CallResultClass;
export declare const IClientRPCService_executeLastDataQueryV2_args: CallArgsClass;
export declare const IClientRPCService_executeLastDataQueryV2_result: CallResultClass;
export declare const IClientRPCService_executeAggregationQueryV2_args: CallArgsClass;
export declare const IClientRPCService_executeAggregationQueryV2_result: CallResultClass;
export declare const IClientRPCService_executeFastLastDataQueryForOnePrefixPath_args: CallArgsClass;
export declare const IClientRPCService_executeFastLastDataQueryForOnePrefixPath_result: CallResultClass;
export declare const IClientRPCService_executeFastLastDataQueryForOneDeviceV2_args: CallArgsClass;
export declare const IClientRPCService_executeFastLastDataQueryForOneDeviceV2_result: CallResultClass;
export declare const IClientRPCService_fetchResultsV2_args: CallArgsClass;
export declare const IClientRPCService_fetchResultsV2_result: CallResultClass;
export declare const IClientRPCService_closeOperation_args: CallArgsClass;
export declare const IClientRPCService_closeOperation_result: CallResultClass;
export declare const IClientRPCService_insertTablet_args: CallArgsClass;
export declare const IClientRPCService_insertTablet_result: CallResultClass;
export declare const IClientRPCService_insertTablets_args: CallArgsClass;
export declare const IClientRPCService_insertTablets_result: CallResultClass;
export declare const IClientRPCService_insertRecord_args: CallArgsClass;
export declare const IClientRPCService_insertRecord_result: CallResultClass;
export declare const IClientRPCService_insertRecords_args: CallArgsClass;
export declare const IClientRPCService_insertRecords_result: CallResultClass;
export declare const IClientRPCService_insertRecordsOfOneDevice_args: CallArgsClass;
export declare const IClientRPCService_insertRecordsOfOneDevice_result: CallResultClass;
export declare const IClientRPCService_insertStringRecord_args: CallArgsClass;
export declare const IClientRPCService_insertStringRecord_result: CallResultClass;
export declare const IClientRPCService_insertStringRecords_args: CallArgsClass;
export declare const IClientRPCService_insertStringRecords_result: CallResultClass;
export declare const IClientRPCService_insertStringRecordsOfOneDevice_args: CallArgsClass;
export declare const IClientRPCService_insertStringRecordsOfOneDevice_result: CallResultClass;
export declare const IClientRPCService_deleteData_args: CallArgsClass;
export declare const IClientRPCService_deleteData_result: CallResultClass;
export declare const IClientRPCService_setStorageGroup_args: CallArgsClass;
export declare const IClientRPCService_setStorageGroup_result: CallResultClass;
export declare const IClientRPCService_deleteStorageGroups_args: CallArgsClass;
export declare const IClientRPCService_deleteStorageGroups_result: CallResultClass;
export declare const IClientRPCService_createTimeseries_args: CallArgsClass;
export declare const IClientRPCService_createTimeseries_result: CallResultClass;
export declare const IClientRPCService_createAlignedTimeseries_args: CallArgsClass;
export declare const IClientRPCService_createAlignedTimeseries_result: CallResultClass;
export declare const IClientRPCService_createMultiTimeseries_args: CallArgsClass;
export declare const IClientRPCService_createMultiTimeseries_result: CallResultClass;
export declare const IClientRPCService_deleteTimeseries_args: CallArgsClass;
export declare const IClientRPCService_deleteTimeseries_result: CallResultClass;
export declare const IClientRPCService_setTimeZone_args: CallArgsClass;
export declare const IClientRPCService_setTimeZone_result: CallResultClass;
export declare const IClientRPCService_createSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_createSchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_appendSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_appendSchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_pruneSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_pruneSchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_querySchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_querySchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_setSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_setSchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_unsetSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_unsetSchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_dropSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_dropSchemaTemplate_result: CallResultClass;
export declare const IClientRPCService_createTimeseriesUsingSchemaTemplate_args: CallArgsClass;
export declare const IClientRPCService_createTimeseriesUsingSchemaTemplate_result: CallResultClass;
