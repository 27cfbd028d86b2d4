// The thrift package's test support for the repo's fuzz/ and bench/: `@zerowire/thrift/test-support`,
// a workspace-only export (package.json "exports"; publishConfig.exports, what pnpm packs, leaves
// it out, and test/ is not in the tarball): the Thrift compiler's output for test/idl (the
// ThriftTest-like structs and the Echo service) and the write/read helpers that put ours beside
// the stock `thrift` package.
export { default as Echo } from "./gen/Echo.js";
export { default as everythingTypes } from "./gen/everything_types.js";
export { oursRead, oursWrite, PROTOCOLS, thriftRead, thriftWrite, type ProtocolName } from "./codecs.js";
