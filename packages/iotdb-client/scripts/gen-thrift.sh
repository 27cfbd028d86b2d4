#!/usr/bin/env bash
# Regenerates src/gen/ (CommonJS JS + .d.ts for the `thrift` npm runtime) from thrift/client.thrift.
# Needs the Apache Thrift compiler 0.17.0 (Debian: apt-get install -y thrift-compiler); another
# version would emit different code, so it is refused. Running it twice gives no diff.
set -euo pipefail

expected_version="0.17.0"
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
idl="$package_dir/thrift/client.thrift"
out="$package_dir/src/gen"

if ! command -v thrift >/dev/null; then
  echo "gen-thrift: no thrift compiler on PATH (apt-get install -y thrift-compiler)" >&2
  exit 1
fi
actual_version="$(thrift --version | awk '{print $3}')"
if [ "$actual_version" != "$expected_version" ]; then
  echo "gen-thrift: need thrift $expected_version, found $actual_version" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/out"

# node: CommonJS modules; es6: classes and Promise-returning client calls (the non-es6 client
# needs thrift.Q, which the npm runtime no longer has); ts: a .d.ts beside each .js.
thrift --gen js:node,es6,ts -out "$work/out" "$idl" >"$work/warnings" 2>&1
# list<i8> is what the official IDL declares, so the compiler's advice to use binary is moot.
grep -v -e 'instead of "list<byte>"' -e '^$' "$work/warnings" >&2 || true

# Enums are emitted as `ttypes.X = {...}`, which Node's CommonJS export detection misses, so an ESM
# `import { TSProtocolVersion } from ...` would fail at run time; ttypes is module.exports, so this
# spelling is equivalent and detectable.
sed -i -E 's/^ttypes\.([A-Za-z0-9_]+) = \{$/module.exports.\1 = {/' "$work/out/client_types.js"
if grep -q '^ttypes\.' "$work/out/client_types.js"; then
  echo "gen-thrift: unexpected ttypes.* export left in client_types.js" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out"
cp "$work/out"/* "$out"/
# The package is "type": "module"; this marks the generated files as CommonJS for Node, tsc and esbuild.
printf '{\n  "type": "commonjs"\n}\n' >"$out/package.json"
echo "gen-thrift: wrote $(ls "$out" | wc -l) files to ${out#"$package_dir"/}"
