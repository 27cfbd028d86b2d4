#!/usr/bin/env bash
# gen-thrift.sh [<out-root>]: THE generation step of the client's Thrift code; its output is
# committed (builds and tests need no compiler) and the build does not touch it afterwards.
#   1. scripts/thrift-gen.sh (the repository's): Apache Thrift 0.17.0, js:node,es6,ts, on
#      thrift/client.thrift; enums exported so ESM named imports work; the generated JS requires
#      src/thrift/generated-code-runtime.ts instead of the `thrift` package, which is not a runtime
#      dependency of the client (the RPCs run on @zerowire/thrift's protocols).
#   2. scripts/split-generated.mjs: src/gen gets the structs and the argument/result structs of the
#      RPCs src/thrift/rpc-signatures.ts names (the published client carries nothing else);
#      test/gen gets the full service file (Client, Processor) for the tests' fake servers. Its
#      file-top comment lists every edit and why.
# <out-root> defaults to this package; scripts/check-thrift-gen.mjs (in `pnpm test`) writes to a
# temporary one and fails on any difference from the committed files.
set -euo pipefail
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_root="${1:-$package_dir}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$package_dir/../../scripts/thrift-gen.sh" "$package_dir/thrift/client.thrift" "$work/full" gen-thrift ../thrift/generated-code-runtime >/dev/null
node "$package_dir/scripts/split-generated.mjs" "$work/full" "$out_root"
