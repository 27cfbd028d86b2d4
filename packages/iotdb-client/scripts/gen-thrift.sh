#!/usr/bin/env bash
# Regenerates src/gen/ from thrift/client.thrift (the repository's scripts/thrift-gen.sh: Apache
# Thrift 0.17.0, js:node,es6,ts; the output is committed). The generated JS requires
# src/thrift/generated-code-runtime.ts instead of the `thrift` package, which is not a runtime
# dependency of the client (the RPCs run on @zerowire/thrift's protocols).
set -euo pipefail
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$package_dir/../../scripts/thrift-gen.sh" "$package_dir/thrift/client.thrift" "$package_dir/src/gen" gen-thrift ../thrift/generated-code-runtime
