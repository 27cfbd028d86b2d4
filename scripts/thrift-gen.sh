#!/usr/bin/env bash
# thrift-gen.sh <idl> <out-dir> <name> [<runtime>]: regenerates <out-dir> (CommonJS JS + .d.ts for
# the `thrift` npm runtime) from <idl> with Apache Thrift 0.17.0 (Debian: apt-get install -y
# thrift-compiler); another version would emit different code, so it is refused. The output is
# committed, so builds and tests need no compiler; running it twice gives no diff. <name> prefixes
# messages. With <runtime>, the generated JS requires that module instead of `thrift` (see below).
# Used by packages/iotdb-client/scripts/gen-thrift.sh and packages/thrift/scripts/gen-test-idl.sh.
set -euo pipefail

idl="$1"
out="$2"
name="$3"
runtime="${4:-}"
expected_version="0.17.0"

if ! command -v thrift >/dev/null; then
  echo "$name: no thrift compiler on PATH (apt-get install -y thrift-compiler)" >&2
  exit 1
fi
actual_version="$(thrift --version | awk '{print $3}')"
if [ "$actual_version" != "$expected_version" ]; then
  echo "$name: need thrift $expected_version, found $actual_version" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/out"

# node: CommonJS modules; es6: classes and Promise-returning client calls (the non-es6 client
# needs thrift.Q, which the npm runtime no longer has); ts: a .d.ts beside each .js.
thrift --gen js:node,es6,ts -out "$work/out" "$idl" >"$work/warnings" 2>&1
# list<i8> is what the official IoTDB IDL declares, so the compiler's advice to use binary is moot.
grep -v -e 'instead of "list<byte>"' -e '^$' "$work/warnings" >&2 || true

# Enums are emitted as `ttypes.X = {...}`, which Node's CommonJS export detection misses, so an ESM
# `import { TSProtocolVersion } from ...` would fail at run time; ttypes is module.exports, so this
# spelling is equivalent and detectable.
types="$work/out/$(basename "$idl" .thrift)_types.js"
sed -i -E 's/^ttypes\.([A-Za-z0-9_]+) = \{$/module.exports.\1 = {/' "$types"
if grep -q '^ttypes\.' "$types"; then
  echo "$name: unexpected ttypes.* export left in $(basename "$types")" >&2
  exit 1
fi

# <runtime>: the generated JS takes Thrift.Type, the exception classes, copyList etc. from
# `require('thrift').Thrift`. A package that runs the generated code on other protocols (the
# IoTDB client on @zerowire/thrift's) passes a module exporting that `Thrift` instead, so the
# `thrift` package (and its dependencies: ws, uuid, ...) is not needed at run time. Only the JS is
# rewritten: the .d.ts keep typing against `thrift` (a devDependency of such a package).
if [ -n "$runtime" ]; then
  for js in "$work/out"/*.js; do
    if [ "$(grep -cx "const thrift = require('thrift');" "$js")" != 1 ]; then
      echo "$name: expected one \`const thrift = require('thrift');\` in $(basename "$js")" >&2
      exit 1
    fi
    sed -i "s|^const thrift = require('thrift');\$|const thrift = require('$runtime');|" "$js"
  done
fi

rm -rf "$out"
mkdir -p "$out"
cp "$work/out"/* "$out"/
# The packages are "type": "module"; this marks the generated files as CommonJS for Node, tsc and esbuild.
printf '{\n  "type": "commonjs"\n}\n' >"$out/package.json"
echo "$name: wrote $(ls "$out" | wc -l) files to $out"
