"""A phone mirrored into `ohk serve` through every fault at once (issue 45, part 5).

The phone is `phone-sim` (Tests/Tools/PhoneSim): an OpenHealthKit store in one SQLite file, filled by
HealthSimulation (an iPhone and a Watch, two weeks of steps, heart rate, energy and sleep) and changed at random
(additions from several sources, deletions, an edited sample). Its sync is HealthSync in a process of its own, which
the test kills with SIGKILL at random moments and starts again. Between the two sits faultproxy.py, which drops
connections, resets them mid-request and mid-reply (the lost reply: the server applied the batch, the phone saw a
reset and sends the same batch again), delays, and answers 503. The server is killed with SIGKILL while a sync is
running, and started again on the same data. On SQLite (a data folder) and on PostgreSQL.

After all of it the server must hold exactly the phone's samples — every field of the server's own JSON of a
sample (UUID, dates, value and unit, source revision, device, metadata), deletions applied, nothing twice — and its
merged daily steps over HTTP must equal the phone's HKStatisticsCollectionQuery for every day.
"""
import json
import os
import random
import signal
import subprocess
import time
import uuid

import pytest

from conftest import STEPS, ServerProcess
from faultproxy import FaultProxy, Plan, RandomPlan

TYPES = [STEPS, "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierActiveEnergyBurned",
         "HKCategoryTypeIdentifierSleepAnalysis"]
DAYS = 14
START, END = "2026-10-01T00:00:00Z", "2026-10-16T00:00:00Z"
SYNCED, AGAIN = 0, 75  # phone-sim sync's exit statuses: everything synced / run again


def phone_sim():
    path = os.environ.get("PHONE_SIM_BIN")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("PHONE_SIM_BIN must name the built phone-sim executable (run scripts/server-tests)",
                    pytrace=False)
    return path


def phone(*args, timeout=120):
    done = subprocess.run([phone_sim(), *args, "--days", str(DAYS)], capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"phone-sim {args[0]} failed: {done.stderr.strip()}"
    return done.stdout


class Phone:
    """The phone's file, its HealthSync folder, and its sync processes."""

    def __init__(self, folder, token, server_url):
        self.path = str(folder / "phone.sqlite")
        self.sync_folder = str(folder / "healthsync")
        self.env = dict(os.environ, OHK_SYNC_TOKEN=token)
        self.server_url = server_url
        self.log = open(folder / "sync.log", "a")
        self.deleted = set()   # UUIDs the phone deleted after they were synced

    def start_sync(self):
        return subprocess.Popen(
            [phone_sim(), "sync", self.path, "--days", str(DAYS), "--folder", self.sync_folder,
             "--server", self.server_url, "--batch-limit", "300"],
            stdout=self.log, stderr=self.log, env=self.env)

    def outbox(self):
        folder = os.path.join(self.sync_folder, "outbox")
        # HealthSync's entries only: a kill during an atomic write can leave its temporary file (a dot-name),
        # which HealthSync ignores and removes when it next starts.
        names = os.listdir(folder) if os.path.isdir(folder) else []
        return sorted(n for n in names if n.endswith(".json") and not n.startswith("."))

    def sync_killed(self, rng, times):
        """`times` times: starts a sync, waits until it has a batch in the outbox (built, perhaps sent, not
        acknowledged), and kills it with SIGKILL a random moment later — mid-batch. Returns how many kills landed
        so (a sync that finishes first is not killed)."""
        mid_batch = 0
        for _ in range(times):
            before = set(self.outbox())
            process = self.start_sync()
            deadline = time.monotonic() + 60
            while process.poll() is None and time.monotonic() < deadline and not set(self.outbox()) - before:
                time.sleep(0.01)
            time.sleep(rng.uniform(0, 0.3))
            if process.poll() is None:
                mid_batch += 1 if self.outbox() else 0
                process.send_signal(signal.SIGKILL)
                process.wait(timeout=30)
        return mid_batch

    def finish(self, process, timeout=600):
        """The sync's exit status: 0 (everything synced) or 75 (run again); anything else fails the test."""
        try:
            status = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
            raise AssertionError(f"a sync ran longer than {timeout} s; see {self.log.name}")
        assert status in (SYNCED, AGAIN), f"phone-sim sync exited {status}; see {self.log.name}"
        return status

    def sync_to_the_end(self, attempts=12):
        """Runs syncs (each may stop early on a fault that outlasted its retries) until one reports every type
        synced with its history."""
        for _ in range(attempts):
            if self.finish(self.start_sync()) == SYNCED:
                return
        raise AssertionError(f"the phone never finished syncing; see {self.log.name}")


def server_holdings(client):
    added, deleted, _ = client.all_changes(TYPES)
    uuids = [sample["uuid"] for sample in added]
    assert len(uuids) == len(set(uuids)), "a sample is on the server twice"
    for sample in added:
        sample.pop("anchor", None)
    return added, {sample["uuid"] for sample in deleted}


def server_daily_steps(client):
    answer = client.request("GET", "/v1/statistics/collection", 200, params={
        "type": STEPS, "start": START, "end": END, "interval": "day", "options": "sum",
        "timeZone": "UTC"}).json()
    return {bucket["startDate"][:10]: bucket["sum"] for bucket in answer["buckets"] if bucket.get("sum")}


def assert_mirrored(phone_state, client):
    phone_samples = [json.loads(line) for line in phone("holdings", phone_state.path).splitlines()]
    server_samples, deleted = server_holdings(client)
    by_uuid = {sample["uuid"]: sample for sample in server_samples}
    missing = [s["uuid"] for s in phone_samples if s["uuid"] not in by_uuid]
    extra = set(by_uuid) - {s["uuid"] for s in phone_samples}
    different = [s["uuid"] for s in phone_samples if s["uuid"] in by_uuid and by_uuid[s["uuid"]] != s]
    assert not missing, f"{len(missing)} of the phone's samples are not on the server, e.g. {missing[:3]}"
    assert not extra, f"{len(extra)} samples on the server are no longer on the phone, e.g. {sorted(extra)[:3]}"
    if different:
        phone_sample = next(s for s in phone_samples if s["uuid"] == different[0])
        raise AssertionError(f"{len(different)} samples differ, e.g. phone {phone_sample} "
                             f"server {by_uuid[different[0]]}")
    assert len(server_samples) == len(phone_samples)
    assert not deleted & {s["uuid"] for s in phone_samples}
    assert not phone_state.deleted - deleted, "a sample deleted on the phone has no tombstone on the server"
    phone_days = json.loads(phone("daily-steps", phone_state.path))
    server_days = server_daily_steps(client)
    assert phone_days.keys() == server_days.keys()
    for day, steps in phone_days.items():
        assert abs(server_days[day] - steps) < 1e-6, f"{day}: phone {steps}, server {server_days[day]}"
    return len(phone_samples)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request):
    if request.param == "sqlite":
        return None
    url = os.environ.get("OHK_TEST_POSTGRES_URL")
    if not url:
        pytest.fail("OHK_TEST_POSTGRES_URL is not set: run `eval \"$(scripts/postgres start)\"` "
                    "(scripts/server-tests does when PostgreSQL is installed)", pytrace=False)
    return url + "?sslmode=disable"


def test_a_phone_is_mirrored_exactly_through_kills_resets_and_outages(data_dir, backend):
    rng = random.Random(45)
    server = ServerProcess(data_dir, ["--rate-limit", "10000", "--burst", "10000"], store=backend)
    person = f"ana-{uuid.uuid4().hex[:8]}"
    server.cli("add-person", person)
    owner = server.cli("issue-token", "--person", person)
    mirror = server.cli("issue-token", "--person", person, "--mirror", "anas-iphone")
    server.start()
    # One fault per connection: each kind once first, then drawn in accept order (a seed gives the same sequence);
    # a keep-alive connection carries many batches, so faults are frequent: about two connections in three.
    every_fault = [Plan.reset_mid_reply(0), Plan.drop(), Plan.unavailable(), Plan.reset_mid_request(400),
                   Plan.delay(40), Plan.reset_mid_reply(0)]
    faults = RandomPlan([(Plan.passthrough(), 4), (Plan.drop(), 1), (Plan.reset_mid_request(400), 1),
                         (Plan.reset_mid_reply(0), 2), (Plan.delay(40), 1), (Plan.unavailable(), 2)], seed=45,
                        first=every_fault)
    try:
        with FaultProxy(server.port) as proxy:
            state = Phone(data_dir, mirror, proxy.url())
            phone("fill", state.path, "--seed", "45")
            proxy.set_plan(faults)

            # The backfill, its sync killed four times at random moments.
            killed_mid_batch = state.sync_killed(rng, 4)
            # The server killed twice while a sync runs, and started again on the same data (same port); the sync
            # rides it out with its retries (or stops for the next run: 75).
            for _ in range(2):
                process = state.start_sync()
                time.sleep(rng.uniform(0.5, 2.0))
                server.kill9()
                time.sleep(0.3)
                server.start()
                state.finish(process)
            state.sync_to_the_end()
            client = server.client(owner)
            first = assert_mirrored(state, client)
            assert first > 4000, f"the phone holds {first} samples: the simulation made too little to test"

            # The phone's days go on: random additions, deletions, an edit; each sync killed once, then finished.
            for seed in (1, 2, 3):
                changed = phone("change", state.path, "--seed", str(seed)).splitlines()
                print(changed[0])
                state.deleted |= {line.split()[1] for line in changed[1:] if line.startswith("deleted ")}
                killed_mid_batch += state.sync_killed(rng, 1)
                state.sync_to_the_end()
            assert state.deleted, "the changes deleted nothing"
            assert_mirrored(state, client)

            applied = proxy.counters()["applied"]
            print(f"{first} samples first; kills mid-batch {killed_mid_batch}; faults {applied}")
            for fault in ("drop", "reset_mid_request", "reset_mid_reply", "delay", "unavailable"):
                assert applied.get(fault, 0) >= 1, f"the proxy never applied {fault}: {applied}"
            assert killed_mid_batch >= 1, "no kill landed while a batch was unacknowledged"
            assert not state.outbox(), "a finished sync leaves nothing in the outbox"
    finally:
        server.stop()
