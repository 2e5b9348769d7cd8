#!/usr/bin/env python3
"""The server's benchmarks, side by side in one run on loopback (BENCHMARKS.md, "HealthServer").

  1. A 30-day daily-steps statistics collection (phone + watch, merged) against a bare Hummingbird route
     (`ohk serve --ceiling`, the framework's ceiling here): wrk, interleaved rounds, medians of rate and p99.
  2. Batch save throughput over HTTP (wrk posting batches of 100 samples) against the in-process HealthStore.save
     (ohk-bench save, when --bench is given).
  3. Save → event latency with 100 SSE subscribers: p50/p99 over every (save, subscriber) pair.
  4. Resident memory of the server with 1,000 open SSE connections.

Usage: Benchmarks/server/run.py --ohk .build/release/ohk [--bench Benchmarks/.build/release/ohk-bench]
       [--seconds 10] [--rounds 3]
"""
import argparse
import json
import os
import re
import selectors
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request


STEPS = "HKQuantityTypeIdentifierStepCount"


def start(command):
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    port = int(re.search(r":(\d+)\s*$", line.strip()).group(1))
    return proc, port


def http(method, url, token=None, body=None):
    request = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"{}")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def wrk(url, token, seconds, connections=16, script=None):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if token:
        command[1:1] = ["-H", f"Authorization: Bearer {token}"]
    if script:
        command[1:1] = ["-s", script]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return rate, p99_ms, int(non2xx.group(1)) if non2xx else 0


class StreamMux:
    """N event streams on raw sockets, read by one selector: records when each subscriber sees each sample."""

    def __init__(self, port, token, count):
        self.selector = selectors.DefaultSelector()
        self.buffers = {}
        self.seen = {}          # uuid -> list of arrival times
        request = (f"GET /v1/events?type={STEPS} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode()
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(request)
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ)
            self.buffers[s] = b""
        deadline = time.monotonic() + 20   # every stream open before the first save
        while time.monotonic() < deadline and not all(b": stream open" in b for b in self.buffers.values()):
            self.pump(0.05, keep_head=True)

    def pump(self, timeout, keep_head=False):
        for key, _ in self.selector.select(timeout):
            s = key.fileobj
            try:
                data = s.recv(1 << 16)
            except BlockingIOError:
                continue
            now = time.perf_counter()
            buffer = self.buffers[s] + data
            if keep_head:
                self.buffers[s] = buffer
                continue
            # Events end with a blank line; chunk framing lines never contain "data: ".
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"data: "):
                        for uuid in re.findall(rb'"uuid":"([0-9A-F-]{36})"', line):
                            self.seen.setdefault(uuid.decode(), []).append(now)
            self.buffers[s] = buffer

    def wait_for(self, uuid, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and len(self.seen.get(uuid, [])) < len(self.buffers):
            self.pump(0.05)
        return self.seen.get(uuid, [])

    def close(self):
        for s in list(self.buffers):
            self.selector.unregister(s)
            s.close()
        self.selector.close()


def day_samples(day):
    """One day of steps from a phone and a watch, overlapping (the watch's 15-minute samples cover the phone's)."""
    samples = []
    for quarter in range(96):
        hour, minute = divmod(quarter * 15, 60)
        start = f"2025-06-{day:02d}T{hour:02d}:{minute:02d}:00Z"
        end_minute = minute + 14
        end = f"2025-06-{day:02d}T{hour:02d}:{end_minute:02d}:59Z"
        for source, scale in (("com.apple.health.watch", 1.0), ("com.apple.health.phone", 0.9)):
            samples.append({"type": STEPS, "startDate": start, "endDate": end,
                            "quantity": {"value": round((40 + quarter % 30 * 7) * scale), "unit": "count"},
                            "source": {"name": source.split(".")[-1], "bundleIdentifier": source}})
    return samples


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ohk", required=True)
    parser.add_argument("--bench")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--connections", type=int, default=1000)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="ohk-server-bench-")
    ohk = os.path.abspath(args.ohk)

    def cli(*a):
        return subprocess.run([ohk, "server", *a, "--data", data], capture_output=True, text=True, check=True).stdout.strip()

    cli("add-person", "ana", "--policy", "grant-all")
    token = cli("issue-token", "--person", "ana")
    server, port = start([ohk, "serve", "--data", data, "--port", "0", "--log-level", "warning",
                          "--rate-limit", "1000000000", "--burst", "1000000000",
                          "--max-streams-per-token", str(args.connections + args.subscribers + 10)])
    ceiling, ceiling_port = start([ohk, "serve", "--ceiling", "--port", "0", "--log-level", "warning"])
    # The same server with its statistics response cache off (a second process on the same data folder): what each
    # request costs when it is computed.
    uncached, uncached_port = start([ohk, "serve", "--data", data, "--port", "0", "--log-level", "warning",
                                     "--rate-limit", "1000000000", "--burst", "1000000000", "--response-cache", "0"])
    base = f"http://127.0.0.1:{port}"
    try:
        for day in range(1, 31):
            http("POST", base + "/v1/samples", token, {"samples": day_samples(day)})
        collection = (base + f"/v1/statistics/collection?type={STEPS}&start=2025-06-01T00:00:00Z"
                      "&end=2025-07-01T00:00:00Z&interval=day&timeZone=UTC")
        answer = http("GET", collection, token)
        days = answer["buckets"]
        assert len(days) == 30, answer
        print(f"machine: {os.cpu_count()} cores; server: {ohk}")
        print(f"collection: 30 days, day 1 merged sum {days[0]['sum']:.0f} (phone + watch, not double-counted)")

        computed = collection.replace(f":{port}/", f":{uncached_port}/")
        assert http("GET", computed, token) == answer, "the cached and the computed answers differ"

        # 1. collection vs ceiling, interleaved (and the same request computed every time, without the cache).
        ours, bare, plain = [], [], []
        for _ in range(args.rounds):
            bare.append(wrk(f"http://127.0.0.1:{ceiling_port}/ceiling", None, args.seconds))
            ours.append(wrk(collection, token, args.seconds))
            plain.append(wrk(computed, token, args.seconds))
        rate_bare = statistics.median(r for r, _, _ in bare)
        rate_ours = statistics.median(r for r, _, _ in ours)
        rate_plain = statistics.median(r for r, _, _ in plain)
        print(f"ceiling  GET /ceiling: {rate_bare:,.0f} req/s, p99 {statistics.median(p for _, p, _ in bare):.2f} ms")
        print(f"API      30-day collection: {rate_ours:,.0f} req/s, p99 {statistics.median(p for _, p, _ in ours):.2f} ms, "
              f"non-2xx {sum(n for _, _, n in ours)}")
        print(f"API      the same, response cache off: {rate_plain:,.0f} req/s, "
              f"p99 {statistics.median(p for _, p, _ in plain):.2f} ms, non-2xx {sum(n for _, _, n in plain)}")
        print(f"ratio    API / ceiling: {rate_ours / rate_bare:.2f} (cache off: {rate_plain / rate_bare:.2f})")

        # 2. batch save over HTTP.
        body = json.dumps({"samples": [
            {"type": STEPS, "startDate": f"2025-08-01T{k // 60:02d}:{k % 60:02d}:00Z",
             "endDate": f"2025-08-01T{k // 60:02d}:{k % 60:02d}:30Z", "quantity": {"value": 10 + k, "unit": "count"}}
            for k in range(100)]})
        script = os.path.join(data, "post.lua")
        with open(script, "w") as lua:
            lua.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                      f"wrk.body = {json.dumps(body)}\n")
        saves = [wrk(base + "/v1/samples", token, args.seconds, connections=4, script=script)
                 for _ in range(args.rounds)]
        save_rate = statistics.median(r for r, _, _ in saves) * 100
        print(f"HTTP     batch save (100 per request, 4 connections): {save_rate:,.0f} samples/s, "
              f"p99 {statistics.median(p for _, p, _ in saves):.1f} ms, non-2xx {sum(n for _, _, n in saves)}")
        if args.bench:
            out = subprocess.run([os.path.abspath(args.bench), "save", "--batches", "500"], capture_output=True,
                                 text=True, check=True).stdout
            line = next(l for l in out.splitlines() if "HealthStore.save in process" in l)
            print(f"in-process {line.strip()}")

        # 3. save → event latency with N subscribers: on a fresh person's store, then on ana's store, which the
        #    save benchmark has filled (about half a million samples).
        cli("add-person", "ben", "--policy", "grant-all")
        ben = cli("issue-token", "--person", "ben")
        for label, who in (("fresh store", ben), ("after the save benchmark", token)):
            mux = StreamMux(port, who, args.subscribers)
            latencies, saves, missing = [], [], 0
            for n in range(100):
                started = time.perf_counter()
                saved = http("POST", base + "/v1/samples", who, {"samples": [
                    {"type": STEPS, "startDate": f"2025-09-01T{n // 60:02d}:{n % 60:02d}:00Z",
                     "endDate": f"2025-09-01T{n // 60:02d}:{n % 60:02d}:30Z",
                     "quantity": {"value": 1, "unit": "count"}}]})["saved"][0]
                saves.append((time.perf_counter() - started) * 1000)
                arrivals = mux.wait_for(saved, timeout=10)
                missing += args.subscribers - len(arrivals)
                latencies += [(t - started) * 1000 for t in arrivals]
                time.sleep(0.02)
            mux.close()
            latencies.sort()
            saves.sort()
            print(f"SSE      save → event, {args.subscribers} subscribers × 100 saves, {label}: p50 "
                  f"{latencies[len(latencies) // 2]:.1f} ms, p99 {latencies[int(len(latencies) * 0.99) - 1]:.1f} ms "
                  f"(the save's own round trip: p50 {saves[50]:.1f} ms, p99 {saves[98]:.1f} ms), missing {missing}")

        # 4. memory with many open streams.
        before = rss_kib(server.pid)
        selector = selectors.DefaultSelector()
        sockets = []
        request = (f"GET /v1/events?type={STEPS} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode()
        for _ in range(args.connections):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(request)
            sockets.append(s)
        opened = 0
        for s in sockets:
            s.settimeout(10)
            if b"200 OK" in s.recv(4096):
                opened += 1
        time.sleep(1)
        after = rss_kib(server.pid)
        print(f"memory   RSS {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with {opened} open streams "
              f"({(after - before) / max(opened, 1):.1f} KiB per stream)")
        for s in sockets:
            s.close()
        selector.close()
    finally:
        for proc in (server, ceiling, uncached):
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
