#!/usr/bin/env python3
"""Times how pinyin-search fails against hostile or stopped Redis nodes (Docs/RedisCluster.md).

    Scripts/redis-failure-times.py BIN DIR

BIN is a built pinyin-search; DIR a cluster that `Scripts/redis-cluster.sh start DIR` started
(its `addresses` and `redis-PORT.pid` files are read; nodes are stopped with SIGSTOP and
continued before the script ends). Prints one line per case, each a reproduction of a defect of
the hostile-tests review of 2026-12-04:

- trickling node (D1): a node that sends one byte a second; the time until `search` fails;
- flooding node (D2): a node that announces sixteen 512 MB strings and sends zeros as fast as it
  can; the time until `search` fails and the client's peak resident memory;
- stopped cluster (D3): every node stopped with SIGSTOP while `batch` is answering; the time from
  the next query to the end of `batch`; and a fresh `search` given every node as a seed;
- two writers (D5): two `index` runs into one namespace, the second started while the first
  writes; what each prints and its status.

Standard library only. The two writers' data files go to a temporary directory; their
namespace (`failure-times-PID`) stays in the cluster, which is a throwaway one.
"""

import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time


def serve(handler):
    """Starts a node on a free local port whose connections `handler` answers; returns the port."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)

    def accept():
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=answer, args=(connection,), daemon=True).start()

    def answer(connection):
        try:
            connection.recv(4096)
            handler(connection)
        except OSError:
            pass
        finally:
            connection.close()

    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1]


def trickle(connection):
    connection.sendall(b"*16777216\r\n")
    while True:
        connection.sendall(b":")
        time.sleep(1)


def flood(connection):
    connection.sendall(b"*16\r\n$536870000\r\n")
    zeros = bytes(1 << 20)
    while True:
        connection.sendall(zeros)


def run(arguments, stdin=None):
    """Runs `arguments`; returns seconds, status, the last line of standard error, peak RSS in MB."""
    start = time.monotonic()
    process = subprocess.Popen(
        arguments, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, stderr = process.communicate(stdin, timeout=120)
    elapsed = time.monotonic() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    lines = stderr.decode(errors="replace").strip().splitlines()
    return elapsed, process.returncode, lines[-1] if lines else "", peak


def node_pids(directory):
    pids = []
    for name in sorted(os.listdir(directory)):
        if name.startswith("redis-") and name.endswith(".pid"):
            with open(os.path.join(directory, name)) as file:
                pids.append(int(file.read().strip()))
    return pids


def signal_all(pids, number):
    for pid in pids:
        os.kill(pid, number)


def stopped_cluster(binary, addresses, pids, namespace):
    """`batch` answers a query, every node stops, one more query: seconds until `batch` ends."""
    process = subprocess.Popen(
        [binary, "batch", "--redis", addresses, "--namespace", namespace],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write(b"lyf\n")
    process.stdin.flush()
    process.stdout.readline()
    signal_all(pids, signal.SIGSTOP)
    try:
        start = time.monotonic()
        process.stdin.write(b"zhang\n")
        process.stdin.flush()
        _, stderr = process.communicate(timeout=120)
        elapsed = time.monotonic() - start
        fresh = run([binary, "search", "lyf", "--redis", addresses, "--namespace", namespace])
    finally:
        signal_all(pids, signal.SIGCONT)
    lines = stderr.decode(errors="replace").strip().splitlines()
    return (elapsed, process.returncode, lines[-1] if lines else ""), fresh


def write_data(path, count, variant):
    with open(path, "w") as file:
        for number in range(count):
            identifier = number + (count // 2 if variant else 0)
            text = f"联系人{identifier}号 {'乙' if variant and number % 2 else '甲'} 13800{identifier:06d}"
            file.write(f"r{identifier}\t{text}\n")


def two_writers(binary, addresses, namespace, directory):
    first_data, second_data = os.path.join(directory, "a.tsv"), os.path.join(directory, "b.tsv")
    write_data(first_data, 12_000, False)
    write_data(second_data, 12_000, True)
    arguments = [binary, "index", "--redis", addresses, "--namespace", namespace, "--data"]
    first = subprocess.Popen(arguments + [first_data], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.0)
    second = run(arguments + [second_data])
    first_out, first_err = first.communicate(timeout=300)
    return (first.returncode, (first_out + first_err).decode(errors="replace").strip()), second


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    binary, directory = sys.argv[1], sys.argv[2]
    with open(os.path.join(directory, "addresses")) as file:
        addresses = file.read().strip()
    pids = node_pids(directory)
    namespace = f"failure-times-{os.getpid()}"

    port = serve(trickle)
    seconds, status, message, _ = run([binary, "search", "lyf", "--redis", f"127.0.0.1:{port}"])
    print(f"trickling node: status {status} after {seconds:.2f} s: {message}")

    port = serve(flood)
    seconds, status, message, peak = run([binary, "search", "lyf", "--redis", f"127.0.0.1:{port}"])
    print(f"flooding node: status {status} after {seconds:.2f} s, peak RSS of the runs so far {peak:.0f} MB: {message}")

    with tempfile.TemporaryDirectory() as scratch:
        (first_status, first_output), second = two_writers(binary, addresses, namespace, scratch)
        print(f"first writer: status {first_status}: {first_output.splitlines()[-1] if first_output else ''}")
        print(f"second writer: status {second[1]} after {second[0]:.2f} s: {second[2]}")

    batch, fresh = stopped_cluster(binary, addresses, pids, namespace)
    print(f"stopped cluster during batch: status {batch[1]} {batch[0]:.2f} s after the query: {batch[2]}")
    print(f"stopped cluster, fresh search with {len(addresses.split(','))} seeds: status {fresh[1]} after {fresh[0]:.2f} s: {fresh[2]}")


if __name__ == "__main__":
    main()
