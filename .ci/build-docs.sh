#!/usr/bin/env bash
# Builds the library's DocC documentation into .build/documentation, failing on any warning:
# symbol graphs from the compiler, then `docc convert` of Sources/PinyinSearch/PinyinSearch.docc.
# Open .build/documentation/index.html through a web server (e.g. `python3 -m http.server`).
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
swift build --scratch-path .build/documentation-build --target PinyinSearch -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
docc convert Sources/PinyinSearch/PinyinSearch.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name PinyinSearch --fallback-bundle-identifier org.pinyinsearch.PinyinSearch \
  --output-path .build/documentation --warnings-as-errors
