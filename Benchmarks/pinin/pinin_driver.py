"""PinIn4Cpp's TreeSearcher (PyPI's PinInPy) on the benchmark's records and keystrokes.

pinyin-search-bench runs this script with the python of the environment that
Benchmarks/pinin/setup.sh prepares, as its optional speed anchor:

    python pinin_driver.py --dictionary pinyin.txt --records records.tsv --queries queries.txt

It reads the records (id<TAB>text, one a line), builds a TreeSearcher with CONTAIN logic over
their texts, and times each query (one a line, in order) through PinIn4Cpp's C API. It prints
one JSON object: the build's wall time, the resident memory it added and its peak, and each
query's latency in nanoseconds and number of hits. Files, not pipes, carry the data: Python's
unbuffered reading of a pipe costs a system call per byte.
"""

import argparse
import importlib.util
import json
import sys
import time
import types


def load_pinin():
    """Imports PinInPy with postponed annotations, without which its module does not load on
    Python 3.11 and later (its annotations name classes defined further down)."""
    spec = importlib.util.find_spec("PinInPy")
    if spec is None or spec.origin is None:
        raise SystemExit("PinInPy is not installed for " + sys.executable)
    module = types.ModuleType("PinInPy")
    module.__file__ = spec.origin
    module.__path__ = spec.submodule_search_locations
    module.__package__ = "PinInPy"
    sys.modules["PinInPy"] = module
    with open(spec.origin, encoding="utf-8") as file:
        source = "from __future__ import annotations\n" + file.read()
    exec(compile(source, spec.origin, "exec"), module.__dict__)
    return module


def status_kilobytes(field):
    """The value in kB of a line of /proc/self/status (VmRSS, VmHWM); 0 where unknown."""
    try:
        with open("/proc/self/status", encoding="ascii") as file:
            for line in file:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def reset_peak():
    """Resets the process's peak resident size (VmHWM) to its current size; False where the
    kernel does not allow it."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as file:
            file.write("5")
        return True
    except OSError:
        return False


def read_lines(path):
    """The lines of a UTF-8 file, without their line ends."""
    with open(path, encoding="utf-8", newline="\n") as file:
        return [line[:-1] if line.endswith("\n") else line for line in file]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dictionary", required=True, help="pinyin-data's pinyin.txt format")
    parser.add_argument("--records", required=True, help="id<TAB>text, one a line")
    parser.add_argument("--queries", required=True, help="one query a line")
    parser.add_argument("--warm-up", type=int, default=8, help="queries spread over the workload run first")
    arguments = parser.parse_args()

    pinin = load_pinin()
    texts = [line.split("\t", 1)[1] if "\t" in line else line for line in read_lines(arguments.records) if line]
    queries = [query.encode("utf-8") for query in read_lines(arguments.queries)]
    lib = pinin.lib

    resident_before = status_kilobytes("VmRSS")
    peak_reset = reset_peak()
    start = time.perf_counter_ns()
    tree = pinin.TreeSearcher(pinin.Logic.CONTAIN, arguments.dictionary)
    for text in texts:
        tree.put_string(text)
    # Whatever PinIn4Cpp builds on first use is part of the build.
    lib.PinInCpp_SearchResult_Free(lib.PinInCpp_TreeSearcher_ExecuteSearch(tree.cdata, b"a"))
    build = time.perf_counter_ns() - start
    peak = status_kilobytes("VmHWM")
    resident_after = status_kilobytes("VmRSS")

    handle = tree.cdata
    search = lib.PinInCpp_TreeSearcher_ExecuteSearch
    free = lib.PinInCpp_SearchResult_Free
    for index in range(0, len(queries), max(1, len(queries) // max(arguments.warm_up, 1))):
        free(search(handle, queries[index]))
    clock = time.perf_counter_ns
    latencies = []
    hits = []
    for query in queries:
        begin = clock()
        result = search(handle, query)
        count = result.size
        elapsed = clock() - begin
        free(result)
        latencies.append(elapsed)
        hits.append(count)

    json.dump(
        {
            "records": len(texts),
            "buildNanoseconds": build,
            "residentGrowthBytes": (resident_after - resident_before) * 1024,
            "buildPeakGrowthBytes": (peak - resident_before) * 1024 if peak_reset else None,
            "latenciesNanoseconds": latencies,
            "hits": hits,
        },
        sys.stdout,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
