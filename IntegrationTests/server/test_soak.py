"""A bounded soak on loopback: concurrent writers, readers and event subscribers, with a kill -9 in the middle.

Afterwards every acknowledged sample is stored exactly once, every batch is whole or absent (a write cut by the
kill commits or rolls back whole), and every subscriber — reconnecting with Last-Event-ID — saw every change
exactly once. $OHK_SOAK_SECONDS sets the length (default 20).
"""
import collections
import os
import threading
import time

import requests

from conftest import STEPS
from ohkclient import Client, EventReader, quantity

BATCH = 5


class Subscriber:
    """An event stream that reconnects with its last event id until stopped."""

    def __init__(self, server, token):
        self.server, self.token = server, token
        self.added, self.deleted = [], []
        self.last_id = 0
        self.reconnects = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stopping.is_set():
            try:
                reader = EventReader(self.server.url(""), self.token, [STEPS], last_event_id=self.last_id,
                                     on_event=self.on_event)
            except Exception:
                time.sleep(0.1)
                continue
            while not self.stopping.is_set() and not reader.closed.wait(0.1):
                pass
            reader.close()
            self.reconnects += 1

    def on_event(self, event_id, payload):
        self.added += [sample["uuid"] for sample in payload["added"]]
        self.deleted += [sample["uuid"] for sample in payload["deleted"]]
        self.last_id = event_id

    def stop(self):
        self.stopping.set()
        self.thread.join(10)


def test_soak_with_a_kill_loses_no_acknowledged_write(server):
    seconds = float(os.environ.get("OHK_SOAK_SECONDS", "20"))
    owner = server.owner
    acknowledged = []               # uuids the server answered 201 for
    attempted = {}                  # batch tag → 201 or "unknown"
    lock = threading.Lock()
    stop = threading.Event()
    errors = collections.Counter()

    def writer(number):
        client = Client(server.url(""), owner)
        sequence = 0
        while not stop.is_set():
            sequence += 1
            tag = f"w{number}-{sequence}"
            minute = (number * 7919 + sequence) % 1440
            start = f"2025-07-{1 + sequence % 28:02d}T{minute // 60:02d}:{minute % 60:02d}:00Z"
            batch = [quantity(STEPS, 1 + k, "count", start, start, metadata={"batch": tag, "k": k})
                     for k in range(BATCH)]
            client.base = server.url("")
            try:
                answer = client.session.post(client.base + "/v1/samples", json={"samples": batch}, timeout=10)
            except requests.RequestException:
                with lock:
                    attempted[tag] = "unknown"
                time.sleep(0.05)
                continue
            with lock:
                if answer.status_code == 201:
                    attempted[tag] = 201
                    acknowledged.extend(answer.json()["saved"])
                else:
                    attempted[tag] = "unknown" if answer.status_code >= 500 else answer.status_code
                    errors[answer.status_code] += 1

    def reader():
        client = Client(server.url(""), owner)
        while not stop.is_set():
            client.base = server.url("")
            try:
                answer = client.session.get(client.base + "/v1/statistics/collection", params={
                    "type": STEPS, "start": "2025-07-01T00:00:00Z", "end": "2025-07-31T00:00:00Z",
                    "interval": "day", "options": "cumulativeSum"}, timeout=10)
                if answer.status_code >= 500:
                    errors[answer.status_code] += 1
            except requests.RequestException:
                time.sleep(0.05)

    subscribers = [Subscriber(server, owner) for _ in range(6)]
    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    for thread in threads:
        thread.start()
    time.sleep(seconds / 2)
    server.kill9()
    time.sleep(0.5)
    server.start()
    time.sleep(seconds / 2)
    stop.set()
    for thread in threads:
        thread.join(30)

    client = server.client(owner)
    stored, deleted, final_anchor = client.all_changes([STEPS])
    counts = collections.Counter(sample["uuid"] for sample in stored)
    assert acknowledged, "the writers got some writes through"
    assert all(counts[uuid] == 1 for uuid in acknowledged), "every acknowledged sample is stored exactly once"
    assert max(counts.values()) == 1
    by_batch = collections.Counter(sample["metadata"]["batch"] for sample in stored)
    assert all(size == BATCH for size in by_batch.values()), "a batch is stored whole or not at all"
    assert all(attempted.get(tag) in (201, "unknown") for tag in by_batch), "only attempted batches are stored"
    assert errors == collections.Counter(), f"no 5xx and no refusals: {dict(errors)}"

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(s.last_id < final_anchor for s in subscribers):
        time.sleep(0.1)
    for subscriber in subscribers:
        subscriber.stop()
    all_uuids = sorted(counts)
    for number, subscriber in enumerate(subscribers):
        assert subscriber.reconnects >= 1, "the kill dropped every stream"
        assert sorted(subscriber.added) == all_uuids, f"subscriber {number} saw every change exactly once"
    print(f"\nsoak: {len(acknowledged)} acknowledged samples, {len(by_batch)} batches stored, "
          f"{sum(1 for v in attempted.values() if v == 'unknown')} cut by the kill, "
          f"{len(subscribers)} subscribers each saw {len(all_uuids)} changes once")


def test_sigterm_lets_in_flight_writes_finish_and_exits_cleanly(server):
    """Graceful shutdown: SIGTERM while writers save and a stream is open — the server exits 0, every write it
    acknowledged is stored, and every batch is whole."""
    owner = server.owner
    acknowledged, stop = [], threading.Event()
    lock = threading.Lock()

    def writer(number):
        client = Client(server.url(""), owner)
        sequence = 0
        while not stop.is_set():
            sequence += 1
            tag = f"t{number}-{sequence}"
            batch = [quantity(STEPS, 1 + k, "count", "2025-08-01T10:00:00Z", "2025-08-01T10:00:00Z",
                              metadata={"batch": tag, "k": k}) for k in range(50)]
            try:
                answer = client.session.post(client.base + "/v1/samples", json={"samples": batch}, timeout=10)
            except requests.RequestException:
                return
            if answer.status_code == 201:
                with lock:
                    acknowledged.extend(answer.json()["saved"])

    stream = EventReader(server.url(""), owner, [STEPS])
    threads = [threading.Thread(target=writer, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    assert server.stop() == 0, "SIGTERM ends the server with status 0 (the open stream does not hold it)"
    stop.set()
    for thread in threads:
        thread.join(15)
    assert stream.closed.wait(5), "the event stream was ended by the shutdown"
    server.start()
    stored, _, _ = server.client(owner).all_changes([STEPS])
    uuids = collections.Counter(sample["uuid"] for sample in stored)
    assert acknowledged and all(uuids[uuid] == 1 for uuid in acknowledged)
    batches = collections.Counter(sample["metadata"]["batch"] for sample in stored)
    assert all(size == 50 for size in batches.values()), "a write cut by the shutdown commits or rolls back whole"
