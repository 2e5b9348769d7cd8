#!/usr/bin/env python3
"""Connection floods against `ohk serve` on loopback (BENCHMARKS.md, "Connection floods"; issue 44).

While N idle connections (they connect and send nothing) and M slow-body connections (a POST head with a large
Content-Length, then one body byte every few seconds) come from one address, a client makes an authenticated
request every 100 ms — from the flooding address itself and from another loopback address — and records each
answer's time. Reported: the authenticated requests' p50 / p99 / max and failures, how many flooding connections
the server closed and how soon. A request whose connection is reset before its answer is retried once on a new
connection (as HTTP clients do): its time includes the retry, and the first attempts that failed are counted. With --base BINARY the same flood
runs against a second binary first (e.g. main before the fix), side by side in one run.

Usage: Benchmarks/server/flood.py --ohk .build/release/ohk [--base /tmp/ohk-base/ohk] [--idle 2000]
       [--slow 500] [--seconds 30] [--with-flags --header-timeout 10 --body-timeout 10]
       [--server-arg=--max-unauthenticated-per-address --server-arg=5000]   (timeouts alone, no eviction)
"""
import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request

STEPS = "HKQuantityTypeIdentifierStepCount"
REASONS = []  # why authenticated attempts failed (reported)
RETRIED = []  # the sources of requests whose first attempt failed


def start_server(ohk, data, extra):
    subprocess.run([ohk, "server", "add-person", "ana", "--data", data], check=True, capture_output=True)
    token = subprocess.run([ohk, "server", "issue-token", "--person", "ana", "--data", data], check=True,
                           capture_output=True, text=True).stdout.strip()
    proc = subprocess.Popen([ohk, "serve", "--data", data, "--port", "0", "--rate-limit", "1000", "--burst", "1000",
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    port = int(re.search(r":(\d+)\s*$", line.strip()).group(1))
    return proc, port, token


def connect(port, source):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    sock.setblocking(False)
    return sock


def is_closed(sock):
    """Whether the server closed the connection (an answer it sent, such as a 401 to a slow body, is read and
    dropped: only the end of the stream or a reset counts)."""
    try:
        while True:
            data = sock.recv(65536)
            if data == b"":
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def probe(port, token, source):
    """One authenticated request on a new connection from `source`, retried once on a new connection when the first
    is reset before its answer (as HTTP clients do); returns the seconds until the answer, or None."""
    started = time.monotonic()
    if attempt(port, token, source):
        return time.monotonic() - started
    RETRIED.append(source)
    return time.monotonic() - started if attempt(port, token, source) else None


def attempt(port, token, source):
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        sock.sendall(f"GET /v1/samples?type={STEPS}&limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Authorization: Bearer {token}\r\nConnection: close\r\n\r\n".encode())
        answer = sock.recv(64)
        sock.close()
        if not answer.startswith(b"HTTP/1.1 200"):
            REASONS.append(answer[:40] or b"closed without an answer")
            return False
    except OSError as error:
        REASONS.append(repr(error).encode())
        return False
    return True


def flood(ohk, args, label):
    data = tempfile.mkdtemp(prefix="ohk-flood-")
    extra = ["--header-timeout", str(args.header_timeout), "--body-timeout", str(args.body_timeout)] \
        if args.with_flags else []
    extra += args.server_arg
    proc, port, token = start_server(ohk, data, extra if label == "fixed" else [])
    stop = threading.Event()
    samples = {"flood address": [], "other address": []}
    failures = {"flood address": 0, "other address": 0}

    def measure():
        while not stop.is_set():
            for name, source in (("flood address", "127.0.0.1"), ("other address", "127.0.0.2")):
                seconds = probe(port, token, source)
                if seconds is None:
                    failures[name] += 1
                else:
                    samples[name].append(seconds)
            time.sleep(0.1)

    idle, slow, refused = [], [], 0
    opened_at = {}
    measurer = threading.Thread(target=measure, daemon=True)
    measurer.start()
    began = time.monotonic()
    for _ in range(args.idle):
        try:
            sock = connect(port, "127.0.0.1")
            idle.append(sock)
            opened_at[sock] = time.monotonic()
        except OSError:
            refused += 1
    head = (f"POST /v1/samples HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: 1000000\r\n\r\n").encode()
    for _ in range(args.slow):
        try:
            sock = connect(port, "127.0.0.1")
            sock.send(head)
            slow.append(sock)
            opened_at[sock] = time.monotonic()
        except OSError:
            refused += 1
    closed_after = []
    open_idle, open_slow = set(idle), set(slow)
    while time.monotonic() - began < args.seconds:
        for sock in list(open_slow):
            try:
                sock.send(b"[")
            except OSError:
                pass
        for group in (open_idle, open_slow):
            for sock in list(group):
                if is_closed(sock):
                    group.discard(sock)
                    closed_after.append(time.monotonic() - opened_at[sock])
        time.sleep(2)
    stop.set()
    measurer.join()
    result = {"binary": label, "idle opened": len(idle), "slow opened": len(slow), "refused at connect": refused,
              "idle still open": len(open_idle), "slow still open": len(open_slow),
              "closed by the server": len(closed_after),
              "closed after (s, median)": round(statistics.median(closed_after), 1) if closed_after else None}
    for name, values in samples.items():
        values.sort()
        result[name] = {
            "requests": len(values), "failed": failures[name],
            "p50 ms": round(values[len(values) // 2] * 1000, 1) if values else None,
            "p99 ms": round(values[int(len(values) * 0.99)] * 1000, 1) if values else None,
            "max ms": round(values[-1] * 1000, 1) if values else None,
        }
    result["first attempts that failed"] = {name: RETRIED.count(source) for name, source in
                                            (("flood address", "127.0.0.1"), ("other address", "127.0.0.2"))}
    result["failure reasons"] = sorted({reason.decode(errors="replace") for reason in REASONS})
    REASONS.clear()
    RETRIED.clear()
    for sock in idle + slow:
        sock.close()
    proc.terminate()
    proc.wait(timeout=30)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ohk", required=True)
    parser.add_argument("--base")
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--slow", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--header-timeout", type=float, default=10)
    parser.add_argument("--body-timeout", type=float, default=10)
    parser.add_argument("--server-arg", action="append", default=[],
                        help="an extra argument for the fixed binary's ohk serve (repeatable)")
    parser.add_argument("--with-flags", action="store_true",
                        help="pass the timeout flags to the fixed binary (else it runs with its defaults)")
    args = parser.parse_args()
    runs = []
    if args.base:
        runs.append(flood(args.base, args, "base"))
    runs.append(flood(args.ohk, args, "fixed"))
    print(json.dumps(runs, indent=2))


if __name__ == "__main__":
    main()
