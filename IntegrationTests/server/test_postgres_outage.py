"""`ohk serve --store postgres://…` while PostgreSQL goes away (issue 44, part 7), under load.

Each test makes a throwaway PostgreSQL 15 cluster of its own (a primary, and for the failover a streaming replica)
in a temporary folder on free loopback ports, so stopping, restarting and promoting it cannot disturb any other
suite, and removes it afterwards. Without PostgreSQL 15 (Debian's postgresql-15) the tests fail; they never skip.

The load: writer threads saving batches of step samples with UUIDs of their own, reader threads asking for
samples and statistics, and SSE subscribers of /v1/events that reconnect with Last-Event-ID whenever their stream
ends or errs. The scenarios: PostgreSQL stopped for a while and started again, `pg_ctl restart -m fast`, the
server's backends killed with pg_terminate_backend, and a failover to the promoted replica (the server restarted
pointed at it). What must hold throughout:

- every request is answered within 10 s (never a hang), and every failure is a 503 problem+json with Retry-After
  (never a 500);
- the server reconnects by itself (without a restart, but for the failover): requests succeed again within 10 s
  of the database being back;
- no acknowledged sample is lost, none is stored twice, and no batch is half written;
- every SSE subscriber, in the end, has seen every stored sample's addition exactly once across its reconnects.

Each test prints what it saw (statuses, durations, recovery, the SSE streams, the server's log); with
$OHK_OUTAGE_REPORT_DIR set it also keeps a JSON report and the server's log there.
"""
import collections
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import uuid

import pytest
import requests

from conftest import STEPS, ServerProcess

PG_BIN = pathlib.Path(os.environ.get("OHK_PG_BIN", "/usr/lib/postgresql/15/bin"))
OUTAGE_SECONDS = float(os.environ.get("OHK_PG_OUTAGE_SECONDS", "20"))
ANSWER_WITHIN = 10.0        # every request is answered within this many seconds
RECOVER_WITHIN = 10.0       # requests succeed again within this many seconds of the database being back
# The client gives up on a request after this (connect, read): a hang. Longer to see how long one would last.
CLIENT_TIMEOUT = (5, float(os.environ.get("OHK_PG_CLIENT_TIMEOUT", "20")))
# A live stream carries a heartbeat at least every 15 s: one silent this long is stuck (the client reconnects).
STREAM_SILENCE = 25.0
BATCH = 5
BASE_TIME = 1_751_328_000   # 2025-07-01T00:00:00Z
WINDOW = ("2025-07-01T00:00:00Z", "2025-07-08T00:00:00Z")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


# ---------------------------------------------------------------------------------------------------------------
# A throwaway cluster


class Cluster:
    """A PostgreSQL 15 primary (and optionally a streaming replica) in a temporary folder, run as `postgres` when
    this process is root (as scripts/postgres does)."""

    def __init__(self):
        if not (PG_BIN / "initdb").exists() or not (PG_BIN / "pg_ctl").exists():
            pytest.fail(f"PostgreSQL 15 is not installed ({PG_BIN}/initdb is missing: apt-get install "
                        "postgresql-15): the outage tests need it", pytrace=False)
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="ohk-pg-outage-"))
        os.chmod(self.root, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        self.folders = {}   # name → (folder, port)

    def run(self, *args, timeout=90, check=True, input=None):
        command = [str(a) for a in args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, input=input,
                              cwd=str(self.root))
        if check and done.returncode != 0:
            raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}"
                                 f"{self.tail_logs()}")
        return done

    def tail_logs(self):
        text = ""
        for name, (folder, _) in self.folders.items():
            log = folder / "server.log"
            if log.exists():
                text += f"\n--- {name} log ---\n" + "\n".join(log.read_text(errors="replace").splitlines()[-15:])
        return text

    def pg_ctl(self, name, *args, timeout=90, check=True):
        folder, port = self.folders[name]
        return self.run(PG_BIN / "pg_ctl", "-D", folder, *args, timeout=timeout, check=check)

    def start(self, name):
        folder, port = self.folders[name]
        self.pg_ctl(name, "-l", folder / "server.log", "-w", "-t", "60", "-o", self.options(port), "start")

    def options(self, port):
        return (f"-p {port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=100 "
                f"-c shared_buffers=64MB -c fsync=on -c synchronous_commit=on -c wal_level=replica "
                f"-c max_wal_senders=4 -c hot_standby=on")

    def stop(self, name, mode="fast"):
        self.pg_ctl(name, "-m", mode, "-w", "-t", "60", "stop")

    def restart(self, name, mode="fast"):
        folder, port = self.folders[name]
        self.pg_ctl(name, "-m", mode, "-w", "-t", "60", "-l", folder / "server.log", "-o", self.options(port),
                    "restart")

    def promote(self, name):
        self.pg_ctl(name, "-w", "-t", "60", "promote")

    def psql(self, name, sql, database="ohk"):
        _, port = self.folders[name]
        done = self.run(PG_BIN / "psql", "-X", "-q", "-A", "-t", "-h", "127.0.0.1", "-p", port, "-U", "postgres",
                        "-d", database, "-v", "ON_ERROR_STOP=1", input=sql, timeout=30)
        return done.stdout.strip()

    def make_primary(self):
        folder, port = self.root / "primary", free_port()
        self.folders["primary"] = (folder, port)
        self.run(PG_BIN / "initdb", "-D", folder, "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                 "--locale=C.UTF-8")
        with open(folder / "pg_hba.conf", "a") as hba:
            hba.write("host replication postgres 127.0.0.1/32 trust\n")
        self.start("primary")
        self.psql("primary", """
            CREATE ROLE ohk_owner LOGIN;
            CREATE ROLE ohk_app LOGIN;
            CREATE DATABASE ohk OWNER ohk_owner;
            """, database="postgres")
        self.psql("primary", """
            ALTER SCHEMA public OWNER TO ohk_owner;
            GRANT USAGE ON SCHEMA public TO ohk_app;
            ALTER DEFAULT PRIVILEGES FOR ROLE ohk_owner IN SCHEMA public
                GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ohk_app;
            ALTER DEFAULT PRIVILEGES FOR ROLE ohk_owner IN SCHEMA public GRANT USAGE ON SEQUENCES TO ohk_app;
            """)
        return port

    def make_replica(self):
        _, primary_port = self.folders["primary"]
        folder, port = self.root / "replica", free_port()
        self.folders["replica"] = (folder, port)
        self.run(PG_BIN / "pg_basebackup", "-h", "127.0.0.1", "-p", primary_port, "-U", "postgres", "-D", folder,
                 "-R", "-X", "stream", "--checkpoint=fast")
        self.start("replica")
        return port

    def url(self, name):
        return f"postgres://ohk_owner@127.0.0.1:{self.folders[name][1]}/ohk?sslmode=disable"

    def destroy(self):
        for name in reversed(list(self.folders)):
            folder, _ = self.folders[name]
            if (folder / "postmaster.pid").exists():
                self.pg_ctl(name, "-m", "immediate", "-w", "-t", "30", "stop", check=False)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def cluster():
    made = Cluster()
    try:
        made.make_primary()
        yield made
    finally:
        made.destroy()


# ---------------------------------------------------------------------------------------------------------------
# The load


class Outcome:
    """One request: when it started, how long it took, and what came back (a status, or an exception's name)."""

    __slots__ = ("kind", "started", "seconds", "status", "retry_after", "content_type", "body", "error")

    def __init__(self, kind, started):
        self.kind, self.started = kind, started
        self.seconds = None
        self.status = self.retry_after = self.content_type = self.body = self.error = None

    @property
    def ok(self):
        return self.status is not None and 200 <= self.status < 300

    @property
    def label(self):
        return str(self.status) if self.status is not None else self.error


class Load:
    """Writers, readers and SSE subscribers against one server, recording every request."""

    def __init__(self, base, token, writers=3, readers=2, subscribers=2):
        self.base = base
        self.token = token
        self.stop_load = threading.Event()
        self.stop_streams = threading.Event()
        self.lock = threading.Lock()
        self.outcomes = []
        self.batches = []           # (uuids, outcome)
        self.counter = 0
        self.threads = []
        self.subscribers = [Subscriber(self, n) for n in range(subscribers)]
        for n in range(writers):
            self.threads.append(threading.Thread(target=self._writer, daemon=True, name=f"writer-{n}"))
        for n in range(readers):
            self.threads.append(threading.Thread(target=self._reader, args=(n,), daemon=True, name=f"reader-{n}"))

    def session(self):
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {self.token}"
        return session

    def start(self):
        for subscriber in self.subscribers:
            subscriber.thread.start()
        for thread in self.threads:
            thread.start()

    def call(self, session, kind, method, path, **kwargs):
        outcome = Outcome(kind, time.monotonic())
        try:
            response = session.request(method, self.base + path, timeout=CLIENT_TIMEOUT, **kwargs)
            outcome.status = response.status_code
            outcome.retry_after = response.headers.get("Retry-After")
            outcome.content_type = response.headers.get("Content-Type")
            if not outcome.ok:
                outcome.body = response.text[:300]
            result = response
        except requests.RequestException as error:
            outcome.error = type(error).__name__
            result = None
        outcome.seconds = time.monotonic() - outcome.started
        with self.lock:
            self.outcomes.append(outcome)
        return outcome, result

    def next_batch(self):
        with self.lock:
            first = self.counter
            self.counter += BATCH
        samples = []
        for k in range(BATCH):
            start = BASE_TIME + (first + k) * 10
            samples.append({"uuid": str(uuid.uuid4()).upper(), "type": STEPS, "startDate": iso(start),
                            "endDate": iso(start + 5), "quantity": {"value": 1 + (first + k) % 97, "unit": "count"}})
        return samples

    def _writer(self):
        session = self.session()
        while not self.stop_load.is_set():
            samples = self.next_batch()
            uuids = [s["uuid"] for s in samples]
            outcome, response = self.call(session, "save", "POST", "/v1/samples", json={"samples": samples})
            if outcome.status == 201:
                saved = [u.upper() for u in response.json()["saved"]]
                assert saved == uuids, "the 201 answer names the UUIDs the client chose"
            with self.lock:
                self.batches.append((uuids, outcome))
            self.stop_load.wait(0.05 if outcome.ok else 0.25)

    def _reader(self, n):
        session = self.session()
        turn = n
        while not self.stop_load.is_set():
            if turn % 2 == 0:
                outcome, _ = self.call(session, "samples", "GET", "/v1/samples",
                                       params={"type": STEPS, "limit": "50", "sort": "-startDate"})
            else:
                outcome, _ = self.call(session, "statistics", "GET", "/v1/statistics/collection", params={
                    "type": STEPS, "start": WINDOW[0], "end": WINDOW[1], "interval": "day", "options": "sum",
                    "timeZone": "UTC"})
            turn += 1
            self.stop_load.wait(0.1 if outcome.ok else 0.25)

    def stop(self):
        self.stop_load.set()
        for thread in self.threads:
            thread.join(CLIENT_TIMEOUT[0] + CLIENT_TIMEOUT[1] + 5)

    def stop_subscribers(self):
        self.stop_streams.set()
        for subscriber in self.subscribers:
            subscriber.interrupt()
        for subscriber in self.subscribers:
            subscriber.thread.join(10)

    def snapshot(self):
        with self.lock:
            return list(self.outcomes), list(self.batches)


class Subscriber:
    """An SSE client of /v1/events?type=STEPS from the beginning (Last-Event-ID 0) that reconnects with its last
    event id whenever its stream ends, errs (`event: error`) or goes quiet past the client's read timeout."""

    def __init__(self, load, n):
        self.load = load
        self.name = f"subscriber-{n}"
        self.added = []             # every added UUID announced, across reconnects, in order
        self.last_id = 0
        self.connections = []       # (started, open outcome label, how the stream ended, events on it)
        self.response = None
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True, name=self.name)

    def seen(self):
        with self.lock:
            return list(self.added)

    def interrupt(self):
        with self.lock:
            response = self.response
        if response is None:
            return
        connection = getattr(response.raw, "connection", None)
        sock = getattr(connection, "sock", None)
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _run(self):
        session = self.load.session()
        session.headers["Accept"] = "text/event-stream"
        while not self.load.stop_streams.is_set():
            outcome = Outcome("events", time.monotonic())
            ended, events = "?", 0
            try:
                response = session.get(self.load.base + "/v1/events", params={"type": STEPS}, stream=True,
                                       headers={"Last-Event-ID": str(self.last_id)},
                                       timeout=(5, STREAM_SILENCE))
                outcome.status = response.status_code
                outcome.retry_after = response.headers.get("Retry-After")
                outcome.content_type = response.headers.get("Content-Type")
                outcome.seconds = time.monotonic() - outcome.started
                if response.status_code != 200:
                    outcome.body = response.text[:300]
                    response.close()
                    ended = "refused"
                else:
                    with self.lock:
                        self.response = response
                    ended, events = self._read(response)
                    with self.lock:
                        self.response = None
                    response.close()
            except requests.RequestException as error:
                outcome.error = type(error).__name__
                if outcome.seconds is None:
                    outcome.seconds = time.monotonic() - outcome.started
                ended = ended if ended != "?" else f"open failed ({outcome.error})"
            with self.load.lock:
                self.load.outcomes.append(outcome)
            self.connections.append((outcome.started, outcome.label, ended, events))
            self.load.stop_streams.wait(0.3)

    def _read(self, response):
        """Reads one stream; returns how it ended and how many change events it carried."""
        event_id, kind, data, events = None, None, [], 0
        last_line = time.monotonic()
        try:
            for raw in response.iter_lines(chunk_size=None, decode_unicode=True):
                last_line = time.monotonic()
                line = raw if raw is not None else ""
                if line.startswith(":"):
                    continue
                if line.startswith("id: "):
                    event_id = int(line[4:])
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and data:
                    if kind == "error":
                        return f"event: error {''.join(data)[:80]}", events
                    payload = json.loads("\n".join(data))
                    with self.lock:
                        self.added += [sample["uuid"].upper() for sample in payload.get("added", [])]
                        if event_id is not None:
                            self.last_id = event_id
                    events += 1
                    event_id, kind, data = None, None, []
            return "ended by the server", events
        except (requests.RequestException, OSError, ValueError, AttributeError) as error:
            if self.load.stop_streams.is_set():
                return "closed by the test", events
            if time.monotonic() - last_line >= STREAM_SILENCE - 1:
                return f"silent for {STREAM_SILENCE:.0f} s (no event, no heartbeat)", events
            return f"dropped ({type(error).__name__})", events


# ---------------------------------------------------------------------------------------------------------------
# The scenario harness


class Scenario:
    def __init__(self, name, cluster, data_dir):
        self.name = name
        self.cluster = cluster
        self.data_dir = pathlib.Path(data_dir)
        self.marks = {}             # what happened when (monotonic seconds)
        self.t0 = time.monotonic()
        self.notes = []
        self.server = None
        self.load = None
        self.person = f"ana-{uuid.uuid4().hex[:8]}"
        self.database = "primary"   # the cluster that is the primary now

    def mark(self, what):
        self.marks[what] = time.monotonic()
        print(f"[{self.name}] {time.monotonic() - self.t0:6.1f} s  {what}", flush=True)

    def start_server(self, database="primary"):
        self.server = ServerProcess(self.data_dir, ["--rate-limit", "100000", "--burst", "100000",
                                                    "--max-streams-per-token", "500"],
                                    store=self.cluster.url(database))
        self.server.cli("add-person", self.person)
        self.token = self.server.cli("issue-token", "--person", self.person)
        self.server.start()
        self.load = Load(self.server.url(""), self.token)

    def restart_server(self, database):
        """Stops the server (SIGTERM; SIGKILL past 15 s) and starts it on the same port over another database."""
        started = time.monotonic()
        self.server.proc.send_signal(signal.SIGTERM)
        try:
            self.server.proc.wait(timeout=15)
            how = f"exited {self.server.proc.returncode} after SIGTERM"
        except subprocess.TimeoutExpired:
            self.server.proc.kill()
            self.server.proc.wait(timeout=10)
            how = "did not stop within 15 s of SIGTERM (killed)"
        self.notes.append(f"old server {how} in {time.monotonic() - started:.1f} s")
        self.server.proc = None
        self.server.store = self.cluster.url(database)
        self.database = database
        self.server.start()

    def warm_up(self, seconds=3.0):
        self.load.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            outcomes, _ = self.load.snapshot()
            kinds = {o.kind for o in outcomes if o.ok}
            if {"save", "samples", "statistics"} <= kinds and all(len(s.seen()) > 0 for s in self.load.subscribers):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the load never got going against a healthy database")
        time.sleep(seconds)
        self.mark("warmed up")

    def wait_for_recovery(self, since, tail=3.0, limit=RECOVER_WITHIN + 5):
        """Lets the load run until every kind of request succeeded after `since` and `tail` seconds more (at
        most `limit` seconds after `since`)."""
        deadline = since + limit
        while time.monotonic() < deadline:
            outcomes, _ = self.load.snapshot()
            firsts = [min((o.started for o in outcomes if o.kind == kind and o.ok and o.started >= since),
                          default=None) for kind in ("save", "samples", "statistics")]
            if all(f is not None for f in firsts) and time.monotonic() >= max(firsts) + tail:
                break
            time.sleep(0.1)

    # -- verification ----------------------------------------------------------------------------------------

    def stored(self):
        """Every added sample of the person, read with the owner token through /v1/changes from anchor 0 (the
        server restarted if it cannot answer: whether that was needed is a finding of its own)."""
        for attempt in range(2):
            try:
                return self._changes(), attempt
            except (AssertionError, requests.RequestException) as error:
                self.notes.append(f"/v1/changes from anchor 0 failed ({error!s:.200}); restarting the server")
                self.server.stop(signal.SIGKILL)
                self.server.start()
        return self._changes(), 2

    def _changes(self):
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {self.token}"
        added, anchor = [], 0
        while True:
            response = session.get(self.server.url("/v1/changes"), timeout=30,
                                   params={"type": STEPS, "anchor": str(anchor), "limit": "1000"})
            if response.status_code != 200:
                raise AssertionError(f"/v1/changes: {response.status_code} {response.text[:200]}")
            page = response.json()
            added += [sample["uuid"].upper() for sample in page["added"]]
            anchor = page["anchor"]
            if not page["hasMore"]:
                return added

    def finish(self, down, up, allow_unreachable=None, recover_without_restart=True):
        """Stops the load, checks every promise and prints the report. `down`/`up`: when the database went away
        and came back. `allow_unreachable`: a (start, end) window in which the server itself may refuse
        connections (it is being restarted)."""
        self.wait_for_recovery(up)
        self.mark("load stopped")
        self.load.stop_load.set()
        time.sleep(1)
        # What the server's connections are doing (a request still unanswered now is waiting on something).
        self.activity = self.cluster.psql(self.database, """
            SELECT pid, usename, state, wait_event_type || ':' || wait_event, now() - xact_start,
                   left(regexp_replace(query, '\\s+', ' ', 'g'), 90)
            FROM pg_stat_activity WHERE usename IN ('ohk_owner', 'ohk_app') ORDER BY pid;""")
        self.load.stop()
        outcomes, batches = self.load.snapshot()
        failures = []
        if self.server.proc.poll() is not None:
            failures.append(f"the server exited (status {self.server.proc.returncode}) while the database was away")
            self.server.proc = None
            self.server.start()

        stored, restarts = self.stored()
        stored_set = set(stored)
        if restarts and recover_without_restart:
            failures.append("the server did not answer /v1/changes after the database came back: it had to be "
                            "restarted to read what is stored")
        # Every subscriber catches up with what is stored (it reconnects by itself); then they stop.
        catch_up_deadline = time.monotonic() + 20
        while time.monotonic() < catch_up_deadline:
            if all(stored_set <= set(s.seen()) for s in self.load.subscribers):
                break
            time.sleep(0.2)
        time.sleep(0.5)  # a repeat would have arrived by now
        self.load.stop_subscribers()
        self.mark("subscribers stopped")
        outcomes, _ = self.load.snapshot()

        # 1. Answers: within 10 s, and every failure a 503 problem+json with Retry-After.
        for o in outcomes:
            # A request that overlapped the server's own restart may have its connection refused or cut (but
            # not after waiting longer than any request may).
            in_restart = allow_unreachable and o.started <= allow_unreachable[1] + 1 \
                and o.started + (o.seconds or 0) >= allow_unreachable[0]
            if o.error and in_restart and (o.seconds or 0) <= ANSWER_WITHIN:
                continue
            if o.seconds is not None and o.seconds > ANSWER_WITHIN:
                failures.append(f"{o.kind} at {o.started - self.t0:.1f} s took {o.seconds:.1f} s ({o.label})")
            elif o.error:
                failures.append(f"{o.kind} at {o.started - self.t0:.1f} s: {o.error} after {o.seconds:.1f} s")
            elif not o.ok:
                if o.status != 503:
                    failures.append(f"{o.kind} at {o.started - self.t0:.1f} s: {o.status} (not 503) "
                                    f"{o.body!s:.160}")
                else:
                    if not o.retry_after:
                        failures.append(f"{o.kind} at {o.started - self.t0:.1f} s: 503 without Retry-After")
                    if not (o.content_type or "").startswith("application/problem+json"):
                        failures.append(f"{o.kind} at {o.started - self.t0:.1f} s: 503 as {o.content_type}")
        # 2. Recovery: each kind of request succeeds again within 10 s of the database being back, and stays so
        # (the event streams' recovery is the subscribers' catch-up, below: a stream may live through it all).
        for kind in ("save", "samples", "statistics"):
            after = [o for o in outcomes if o.kind == kind and o.started >= up]
            first = min((o.started for o in after if o.ok), default=None)
            if first is None:
                failures.append(f"{kind}: no request succeeded after the database came back")
            elif first - up > RECOVER_WITHIN:
                failures.append(f"{kind}: the first success came {first - up:.1f} s after the database was back")
            late = [o for o in after if o.started >= up + RECOVER_WITHIN and not o.ok]
            if late:
                failures.append(f"{kind}: {len(late)} requests failed more than {RECOVER_WITHIN:.0f} s after the "
                                f"database was back ({collections.Counter(o.label for o in late)})")
        # 3. Storage: nothing acknowledged lost, nothing twice, no batch half written.
        counts = collections.Counter(stored)
        twice = [u for u, n in counts.items() if n > 1]
        acked = [b for b in batches if b[1].status == 201]
        lost = [u for uuids, _ in acked for u in uuids if u not in stored_set]
        partial = [(uuids, o) for uuids, o in batches
                   if 0 < sum(u in stored_set for u in uuids) < len(uuids)]
        failed_present = [(uuids, o) for uuids, o in batches
                          if o.status != 201 and all(u in stored_set for u in uuids)]
        ours = {u for uuids, _ in batches for u in uuids}
        strangers = stored_set - ours
        if lost:
            failures.append(f"{len(lost)} acknowledged samples are lost (of {len(acked) * BATCH}): {lost[:3]}")
        if twice:
            failures.append(f"{len(twice)} samples are stored twice: {twice[:3]}")
        if partial:
            failures.append(f"{len(partial)} batches are half written: "
                            f"{[(sum(u in stored_set for u in uu), o.label) for uu, o in partial[:3]]}")
        if strangers:
            failures.append(f"{len(strangers)} stored samples were never sent")
        # 4. SSE: each subscriber saw every stored sample's addition exactly once.
        sse = []
        for s in self.load.subscribers:
            seen = collections.Counter(s.seen())
            missing = stored_set - set(seen)
            repeated = {u: n for u, n in seen.items() if n > 1}
            unknown = set(seen) - stored_set
            sse.append({"name": s.name, "announced": sum(seen.values()), "missing": len(missing),
                        "repeated": len(repeated), "not stored": len(unknown), "connections": len(s.connections),
                        "streams": [(round(t - self.t0, 1), label, ended, events)
                                    for t, label, ended, events in s.connections]})
            if missing:
                failures.append(f"{s.name} never saw {len(missing)} stored samples")
            if repeated:
                failures.append(f"{s.name} saw {len(repeated)} samples more than once")
            if unknown:
                failures.append(f"{s.name} was told of {len(unknown)} samples that are not stored")
            for started, _, ended, _ in s.connections:
                if ended.startswith("silent"):
                    failures.append(f"{s.name}: the stream opened at {started - self.t0:.1f} s went {ended}")

        report = self.report(outcomes, batches, stored, down, up, lost, twice, partial, failed_present, sse)
        if failures:
            shown = list(dict.fromkeys(failures))
            more = f"\n… and {len(shown) - 25} more" if len(shown) > 25 else ""
            keep = os.environ.get("OHK_OUTAGE_REPORT_DIR")
            if keep:
                with open(pathlib.Path(keep) / f"{self.name}.txt", "a") as kept:
                    kept.write(f"\n{len(shown)} promises broken:\n" + "\n".join(shown) + "\n")
            pytest.fail(f"{self.name}: {len(shown)} promises broken:\n" + "\n".join(shown[:25]) + more
                        + "\n\n" + report, pytrace=False)

    def report(self, outcomes, batches, stored, down, up, lost, twice, partial, failed_present, sse):
        t = lambda x: round(x - self.t0, 1)
        lines = [f"== {self.name} ==", "marks: " + ", ".join(f"{k} {t(v)} s" for k, v in self.marks.items())]
        lines += [f"note: {n}" for n in self.notes]
        lines.append("the server's connections 1 s after the load stopped (pid|user|state|wait|in transaction "
                     "for|statement):")
        lines += ["    " + row for row in getattr(self, "activity", "").splitlines()[:12]]
        phases = [("before", lambda o: o.started < down), ("outage", lambda o: down <= o.started < up),
                  ("after", lambda o: o.started >= up)]
        table = {}
        for phase, test in phases:
            for kind in ("save", "samples", "statistics", "events"):
                group = [o for o in outcomes if o.kind == kind and test(o)]
                if not group:
                    continue
                by = collections.defaultdict(list)
                for o in group:
                    by[o.label].append(o.seconds or 0)
                cells = [f"{label}×{len(s)} (median {statistics.median(s):.2f} s, max {max(s):.2f} s)"
                         for label, s in sorted(by.items())]
                lines.append(f"{phase:7} {kind:10} " + "; ".join(cells))
                table[f"{phase}/{kind}"] = {label: {"count": len(s), "median": statistics.median(s),
                                                    "max": max(s)} for label, s in by.items()}
        problems = collections.Counter(
            (o.status, o.retry_after, (o.content_type or "").split(";")[0],
             re.sub(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f-]{27}", "…", o.body or "")[:200])
            for o in outcomes if o.status is not None and not o.ok)
        for (status, retry, ctype, body), n in problems.most_common(8):
            lines.append(f"answer ×{n}: {status} Retry-After={retry} {ctype} {body}")
        for kind in ("save", "samples", "statistics", "events"):
            after = [o for o in outcomes if o.kind == kind and o.started >= up and o.ok]
            if after:
                lines.append(f"first {kind} success {min(o.started for o in after) - up:.1f} s after the "
                             "database was back")
        acked = sum(1 for _, o in batches if o.status == 201)
        lines.append(f"batches: {len(batches)} sent, {acked} acknowledged, {len(batches) - acked} failed "
                     f"({len(failed_present)} of those stored whole); stored {len(stored)} samples "
                     f"({len(set(stored))} distinct); lost {len(lost)}, twice {len(twice)}, half-written "
                     f"batches {len(partial)}")
        for s in sse:
            lines.append(f"{s['name']}: {s['announced']} additions announced, missing {s['missing']}, repeated "
                         f"{s['repeated']}, not stored {s['not stored']}, {s['connections']} connections")
            for stream in s["streams"][:12]:
                lines.append(f"    {stream}")
            if len(s["streams"]) > 12:
                lines.append(f"    … {len(s['streams']) - 12} more")
        log = self.server_log()
        lines.append("server log (distinct warning/error lines, numbers masked):")
        lines += ["    " + line for line in log[:20]]
        text = "\n".join(lines)
        print("\n" + text, flush=True)
        keep = os.environ.get("OHK_OUTAGE_REPORT_DIR")
        if keep:
            folder = pathlib.Path(keep)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{self.name}.txt").write_text(text + "\n")
            (folder / f"{self.name}.json").write_text(json.dumps(
                {"marks": {k: t(v) for k, v in self.marks.items()}, "notes": self.notes, "table": table,
                 "sse": sse, "outcomes": [(o.kind, t(o.started), o.seconds, o.label, o.retry_after,
                                           o.content_type, o.body) for o in outcomes]}, indent=1))
            shutil.copy(self.data_dir / "server.log", folder / f"{self.name}.server.log")
            shutil.copy(self.cluster.root / "primary" / "server.log", folder / f"{self.name}.postgres.log")
        return text

    def server_log(self):
        try:
            text = (self.data_dir / "server.log").read_text(errors="replace")
        except OSError:
            return []
        distinct = collections.Counter()
        for line in text.splitlines():
            if re.search(r"error|warning|critical|fatal|fail|unavailable|cannot", line, re.I):
                masked = re.sub(r"^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d{4})? ", "", line)
                masked = re.sub(r"[0-9a-fA-F]{8}-[0-9a-fA-F-]{27}|\b[0-9a-f]{16,}\b", "…", masked)
                distinct[masked[:240]] += 1
        return [f"×{n} {line}" for line, n in distinct.most_common()]


@pytest.fixture
def scenario(request, cluster, data_dir):
    made = Scenario(request.node.name, cluster, data_dir)
    yield made
    if made.load:
        made.load.stop_load.set()
        made.load.stop_subscribers()
    if made.server:
        made.server.stop(signal.SIGKILL)


# ---------------------------------------------------------------------------------------------------------------
# The scenarios


def test_postgres_stopped_for_a_while_and_started_again(scenario, cluster):
    scenario.start_server()
    scenario.warm_up()
    scenario.mark("stopping PostgreSQL")
    cluster.stop("primary")
    down = time.monotonic()
    scenario.mark(f"PostgreSQL stopped (for {OUTAGE_SECONDS:.0f} s)")
    time.sleep(OUTAGE_SECONDS)
    cluster.start("primary")
    up = time.monotonic()
    scenario.mark("PostgreSQL started")
    scenario.finish(down, up)


def test_postgres_restarted_fast(scenario, cluster):
    scenario.start_server()
    scenario.warm_up()
    down = time.monotonic()
    scenario.mark("pg_ctl restart -m fast")
    cluster.restart("primary")
    up = time.monotonic()
    scenario.mark("PostgreSQL restarted")
    scenario.finish(down, up)


def test_backends_of_the_server_killed(scenario, cluster):
    scenario.start_server()
    scenario.warm_up()
    down = time.monotonic()
    killed = []
    for _ in range(3):
        answer = cluster.psql("primary", "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                         "WHERE usename IN ('ohk_owner', 'ohk_app') AND pid <> pg_backend_pid();")
        killed.append(int(answer or 0))
        time.sleep(1.5)
    scenario.notes.append(f"backends terminated in three rounds 1.5 s apart: {killed}")
    up = time.monotonic()
    scenario.mark("backends killed")
    scenario.finish(down, up)


def test_failover_to_the_promoted_replica(scenario, cluster):
    cluster.make_replica()
    scenario.start_server("primary")
    scenario.warm_up()
    lag = cluster.psql("primary", "SELECT application_name, state, sent_lsn = replay_lsn FROM pg_stat_replication;",
                       database="postgres")
    scenario.notes.append(f"replication before the failover: {lag!r}")
    down = time.monotonic()
    scenario.mark("stopping the primary")
    cluster.stop("primary")
    scenario.mark("primary stopped; the old server keeps serving for 5 s")
    time.sleep(5)
    cluster.promote("replica")
    scenario.mark("replica promoted")
    restart_began = time.monotonic()
    scenario.restart_server("replica")
    up = time.monotonic()
    scenario.mark("server restarted over the new primary")
    scenario.finish(down, up, allow_unreachable=(restart_began, up), recover_without_restart=True)
