#!/usr/bin/env python3
"""A phone syncing into `ohk serve`, measured side by side in one run on loopback (BENCHMARKS.md, "Phone sync").

  1. Backfill: a generated export (gen-health-export) imported into a phone store (untimed), then that phone
     mirrored by HealthSync (phone-sim sync, every quantity and category type) into a fresh `ohk serve`, against
     `ohk import` of the same export into a fresh store. Interleaved rounds; wall time of each whole command.
     Each round backfills once per transport: HealthSync's URLSession (Linux's corelibs over libcurl) and
     swift-nio's HTTP client (phone-sim --transport nio: the phone's side without corelibs' URLSession costs).
  2. Bytes per sample: a 30-day phone synced through a recording proxy: the request bodies as HealthSync sends
     them, and the same bodies gzip-compressed (what a client sending `Content-Encoding: gzip` would send).
  3. Save → event: the phone (phone-sim live, HealthSync started with its observers) saves a step sample every
     half second; the server's event stream (/v1/events, the owner's token) tells when it arrived. Both sides
     read CLOCK_MONOTONIC. p50/p99 over the saves.
  4. Readers during live sync: the 30-day daily-steps collection with wrk while the phone saves (and so syncs)
     a sample every second, against the same collection with no sync running and the bare-route ceiling
     (`ohk serve --ceiling`), interleaved rounds, medians.

Usage: Benchmarks/server/sync.py --ohk .build/release/ohk --phone-sim .build/release/phone-sim
       [--gen /work/shared/tools/gen-health-export] [--scale medium] [--rounds 2] [--seconds 8]
       [--transports urlsession,nio] [--backfill-only]
"""
import argparse
import gzip
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import STEPS, StreamMux, start, wrk  # noqa: E402  (the server benchmarks' helpers)


def timed(command, env=None):
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} {command[1]} failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, done.stdout


class Server:
    """A fresh `ohk serve` with one person, her owner token and her phone's mirror token."""

    def __init__(self, ohk, root, name):
        self.ohk = ohk
        self.data = os.path.join(root, name)
        os.makedirs(self.data)
        self.cli("add-person", "ana", "--policy", "grant-all")
        self.owner = self.cli("issue-token", "--person", "ana")
        self.mirror = self.cli("issue-token", "--person", "ana", "--mirror", "anas-iphone")
        self.proc, self.port = start([ohk, "serve", "--data", self.data, "--port", "0", "--log-level", "warning",
                                      "--rate-limit", "1000000000", "--burst", "1000000000"])
        self.url = f"http://127.0.0.1:{self.port}"

    def cli(self, *args):
        return subprocess.run([self.ohk, "server", *args, "--data", self.data], capture_output=True, text=True,
                              check=True).stdout.strip()

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=60)


class Recorder(http.server.ThreadingHTTPServer):
    """A loopback HTTP proxy that forwards each request to `target` and records its body's size, raw and gzip'd."""

    def __init__(self, target):
        self.target = target
        self.bodies = []   # (raw bytes, gzip bytes, items)
        recorder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                items = body.count(b'"uuid"')
                recorder.bodies.append((len(body), len(gzip.compress(body, 6)), items))
                request = urllib.request.Request(recorder.target + self.path, data=body, method="POST")
                for key in ("authorization", "content-type"):
                    if self.headers.get(key):
                        request.add_header(key, self.headers[key])
                try:
                    with urllib.request.urlopen(request, timeout=60) as response:
                        status, answer = response.status, response.read()
                except urllib.error.HTTPError as error:
                    status, answer = error.code, error.read()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ohk", required=True)
    parser.add_argument("--phone-sim", required=True)
    parser.add_argument("--gen", default="/work/shared/tools/gen-health-export")
    parser.add_argument("--scale", default="medium")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--saves", type=int, default=60)
    parser.add_argument("--transports", default="urlsession,nio",
                        help="phone-sim's transports for the backfill: HealthSync's URLSession, swift-nio's client")
    parser.add_argument("--backfill-only", action="store_true", help="the backfill against the import only")
    args = parser.parse_args()
    ohk, phone_sim = os.path.abspath(args.ohk), os.path.abspath(args.phone_sim)
    root = tempfile.mkdtemp(prefix="ohk-sync-bench-")
    env = dict(os.environ)
    print(f"machine: {os.cpu_count()} cores; ohk {ohk}; phone-sim {phone_sim}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    try:
        # 1. Backfill against import.
        export = os.path.join(root, "export.zip")
        subprocess.run([args.gen, "--scale", args.scale, "--out", export, "-q"], check=True)
        records = json.load(open(export + ".truth.json"))["counts"]["elements"]["Record"]
        phone = os.path.join(root, "phone.sqlite")
        timed([ohk, "import", export, "--store", phone])
        transports = args.transports.split(",")
        imports, backfills, sent = [], {transport: [] for transport in transports}, None
        for round_ in range(args.rounds):
            store = os.path.join(root, f"imported-{round_}.sqlite")
            imports.append(timed([ohk, "import", export, "--store", store])[0])
            for transport in transports:
                server = Server(ohk, root, f"server-{round_}-{transport}")
                try:
                    folder = os.path.join(root, f"healthsync-{round_}-{transport}")
                    env["OHK_SYNC_TOKEN"] = server.mirror
                    seconds, out = timed([phone_sim, "sync", phone, "--days", "400", "--types", "all", "--folder",
                                          folder, "--server", server.url, "--batch-limit", "5000",
                                          "--backfill-days", "14", "--transport", transport], env)
                    backfills[transport].append(seconds)
                    sent = int(re.search(r"^sent (\d+)$", out, re.M).group(1))
                finally:
                    server.stop()
                print(f"round {round_ + 1}: ohk import {imports[-1]:.1f} s; HealthSync backfill over {transport} "
                      f"{backfills[transport][-1]:.1f} s ({sent:,} samples sent)")
        for transport in transports:
            median = statistics.median(backfills[transport])
            print(f"backfill over {transport}: {records:,} records in the export, {sent:,} samples synced; import "
                  f"median {statistics.median(imports):.1f} s, backfill median {median:.1f} s: "
                  f"{median / statistics.median(imports):.2f}× the import ({sent / median:,.0f} samples/s)")
        if args.backfill_only:
            return

        # 2. Bytes per sample, through the recording proxy.
        month = os.path.join(root, "month.sqlite")
        timed([phone_sim, "fill", month, "--days", "30", "--seed", "45"])
        server = Server(ohk, root, "server-bytes")
        recorder = Recorder(server.url)
        try:
            env["OHK_SYNC_TOKEN"] = server.mirror
            timed([phone_sim, "sync", month, "--days", "30", "--folder", os.path.join(root, "healthsync-bytes"),
                   "--server", recorder.url, "--batch-limit", "500"], env)
        finally:
            recorder.shutdown()
            server.stop()
        raw = sum(b[0] for b in recorder.bodies)
        packed = sum(b[1] for b in recorder.bodies)
        items = sum(b[2] for b in recorder.bodies)
        print(f"bytes: {len(recorder.bodies)} batches, {items:,} samples: {raw / items:.0f} bytes/sample as sent, "
              f"{packed / items:.0f} gzip'd ({raw / packed:.1f}× smaller)")

        # 3 and 4 on one server: a 30-day phone, synced, then live.
        server = Server(ohk, root, "server-live")
        ceiling, ceiling_port = start([ohk, "serve", "--ceiling", "--port", "0", "--log-level", "warning"])
        try:
            env["OHK_SYNC_TOKEN"] = server.mirror
            folder = os.path.join(root, "healthsync-live")
            timed([phone_sim, "sync", month, "--days", "30", "--folder", folder, "--server", server.url,
                   "--batch-limit", "500"], env)
            mux = StreamMux(server.port, server.owner, 1)
            live = subprocess.Popen([phone_sim, "live", month, "--days", "30", "--folder", folder, "--server",
                                     server.url, "--saves", str(args.saves), "--every", "0.5", "--seed", "1"],
                                    stdout=subprocess.PIPE, text=True, env=env)
            latencies, missing = [], 0
            for line in live.stdout:
                if line.startswith("saved "):
                    _, uuid, saved = line.split()
                    arrived = mux.wait_for(uuid, 10)
                    if arrived:
                        latencies.append((arrived[0] - float(saved)) * 1000)
                    else:
                        missing += 1
            live.wait(timeout=60)
            mux.close()
            latencies.sort()
            p50 = statistics.median(latencies)
            p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
            print(f"save → event: {len(latencies)} saves, p50 {p50:.0f} ms, p99 {p99:.0f} ms, max {latencies[-1]:.0f} "
                  f"ms, {missing} missing")

            collection = (server.url + f"/v1/statistics/collection?type={STEPS}&start=2026-10-01T00:00:00Z"
                          "&end=2026-10-31T00:00:00Z&interval=day&timeZone=UTC")
            bare, quiet, syncing = [], [], []
            for round_ in range(3):
                bare.append(wrk(f"http://127.0.0.1:{ceiling_port}/ceiling", None, args.seconds))
                quiet.append(wrk(collection, server.owner, args.seconds))
                live = subprocess.Popen([phone_sim, "live", month, "--days", "30", "--folder", folder, "--server",
                                         server.url, "--saves", str(args.seconds + 4), "--every", "1",
                                         "--seed", str(10 + round_)],
                                        stdout=subprocess.PIPE, text=True, env=env)
                assert live.stdout.readline().strip() == "ready"
                time.sleep(1)
                syncing.append(wrk(collection, server.owner, args.seconds))
                live.wait(timeout=120)
            med = lambda runs, i: statistics.median(r[i] for r in runs)  # noqa: E731
            print(f"ceiling {med(bare, 0):,.0f} req/s; collection, no sync {med(quiet, 0):,.0f} req/s "
                  f"(p99 {med(quiet, 1):.2f} ms); during live sync {med(syncing, 0):,.0f} req/s "
                  f"(p99 {med(syncing, 1):.2f} ms) = {med(syncing, 0) / med(bare, 0):.2f} of the ceiling; "
                  f"non-2xx {sum(r[2] for r in syncing)}")
        finally:
            ceiling.terminate()
            server.stop()
    finally:
        if not os.environ.get("OHK_BENCH_KEEP"):
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
