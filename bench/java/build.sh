#!/usr/bin/env bash
# Builds target/bench-harness.jar + target/lib/*.jar (iotdb-session 2.0.5 and its runtime
# dependencies). Quick no-op when the jar is newer than pom.xml and every source file.
set -euo pipefail
cd "$(dirname "$0")"
jar=target/bench-harness.jar
if [[ -f $jar && -d target/lib ]] && [[ -z $(find pom.xml src -newer "$jar" -print -quit) ]]; then
  exit 0
fi
mvn -q -B package
