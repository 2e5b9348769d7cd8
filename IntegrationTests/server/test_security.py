"""The security regression suite of issue 44: each finding of the adversarial review as a live test against a real
`ohk serve`, asserting the fixed behaviour. Each failed on `main` at 3b46999, before the fixes (the tests of new options
failed there at start: `Unknown option`).

Finding → tests:

1. Deletions leak to read-denied apps
   - test_deletions_by_another_app_stay_hidden_from_read_denied_apps
2. `/v1/source-order/{type}` lists every source of the person to any token
   - test_source_order_names_only_sources_the_app_may_see
3. A bare `export.xml` upload reads side files from the server's shared temp folder
   - test_a_bare_export_xml_upload_reads_no_side_files_from_the_temp_folder
4. No connection timeouts
   - test_a_connection_that_sends_nothing_is_closed
   - test_a_request_head_sent_byte_by_byte_is_closed
   - test_a_request_body_sent_byte_by_byte_is_closed
   - test_a_keep_alive_connection_is_closed_after_the_idle_timeout
   - test_idle_unauthenticated_connections_do_not_starve_an_authenticated_request
   - test_an_event_stream_outlives_the_idle_timeout (a guard: the timeouts never cut a live stream)
5. One person's slow webhook receiver delays every person's deliveries
   - test_a_hanging_webhook_receiver_does_not_delay_another_persons_delivery
6. Smaller findings
   a. test_a_second_import_of_a_person_is_refused_while_the_first_is_uploading
      test_uploads_on_disk_are_bounded_by_max_upload_space
   b. test_no_upload_file_survives_a_kill_9
   c. test_webhook_urls_that_alias_private_addresses_are_refused
   d. test_a_hand_made_cursor_is_refused
   f. test_log_sample_either_saves_and_succeeds_or_fails_and_saves_nothing
   g. test_unknown_tokens_are_rate_limited_per_address
      test_failed_dashboard_logins_are_rate_limited_per_address
   (6e, `/v1/workouts` loading every workout before `limit`, and the DNS-rebinding window are covered by Swift tests.)

Every test is bounded in time (well under 20 s each) and in sockets (at most about a hundred at once).
"""
import base64
import calendar
import glob
import http.server
import json
import os
import pathlib
import select
import socket
import threading
import time

import requests

from conftest import HEART, STEPS
from ohkclient import EventReader, quantity

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures" / "security"
ECG = "HKDataTypeIdentifierElectrocardiogram"
LAB_RESULT = "HKClinicalTypeIdentifierLabResultRecord"
REFERENCE_DATE = 978_307_200  # 2001-01-01T00:00:00Z as a Unix time (PageCursor's "a" counts from it)

# Finding 4's figures (small, so that the tests are quick).
TIMEOUT_FLAGS = ("--header-timeout", "2", "--idle-timeout", "3", "--body-timeout", "2", "--min-body-rate", "100",
                 "--max-unauthenticated-per-address", "20", "--max-connections", "1000")


# MARK: helpers

def wait_for(predicate, timeout=10, what="a condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def started(server_factory, *flags, people=("ana",), policy="deny-all", env=None, private_webhooks=True):
    """A server with these flags and people; the first person's own token in `.owner`. When it does not start
    (an option this binary does not know), the failure quotes its log."""
    server = server_factory("--rate-limit", "10000", "--burst", "10000", *flags)
    server.allow_private_webhooks = private_webhooks
    server.env = env
    for person in people:
        server.cli("add-person", person, "--policy", policy)
    server.owner = server.cli("issue-token", "--person", people[0])
    try:
        server.start()
    except AssertionError as error:
        log = pathlib.Path(server.data, "server.log").read_text(errors="replace").strip().splitlines()[-5:]
        raise AssertionError(f"{error}\nserver.log ends: {' | '.join(log)}") from None
    return server


def steps_at(value, hour, minute, day="2025-06-01"):
    return quantity(STEPS, value, "count", f"{day}T{hour:02d}:{minute:02d}:00Z", f"{day}T{hour:02d}:{minute:02d}:30Z")


def connect(server, timeout=10, host="127.0.0.1"):
    return socket.create_connection((host, server.port), timeout=timeout)


def request_head(method, path, token=None, length=None, content_type=None, extra=""):
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    if token:
        lines.append(f"Authorization: Bearer {token}")
    if content_type:
        lines.append(f"Content-Type: {content_type}")
    if length is not None:
        lines.append(f"Content-Length: {length}")
    return ("\r\n".join(lines) + "\r\n" + extra + "\r\n").encode()


def is_open(sock):
    """Whether the peer has not closed the connection (a pending byte counts as open); never blocks."""
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return True
        return sock.recv(1, socket.MSG_PEEK) != b""
    except OSError:
        return False


def wait_closed(sock, within):
    """Reads until the peer closes the connection: (seconds until it did or None, the bytes received)."""
    started_at = time.monotonic()
    received = b""
    while True:
        left = started_at + within - time.monotonic()
        if left <= 0:
            return None, received
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return None, received
        except OSError:
            return time.monotonic() - started_at, received
        if not chunk:
            return time.monotonic() - started_at, received
        received += chunk


class Answer:
    def __init__(self, status, headers, at):
        self.status, self.headers, self.at = status, headers, at

    def __repr__(self):
        return f"HTTP {self.status} {self.headers}"


def read_answer(sock, timeout):
    """The status and headers of the response on a raw socket, or None when none came within `timeout`."""
    deadline = time.monotonic() + timeout
    data = b""
    while b"\r\n\r\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return None
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    if not data.startswith(b"HTTP/"):
        return None
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return Answer(int(head[0].split()[1]), headers, time.monotonic())


def answer_if_any(sock):
    """A response that has already started arriving (waits briefly for the rest of its head), else None."""
    readable, _, _ = select.select([sock], [], [], 0)
    return read_answer(sock, 2) if readable else None


def send_slowly(sock, body, chunk, pause):
    """Sends a body in chunks with pauses, stopping as soon as a response arrives or the peer closes: (the
    response or None, how many body bytes were sent)."""
    sent = 0
    while sent < len(body):
        answer = answer_if_any(sock)
        if answer is not None:
            return answer, sent
        try:
            sock.sendall(body[sent:sent + chunk])
        except OSError:
            return read_answer(sock, 2), sent
        sent = min(len(body), sent + chunk)
        time.sleep(pause)
    return read_answer(sock, 10), sent


def simple_export(padding, value=532, day="2025-03-01"):
    """A bare export.xml with one step record, padded with whitespace to about `padding` bytes in all."""
    text = (FIXTURES / "bare-export.xml").read_text()
    start = text.index(" <Workout ")
    text = text[:start] + "</HealthData>\n"
    text = text.replace('value="532"', f'value="{value}"').replace("2025-03-01 07:", f"{day} 07:")
    data = text.encode()
    return data.replace(b"</HealthData>", b" " * max(0, padding - len(data)) + b"</HealthData>")


def wait_for_job(client, job, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = client.request("GET", f"/v1/import/{job}", 200).json()
        if state["status"] != "running":
            return state
        time.sleep(0.1)
    raise AssertionError(f"import {job} still running after {timeout} s")


def upload_leftovers(server, tmpdir):
    """Upload files on disk: the old `$TMPDIR/ohk-upload-*` and anything below the data folder's `uploads/`."""
    found = glob.glob(os.path.join(tmpdir, "ohk-upload-*"))
    uploads = os.path.join(server.data, "uploads")
    for folder, directories, files in os.walk(uploads):
        found += [os.path.join(folder, name) for name in directories + files]
    return sorted(found)


def random_token():
    """A well-formed token nobody issued: `ohk_` and 43 characters of base64url (AccessToken's shape)."""
    return "ohk_" + base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")


def mcp_call(server, token, tool, arguments):
    """One `tools/call` over /mcp (streamable HTTP, stateless, JSON answers): (is_error, text)."""
    answer = requests.post(
        server.url("/mcp"), timeout=30,
        headers={"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream",
                 "Content-Type": "application/json", "MCP-Protocol-Version": "2025-06-18"},
        data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                         "params": {"name": tool, "arguments": arguments}}))
    assert answer.status_code == 200, f"/mcp {tool}: {answer.status_code} {answer.text[:300]}"
    result = answer.json()["result"]
    return bool(result.get("isError")), result["content"][0]["text"] if result.get("content") else ""


def register_webhook(client, url, types):
    return client.request("POST", "/v1/webhooks", 201,
                          json={"url": url, "types": types, "frequency": "immediate"}).json()


# MARK: finding 1

def test_deletions_by_another_app_stay_hidden_from_read_denied_apps(server, receivers):
    """Finding 1: another app's deletions of a type must not reach an app that may not read it — not as
    tombstones, not as `hasMore` with an empty page, not as SSE events, webhook deliveries or MCP answers — for an
    app with no grant for the type and for one that may share it but not read it. Controls: the writer and an app
    that may read the type see the three deletions."""
    def token(app, *grants):
        return server.cli("issue-token", "--person", "ana", "--app", app, *grants)

    writer_token = token("com.example.writer", "--share", "steps", "--read", "steps")
    reader_token = token("com.example.reader", "--read", "steps")
    blind_tokens = {"no grant for steps": token("com.example.blind", "--read", "heart-rate"),
                    "may share steps, not read them": token("com.example.shareonly", "--share", "steps")}
    writer, reader = server.client(writer_token), server.client(reader_token)
    anchors = {name: server.client(t).changes([STEPS])["anchor"] for name, t in blind_tokens.items()}
    writer_anchor, reader_anchor = writer.changes([STEPS])["anchor"], reader.changes([STEPS])["anchor"]
    streams = {name: EventReader(server.url(""), t, [STEPS]) for name, t in blind_tokens.items()}
    reader_stream = EventReader(server.url(""), reader_token, [STEPS])
    hooks = {}
    for name, t in blind_tokens.items():
        hooks[name] = receivers()
        hooks[name].secret = register_webhook(server.client(t), hooks[name].url, [STEPS])["secret"]
    reader_hook = receivers()
    reader_hook.secret = register_webhook(reader, reader_hook.url, [STEPS])["secret"]

    saved = writer.save([steps_at(10 + k, 8, k) for k in range(3)]).json()["saved"]
    for uuid in saved:
        writer.request("DELETE", f"/v1/samples/{uuid}", 204)
    deleted_at = time.monotonic()

    # Controls: the writer and a reader are told of the three deletions, on every surface that carries them.
    _, writer_deleted, _ = writer.all_changes([STEPS], writer_anchor)
    assert sorted(d["uuid"] for d in writer_deleted) == sorted(saved)
    _, reader_deleted, _ = reader.all_changes([STEPS], reader_anchor)
    assert sorted(d["uuid"] for d in reader_deleted) == sorted(saved)
    wait_for(lambda: sorted(reader_stream.deleted_uuids()) == sorted(saved), what="the reader's SSE deletions")
    wait_for(lambda: reader_hook.deliveries, what="the reader's webhook delivery")

    # Three poll rounds of webhooks and time for any SSE event to arrive.
    time.sleep(max(0.0, 4.0 - (time.monotonic() - deleted_at)))
    leaks = []
    for name, blind_token in blind_tokens.items():
        app = server.client(blind_token)
        for limit in (1, 2, 1000):
            page = app.changes([STEPS], anchors[name], limit=limit)
            if page["added"] or page["deleted"] or page["hasMore"]:
                leaks.append(f"{name}: GET /v1/changes?anchor={anchors[name]}&limit={limit} → {page}")
        events = [payload for _, payload in streams[name].events]
        if events:
            leaks.append(f"{name}: SSE events {events}")
        if hooks[name].attempts:
            leaks.append(f"{name}: {len(hooks[name].attempts)} webhook deliveries {hooks[name].deliveries}")
        for tool, arguments in [("overview", {}), ("sources", {"type": "steps"}),
                                ("samples", {"type": "steps", "start": "2025-06-01", "end": "2025-06-01"}),
                                ("statistics", {"type": "steps", "start": "2025-06-01", "end": "2025-06-01"})]:
            is_error, text = mcp_call(server, blind_token, tool, arguments)
            answer = {} if is_error else json.loads(text)
            shows = ("com.example.writer" in text or any(t.get("name") == "steps" for t in answer.get("types", []))
                     or answer.get("samples") or answer.get("sources") or answer.get("priority")
                     or any(b.get("sum") is not None for b in answer.get("buckets", [])))
            if shows:
                leaks.append(f"{name}: MCP {tool} → {text[:300]}")
    for stream in list(streams.values()) + [reader_stream]:
        stream.close()
    assert not leaks, "read-denied apps learn of another app's deletions:\n" + "\n".join(leaks)


# MARK: finding 2

def test_source_order_names_only_sources_the_app_may_see(server):
    """Finding 2: GET /v1/source-order/{type} names, to an app that may not read the type, at most its own bundle
    identifier, and to an app that may read it only sources that have samples of it (never a heart-rate-only app,
    never a device source without steps), whether the order is the default or the person's own; the owner sees
    everything. GET /v1/sources?type= follows the same rule."""
    def token(app, *grants):
        return server.cli("issue-token", "--person", "ana", "--app", app, *grants)

    alpha = token("com.example.alpha", "--share", "steps", "--read", "steps")   # reads steps
    beta = token("com.example.beta", "--share", "steps")                        # shares steps, cannot read them
    heart = token("com.example.heart", "--share", "heart-rate", "--read", "heart-rate")
    nothing = token("com.example.nothing", "--read", "heart-rate")              # no grant for steps
    owner = server.client(server.owner)
    watch = "com.apple.health.8A1B2C3D-0000-4000-8000-000000000001"   # a device source with steps
    phone = "com.apple.health.DEADBEEF-0000-4000-8000-000000000002"   # a device source with heart rate only
    server.client(alpha).save([steps_at(11, 8, 1)])
    server.client(beta).save([steps_at(12, 8, 2)])
    server.client(heart).save([quantity(HEART, 60, "count/min", "2025-06-01T09:00:00Z", "2025-06-01T09:00:00Z")])
    owner.save([steps_at(13, 8, 3) | {"source": {"name": "Ana's Apple Watch", "bundleIdentifier": watch,
                                                   "productType": "Watch6,1"}}])
    owner.save([quantity(HEART, 61, "count/min", "2025-06-01T09:01:00Z", "2025-06-01T09:01:00Z",
                         source={"name": "Ana's iPhone", "bundleIdentifier": phone, "productType": "iPhone14,2"})])
    owner.save([steps_at(14, 8, 4)])
    step_sources = {s["bundleIdentifier"]
                    for s in owner.request("GET", "/v1/sources", 200, params={"type": STEPS}).json()["sources"]}
    assert {"com.example.alpha", "com.example.beta", watch} <= step_sources
    assert not {"com.example.heart", phone} & step_sources

    def order(token_):
        return server.client(token_).request("GET", f"/v1/source-order/{STEPS}", 200).json()["order"]

    leaks = []

    def check(when, owner_sees):
        assert owner_sees <= set(order(server.owner)), f"{when}: the owner sees every source"
        for name, token_, allowed in [("beta (shares steps, cannot read)", beta, {"com.example.beta"}),
                                      ("nothing (no grant for steps)", nothing, {"com.example.nothing"}),
                                      ("heart (heart rate only)", heart, {"com.example.heart"}),
                                      ("alpha (reads steps)", alpha, step_sources)]:
            shown = order(token_)
            if not set(shown) <= allowed:
                leaks.append(f"{when}: {name} sees source-order {shown}; may see at most {sorted(allowed)}")
        for name, token_, allowed in [("beta", beta, {"com.example.beta"}), ("nothing", nothing, set())]:
            answer = server.client(token_).request("GET", "/v1/sources", 200, params={"type": STEPS}).json()
            listed = [s["bundleIdentifier"] for s in answer["sources"]]
            if not set(listed) <= allowed:
                leaks.append(f"{when}: {name} sees /v1/sources?type=steps {listed}")

    check("default order", step_sources | {"com.example.heart", phone})
    own_order = ["com.example.heart", phone, "com.example.beta", watch, "com.example.alpha"]
    owner.request("PUT", f"/v1/source-order/{STEPS}", 200, json={"order": own_order})
    check("the person's own order", set(own_order))
    assert not leaks, "source order names sources the app may not see:\n" + "\n".join(leaks)


# MARK: finding 3

def test_a_bare_export_xml_upload_reads_no_side_files_from_the_temp_folder(server_factory, tmp_path):
    """Finding 3: a bare export.xml upload has no side files. A route's FileReference, a ClinicalRecord's
    resourceFilePath and electrocardiograms/ must not resolve to files lying in the server's temp folder (another
    person's unpacked export, say): none of the planted GPX, FHIR or ECG content reaches the store."""
    tmpdir = tmp_path / "server-tmp"
    for folder, name, fixture in [("workout-routes", "secret.gpx", "secret.gpx"),
                                  ("electrocardiograms", "ecg_2025-01-01.csv", "ecg_2025-01-01.csv"),
                                  ("clinical-records", "x.json", "clinical-x.json")]:
        (tmpdir / folder).mkdir(parents=True)
        (tmpdir / folder / name).write_bytes((FIXTURES / fixture).read_bytes())
    server = started(server_factory, env={**os.environ, "TMPDIR": str(tmpdir)})
    owner = server.client(server.owner)
    job = owner.request("POST", "/v1/import", 202, data=(FIXTURES / "bare-export.xml").read_bytes(),
                        headers={"Content-Type": "application/xml"}).json()["job"]
    state = wait_for_job(owner, job)
    assert state["status"] in {"finished", "failed"}, state

    leaks = []
    workouts = owner.request("GET", "/v1/workouts", 200,
                             params={"start": "2025-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z"}).json()
    for workout in workouts["workouts"]:
        route = owner.request("GET", f"/v1/workouts/{workout['uuid']}/route", 200).json()
        points = [point for feature in route["features"] for point in feature["geometry"]["coordinates"]]
        if points:
            leaks.append(f"workout {workout['uuid']} has a route of {len(points)} points from the temp folder's "
                         f"workout-routes/secret.gpx: {points[:3]}")
    ecgs = owner.request("GET", "/v1/samples", 200, params={"type": ECG}).json()["samples"]
    if ecgs:
        leaks.append(f"{len(ecgs)} electrocardiogram(s) from the temp folder's electrocardiograms/: {ecgs}")
    records = owner.request("GET", "/v1/samples", 200, params={"type": LAB_RESULT}).json()["samples"]
    planted = [r for r in records if "PLANTED" in r.get("displayName", "")
               or r.get("fhirResource", {}).get("resourceType")]
    if planted:
        leaks.append(f"clinical record(s) carrying the temp folder's clinical-records/x.json: {planted}")
    assert not leaks, f"import {state['status']}; files of the server's temp folder reached the store:\n" + \
        "\n".join(leaks)


# MARK: finding 4

def timeout_server(server_factory, *flags):
    return started(server_factory, *(flags or TIMEOUT_FLAGS))


def trickle_until_closed(sock, chunks, every, within=6):
    """Sends `chunks` one per `every` seconds on a thread while waiting (at most `within` s) for the server to close
    the socket; returns (seconds until closed or None, bytes received, chunks sent)."""
    state = {"sent": 0}

    def trickle():
        try:
            for chunk in chunks:
                sock.send(chunk)
                state["sent"] += 1
                time.sleep(every)
        except OSError:
            pass

    sender = threading.Thread(target=trickle, daemon=True)
    sender.start()
    closed_after, received = wait_closed(sock, within=within)
    sock.close()
    sender.join(2)
    return closed_after, received, state["sent"]


def test_a_connection_that_sends_nothing_is_closed(server_factory):
    """Finding 4 (a): a connection that never sends a request head is closed by the header timeout (2 s)."""
    server = timeout_server(server_factory)
    sock = connect(server)
    closed_after, received = wait_closed(sock, within=6)
    sock.close()
    assert closed_after is not None, "a connection that sent nothing was still open after 6 s (--header-timeout 2)"
    assert not received.startswith(b"HTTP/1.1 2"), received[:100]


def test_a_request_head_sent_byte_by_byte_is_closed(server_factory):
    """Finding 4 (b): a request head trickled one byte per 0.5 s (slowloris) is closed within the header timeout
    and never answered with a success."""
    server = timeout_server(server_factory)
    sock = connect(server)
    head = request_head("GET", f"/v1/samples?type={STEPS}", token=server.owner, extra=f"X-Pad: {'a' * 200}\r\n")
    closed_after, received, sent = trickle_until_closed(sock, [bytes([byte]) for byte in head], every=0.5)
    assert closed_after is not None, \
        f"a request head sent one byte per 0.5 s was still open after 6 s ({sent} of {len(head)} bytes in)"
    assert not received.startswith(b"HTTP/1.1 200"), received[:100]


def test_a_request_body_sent_byte_by_byte_is_closed(server_factory):
    """Finding 4 (c): an authenticated POST /v1/samples announcing 100,000 bytes whose body trickles one byte per
    0.3 s (far below --min-body-rate 100 over --body-timeout 2) is closed within a few seconds."""
    server = timeout_server(server_factory)
    sock = connect(server)
    sock.sendall(request_head("POST", "/v1/samples", token=server.owner, length=100_000,
                              content_type="application/json"))
    closed_after, received, sent = trickle_until_closed(sock, [b" "] * 100, every=0.3)
    assert closed_after is not None, \
        f"a body trickled one byte per 0.3 s was still open after 6 s ({sent} bytes of 100000 in)"
    assert not received.startswith(b"HTTP/1.1 2"), received[:100]


def test_a_keep_alive_connection_is_closed_after_the_idle_timeout(server_factory):
    """Finding 4 (d): after a completed request, a keep-alive connection that sends nothing more is closed after
    the idle timeout (3 s); within it, it serves the next request."""
    server = timeout_server(server_factory)
    sock = connect(server)
    path = f"/v1/samples?type={STEPS}"
    sock.sendall(request_head("GET", path, token=server.owner))
    first = read_answer(sock, 5)
    assert first is not None and first.status == 200, first
    assert first.headers.get("connection", "").lower() != "close", first
    time.sleep(1)
    sock.sendall(request_head("GET", path, token=server.owner))
    second = read_answer(sock, 5)
    assert second is not None and second.status == 200, "the connection serves a request 1 s after the last"
    closed_after, _ = wait_closed(sock, within=6)
    sock.close()
    assert closed_after is not None, "a keep-alive connection idle for 6 s was still open (--idle-timeout 3)"


def test_idle_unauthenticated_connections_do_not_starve_an_authenticated_request(server_factory):
    """Finding 4 (e): 100 idle connections from one address with no request: a fresh authenticated request is
    answered within 1 s, and at most 20 of the idle ones (--max-unauthenticated-per-address) stay open — the oldest
    are closed to make room. (Timeouts are long here, so only the per-address limit closes them.)"""
    server = timeout_server(server_factory, "--header-timeout", "30", "--idle-timeout", "30",
                            "--max-unauthenticated-per-address", "20", "--max-connections", "1000")
    idle = [connect(server) for _ in range(100)]
    try:
        time.sleep(0.3)
        began = time.monotonic()
        answer = requests.get(server.url(f"/v1/samples?type={STEPS}"), timeout=5,
                              headers={"Authorization": f"Bearer {server.owner}"})
        took = time.monotonic() - began
        assert answer.status_code == 200 and took < 1.0, f"{answer.status_code} after {took:.2f} s"
        time.sleep(0.3)
        still_open = sum(is_open(sock) for sock in idle)
        assert still_open <= 21, f"{still_open} of 100 idle unauthenticated connections are still open"
        assert not is_open(idle[0]), "the oldest idle connection is the one closed"
    finally:
        for sock in idle:
            sock.close()


def test_an_event_stream_outlives_the_idle_timeout(server_factory):
    """Finding 4: the timeouts never cut a live event stream: one opened under --idle-timeout 3 and
    --header-timeout 2 is still open 5 s later and still delivers a change."""
    server = timeout_server(server_factory)
    stream = EventReader(server.url(""), server.owner, [STEPS])
    try:
        time.sleep(5)
        assert not stream.closed.is_set(), "the event stream was closed while idle"
        saved = server.client(server.owner).save([steps_at(5, 7, 0)]).json()["saved"]
        wait_for(lambda: stream.added_uuids() == saved, timeout=5, what="the change on the idle stream")
    finally:
        stream.close()


# MARK: finding 5

class HangingReceiver:
    """Accepts connections and never answers (a receiver that hangs)."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=64)
        self.connections = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(connection)

    def url(self, path):
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}/{path}"

    def close(self):
        self.listener.close()
        for connection in self.connections:
            connection.close()


class TimedReceiver:
    """Answers 204 at once and notes when each delivery arrived (on another loopback address than the hanging
    receiver, so that it is another receiver however receivers are told apart)."""

    def __init__(self, host="127.0.0.2"):
        self.arrivals = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("content-length", "0")))
                receiver.arrivals.append(time.monotonic())
                self.send_response(204)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer((host, 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self):
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/hook"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_hanging_webhook_receiver_does_not_delay_another_persons_delivery(server_factory):
    """Finding 5: ana's receiver accepts connections and never answers (each attempt waits out --webhook-timeout
    10); with several of her deliveries in flight, bob's delivery still arrives within the poll interval (1 s)
    plus slack: under 3 s of his save."""
    server = started(server_factory, "--webhook-timeout", "10", "--webhook-retry-delays", "30",
                     people=("ana", "bob"))
    hanging, timed = HangingReceiver(), TimedReceiver()
    try:
        ana_app = server.client(server.cli("issue-token", "--person", "ana", "--app", "com.example.hook",
                                           "--read", "steps"))
        bob_app = server.client(server.cli("issue-token", "--person", "bob", "--app", "com.example.hook",
                                           "--read", "steps"))
        for k in range(4):
            register_webhook(ana_app, hanging.url(f"hook{k}"), [STEPS])
        register_webhook(bob_app, timed.url, [STEPS])
        ana = server.client(server.owner)
        bob = server.client(server.cli("issue-token", "--person", "bob"))
        ana.save([steps_at(1, 6, 0)])
        wait_for(lambda: hanging.connections, timeout=5, what="ana's first delivery attempt")
        ana.save([steps_at(2, 6, 1)])
        time.sleep(1.2)
        ana.save([steps_at(3, 6, 2)])
        saved_at = time.monotonic()
        bob.save([steps_at(4, 6, 3)])
        deadline = saved_at + 15
        while not timed.arrivals and time.monotonic() < deadline:
            time.sleep(0.05)
        assert timed.arrivals, "bob's delivery did not arrive within 15 s of his save"
        latency = timed.arrivals[0] - saved_at
        assert latency < 3.0, f"bob's delivery arrived {latency:.1f} s after his save, behind ana's hanging receiver"
    finally:
        hanging.close()
        timed.close()


# MARK: finding 6a

def test_a_second_import_of_a_person_is_refused_while_the_first_is_uploading(server):
    """Finding 6a: one import per person is reserved before the body is read, so a second upload while the first
    is still streaming is refused with 409 at once — before its own body has been sent."""
    body = simple_export(200_000)
    head = request_head("POST", "/v1/import", token=server.owner, length=len(body), content_type="application/xml")
    first = connect(server)
    second = connect(server)
    try:
        first.sendall(head + body[:20_000])
        time.sleep(0.5)
        second.sendall(head)
        answer, sent = send_slowly(second, body, chunk=10_000, pause=0.2)
        assert answer is not None and answer.status == 409 and sent < len(body), \
            f"the second upload got {answer} after {sent} of its {len(body)} body bytes, while the first was uploading"
        first.sendall(body[20_000:])
        done = read_answer(first, 10)
        assert done is not None and done.status == 202, f"the first upload: {done}"
    finally:
        first.close()
        second.close()


def test_uploads_on_disk_are_bounded_by_max_upload_space(server_factory, tmp_path):
    """Finding 6a: --max-upload-space bounds the bytes of all uploads on disk: with 100,000, an upload announcing
    200,000 bytes is refused (503 with Retry-After, or 413) and nothing of it is stored; a smaller one imports."""
    tmpdir = tmp_path / "server-tmp"
    tmpdir.mkdir()
    server = started(server_factory, "--max-upload-space", "100000", env={**os.environ, "TMPDIR": str(tmpdir)})
    owner = server.client(server.owner)
    big = simple_export(200_000, value=999, day="2025-03-05")
    sock = connect(server)
    try:
        sock.sendall(request_head("POST", "/v1/import", token=server.owner, length=len(big),
                                  content_type="application/xml"))
        answer, sent = send_slowly(sock, big, chunk=50_000, pause=0.05)
    finally:
        sock.close()
    assert answer is not None and answer.status in (413, 503), \
        f"an upload of {len(big)} bytes under --max-upload-space 100000 got {answer} ({sent} bytes sent)"
    if answer.status == 503:
        assert "retry-after" in answer.headers, answer
    small = simple_export(20_000, value=532)
    job = owner.request("POST", "/v1/import", 202, data=small, headers={"Content-Type": "application/xml"}).json()
    assert wait_for_job(owner, job["job"])["status"] == "finished"
    values = [s["quantity"]["value"] for s in owner.request("GET", "/v1/samples", 200,
                                                            params={"type": STEPS}).json()["samples"]]
    assert values == [532], f"steps in the store: {values} (999 would come from the refused upload)"
    wait_for(lambda: upload_leftovers(server, tmpdir) == [], timeout=3, what="no upload left on disk")


# MARK: finding 6b

def test_no_upload_file_survives_a_kill_9(server_factory, tmp_path):
    """Finding 6b: a partial upload on disk when the server is killed (-9) is removed when it starts again —
    nothing left as $TMPDIR/ohk-upload-* nor under the data folder's uploads/."""
    tmpdir = tmp_path / "server-tmp"
    tmpdir.mkdir()
    server = started(server_factory, env={**os.environ, "TMPDIR": str(tmpdir)})
    sock = connect(server)
    try:
        sock.sendall(request_head("POST", "/v1/import", token=server.owner, length=50_000_000,
                                  content_type="application/xml"))
        sock.sendall(simple_export(1_000_000)[:-200])
        wait_for(lambda: upload_leftovers(server, tmpdir), timeout=10, what="the partial upload on disk")
        server.kill9()
    finally:
        sock.close()
    left = upload_leftovers(server, tmpdir)
    assert left, "the killed upload left nothing to clean (the test would prove nothing)"
    server.start()
    try:
        wait_for(lambda: not upload_leftovers(server, tmpdir), timeout=5, what="the leftovers' removal")
    except AssertionError:
        raise AssertionError(f"after the restart, upload leftovers remain: {upload_leftovers(server, tmpdir)}") \
            from None


# MARK: finding 6c

def test_webhook_urls_that_alias_private_addresses_are_refused(server_factory):
    """Finding 6c: without --allow-private-webhooks, IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96),
    benchmarking (198.18.0.0/15) and site-local (fec0::/10) addresses are refused like the other private ones."""
    server = started(server_factory, private_webhooks=False)
    owner = server.client(server.owner)
    accepted = []
    for url in ["http://[::7f00:1]:9/", "http://[64:ff9b::7f00:1]:9/", "http://198.18.0.1:9/",
                "http://[fec0::1]:9/"]:
        answer = owner.request("POST", "/v1/webhooks", json={"url": url, "types": [STEPS]})
        if answer.status_code != 400:
            accepted.append(f"{url} → {answer.status_code}")
    assert not accepted, "webhooks to private addresses were registered: " + ", ".join(accepted)
    assert owner.request("GET", "/v1/webhooks", 200).json()["webhooks"] == []


# MARK: finding 6d

def test_a_hand_made_cursor_is_refused(server):
    """Finding 6d: a cursor made by hand (base64url JSON {"a": seconds since 2001, "s": 999999}, which would make
    the server skip up to a million rows) is refused with 400; the cursor the server gave still pages."""
    owner = server.client(server.owner)
    owner.save([steps_at(10 + k, 8, k) for k in range(5)])
    first = owner.request("GET", "/v1/samples", 200, params={"type": STEPS, "limit": 2}).json()
    assert first["hasMore"] and first["nextCursor"]
    after = calendar.timegm((2025, 6, 1, 7, 0, 0)) - REFERENCE_DATE   # 2025-06-01T07:00:00Z, before every sample
    forged = base64.urlsafe_b64encode(json.dumps({"a": after, "s": 999999}).encode()).decode().rstrip("=")
    answer = owner.request("GET", "/v1/samples", params={"type": STEPS, "limit": 2, "cursor": forged})
    assert answer.status_code == 400, f"a hand-made cursor was taken: {answer.status_code} {answer.text[:200]}"
    second = owner.request("GET", "/v1/samples", 200,
                           params={"type": STEPS, "limit": 2, "cursor": first["nextCursor"]}).json()
    assert [s["quantity"]["value"] for s in second["samples"]] == [12, 13]


# MARK: finding 6f

def test_log_sample_either_saves_and_succeeds_or_fails_and_saves_nothing(server):
    """Finding 6f: MCP log_sample's answer is an error with nothing saved or a success with exactly one sample
    saved. Today a value whose thousandfold overflows a double (|value| > 1.797e305) is saved and then answered
    with the error "the answer could not be written as JSON" (an agent retrying writes it twice)."""
    types = {"steps": STEPS, "heart-rate": HEART, "body-fat-percentage": "HKQuantityTypeIdentifierBodyFatPercentage",
             "weight": "HKQuantityTypeIdentifierBodyMass", "water": "HKQuantityTypeIdentifierDietaryWater",
             "blood-glucose": "HKQuantityTypeIdentifierBloodGlucose",
             "body-temperature": "HKQuantityTypeIdentifierBodyTemperature"}
    agent = server.cli("issue-token", "--person", "ana", "--app", "com.example.agent",
                       "--share", ",".join(types.values()))
    owner = server.client(server.owner)
    cases = [
        ("steps", {"type": "steps", "value": 1e306}),
        ("steps", {"type": "steps", "value": 1.8e305}),
        ("heart-rate", {"type": "heart-rate", "value": 1e306}),
        ("heart-rate", {"type": "heart-rate", "value": 1e306, "unit": "count/s"}),
        ("body-fat-percentage", {"type": "body-fat-percentage", "value": 1e306, "unit": "%"}),
        ("weight", {"type": "weight", "value": 1e306, "unit": "lb"}),
        ("water", {"type": "water", "value": 1e306, "unit": "L"}),
        ("body-temperature", {"type": "HKQuantityTypeIdentifierBodyTemperature", "value": -1e306, "unit": "degC"}),
        # Controls: ordinary successes and refusals.
        ("steps", {"type": "steps", "value": 42, "time": "2025-06-01T08:00:00+02:00"}),
        ("steps", {"type": "steps", "value": 1.7e305}),
        ("steps", {"type": "steps", "value": -5}),
        ("steps", {"type": "steps", "value": 5, "unit": "count/min"}),
        ("heart-rate", {"type": "heart-rate", "value": 70, "unit": "count/s"}),
        ("blood-glucose", {"type": "blood-glucose", "value": 100, "unit": "mg/dL"}),
        ("body-fat-percentage", {"type": "body-fat-percentage", "value": 25, "unit": "%"}),
    ]

    def count(type_id):
        return len(owner.request("GET", "/v1/samples", 200, params={"type": type_id, "limit": 1000}).json()["samples"])

    wrong = []
    for name, arguments in cases:
        before = count(types[name])
        is_error, text = mcp_call(server, agent, "log_sample", arguments)
        after = count(types[name])
        if after != before + (0 if is_error else 1):
            wrong.append(f"log_sample {arguments} → {'error' if is_error else 'success'} {text[:120]!r}, "
                         f"yet {after - before} sample(s) saved")
    assert not wrong, "\n".join(wrong)


# MARK: finding 6g

def test_unknown_tokens_are_rate_limited_per_address(server_factory):
    """Finding 6g: failed authentication is rate-limited per address (--failed-auth-burst 20, --failed-auth-rate
    1): quick requests with unknown well-formed tokens are answered 429 with Retry-After after at most about 25 of
    them; a valid token is never refused by that limit."""
    server = started(server_factory, "--failed-auth-burst", "20", "--failed-auth-rate", "1")
    path = server.url(f"/v1/samples?type={STEPS}")
    valid = server.client(server.owner)
    statuses, retry_after, valid_statuses = [], [], []
    with requests.Session() as session:
        for attempt in range(60):
            answer = session.get(path, headers={"Authorization": f"Bearer {random_token()}"}, timeout=10)
            statuses.append(answer.status_code)
            if answer.status_code == 429:
                retry_after.append(answer.headers.get("Retry-After"))
            if attempt in (10, 30, 59):
                valid_statuses.append(valid.request("GET", f"/v1/samples?type={STEPS}").status_code)
    assert set(statuses) <= {401, 429}, statuses
    assert 429 in statuses and statuses.index(429) <= 25, f"unknown tokens were never throttled: {statuses}"
    assert statuses.count(429) >= 30, statuses
    assert all(retry_after), "every 429 carries Retry-After"
    assert valid_statuses == [200, 200, 200], f"a valid token was refused: {valid_statuses}"


def test_failed_dashboard_logins_are_rate_limited_per_address(server_factory):
    """Finding 6g: failed dashboard logins (POST /dashboard/login with tokens nobody issued, from the dashboard's
    own origin) are rate-limited per address: 429 after at most about 25."""
    server = started(server_factory, "--failed-auth-burst", "20", "--failed-auth-rate", "1")
    origin = server.url("")
    login = server.url("/dashboard/login")
    with requests.Session() as session:
        ok = session.post(login, data={"token": server.owner}, headers={"Origin": origin}, allow_redirects=False,
                          timeout=10)
        assert ok.status_code == 303, f"a valid login: {ok.status_code}"
    statuses = []
    with requests.Session() as session:
        for _ in range(60):
            answer = session.post(login, data={"token": random_token()}, headers={"Origin": origin},
                                  allow_redirects=False, timeout=10)
            statuses.append(answer.status_code)
    assert set(statuses) <= {401, 429}, statuses
    assert 429 in statuses and statuses.index(429) <= 25, f"failed logins were never throttled: {statuses}"
    assert statuses.count(429) >= 30, statuses
