// The client's test support for the repo's fuzz/ and bench/: `@zerowire/iotdb-client/test-support`,
// a workspace-only export (package.json "exports"; publishConfig.exports, what pnpm packs, leaves
// it out, and test/ is not in the tarball). Internals come from src/ here, and so do the error
// classes beside them, so `instanceof` holds for what these functions throw.
export { FakeServer, type ReceivedCall } from "./helpers/fake-server.js";
export { i64Reply, statusReply, structReply } from "./helpers/replies.js";
export {
  TSExecuteStatementResp,
  TSFetchResultsResp,
  TSOpenSessionResp,
  TSQueryTemplateResp,
  TSStatus,
} from "../src/gen/client_types.js";
// The generated result struct a driver's recv_fetchResultsV2 reads a reply with.
export { IClientRPCService_fetchResultsV2_result } from "../src/gen/IClientRPCService_calls.js";
export { toInt64 } from "../src/thrift/int64.js";
export { Connection } from "../src/connection.js";
export { ConnectionError } from "../src/errors.js";
export type { RpcMethod } from "../src/thrift/rpc-signatures.js";
export { decodeReplies } from "../src/thrift/reply-decoding.js";
export { readReplyHead } from "../src/thrift/status-reply.js";
export { ReplyError } from "../src/thrift/rpc-codec.js";
export { FrameError } from "../src/transport/frame-reader.js";
