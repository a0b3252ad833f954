"""Load `reftag serve` on loopback: N concurrent clients for S seconds, every answer checked.

    python -m training.benchmarks.bench_serve                      # 50 clients, 30 s, 2 workers
    python -m training.benchmarks.bench_serve --clients 50 --seconds 30 --workers 2 --batch 1

Run from a checkout: the server is started with the tests' helper, on a free port of
127.0.0.1, and stopped at the end; nothing leaves the machine. Each client keeps one connection and sends its requests one after the
other, each a JSON list of `--batch` references numbered "[client.request]", and checks that
every answer is a 200 holding exactly those references in that order. The server's memory
(the uvicorn supervisor and its workers, summed) is read after a warm-up and at the end:
the run fails if it grew by more than --memory-bound MB. Prints throughput and latency
percentiles; exits 1 if any request failed or the bound was passed.
"""

import argparse
import http.client
import json
import os
import statistics
import threading
import time
from pathlib import Path

from tests.serve_helpers import running_server

ROOT = Path(__file__).resolve().parents[2]


def process_tree(pid: int) -> list[int]:
    pids, index = [pid], 0
    while index < len(pids):
        children = Path(f"/proc/{pids[index]}/task/{pids[index]}/children")
        if children.exists():
            pids += [int(child) for child in children.read_text().split()]
        index += 1
    return pids


def rss_mb(pids) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


def client(number, port, references, batch, stop_at, out):
    """One client's loop: requests in sequence on one connection, each answer checked."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    latencies, failures, sent = [], [], 0
    while time.monotonic() < stop_at:
        texts = [f"[{number}.{sent}.{k}] {references[(sent + k) % len(references)]}"
                 for k in range(batch)]
        body = json.dumps(texts)
        started = time.perf_counter()
        try:
            connection.request("POST", "/api/parse", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            answer = response.read()
            latencies.append(time.perf_counter() - started)
            if response.status != 200:
                failures.append(f"status {response.status}: {answer[:100]!r}")
            elif [record["raw"] for record in json.loads(answer)] != texts:
                failures.append(f"request {sent}: answer out of order or for other references")
        except (OSError, http.client.HTTPException, ValueError) as error:
            failures.append(f"request {sent}: {type(error).__name__}: {error}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        sent += 1
    connection.close()
    out[number] = (sent, latencies, failures)


def run_clients(count, port, references, batch, stop_at, results, wait=True):
    threads = [threading.Thread(target=client, args=(number, port, references, batch, stop_at,
                                                     results)) for number in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads if wait else ():
        thread.join()
    return threads


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=1, help="references per request")
    parser.add_argument("--memory-bound", type=float, default=50.0,
                        help="MB the server may grow by over the run (default 50)")
    args = parser.parse_args(argv)
    references = [line for line in (ROOT / "examples" / "references.txt")
                  .read_text(encoding="utf-8").splitlines() if line.strip()]

    with running_server("--workers", str(args.workers)) as base:
        port = int(base.rsplit(":", 1)[1])
        server_pid = [pid for pid in map(int, filter(str.isdigit, os.listdir("/proc")))
                      if _listens(pid, port)]
        warm = {}  # a few clients for 3 s, so every worker has imported and read all it uses
        run_clients(8, port, references, args.batch, time.monotonic() + 3, warm)
        pids = process_tree(server_pid[0]) if server_pid else []
        before = rss_mb(pids)
        results = {}
        started = time.perf_counter()
        threads = run_clients(args.clients, port, references, args.batch,
                              time.monotonic() + args.seconds, results, wait=False)
        peak = before
        while any(thread.is_alive() for thread in threads):
            time.sleep(1)
            peak = max(peak, rss_mb(process_tree(server_pid[0]) if server_pid else []))
        elapsed = time.perf_counter() - started
        after = rss_mb(process_tree(server_pid[0]) if server_pid else [])

    requests = sum(sent for sent, _, _ in results.values())
    latencies = sorted(latency for _, lat, _ in results.values() for latency in lat)
    failures = [failure for _, _, fails in results.values() for failure in fails]
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0] * 99
    print(f"{args.clients} clients, {args.seconds:g} s, {args.workers} workers, "
          f"{args.batch} reference(s) a request, loopback, {os.cpu_count()} cores")
    print(f"requests: {requests:,} sent, {len(latencies):,} answered, {len(failures)} failed")
    print(f"throughput: {requests / elapsed:.1f} requests/s, "
          f"{requests * args.batch / elapsed:.1f} references/s")
    print(f"latency: p50 {quantiles[49] * 1000:.0f} ms, p99 {quantiles[98] * 1000:.0f} ms, "
          f"max {latencies[-1] * 1000:.0f} ms" if latencies else "latency: no answers")
    print(f"server memory (RSS, {len(pids)} processes): {before:.0f} MB after warm-up, "
          f"peak {peak:.0f} MB, {after:.0f} MB at the end (bound: +{args.memory_bound:g} MB)")
    for failure in failures[:5]:
        print("  failed:", failure)
    grown = after - before
    if grown > args.memory_bound:
        print(f"memory grew by {grown:.0f} MB, over the bound")
    return 1 if failures or grown > args.memory_bound or not latencies else 0


def _listens(pid: int, port: int) -> bool:
    """Whether `pid` is the `reftag serve` started for `port` (its command line says so)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return b"serve" in command and str(port).encode() in command


if __name__ == "__main__":
    raise SystemExit(main())
