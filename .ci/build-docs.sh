#!/usr/bin/env bash
# Builds the library's DocC documentation into .build/documentation, failing on any warning:
# the library's symbol graph (public symbols) from its built module and the snippets' (Snippets/),
# then `docc convert` of Sources/PinyinSearch/PinyinSearch.docc. Serve .build/documentation with any web server
# (`python3 -m http.server -d .build/documentation`) and open /documentation/pinyinsearch.
#
# The module is the debug build's in .build, the one swift build and swift test make: after
# them (as in .ci/run) nothing is compiled again.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/documentation-symbol-graphs
swift build --target PinyinSearch
modules=$(swift build --show-bin-path)/Modules
rm -rf "$graphs" && mkdir -p "$graphs"
swift-symbolgraph-extract -module-name PinyinSearch -I "$modules" -output-dir "$graphs" \
  -target "$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)" \
  -minimum-access-level public -skip-inherited-docs
# The snippets (Snippets/, compiled by swift build) that the catalog shows with @Snippet.
python3 .ci/snippet-symbol-graph.py "$graphs"
docc convert Sources/PinyinSearch/PinyinSearch.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name PinyinSearch --fallback-bundle-identifier org.pinyinsearch.PinyinSearch \
  --output-path .build/documentation --warnings-as-errors
echo "documentation: .build/documentation, no warnings"
