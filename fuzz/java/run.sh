#!/usr/bin/env bash
# usage: run.sh <cases.json> <outDir>   (builds first if needed; one JVM for the whole batch)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/build.sh"
exec java -jar "$here/target/vector-generator.jar" "$@"
