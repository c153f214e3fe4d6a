#!/usr/bin/env bash
# Type-checks the package for each Apple platform at the deployment target Package.swift declares,
# on Linux (see check.sh for how and its limits). Both what to check and at which floor come from
# the manifest (`swift package dump-package`), so that the floor lives in one place: every library
# and executable target, in dependency order — the library, the sample data, the Redis client and
# index, the tool, the table generator, the test support and the fuzzers — except those that
# import Foundation or Testing, which the stand-in SDK lacks (the benchmark and the test targets).
# What runs on macOS only (the tool, the generator, the test support, the fuzzers) is checked for
# macOS; on iOS, tvOS, watchOS and visionOS, what apps embed: the library products' targets.
# Those, not type-checked, are searched for the two APIs that set the floor at iOS 18 and macOS 15
# before (Synchronization, `String(validating:as:)`): use the library's `Locked` and
# `String(validUTF8:)`. Before a platform's targets, a probe that uses `Mutex` must fail to
# type-check there, or the check is reported as vacuous. Exits 1 if any target of any platform
# has an error, after checking them all.
#
# Env: PLATFORMS (e.g. "macosx ios"): only these platforms (names as in check.sh's triples).
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=.ci/apple
if [ "$(uname -m)" != x86_64 ]; then
  echo "apple check: needs an x86_64 host (the stand-in SDK uses glibc's x86_64 headers); skipped"
  exit 0
fi

# "platform OS VERSION", then "target NAME PATH DEPENDENCIES" in dependency order (DEPENDENCIES:
# the package's targets it imports, comma-separated, or "-") and "unchecked NAME PATH".
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A scratch folder of its own, so that reading the manifest does not wait for a build of .build.
plan=$(swift package --scratch-path "$work/spm" dump-package | python3 -c '
import json, os, re, sys
manifest = json.load(sys.stdin)
oses = {"macos": "macosx", "ios": "ios", "tvos": "tvos", "watchos": "watchos", "visionos": "xros"}
for platform in manifest["platforms"]:
    print("platform", oses.get(platform["platformName"], "-" + platform["platformName"]), platform["version"])
targets = {target["name"]: target for target in manifest["targets"]}
def path(name):
    return targets[name].get("path") or ("Tests/" if targets[name]["type"] == "test" else "Sources/") + name
def imports_unavailable(name):
    pattern = re.compile(r"^\s*(@testable\s+)?import\s+(Foundation|Testing)\b", re.M)
    for directory, _, files in os.walk(path(name)):
        for file in files:
            if file.endswith(".swift") and pattern.search(open(os.path.join(directory, file), encoding="utf-8").read()):
                return True
    return False
# What apps embed, checked on every platform: the targets of the library products and what they use;
# the tool, the table generator, the test support and the fuzzers run on macOS only ("macos").
embedded = set()
def embed(name):
    if name in targets and name not in embedded:
        embedded.add(name)
        for dependency in targets[name]["dependencies"]:
            for kind in ("byName", "target"):
                if kind in dependency:
                    embed(dependency[kind][0])
for product in manifest["products"]:
    if "library" in product["type"]:
        for name in product["targets"]:
            embed(name)
done = set()
def visit(name):
    if name in done or name not in targets:
        return
    done.add(name)
    dependencies = [dependency[kind][0] for dependency in targets[name]["dependencies"]
                    for kind in ("byName", "target") if kind in dependency and dependency[kind][0] in targets]
    for dependency in dependencies:
        visit(dependency)
    if targets[name]["type"] in ("regular", "executable") and not imports_unavailable(name):
        print("target" if name in embedded else "macos", name, path(name), ",".join(dependencies) or "-")
    else:
        print("unchecked", name, path(name))
for name in targets:
    visit(name)
')

status=0
# A use of an API newer than every floor (Mutex: iOS 18, macOS 15, tvOS 18, watchOS 11,
# visionOS 2), which must fail to type-check, so that the check cannot pass vacuously.
mkdir "$work/probe"
cat >"$work/probe/Probe.swift" <<'SWIFT'
import Synchronization

func probe() -> Int { Mutex(0).withLock { $0 } }
SWIFT
while read -r kind os version; do
  [ "$kind" = platform ] || continue
  if [[ $os == -* ]]; then
    echo "apple check: ${os#-} $version: not a platform the stand-in SDK has; not checked"
    continue
  fi
  if [ -n "${PLATFORMS:-}" ] && [[ " $PLATFORMS " != *" $os "* ]]; then continue; fi
  triple=arm64-apple-$os$version
  if MODE=typecheck "$HERE/check.sh" "$triple" "$work/probe/Probe.swift" </dev/null >"$work/probe.log" 2>&1 \
    || ! grep -q "'Mutex' is only available in" "$work/probe.log"; then
    cat "$work/probe.log"
    echo "apple check: Mutex type-checks for $triple, so the check would pass whatever the package used"
    status=1
    continue
  fi
  modules=$work/$os  # the modules a target's dependents import, per platform
  # SIL diagnostics (definite initialization, region isolation, noncopyable checks) do not depend
  # on the platform's floor, only on the `canImport(Darwin)` branches, alike on every Apple
  # platform: checked on macOS; the others are type-checked (a quarter of the processor time).
  mode=typecheck
  [ "$os" = macosx ] && mode=sil
  failed=()
  skipped=()
  checked=0
  while read -r kind name path dependencies; do
    [ "$kind" = target ] || { [ "$kind" = macos ] && [ "$os" = macosx ]; } || continue
    # A target whose dependency failed would only report that module missing.
    if [[ " ${failed[*]} ${skipped[*]} " =~ \ (${dependencies//,/|})\  ]]; then
      skipped+=("$name")
      continue
    fi
    # One package name for all (`package` declarations); -enable-testing for `@testable import`.
    if MODE=$mode EMIT_MODULE_DIR=$modules MODULE_NAME=$name "$HERE/check.sh" "$triple" "$path" \
      -- -I "$modules" -package-name PinyinSearch -enable-testing </dev/null; then
      checked=$((checked + 1))
    else
      failed+=("$name")
    fi
  done <<<"$plan"
  # Below iOS 18 and macOS 15 the compiler reports a String(validating:as:) as "conflicting
  # arguments to generic parameter 'some Sequence'", not as an API too new.
  if [ ${#failed[@]} -eq 0 ]; then
    echo "apple check: every target type-checks for $triple ($checked targets$([ "$mode" = sil ] && echo ", SIL diagnostics too"); the Mutex probe does not)"
  else
    echo "apple check: errors for $triple in: ${failed[*]} (above: an API newer than the floor?" \
      "use Locked, String(validUTF8:) or if #available)"
    [ ${#skipped[@]} -eq 0 ] || echo "apple check: not checked for $triple, as they depend on those: ${skipped[*]}"
    status=1
  fi
done <<<"$plan"

unchecked=$(awk '$1 == "unchecked" { print $3 }' <<<"$plan")
echo "apple check: not type-checked (Foundation or Testing):" $(awk '$1 == "unchecked" { print $2 }' <<<"$plan")
# shellcheck disable=SC2086 # one path a word
if newer=$(grep -rnE '^\s*import Synchronization\b|^[^/]*String\(validating:' $unchecked); then
  echo "apple check: APIs newer than the floor, in targets not type-checked (use Locked, String(validUTF8:)):"
  echo "$newer"
  status=1
fi
exit $status
