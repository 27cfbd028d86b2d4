// Client-side view of Apache IoTDB's session RPC service, wire-compatible with
// iotdb-thrift / iotdb-thrift-commons 2.0.5 (and, for every field below, with the
// 2.0.1-beta server). Only what a session client sends or reads is declared.
//
// Only field ids, wire types, requiredness and method names reach the wire; they were
// read from the official 2.0.5 jars and must not be changed. Names of structs and
// fields follow the Java classes so the two can be compared line by line.
//
// Regenerate the JS + .d.ts in ../src/gen with ../scripts/gen-thrift.sh.

namespace js zerowire.iotdb.rpc

// ---------------------------------------------------------------------------
// Shared types (the `common` package of iotdb-thrift-commons)
// ---------------------------------------------------------------------------

// Address of a DataNode's client endpoint; sent back as a redirect hint.
struct TEndPoint {
  1: required string ip
  2: required i32 port
}

// Result of nearly every call. code 200 means success; batch calls may carry
// one status per item in subStatus.
struct TSStatus {
  1: required i32 code
  2: optional string message
  3: optional list<TSStatus> subStatus
  4: optional TEndPoint redirectNode
  5: optional bool needRetry
}

// Aggregation functions understood by executeAggregationQueryV2 (wire value = i32).
// 2.0.1-beta knows values 0-28 only.
enum TAggregationType {
  COUNT = 0
  AVG = 1
  SUM = 2
  FIRST_VALUE = 3
  LAST_VALUE = 4
  MAX_TIME = 5
  MIN_TIME = 6
  MAX_VALUE = 7
  MIN_VALUE = 8
  EXTREME = 9
  COUNT_IF = 10
  TIME_DURATION = 11
  MODE = 12
  COUNT_TIME = 13
  STDDEV = 14
  STDDEV_POP = 15
  STDDEV_SAMP = 16
  VARIANCE = 17
  VAR_POP = 18
  VAR_SAMP = 19
  MAX_BY = 20
  MIN_BY = 21
  UDAF = 22
  FIRST = 23
  LAST = 24
  FIRST_BY = 25
  LAST_BY = 26
  MIN = 27
  MAX = 28
  COUNT_ALL = 29
  APPROX_COUNT_DISTINCT = 30
  APPROX_MOST_FREQUENT = 31
}

// ---------------------------------------------------------------------------
// Session lifecycle
// ---------------------------------------------------------------------------

enum TSProtocolVersion {
  IOTDB_SERVICE_PROTOCOL_V1 = 0
  IOTDB_SERVICE_PROTOCOL_V2 = 1
  IOTDB_SERVICE_PROTOCOL_V3 = 2
}

// The official IDL gives client_protocol (V3) and serverProtocolVersion (V1) default values.
// They are left out here: defaults never reach the wire, and with them the generated .d.ts
// marks the fields optional while the generated constructor still throws when they are unset.
struct TSOpenSessionReq {
  1: required TSProtocolVersion client_protocol
  2: required string zoneId
  3: required string username
  4: optional string password
  // e.g. version=V_1_0, sql_dialect=tree|table, db=<database>
  5: optional map<string, string> configuration
}

struct TSOpenSessionResp {
  1: required TSStatus status
  2: required TSProtocolVersion serverProtocolVersion
  3: optional i64 sessionId
  // carries timestamp_precision among others
  4: optional map<string, string> configuration
}

struct TSCloseSessionReq {
  1: required i64 sessionId
}

struct TSGetTimeZoneResp {
  1: required TSStatus status
  2: required string timeZone
}

struct TSSetTimeZoneReq {
  1: required i64 sessionId
  2: required string timeZone
}

struct ServerProperties {
  1: required string version
  2: required list<string> supportedTimeAggregationOperations
  3: required string timestampPrecision
  4: i32 maxConcurrentClientNum
  5: optional i32 thriftMaxFrameSize
  6: optional bool isReadOnly
  7: optional string buildInfo
  8: optional string logo
}

// ---------------------------------------------------------------------------
// Statements and queries
// ---------------------------------------------------------------------------

struct TSExecuteStatementReq {
  1: required i64 sessionId
  2: required string statement
  3: required i64 statementId
  4: optional i32 fetchSize
  5: optional i64 timeout
  6: optional bool enableRedirectQuery
  7: optional bool jdbcQuery
}

struct TSRawDataQueryReq {
  1: required i64 sessionId
  2: required list<string> paths
  3: optional i32 fetchSize
  4: required i64 startTime
  5: required i64 endTime
  6: required i64 statementId
  7: optional bool enableRedirectQuery
  8: optional bool jdbcQuery
  9: optional i64 timeout
  10: optional bool legalPathNodes
}

struct TSLastDataQueryReq {
  1: required i64 sessionId
  2: required list<string> paths
  3: optional i32 fetchSize
  4: required i64 time
  5: required i64 statementId
  6: optional bool enableRedirectQuery
  7: optional bool jdbcQuery
  8: optional i64 timeout
  9: optional bool legalPathNodes
}

// The "fast last" queries (Session.executeFastLastDataQueryForOnePrefixPath and
// executeLastDataQueryForOneDevice). The 2.0.1-beta server knows only the one-device call.
struct TSFastLastDataQueryForOnePrefixPathReq {
  1: required i64 sessionId
  2: required list<string> prefixes
  3: optional i32 fetchSize
  4: required i64 statementId
  5: optional bool enableRedirectQuery
  6: optional bool jdbcQuery
  7: optional i64 timeout
}

struct TSFastLastDataQueryForOneDeviceReq {
  1: required i64 sessionId
  2: required string db
  3: required string deviceId
  4: required list<string> sensors
  5: optional i32 fetchSize
  6: required i64 statementId
  7: optional bool enableRedirectQuery
  8: optional bool jdbcQuery
  9: optional i64 timeout
  10: optional bool legalPathNodes
}

struct TSAggregationQueryReq {
  1: required i64 sessionId
  2: required i64 statementId
  3: required list<string> paths
  4: required list<TAggregationType> aggregations
  5: optional i64 startTime
  6: optional i64 endTime
  7: optional i64 interval
  8: optional i64 slidingStep
  9: optional i32 fetchSize
  10: optional i64 timeout
  11: optional bool legalPathNodes
}

// Row-oriented result of the pre-V2 query calls; V2 servers leave it unset.
struct TSQueryDataSet {
  1: required binary time
  2: required list<binary> valueList
  3: required list<binary> bitmapList
}

// Result of the pre-V2 unaligned queries; V2 servers leave it unset.
struct TSQueryNonAlignDataSet {
  1: required list<binary> timeList
  2: required list<binary> valueList
}

struct TSTracingInfo {
  1: required list<string> activityList
  2: required list<i64> elapsedTimeList
  3: optional i32 seriesPathNum
  4: optional i32 seqFileNum
  5: optional i32 unSeqFileNum
  6: optional i32 sequenceChunkNum
  7: optional i64 sequenceChunkPointNum
  8: optional i32 unsequenceChunkNum
  9: optional i64 unsequenceChunkPointNum
  10: optional i32 totalPageNum
  11: optional i32 overlappedPageNum
}

// Answer to every execute*V2 call. Query data arrives as serialized TsBlocks in
// queryResult; moreData=true means fetchResultsV2 must be called for the rest.
struct TSExecuteStatementResp {
  1: required TSStatus status
  2: optional i64 queryId
  3: optional list<string> columns
  4: optional string operationType
  5: optional bool ignoreTimeStamp
  // type names such as "INT32", "TIMESTAMP"
  6: optional list<string> dataTypeList
  7: optional TSQueryDataSet queryDataSet
  8: optional TSQueryNonAlignDataSet nonAlignQueryDataSet
  9: optional map<string, i32> columnNameIndexMap
  10: optional list<string> sgColumns
  11: optional list<i8> aliasColumns
  12: optional TSTracingInfo tracingInfo
  13: optional list<binary> queryResult
  14: optional bool moreData
  15: optional string database
  16: optional bool tableModel
  17: optional list<i32> columnIndex2TsBlockColumnIndexList
}

struct TSFetchResultsReq {
  1: required i64 sessionId
  2: required string statement
  3: required i32 fetchSize
  4: required i64 queryId
  5: required bool isAlign
  6: optional i64 timeout
  // absent from 2.0.1-beta; that server skips it as an unknown field
  7: optional i64 statementId
}

struct TSFetchResultsResp {
  1: required TSStatus status
  2: required bool hasResultSet
  3: required bool isAlign
  4: optional TSQueryDataSet queryDataSet
  5: optional TSQueryNonAlignDataSet nonAlignQueryDataSet
  6: optional list<binary> queryResult
  7: optional bool moreData
}

struct TSCloseOperationReq {
  1: required i64 sessionId
  2: optional i64 queryId
  3: optional i64 statementId
}

struct TSCancelOperationReq {
  1: required i64 sessionId
  2: required i64 queryId
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

// One tablet: columns of one device (tree) or of one table (table model).
// values = column-major cells + optional null bitmaps; timestamps = size x i64 BE.
// 2.0.5 ends at field 10; later versions' fields 11-13 must not be sent.
struct TSInsertTabletReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required list<string> measurements
  4: required binary values
  5: required binary timestamps
  6: required list<i32> types
  7: required i32 size
  8: optional bool isAligned
  9: optional bool writeToTable
  // TAG=0, FIELD=1, ATTRIBUTE=2
  10: optional list<i8> columnCategories
}

struct TSInsertTabletsReq {
  1: required i64 sessionId
  2: required list<string> prefixPaths
  3: required list<list<string>> measurementsList
  4: required list<binary> valuesList
  5: required list<binary> timestampsList
  6: required list<list<i32>> typesList
  7: required list<i32> sizeList
  8: optional bool isAligned
}

// One row; values = per measurement [type byte][value].
struct TSInsertRecordReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required list<string> measurements
  4: required binary values
  5: required i64 timestamp
  6: optional bool isAligned
  7: optional bool isWriteToTable
  // (sic) the official field name carries this spelling
  8: optional list<i8> columnCategoryies
}

struct TSInsertRecordsReq {
  1: required i64 sessionId
  2: required list<string> prefixPaths
  3: required list<list<string>> measurementsList
  4: required list<binary> valuesList
  5: required list<i64> timestamps
  6: optional bool isAligned
}

struct TSInsertRecordsOfOneDeviceReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required list<list<string>> measurementsList
  4: required list<binary> valuesList
  5: required list<i64> timestamps
  6: optional bool isAligned
}

// Variants whose values are strings that the server parses by the series' type.
struct TSInsertStringRecordReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required list<string> measurements
  4: required list<string> values
  5: required i64 timestamp
  6: optional bool isAligned
  7: optional i64 timeout
}

struct TSInsertStringRecordsReq {
  1: required i64 sessionId
  2: required list<string> prefixPaths
  3: required list<list<string>> measurementsList
  4: required list<list<string>> valuesList
  5: required list<i64> timestamps
  6: optional bool isAligned
}

struct TSInsertStringRecordsOfOneDeviceReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required list<list<string>> measurementsList
  4: required list<list<string>> valuesList
  5: required list<i64> timestamps
  6: optional bool isAligned
}

// Deletes the points of the given series between startTime and endTime.
struct TSDeleteDataReq {
  1: required i64 sessionId
  2: required list<string> paths
  3: required i64 startTime
  4: required i64 endTime
}

// ---------------------------------------------------------------------------
// Schema (tree model); dataType/encoding/compressor are the tsfile enum ordinals
// ---------------------------------------------------------------------------

struct TSCreateTimeseriesReq {
  1: required i64 sessionId
  2: required string path
  3: required i32 dataType
  4: required i32 encoding
  5: required i32 compressor
  6: optional map<string, string> props
  7: optional map<string, string> tags
  8: optional map<string, string> attributes
  9: optional string measurementAlias
}

struct TSCreateAlignedTimeseriesReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required list<string> measurements
  4: required list<i32> dataTypes
  5: required list<i32> encodings
  6: required list<i32> compressors
  7: optional list<string> measurementAlias
  8: optional list<map<string, string>> tagsList
  9: optional list<map<string, string>> attributesList
}

struct TSCreateMultiTimeseriesReq {
  1: required i64 sessionId
  2: required list<string> paths
  3: required list<i32> dataTypes
  4: required list<i32> encodings
  5: required list<i32> compressors
  6: optional list<map<string, string>> propsList
  7: optional list<map<string, string>> tagsList
  8: optional list<map<string, string>> attributesList
  9: optional list<string> measurementAliasList
}

// ---------------------------------------------------------------------------
// Schema templates (tree model). queryType of TSQueryTemplateReq is Java's
// TemplateQueryType.ordinal(): 0 COUNT_MEASUREMENTS, 1 IS_MEASUREMENT, 2 PATH_EXIST,
// 3 SHOW_MEASUREMENTS, 4 SHOW_TEMPLATES, 5 SHOW_SET_TEMPLATES, 6 SHOW_USING_TEMPLATES.
// ---------------------------------------------------------------------------

// serializedTemplate is Java's Template.serialize() (see the codec's template module).
struct TSCreateSchemaTemplateReq {
  1: required i64 sessionId
  2: required string name
  3: required binary serializedTemplate
}

struct TSAppendSchemaTemplateReq {
  1: required i64 sessionId
  2: required string name
  3: required bool isAligned
  4: required list<string> measurements
  5: required list<i32> dataTypes
  6: required list<i32> encodings
  7: required list<i32> compressors
}

struct TSPruneSchemaTemplateReq {
  1: required i64 sessionId
  2: required string name
  3: required string path
}

struct TSQueryTemplateReq {
  1: required i64 sessionId
  2: required string name
  3: required i32 queryType
  4: optional string measurement
}

struct TSQueryTemplateResp {
  1: required TSStatus status
  2: required i32 queryType
  3: optional bool result
  4: optional i32 count
  5: optional list<string> measurements
}

struct TSSetSchemaTemplateReq {
  1: required i64 sessionId
  2: required string templateName
  3: required string prefixPath
}

struct TSUnsetSchemaTemplateReq {
  1: required i64 sessionId
  2: required string prefixPath
  3: required string templateName
}

struct TSDropSchemaTemplateReq {
  1: required i64 sessionId
  2: required string templateName
}

struct TCreateTimeseriesUsingSchemaTemplateReq {
  1: required i64 sessionId
  2: required list<string> devicePathList
}

// ---------------------------------------------------------------------------
// The service. Each call's args struct is { <id>: <param> } as numbered here and
// its result struct is { 0: success }; no call declares exceptions.
// ---------------------------------------------------------------------------

service IClientRPCService {
  // session
  TSOpenSessionResp openSession(1: TSOpenSessionReq req)
  TSStatus closeSession(1: TSCloseSessionReq req)
  i64 requestStatementId(1: i64 sessionId)
  TSGetTimeZoneResp getTimeZone(1: i64 sessionId)
  TSStatus setTimeZone(1: TSSetTimeZoneReq req)
  ServerProperties getProperties()
  TSStatus testConnectionEmptyRPC()

  // statements and queries
  TSExecuteStatementResp executeStatementV2(1: TSExecuteStatementReq req)
  TSExecuteStatementResp executeQueryStatementV2(1: TSExecuteStatementReq req)
  TSExecuteStatementResp executeUpdateStatementV2(1: TSExecuteStatementReq req)
  TSExecuteStatementResp executeRawDataQueryV2(1: TSRawDataQueryReq req)
  TSExecuteStatementResp executeLastDataQueryV2(1: TSLastDataQueryReq req)
  TSExecuteStatementResp executeAggregationQueryV2(1: TSAggregationQueryReq req)
  TSExecuteStatementResp executeFastLastDataQueryForOnePrefixPath(1: TSFastLastDataQueryForOnePrefixPathReq req)
  TSExecuteStatementResp executeFastLastDataQueryForOneDeviceV2(1: TSFastLastDataQueryForOneDeviceReq req)
  TSFetchResultsResp fetchResultsV2(1: TSFetchResultsReq req)
  TSStatus closeOperation(1: TSCloseOperationReq req)
  TSStatus cancelOperation(1: TSCancelOperationReq req)

  // writes
  TSStatus insertTablet(1: TSInsertTabletReq req)
  TSStatus insertTablets(1: TSInsertTabletsReq req)
  TSStatus insertRecord(1: TSInsertRecordReq req)
  TSStatus insertRecords(1: TSInsertRecordsReq req)
  TSStatus insertRecordsOfOneDevice(1: TSInsertRecordsOfOneDeviceReq req)
  TSStatus insertStringRecord(1: TSInsertStringRecordReq req)
  TSStatus insertStringRecords(1: TSInsertStringRecordsReq req)
  TSStatus insertStringRecordsOfOneDevice(1: TSInsertStringRecordsOfOneDeviceReq req)
  TSStatus deleteData(1: TSDeleteDataReq req)
  // same request as insertTablet; the server stores nothing (measures RPC cost)
  TSStatus testInsertTablet(1: TSInsertTabletReq req)

  // schema
  TSStatus setStorageGroup(1: i64 sessionId, 2: string storageGroup)
  TSStatus deleteStorageGroups(1: i64 sessionId, 2: list<string> storageGroup)
  TSStatus createTimeseries(1: TSCreateTimeseriesReq req)
  TSStatus createAlignedTimeseries(1: TSCreateAlignedTimeseriesReq req)
  TSStatus createMultiTimeseries(1: TSCreateMultiTimeseriesReq req)
  TSStatus deleteTimeseries(1: i64 sessionId, 2: list<string> path)

  // schema templates
  TSStatus createSchemaTemplate(1: TSCreateSchemaTemplateReq req)
  TSStatus appendSchemaTemplate(1: TSAppendSchemaTemplateReq req)
  TSStatus pruneSchemaTemplate(1: TSPruneSchemaTemplateReq req)
  TSQueryTemplateResp querySchemaTemplate(1: TSQueryTemplateReq req)
  TSStatus setSchemaTemplate(1: TSSetSchemaTemplateReq req)
  TSStatus unsetSchemaTemplate(1: TSUnsetSchemaTemplateReq req)
  TSStatus dropSchemaTemplate(1: TSDropSchemaTemplateReq req)
  TSStatus createTimeseriesUsingSchemaTemplate(1: TCreateTimeseriesUsingSchemaTemplateReq req)
}
