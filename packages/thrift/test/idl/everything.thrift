// The test IDL of @zerowire/thrift: every Thrift type, in every position the generated code
// treats differently, so the property tests drive each protocol method through the generated
// readers and writers. Regenerate test/gen/ with scripts/gen-test-idl.sh (thrift-compiler 0.17).
namespace java org.zerowire.thrift.test

enum Color {
  RED = 1,
  GREEN = 2,
  BLUE = 7
}

struct Inner {
  1: required i32 id,
  2: optional string name,
  3: optional binary blob
}

union Choice {
  1: i32 number,
  2: string text,
  3: Inner inner,
  4: list<i64> longs
}

exception Oops {
  1: i32 code,
  2: string message
}

struct Everything {
  1: optional bool flag,
  2: optional i8 tiny,
  3: optional i16 small,
  4: optional i32 medium,
  5: optional i64 large,
  6: optional double real,
  7: optional string text,
  8: optional binary blob,
  9: optional Inner inner,
  10: optional list<i32> ints,
  11: optional set<string> names,
  12: optional map<string, Inner> byName,
  13: optional list<list<i64>> nested,
  14: optional map<i32, list<bool>> flagsById,
  15: optional list<bool> flags,
  16: optional list<double> reals,
  17: optional list<binary> blobs,
  18: optional Choice choice,
  19: optional Color color,
  20: optional map<i64, double> series,
  21: optional set<i8> bytes,
  22: optional list<Inner> inners,
  23: required i32 mandatory,
  24: i32 withDefault = 42,
  25: optional string textDefault = "hello",
  26: optional map<string, map<string, string>> attributes,
  27: optional list<i16> shorts,
  // A gap over 15 ids: the compact protocol's long field header.
  100: optional i64 farAway,
  101: optional bool lastFlag
}

// The same wire ids as Everything, most of them unknown here: reading an Everything as a
// Sparse skips every type.
struct Sparse {
  4: optional i32 medium,
  23: required i32 mandatory,
  101: optional bool lastFlag
}

// Shapes of three IoTDB calls (TSInsertTabletReq, TSFetchResultsResp, TSOpenSessionReq/Resp in
// IoTDB's client.thrift, same ids and types, fewer optional fields), for `pnpm bench thrift`.
struct StatusLike {
  1: required i32 code,
  2: optional string message
}

struct InsertTabletLike {
  1: required i64 sessionId,
  2: required string prefixPath,
  3: required list<string> measurements,
  4: required binary values,
  5: required binary timestamps,
  6: required list<i32> types,
  7: required i32 size,
  8: optional bool isAligned,
  9: optional bool writeToTable,
  10: optional list<i8> columnCategories,
  11: optional bool isGeneratedByPipe
}

struct FetchResultsLike {
  1: required StatusLike status,
  2: required bool hasResultSet,
  3: required bool isAlign,
  6: optional list<binary> queryResult,
  7: optional bool moreData
}

struct OpenSessionLikeReq {
  1: required i32 client_protocol,
  2: required string zoneId,
  3: optional string username,
  4: optional string password,
  5: optional map<string, string> configuration
}

struct OpenSessionLikeResp {
  1: required StatusLike status,
  2: required i32 serverProtocolVersion,
  3: optional i64 sessionId,
  4: optional map<string, string> configuration
}

service Echo {
  Everything echo(1: Everything value) throws (1: Oops oops),
  i64 add(1: i64 a, 2: i64 b),
  oneway void ping(1: string note),
  OpenSessionLikeResp openSession(1: OpenSessionLikeReq req),
  StatusLike insertTablet(1: InsertTabletLike req),
  FetchResultsLike fetchResults(1: i64 queryId)
}
