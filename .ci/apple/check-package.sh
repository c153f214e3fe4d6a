#!/usr/bin/env bash
# Type-checks the package's library, sample-data and command-line targets for macOS and iOS at
# the deployment targets Package.swift declares, on Linux (see check.sh for how and its limits).
# The tests and the benchmark (which use Foundation and Testing) are not checked.
#
# The two platforms are checked side by side, each in a process of its own (a stand-in SDK built
# on first use, then one compiler at a time: one processor each); their reports follow in order.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=.ci/apple
if [ "$(uname -m)" != x86_64 ]; then
  echo "apple check: needs an x86_64 host (the stand-in SDK uses glibc's x86_64 headers); skipped"
  exit 0
fi
work=$(mktemp -d)
# Stopped (as when CI ends early), it stops the two platforms' checks too.
trap 'kill $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null || true; rm -rf "$work"' EXIT
trap 'exit 143' TERM

check_platform() { # TRIPLE: each target in dependency order, with the modules of those before it
  local triple=$1 target
  mkdir -p "$work/$triple"
  for target in PinyinSearch PinyinSearchSamples RedisCluster PinyinSearchRedis PinyinSearchCLI; do
    EMIT_MODULE_DIR="$work/$triple" "$HERE/check.sh" "$triple" "Sources/$target" -- -I "$work/$triple"
  done
  echo "apple check: every target type-checks for $triple"
}

triples=(arm64-apple-macosx15.0 arm64-apple-ios18.0)
for triple in "${triples[@]}"; do
  check_platform "$triple" >"$work/$triple.log" 2>&1 &
  echo $! >"$work/$triple.pid"
done
status=0
for triple in "${triples[@]}"; do
  wait "$(cat "$work/$triple.pid")" || status=1
  rm "$work/$triple.pid"
  cat "$work/$triple.log"
done
exit "$status"
