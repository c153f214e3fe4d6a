#!/usr/bin/env bash
# Type-checks Swift sources for an Apple target on Linux, so that availability errors
# (APIs newer than the deployment target: Mutex, Atomic, String(validating:as:), InlineArray, ...)
# and the `#if canImport(Darwin)` branches are checked without Xcode. Nothing is compiled or linked.
#
# Usage: check.sh <triple> <source-dir-or-files>... [-- <extra swiftc flags>]
#   e.g. check.sh arm64-apple-macosx15.0 Sources/PinyinSearch
#        check.sh arm64-apple-ios18.0 Sources/PinyinSearch -- -D SOME_FLAG
# Env: MODULE_NAME (default: basename of the first directory argument), SWIFT_VERSION (default 6),
#      APPLECHECK_SDK_CACHE (default .build/apple-sdk): stand-in SDK, built on first use (~1 min).
#      EMIT_MODULE_DIR: also write <Module>.swiftmodule there, from the same compiler run (one dir per
#      platform), for checking dependent targets; pass `-- -I <that dir>` when checking them. A module
#      with errors is not written: its dependents have nothing to check until it is fixed.
#      MODE=sil (default) runs -emit-sil; MODE=typecheck only type-checks. SIL adds SIL diagnostics: definite initialization,
#      region-based isolation / `sending`, noncopyable checks (reported only once Sema errors are gone); ~4 s vs ~2 s for PinyinSearch.
# Exit status: 0 if no errors, 1 if the compiler reported errors.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SWIFT_ROOT=${SWIFT_ROOT:-$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/.." && pwd)}
RES=$SWIFT_ROOT/lib/swift
CACHE=${APPLECHECK_SDK_CACHE:-$HERE/../../.build/apple-sdk}
[ $# -ge 2 ] || { sed -n 2,15p "$0"; exit 2; }
REQ=$1; shift

# The stand-in Darwin is glibc's x86_64 headers, so check on x86_64 (availability is per OS,
# not per architecture); device triples become the matching simulator.
if [[ ! $REQ =~ ^(arm64e?|x86_64|arm64_32|armv7k)-apple-(macosx|macos|ios|tvos|watchos|xros|visionos)([0-9.]+)(-simulator|-macabi)?$ ]]; then
  echo "check.sh: unsupported triple '$REQ'" >&2; exit 2
fi
OS=${BASH_REMATCH[2]}; VER=${BASH_REMATCH[3]}; ENV=${BASH_REMATCH[4]}
[ "$OS" = macos ] && OS=macosx; [ "$OS" = visionos ] && OS=xros
[ "$ENV" = -macabi ] && { echo "check.sh: Mac Catalyst not supported" >&2; exit 2; }
[ "$OS" != macosx ] && ENV=-simulator
TRIPLE=x86_64-apple-$OS$VER$ENV
case $OS in # the stand-in SDK's own deployment target: the lowest that this compiler accepts
  macosx) LOW=10.13 ;; ios|tvos) LOW=12.0 ;; watchos) LOW=4.0 ;; xros) LOW=1.0 ;;
esac
SDK=$CACHE/$OS$ENV
if [ ! -f "$SDK/.complete" ]; then
  echo "check.sh: building stand-in SDK for $OS$ENV in $SDK (one-time)..." >&2
  rm -rf "$SDK"; "$HERE/build-sdk.sh" "x86_64-apple-$OS$LOW$ENV" "$SDK" >&2
fi

FILES=(); EXTRA=(); MODULE=${MODULE_NAME:-}
while [ $# -gt 0 ]; do
  case $1 in
    --) shift; EXTRA=("$@"); break ;;
    *) if [ -d "$1" ]; then
         [ -n "$MODULE" ] || MODULE=$(basename "$(cd "$1" && pwd)")
         while IFS= read -r -d '' f; do FILES+=("$f"); done < <(find "$1" -name '*.swift' -print0 | sort -z)
       else FILES+=("$1"); fi
       shift ;;
  esac
done
[ ${#FILES[@]} -gt 0 ] || { echo "check.sh: no Swift files" >&2; exit 2; }
MODULE=${MODULE:-Main}; MODULE=${MODULE//-/_}
PARSE_AS_LIBRARY=-parse-as-library
for f in "${FILES[@]}"; do [ "$(basename "$f")" = main.swift ] && PARSE_AS_LIBRARY=; done

echo "check.sh: type-checking ${#FILES[@]} files of $MODULE for $TRIPLE (asked: $REQ)" >&2
COMMON=(-target "$TRIPLE" -resource-dir "$RES" -I "$SDK" -module-cache-path "$SDK/mc"
  -swift-version "${SWIFT_VERSION:-6}" -module-name "$MODULE" $PARSE_AS_LIBRARY
  -Xfrontend -disable-objc-interop -Xfrontend -disable-legacy-type-info  # no ObjC-interop pieces or legacy layouts in the Linux toolchain
  -Xcc -fmodule-map-file="$SDK/glibc/module.modulemap" -Xcc -isystem -Xcc /usr/include/x86_64-linux-gnu -Xcc -U__nonnull)
if [ "$OS" = xros ]; then
  # The standard library names visionOS in its availability from iOS 17.0 on; before, visionOS
  # inherits the iOS version, which the compiler maps through the SDK's SDKSettings.json (every
  # iOS up to 17.0 is visionOS 1.0, 18.0 is 2.0). Without the map it compares the iOS version
  # with the visionOS one, and reports that Duration (iOS 16) is newer than visionOS 1.0.
  # -sdk makes the compiler read the map; clang keeps / as its sysroot, and the shims' module map
  # is named, as without -sdk.
  cat >"$SDK/SDKSettings.json" <<'JSON'
{"CanonicalName": "xrsimulator2.0", "Version": "2.0", "MaximumDeploymentTarget": "2.0.99",
 "VersionMap": {"iOS_xrOS": {"17.0": "1.0", "18.0": "2.0"}}}
JSON
  COMMON+=(-sdk "$SDK" -Xcc -isysroot -Xcc / -Xcc -fmodule-map-file="$RES/shims/module.modulemap")
fi
# -wmo: a single frontend job, so every file's diagnostics are reported (not just the first failing batch).
if [ "${MODE:-sil}" = sil ]; then ACTION=(-emit-sil -o /dev/null); else ACTION=(-typecheck); fi
if [ -n "${EMIT_MODULE_DIR:-}" ]; then
  mkdir -p "$EMIT_MODULE_DIR"
  ACTION+=(-emit-module-path "$EMIT_MODULE_DIR/$MODULE.swiftmodule")
fi
status=0
"$SWIFT_ROOT/bin/swiftc" "${ACTION[@]}" -wmo "${COMMON[@]}" ${EXTRA[@]+"${EXTRA[@]}"} "${FILES[@]}" || status=1
[ -z "${EMIT_MODULE_DIR:-}" ] || rm -f "$EMIT_MODULE_DIR/$MODULE".{abi.json,swiftdoc,swiftsourceinfo}
exit $status
