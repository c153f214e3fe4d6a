#!/usr/bin/env bash
# Fuzzing (README, "Fuzzing"): builds the libFuzzer targets of Tests/Fuzz with AddressSanitizer
# into .build/fuzz, checks that the committed seed corpora are what the targets' generators
# write, then runs each target for SECONDS_PER_TARGET seconds (default 20) from a temporary copy
# of its seeds (fuzz-snapshot twice as long: it is CI's AddressSanitizer run of the snapshot
# decoder, where a crafted file meets the reads that trust its offsets), and fails on any
# finding: a crash or broken rule, a memory error, a leak, a timeout (an input slower than
# FUZZ_TIMEOUT seconds, default 10) or running out of memory.
# The inputs behind findings are kept in FUZZ_ARTIFACTS (default .build/fuzz/artifacts).
#
# Usage: .ci/fuzz.sh [--seeds-only | --skip-seeds] [SECONDS_PER_TARGET]
#   --seeds-only: only the check of the seed corpora (debug build, in .build);
#   --skip-seeds: everything but that check (only .build/fuzz: runs beside a build of .build).
set -euo pipefail
cd "$(dirname "$0")/.."
# The fuzz targets are part of the package only with this (Package.swift).
export PINYIN_SEARCH_FUZZERS=1
seeds=check
case ${1:-} in
  --seeds-only) seeds=only; shift ;;
  --skip-seeds) seeds=skip; shift ;;
esac
seconds=${1:-20}
timeout=${FUZZ_TIMEOUT:-10}
artifacts=${FUZZ_ARTIFACTS:-.build/fuzz/artifacts}
targets=(fuzz-data-files fuzz-snapshot fuzz-engines)

# Both sanitizers in one -sanitize= flag: given as two (--sanitize=fuzzer --sanitize=address),
# SwiftPM passes two flags in an order that changes from run to run and the compiler keeps only
# the last, so a build instruments for coverage or for ASan, not both. --sanitize=fuzzer stays
# for SwiftPM's sake: it then links libFuzzer's main instead of the target's. Optimized (5 to
# 10 times more executions than a debug build), with testability for the @testable imports.
build=(swift build -c release --scratch-path .build/fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
  -Xswiftc -parse-as-library -Xswiftc -DFUZZING -Xswiftc -enable-testing)

check_seeds() {
  echo "== seed corpora: Tests/Fuzz/Corpus/TARGET must be what TARGET --write-seeds writes"
  local target seeds_work
  seeds_work=$(mktemp -d "${TMPDIR:-/tmp}/pinyin-search-seeds.XXXXXX")
  for target in "${targets[@]}"; do
    swift build --product "$target" 2>&1 | tail -1
    "$(swift build --show-bin-path)/$target" --write-seeds "$seeds_work/$target" >/dev/null
    diff -r "$seeds_work/$target" "Tests/Fuzz/Corpus/$target" \
      || {
        echo "stale seeds; regenerate them:"
        echo "rm -r Tests/Fuzz/Corpus/$target && PINYIN_SEARCH_FUZZERS=1 swift run $target --write-seeds Tests/Fuzz/Corpus/$target"
        rm -rf "$seeds_work"
        exit 1
      }
  done
  rm -rf "$seeds_work"
}
[ "$seeds" = skip ] || check_seeds
[ "$seeds" != only ] || exit 0

for target in "${targets[@]}"; do
  echo "== build $target (libFuzzer, AddressSanitizer)"
  "${build[@]}" --product "$target" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] |__asan_extra_spill_area'
done
bin=$("${build[@]}" --show-bin-path)

work=$(mktemp -d "${TMPDIR:-/tmp}/pinyin-search-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The fuzzers' environment: scratch files in the work folder, and no Swift backtracer, which a
# trap would start and whose reads of memory AddressSanitizer reports, hiding the finding
# (libFuzzer prints the stack instead).
run=(env SWIFT_BACKTRACE=enable=no TMPDIR="$work")
mkdir -p "$artifacts"
failed=0
for target in "${targets[@]}"; do
  target_seconds=$seconds
  [ "$target" = fuzz-snapshot ] && target_seconds=$((2 * seconds))
  echo "== $target: $target_seconds s"
  corpus="$work/corpus-$target"
  mkdir "$corpus"
  cp Tests/Fuzz/Corpus/"$target"/* "$corpus"/
  # libFuzzer checks for leaks after every input whose allocations and frees do not balance.
  # fuzz-engines builds indexes on Dispatch's threads, which free some allocations after the
  # input returns, so that check would follow each of its inputs (30 times slower): its leaks
  # are checked when the process exits instead, and then its corpus is replayed input by input.
  leaks=1
  [ "$target" = fuzz-engines ] && leaks=0
  # Inputs up to 4 KB; snapshots up to 8 KB, so that every seed is read whole.
  maxlen=4096
  [ "$target" = fuzz-snapshot ] && maxlen=8192
  log="$work/$target.log"
  status=0
  "${run[@]}" "$bin/$target" "$corpus" -max_total_time="$target_seconds" -timeout="$timeout" -rss_limit_mb=2048 \
    -max_len="$maxlen" -detect_leaks="$leaks" -artifact_prefix="$artifacts/$target-" -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] && [ "$leaks" = 0 ] && grep -q "ERROR: LeakSanitizer" "$log"; then
    echo "$target: leaks at exit; replaying the corpus to find the input"
    # What libFuzzer saves when the check at exit fails is the empty input it was not running.
    find "$artifacts" -name "$target-crash-*" -newer "$corpus" -empty -delete
    "${run[@]}" "$bin/$target" "$corpus" -runs=0 -detect_leaks=1 -artifact_prefix="$artifacts/$target-" \
      >>"$log" 2>&1 || true
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | head -1)
  [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  echo "$target: ${runs:-0} executions, $(find "$corpus" -type f | wc -l) inputs in the corpus"
  if [ "$status" -ne 0 ]; then
    failed=1
    echo "$target: FINDING (exit status $status); the end of its log:"
    grep -vE '^#[0-9]+' "$log" | tail -60
    echo "$target: inputs kept: $(find "$artifacts" -name "$target-*" -newer "$corpus" | tr '\n' ' ')"
    echo "replay: swift run $target INPUT (or $bin/$target INPUT, with the sanitizers)"
  fi
done
exit "$failed"
