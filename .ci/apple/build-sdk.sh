#!/usr/bin/env bash
# Builds a stand-in "Apple SDK" for TYPE-CHECKING ONLY, from the Linux toolchain's textual
# interfaces retargeted to an Apple triple: Swift, SwiftOnoneSupport, _Concurrency, _RegexParser,
# _StringProcessing, Synchronization (real availability attributes), plus two approximations:
# Darwin (= the Glibc overlay over glibc headers) and Dispatch (a hand-written signature stub).
# Usage: build-sdk.sh <x86_64-apple-triple-with-low-deployment-target> <outdir>
# Needs an x86_64 Linux host with the Swift toolchain and glibc's headers (see check.sh).
set -euo pipefail
TRIPLE=$1; OUT=$(mkdir -p "$2" && cd "$2" && pwd)
SWIFT_ROOT=${SWIFT_ROOT:-$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/.." && pwd)}
FE=$SWIFT_ROOT/bin/swift-frontend
RES=$SWIFT_ROOT/lib/swift
L=$RES/linux
HERE=$(cd "$(dirname "$0")" && pwd)
STUBS=$HERE/stubs
ARCH_INC=/usr/include/x86_64-linux-gnu
mkdir -p "$OUT/src" "$OUT/mc" "$OUT/glibc"
# The toolchain's SwiftGlibc umbrella header, without <tgmath.h> (glibc's rejects an Apple-target
# clang), as a clang module found by absolute path.
sed 's|^#include <tgmath.h>$|/* tgmath.h omitted: glibc tgmath rejects Apple-target clang */|' \
  "$L/x86_64/SwiftGlibc.h" > "$OUT/glibc/SwiftGlibc.h"
cat > "$OUT/glibc/module.modulemap" <<'MAP'
module SwiftGlibc [system] {
  header "SwiftGlibc.h"
  textual header "/usr/include/assert.h"
  export *
}
MAP
# Clang flags that let an Apple-target clang parse glibc's headers.
CLANG_GLIBC="-Xcc -fmodule-map-file=$OUT/glibc/module.modulemap -Xcc -isystem -Xcc $ARCH_INC -Xcc -U__nonnull"

prep() { # <linux module> <new name>: patched interface, retargeted; @backDeployed dropped
  # (Linux interfaces print such functions without bodies; the attribute does not affect callers' availability).
  # Built without optimization (-Onone for -O): type-checking a client needs the declarations, not
  # optimized inlinable bodies, and the standard library then builds in 26 s of processor time, not 39.
  sed -e "s/-target x86_64-unknown-linux-gnu/-target $TRIPLE/" -e '3s/ -O / -Onone /' \
      -e 's/^\( *\)@backDeployed([^)]*)/\1/' \
      "$L/$1.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" > "$OUT/src/$2.swiftinterface"
}
build() { # <module> [extra flags]
  local m=$1; shift; local t0=$SECONDS
  "$FE" -compile-module-from-interface "$OUT/src/$m.swiftinterface" -module-name "$m" \
    -o "$OUT/$m.swiftmodule" -target "$TRIPLE" -resource-dir "$RES" -I "$OUT" \
    -module-cache-path "$OUT/mc" -disable-availability-checking "$@"
  echo "  built $m in $((SECONDS - t0))s" >&2
}

for m in Swift SwiftOnoneSupport _Concurrency _RegexParser _StringProcessing Synchronization; do prep $m $m; done
# Synchronization's Linux interface imports Glibc and the futex shim only for gettid in inlinable code.
sed -i -e '/^import Glibc$/d' -e '/^import _SynchronizationShims$/d' \
       -e 's/_swift_stdlib_gettid()/Swift.UInt32(1)/g' "$OUT/src/Synchronization.swiftinterface"
# Darwin stand-in: the Glibc overlay renamed. -Xcc on the command line is ignored by
# -compile-module-from-interface, so the clang flags go into the interface's flags line.
prep Glibc Darwin
sed -i -e 's/-module-name Glibc/-module-name Darwin/' -e 's/-module-link-name swiftGlibc/-module-link-name swiftDarwin/' \
       -e 's/\bGlibc\./Darwin./g' -e "3s#\$# $CLANG_GLIBC#" "$OUT/src/Darwin.swiftinterface"
cat "$STUBS/DarwinExtras.swiftinterface" >> "$OUT/src/Darwin.swiftinterface"

build Swift -parse-stdlib
build SwiftOnoneSupport
build _Concurrency
build _RegexParser
build _StringProcessing
build Synchronization
build Darwin
t0=$SECONDS
"$SWIFT_ROOT/bin/swiftc" -emit-module -parse-as-library -module-name Dispatch "$STUBS/Dispatch.swift" \
  -emit-module-path "$OUT/Dispatch.swiftmodule" -target "$TRIPLE" -resource-dir "$RES" -I "$OUT" \
  -module-cache-path "$OUT/mc" -swift-version 6 -Xfrontend -disable-objc-interop -Xfrontend -disable-legacy-type-info
rm -f "$OUT"/Dispatch.{abi.json,swiftdoc,swiftsourceinfo}
echo "  built Dispatch (stub) in $((SECONDS - t0))s" >&2
echo "$TRIPLE" > "$OUT/.complete"
