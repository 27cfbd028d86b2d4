#!/usr/bin/env bash
# Regenerates test/gen/ from test/idl/everything.thrift with the compiler and flags the IoTDB
# client uses (the repository's scripts/thrift-gen.sh: Apache Thrift 0.17.0, js:node,es6,ts). The
# output is committed so that the tests need no compiler. gen-test-idl.sh [<out-dir>] writes to
# <out-dir> instead of test/gen (scripts/check-thrift-gen.mjs compares the two in `pnpm test`).
set -euo pipefail
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$package_dir/../../scripts/thrift-gen.sh" "$package_dir/test/idl/everything.thrift" "${1:-$package_dir/test/gen}" gen-test-idl
