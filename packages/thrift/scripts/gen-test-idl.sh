#!/usr/bin/env bash
# Regenerates test/gen/ (CommonJS JS + .d.ts for the `thrift` npm runtime) from
# test/idl/everything.thrift, with the compiler and flags the IoTDB client uses
# (packages/iotdb-client/scripts/gen-thrift.sh): Apache Thrift 0.17.0, js:node,es6,ts.
# The output is committed so that the tests need no compiler. Running it twice gives no diff.
set -euo pipefail

expected_version="0.17.0"
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
idl="$package_dir/test/idl/everything.thrift"
out="$package_dir/test/gen"

if ! command -v thrift >/dev/null; then
  echo "gen-test-idl: no thrift compiler on PATH (apt-get install -y thrift-compiler)" >&2
  exit 1
fi
actual_version="$(thrift --version | awk '{print $3}')"
if [ "$actual_version" != "$expected_version" ]; then
  echo "gen-test-idl: need thrift $expected_version, found $actual_version" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/out"
thrift --gen js:node,es6,ts -out "$work/out" "$idl"

# Enums are emitted as `ttypes.X = {...}`, which Node's CommonJS export detection misses (see
# the IoTDB client's gen-thrift.sh); this spelling is equivalent and detectable from ESM.
sed -i -E 's/^ttypes\.([A-Za-z0-9_]+) = \{$/module.exports.\1 = {/' "$work/out/everything_types.js"

rm -rf "$out"
mkdir -p "$out"
cp "$work/out"/* "$out"/
printf '{\n  "type": "commonjs"\n}\n' >"$out/package.json"
echo "gen-test-idl: wrote $(ls "$out" | wc -l) files to ${out#"$package_dir"/}"
