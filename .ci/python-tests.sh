#!/usr/bin/env bash
# The Python package (Bindings/python) and the C interface: installs the package into a fresh
# virtual environment, as a user would (`pip install ./Bindings/python`, offline), then runs its
# unittest suite: the Python API, the C program of
# Tests/CInterface compiled with cc -std=c11 -Wall -Werror against the header, and a
# differential run against the command line's `batch`. Prints the counts; exits non-zero on a
# failure.
#
# Usage: .ci/python-tests.sh [--release]
#
# By default the package is installed with the debug build of the C library, which `swift test`
# has all but made (linking it takes seconds), rather than the release build a user's `pip install`
# makes (minutes on two cores): the tests check answers, not speed. --release installs exactly as a
# user does.
#
# Env:
#   PINYINSEARCH_LIBRARY           a libPinyinSearchC built already: installed as it is
#   PINYINSEARCH_SWIFT_BUILD_ARGS  with --release: more `swift build` arguments for the release
#                                  build (e.g. `--scratch-path DIR`), passed through
#   PINYIN_SEARCH_CLI              the pinyin-search binary for the differential test (default:
#                                  built here in debug, a no-op after `swift test`)
#   PINYIN_SEARCH_TEST_SCALE       rounds of the differential test (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
if [ -z "${PINYIN_SEARCH_CLI:-}" ]; then
  swift build --product pinyin-search
  PINYIN_SEARCH_CLI="$(swift build --show-bin-path)/pinyin-search"
  export PINYIN_SEARCH_CLI
fi
if [ "${1:-}" != --release ] && [ -z "${PINYINSEARCH_LIBRARY:-}" ]; then
  swift build --product PinyinSearchC
  PINYINSEARCH_LIBRARY="$(swift build --show-bin-path)/libPinyinSearchC.$([ "$(uname)" = Darwin ] && echo dylib || echo so)"
  export PINYINSEARCH_LIBRARY
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-index ./Bindings/python
# The installed package loads its own copy; the variable would make it load the build's.
unset PINYINSEARCH_LIBRARY
cd Bindings/python
# From the tests' folder's parent, not the sources: `import pinyinsearch` must find the installed package.
log=$venv/unittest.log
status=0
"$venv/bin/python" -m unittest discover --start-directory tests --top-level-directory . -v >"$log" 2>&1 || status=$?
cat "$log"
ran=$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\} in.*/\1/p' "$log")
skipped=$(grep -c '\.\.\. skipped' "$log" || true)
failed=$(grep -cE '\.\.\. (FAIL|ERROR)$' "$log" || true)
echo "python tests: ${ran:-0} ran, ${failed} failed, ${skipped} skipped"
exit $status
