// The fake DataNode of the session-call vectors (vectors/java-2.0.5-calls/README.md): a
// loopback server that records every frame a client sends and answers openSession with sessionId
// 42 (statementId 7 from requestStatementId), template queries with an empty answer, and every other call from
// `fakeDataNodeReplies`,
// by default a TSStatus of 200. A call whose answer is not a TSStatus gets an entry there.
import {
  FakeServer,
  i64Reply,
  type ReceivedCall,
  statusReply,
  structReply,
  toInt64,
  TSExecuteStatementResp,
  TSOpenSessionResp,
  TSQueryTemplateResp,
  TSStatus,
} from "@zerowire/iotdb-client/test-support";

export type Protocol = "binary" | "compact";
type Reply = (protocol: Protocol, seqid: number) => Buffer;

export const FAKE_SESSION_ID = 42;
export const FAKE_STATEMENT_ID = 7;

/** Answers by Thrift method; any method not listed is answered with TSStatus 200. */
export const fakeDataNodeReplies: Record<string, Reply> = {
  openSession: (protocol, seqid) =>
    structReply(
      protocol,
      "openSession",
      seqid,
      new TSOpenSessionResp({
        status: new TSStatus({ code: 200 }),
        serverProtocolVersion: 2,
        sessionId: toInt64(FAKE_SESSION_ID),
      }) as never,
    ),
  requestStatementId: (protocol, seqid) => i64Reply(protocol, "requestStatementId", seqid, FAKE_STATEMENT_ID),
  // The vectors' peer answers template queries with an empty answer.
  querySchemaTemplate: (protocol, seqid) =>
    structReply(
      protocol,
      "querySchemaTemplate",
      seqid,
      new TSQueryTemplateResp({ status: new TSStatus({ code: 200 }), queryType: 0 }) as never,
    ),
  executeQueryStatementV2: emptyQueryReply("executeQueryStatementV2"),
  executeRawDataQueryV2: emptyQueryReply("executeRawDataQueryV2"),
  executeLastDataQueryV2: emptyQueryReply("executeLastDataQueryV2"),
  executeFastLastDataQueryForOnePrefixPath: emptyQueryReply("executeFastLastDataQueryForOnePrefixPath"),
  executeFastLastDataQueryForOneDeviceV2: emptyQueryReply("executeFastLastDataQueryForOneDeviceV2"),
};

/** A query's answer: a finished empty result (what fuzz/java's capturing connection answers too). */
function emptyQueryReply(method: string): Reply {
  return (protocol, seqid) =>
    structReply(
      protocol,
      method,
      seqid,
      new TSExecuteStatementResp({
        status: new TSStatus({ code: 200 }),
        queryId: toInt64(1),
        columns: ["Timeseries", "Value", "DataType"],
        dataTypeList: ["TEXT", "TEXT", "TEXT"],
        ignoreTimeStamp: false,
        moreData: false,
        queryResult: [],
      }) as never,
    );
}

/** Starts the fake DataNode; `calls` lists every frame received, in order. */
export async function startFakeDataNode(protocol: Protocol): Promise<FakeServer> {
  return FakeServer.start((call: ReceivedCall, peer) => {
    const reply =
      fakeDataNodeReplies[call.method] ?? ((p: Protocol, seqid: number) => statusReply(p, call.method, seqid));
    peer.send(reply(protocol, call.seqid));
  });
}
