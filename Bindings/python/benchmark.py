"""pinyinsearch against PyPI's PinInPy (PinIn4Cpp) in one Python process, on the same records and
keystroke workload: build time, median and p99 per query, and the ratio; and what the Python
binding costs per call (the same searches through the three ctypes calls alone, and an empty query).

    python benchmark.py --records contacts.tsv --queries contacts.queries [--pinin-dictionary pinyin.txt]

Records are `id<TAB>text` lines; queries one a line. PinInPy is measured when it is installed in
this Python and a dictionary is given (pinyin-data's pinyin.txt, as in PinIn4Cpp's sources);
otherwise it is skipped with a note. Its module does not import on Python 3.11 and later
(NameError: its annotations name classes defined further down), so its source is executed with
`from __future__ import annotations` put first. PinIn's TreeSearcher (CONTAIN logic) returns every
hit, unordered, with neither ranges nor kinds; pinyinsearch returns the best `--limit` (20), ranked,
with ranges: the workloads match, the answers do not.
"""
import argparse
import ctypes
import importlib.util
import os
import shutil
import subprocess
import tempfile
import statistics
import sys
import time
import types
from pathlib import Path

import pinyinsearch
from pinyinsearch import _native


def read_records(path):
    records = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n").rstrip("\r")
            if line:
                identifier, _, text = line.partition("\t") if "\t" in line else (str(number), "", line)
                records.append((identifier, text))
    return records


def read_queries(path):
    with open(path, encoding="utf-8") as file:
        return [line.rstrip("\n") for line in file]


def summary(latencies):
    ordered = sorted(latencies)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def timed(function, queries, rounds):
    """Per-query latencies in microseconds, the median of `rounds` passes for each query."""
    clock = time.perf_counter_ns
    passes = []
    for _ in range(rounds):
        latencies = []
        for query in queries:
            start = clock()
            function(query)
            latencies.append((clock() - start) / 1000)
        passes.append(latencies)
    return [statistics.median(values) for values in zip(*passes)]


def load_pinin():
    spec = importlib.util.find_spec("PinInPy")
    if spec is None or spec.origin is None:
        return None
    module = types.ModuleType("PinInPy")
    module.__file__ = spec.origin
    module.__path__ = spec.submodule_search_locations
    module.__package__ = "PinInPy"
    sys.modules["PinInPy"] = module
    with open(spec.origin, encoding="utf-8") as file:
        source = "from __future__ import annotations\n" + file.read()
    exec(compile(source, spec.origin, "exec"), module.__dict__)
    return module


def raw_search(engine, limit):
    """A search through the three C calls alone: no result objects are made."""
    library = _native.library
    error = _native.Error()
    page = ctypes.c_uint64()
    results = ctypes.c_void_p()
    count = ctypes.c_size_t()

    def search(query):
        data = query.encode()
        library.pinyinsearch_engine_search(engine._handle, data, len(data), limit, 0, None, page, error)
        library.pinyinsearch_page_results(page.value, results, count, error)
        library.pinyinsearch_page_free(page.value, None)

    return search


def c_latency(arguments):
    """The C interface's own row: benchmark_latency.c compiled with cc against the library this
    package loads, run on the same files; None (with a note) without a C compiler."""
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    root = Path(__file__).resolve().parents[2]
    if compiler is None:
        print("C interface: skipped (no C compiler)")
        return None
    library = Path(_native.LIBRARY_PATH)
    with tempfile.TemporaryDirectory() as directory:
        program = str(Path(directory) / "benchmark_latency")
        subprocess.run(
            [compiler, "-std=c11", "-O2", "-I", str(root / "Sources/PinyinSearchC/include"),
             str(Path(__file__).with_name("benchmark_latency.c")), str(library),
             f"-Wl,-rpath,{library.parent}", "-o", program],
            check=True,
        )
        output = subprocess.run(
            [program, arguments.records, arguments.queries, str(arguments.limit), str(arguments.rounds)],
            check=True, capture_output=True, text=True,
        ).stdout.split()
    build, median, p99 = (float(value) for value in output)
    return ("C interface, from C (same library)", build, median, p99)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--pinin-dictionary", help="pinyin-data's pinyin.txt, for PinInPy")
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    records = read_records(arguments.records)
    queries = read_queries(arguments.queries)
    print(f"{len(records)} records, {len(queries)} queries, limit {arguments.limit}, median of {arguments.rounds} passes")
    rows = []

    start = time.perf_counter()
    engine = pinyinsearch.Engine(records)
    searchable = time.perf_counter() - start
    engine.wait_until_indexed()
    indexed = time.perf_counter() - start
    ours = timed(lambda query: engine.search(query, limit=arguments.limit), queries, arguments.rounds)
    rows.append((f"pinyinsearch {pinyinsearch.__version__} (search)", indexed, *summary(ours)))
    raw = timed(raw_search(engine, arguments.limit), queries, arguments.rounds)
    rows.append(("pinyinsearch, the 3 ctypes calls only", indexed, *summary(raw)))
    empty = timed(lambda query: engine.search(""), queries, arguments.rounds)
    rows.append(('pinyinsearch, search("") (fixed cost)', indexed, *summary(empty)))
    print(f"pinyinsearch: searchable after {searchable:.2f} s (Engine()), indexed after {indexed:.2f} s")

    c_row = c_latency(arguments)
    if c_row:
        rows.append(c_row)

    pinin = load_pinin()
    if pinin is None or not arguments.pinin_dictionary:
        print("PinInPy: skipped (" + ("not installed" if pinin is None else "no --pinin-dictionary") + ")")
    else:
        start = time.perf_counter()
        searcher = pinin.TreeSearcher(pinin.Logic.CONTAIN, pinin.PinIn(arguments.pinin_dictionary))
        for _, text in records:
            searcher.put_string(text)
        searcher.refresh()
        built = time.perf_counter() - start
        theirs = timed(searcher.execute_search_get_ids, queries, arguments.rounds)
        rows.append(("PinInPy 1.0.7 (TreeSearcher CONTAIN, ids)", built, *summary(theirs)))

    print()
    print("| | build (s) | median (µs) | p99 (µs) | median vs pinyinsearch |")
    print("| --- | ---: | ---: | ---: | ---: |")
    base = rows[0][2]
    for name, build, median, p99 in rows:
        print(f"| {name} | {build:.2f} | {median:.1f} | {p99:.1f} | {median / base:.2f}× |")


if __name__ == "__main__":
    main()
