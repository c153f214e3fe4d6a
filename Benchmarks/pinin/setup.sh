#!/usr/bin/env bash
# Sets up PinIn4Cpp (PyPI's PinInPy, pinned) in a virtual environment for pinyin-search-bench's
# optional peer, and checks that it loads and searches. The benchmark finds the environment's
# python at .build/pinin-venv (the default here) or where --pinin PYTHON or the environment
# variable PINYIN_SEARCH_BENCH_PYTHON says.
#
#   Benchmarks/pinin/setup.sh [VENV_DIR]     # default: .build/pinin-venv in the package
#
# Needs python3 (3.10 or later, with venv) and access to PyPI; nothing else in the project does.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${1:-$root/.build/pinin-venv}"
version=1.0.7

python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "PinInPy==$version"

# A smoke test through the driver's loader (PinInPy's module needs postponed annotations on
# Python 3.11 and later): a three-character dictionary, one record, one query.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf 'U+5218: liu  # 刘\nU+4EA6: yi  # 亦\nU+83F2: fei  # 菲\n' >"$work/pinyin.txt"
printf 'p1\t刘亦菲\n' >"$work/records.tsv"
printf 'lyf\n' >"$work/queries.txt"
"$venv/bin/python" "$here/pinin_driver.py" --dictionary "$work/pinyin.txt" \
  --records "$work/records.tsv" --queries "$work/queries.txt" >"$work/out.json"
grep -q '"hits": \[1\]' "$work/out.json" || { echo "PinInPy loaded but did not find 刘亦菲 for lyf" >&2; exit 1; }
echo "PinInPy $version ready: $venv/bin/python"
