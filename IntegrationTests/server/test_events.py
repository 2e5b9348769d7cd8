"""Live updates over Server-Sent Events: resume with Last-Event-ID sees every change once; latency measured."""
import statistics
import threading
import time
import uuid

from conftest import HEART, STEPS
from ohkclient import EventReader, quantity


def steps(n, minute, source_tag=""):
    start = f"2025-06-01T{8 + minute // 60:02d}:{minute % 60:02d}:00Z"
    end = f"2025-06-01T{8 + minute // 60:02d}:{minute % 60:02d}:30Z"
    return quantity(STEPS, n, "count", start, end, metadata={"tag": source_tag or str(uuid.uuid4())})


def wait_until(predicate, timeout=15, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def test_resume_with_last_event_id_sees_every_change_once(server):
    owner = server.client(server.owner)
    saved, deleted = [], []
    first = EventReader(server.url(""), server.owner, [STEPS, HEART])
    for batch in range(4):
        saved += owner.save([steps(10 + batch, batch * 3 + k) for k in range(3)]).json()["saved"]
    wait_until(lambda: len(first.added_uuids()) >= 6, what="the first stream's events")
    first.close()
    resume_from = first.last_id
    assert resume_from is not None

    # While disconnected: more saves, a deletion of an early sample, and heart rate.
    for batch in range(3):
        saved += owner.save([steps(50 + batch, 40 + batch * 2 + k) for k in range(2)]).json()["saved"]
    saved += owner.save([quantity(HEART, 61, "count/min", "2025-06-01T09:00:00Z", "2025-06-01T09:00:00Z")]).json()["saved"]
    owner.request("DELETE", f"/v1/samples/{saved[0]}", 204)
    deleted.append(saved[0])

    second = EventReader(server.url(""), server.owner, [STEPS, HEART], last_event_id=resume_from)
    saved += owner.save([steps(99, 100)]).json()["saved"]
    wait_until(lambda: set(first.added_uuids()) | set(second.added_uuids()) >= set(saved)
               and deleted[0] in second.deleted_uuids(), what="every change after resuming")
    time.sleep(0.3)  # anything repeated would have arrived by now
    second.close()

    seen = first.added_uuids() + second.added_uuids()
    assert sorted(seen) == sorted(saved), "every saved sample is announced exactly once across the two streams"
    assert first.deleted_uuids() + second.deleted_uuids() == deleted
    ids = [event_id for event_id, _ in first.events + second.events]
    assert ids == sorted(ids) and len(set(ids)) == len(ids), "event ids (anchors) only grow"


def test_a_read_denied_app_streams_only_its_own_samples(server):
    app_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.logger", "--share", "steps")
    owner, app = server.client(server.owner), server.client(app_token)
    stream = EventReader(server.url(""), app_token, [STEPS])
    owner.save([steps(5, 1)])
    mine = app.save([steps(7, 2)]).json()["saved"]
    wait_until(lambda: len(stream.added_uuids()) >= 1, what="the app's own sample")
    time.sleep(0.5)
    stream.close()
    assert stream.added_uuids() == mine


def test_save_to_event_latency(server):
    """Measures save → event on loopback (reported, not asserted: targets live in BENCHMARKS.md)."""
    owner = server.client(server.owner)
    arrivals = {}
    lock = threading.Lock()

    def on_event(_, payload):
        now = time.perf_counter()
        with lock:
            for sample in payload["added"]:
                arrivals[sample["uuid"]] = now

    stream = EventReader(server.url(""), server.owner, [STEPS], on_event=on_event)
    latencies = []
    for i in range(60):
        started = time.perf_counter()
        saved = owner.save([steps(i + 1, i)]).json()["saved"][0]
        wait_until(lambda: saved in arrivals, timeout=10, what="the event of a save")
        latencies.append((arrivals[saved] - started) * 1000)
    stream.close()
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    print(f"\nsave → event on loopback: median {statistics.median(latencies):.1f} ms, p99 {p99:.1f} ms "
          f"over {len(latencies)} saves")
    assert len(latencies) == 60


def test_two_streams_resuming_from_one_anchor_each_see_everything_committed_before_them(server):
    """Streams at the same anchor share one read per commit; a stream that resumes later must not be handed an
    earlier stream's read that ended before the commits it has not been told of (no commit follows it here)."""
    owner = server.client(server.owner)
    first_saves = owner.save([steps(1 + k, 200 + k) for k in range(3)]).json()["saved"]
    early = EventReader(server.url(""), server.owner, [STEPS], last_event_id=0)
    wait_until(lambda: len(early.added_uuids()) == 3, what="the early stream's catch-up")
    later_saves = owner.save([steps(9, 210)]).json()["saved"]
    late = EventReader(server.url(""), server.owner, [STEPS], last_event_id=0)
    wait_until(lambda: len(late.added_uuids()) == 4, timeout=5, what="the late stream's catch-up")
    time.sleep(0.3)
    early.close()
    late.close()
    assert sorted(late.added_uuids()) == sorted(first_saves + later_saves)
    assert sorted(early.added_uuids()) == sorted(first_saves + later_saves)
