#!/usr/bin/env bash
# Type-checks the package's library, sample-data and command-line targets for macOS and iOS at
# the deployment targets Package.swift declares, on Linux (see check.sh for how and its limits).
# The tests and the benchmark (which use Foundation and Testing) are not checked.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=.ci/apple
if [ "$(uname -m)" != x86_64 ]; then
  echo "apple check: needs an x86_64 host (the stand-in SDK uses glibc's x86_64 headers); skipped"
  exit 0
fi
for triple in arm64-apple-macosx15.0 arm64-apple-ios18.0; do
  modules=$(mktemp -d)
  trap 'rm -rf "$modules"' EXIT
  for target in PinyinSearch PinyinSearchSamples RedisCluster PinyinSearchRedis PinyinSearchCLI; do
    EMIT_MODULE_DIR=$modules "$HERE/check.sh" "$triple" "Sources/$target" -- -I "$modules"
  done
  echo "apple check: every target type-checks for $triple"
done
