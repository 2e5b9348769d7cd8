"""A loopback TCP proxy that injects faults between an HTTP client and `ohk serve` (issue 45, part 5).

Standard library only (threads, sockets, selectors). Use it from pytest as a context manager:

    from faultproxy import FaultProxy, Plan, RandomPlan

    with FaultProxy(server.port) as proxy:                 # listens on 127.0.0.1:<free port>
        sync(base_url=proxy.url())                         # the client talks to the proxy
        proxy.set_plan(Plan.unavailable(), count=2)        # the next 2 connections get 503, then pass-through
        proxy.set_plan(Plan.reset_mid_reply(0))            # every connection: the server gets the whole request,
                                                           # the client gets a reset instead of the reply
        proxy.set_plan(RandomPlan([(Plan.passthrough(), 6), (Plan.drop(), 1),
                                   (Plan.reset_mid_request(200), 1), (Plan.unavailable(), 1)], seed=45))
        assert proxy.counters()["applied"]["unavailable"] >= 1

Faults (one per connection, chosen when the connection is accepted):

- ``Plan.passthrough()``: bytes are forwarded both ways unchanged.
- ``Plan.drop()``: the accepted connection is closed at once; the target is not contacted.
- ``Plan.reset_mid_request(n)``: the first ``n`` bytes the client sends on the connection are forwarded, then both
  sockets are reset (SO_LINGER 0: an RST, not a FIN). With ``n`` inside the request the target never sees a whole
  request. If the client sends fewer than ``n`` bytes the fault does not fire (``applied`` does not count it).
- ``Plan.reset_mid_reply(m)``: the request is forwarded whole; the first ``m`` bytes of the target's answer are
  forwarded, then both sockets are reset. ``m == 0`` is the lost reply: the target applied the request, the client
  saw only a reset (the case an idempotency key exists for).
- ``Plan.delay(ms)``: every forwarded chunk (either direction) waits ``ms`` milliseconds first.
- ``Plan.unavailable(retry_after=1)``: the proxy itself answers ``HTTP/1.1 503 Service Unavailable`` with
  ``Retry-After`` and ``Connection: close`` after reading the request (its body is drained, so the client reads
  the answer rather than a reset); the target is not contacted.
- ``RandomPlan([(plan, weight), ...], seed, first=[plan, ...])``: each new connection takes the next plan of
  ``first`` while there is one, then draws one of the weighted plans with ``random.Random(seed)``, in accept order, so a seed gives the same sequence of faults every run
  (``proxy.history()`` lists it).

Byte counts are per connection (a keep-alive connection carrying several requests counts them together).

Bounds: at most ``max_connections`` connections are served at once (one thread each, plus the accept thread); more
wait in the listen backlog until a slot frees. A connection idle for ``idle_timeout`` seconds is closed. ``stop()``
closes the listener and every connection and joins the threads.

Run ``python3 faultproxy.py`` for the self-test: a loopback echo server, each fault through the proxy, what the
client saw; exit status 0 when every fault behaved as designed.
"""
import random
import selectors
import socket
import struct
import threading
import time
from collections import deque

__all__ = ["FaultProxy", "Plan", "RandomPlan"]

CHUNK = 64 * 1024
MAX_REQUEST_HEAD = 64 * 1024     # what the 503 answer reads of a request head before answering anyway
DRAIN_SECONDS = 2.0              # how long the 503 answer keeps reading the client's body after answering
DRAIN_BYTES = 64 * 1024 * 1024   # and at most this much of it


class Plan:
    """One fault (or none) for a connection."""

    PASS = "passthrough"
    DROP = "drop"
    RESET_REQUEST = "reset_mid_request"
    RESET_REPLY = "reset_mid_reply"
    DELAY = "delay"
    UNAVAILABLE = "unavailable"
    KINDS = (PASS, DROP, RESET_REQUEST, RESET_REPLY, DELAY, UNAVAILABLE)

    __slots__ = ("kind", "nbytes", "delay_ms", "retry_after")

    def __init__(self, kind, nbytes=0, delay_ms=0, retry_after=1):
        if kind not in self.KINDS:
            raise ValueError(f"unknown fault {kind!r}; one of {', '.join(self.KINDS)}")
        if nbytes < 0 or delay_ms < 0:
            raise ValueError("byte counts and delays are not negative")
        self.kind = kind
        self.nbytes = int(nbytes)
        self.delay_ms = float(delay_ms)
        self.retry_after = retry_after

    @classmethod
    def passthrough(cls):
        return cls(cls.PASS)

    @classmethod
    def drop(cls):
        return cls(cls.DROP)

    @classmethod
    def reset_mid_request(cls, nbytes):
        return cls(cls.RESET_REQUEST, nbytes=nbytes)

    @classmethod
    def reset_mid_reply(cls, nbytes):
        return cls(cls.RESET_REPLY, nbytes=nbytes)

    @classmethod
    def delay(cls, ms):
        return cls(cls.DELAY, delay_ms=ms)

    @classmethod
    def unavailable(cls, retry_after=1):
        return cls(cls.UNAVAILABLE, retry_after=retry_after)

    def __repr__(self):
        if self.kind in (self.RESET_REQUEST, self.RESET_REPLY):
            return f"Plan.{self.kind}({self.nbytes})"
        if self.kind == self.DELAY:
            return f"Plan.delay({self.delay_ms:g})"
        if self.kind == self.UNAVAILABLE:
            return f"Plan.unavailable(retry_after={self.retry_after})"
        return f"Plan.{self.kind}()"


class RandomPlan:
    """Per connection, one of several plans drawn by weight with a seeded generator (deterministic by seed); the
    plans of `first`, if given, come before the draws, one per connection in order (so each fault surely fires)."""

    def __init__(self, weighted, seed, first=()):
        weighted = list(weighted)
        if not weighted or any(w < 0 for _, w in weighted) or sum(w for _, w in weighted) <= 0:
            raise ValueError("RandomPlan needs (plan, weight) pairs with a positive total weight")
        self.plans = [p for p, _ in weighted]
        self.weights = [w for _, w in weighted]
        self.seed = seed
        self.rng = random.Random(seed)
        self.first = deque(first)

    def choose(self):
        if self.first:
            return self.first.popleft()
        return self.rng.choices(self.plans, weights=self.weights, k=1)[0]

    def __repr__(self):
        pairs = ", ".join(f"({p!r}, {w:g})" for p, w in zip(self.plans, self.weights))
        return f"RandomPlan([{pairs}], seed={self.seed})"


def _reset(sock):
    """Closes a socket with an RST (SO_LINGER on, timeout 0)."""
    if sock is None:
        return
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


def _close(sock):
    if sock is None:
        return
    try:
        sock.close()
    except OSError:
        pass


class FaultProxy:
    """A loopback TCP proxy to 127.0.0.1:target_port with a fault plan that can change while it runs."""

    def __init__(self, target_port, target_host="127.0.0.1", max_connections=32, idle_timeout=30.0,
                 connect_timeout=5.0, history_limit=10_000):
        self.target = (target_host, int(target_port))
        self.max_connections = int(max_connections)
        self.idle_timeout = float(idle_timeout)
        self.connect_timeout = float(connect_timeout)
        self.port = None
        self._lock = threading.Lock()
        self._plan = Plan.passthrough()
        self._remaining = None            # connections left before the plan reverts to pass-through
        self._slots = threading.BoundedSemaphore(self.max_connections)
        self._stopping = threading.Event()
        self._listener = None
        self._accept_thread = None
        self._threads = set()
        self._sockets = set()
        self._history = deque(maxlen=history_limit)
        self._counters = None
        self.reset_counters()

    # Lifecycle

    def start(self):
        if self._listener is not None:
            return self
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        listener.settimeout(0.1)
        self._listener = listener
        self.port = listener.getsockname()[1]
        self._stopping.clear()
        self._accept_thread = threading.Thread(target=self._accept_loop, name=f"faultproxy:{self.port}",
                                               daemon=True)
        self._accept_thread.start()
        return self

    def stop(self, timeout=5.0):
        """Closes the listener, shuts every open connection down (both peers read end of stream) and joins the
        threads; sockets still open after `timeout` seconds are reset."""
        self._stopping.set()
        if self._accept_thread is not None:
            self._accept_thread.join(timeout)
            self._accept_thread = None
        _close(self._listener)
        self._listener = None
        with self._lock:
            sockets, threads = list(self._sockets), list(self._threads)
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        deadline = time.monotonic() + timeout
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        with self._lock:
            leftovers = list(self._sockets)
            self._sockets.clear()
        for sock in leftovers:
            _reset(sock)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}{path}"

    # The plan

    def set_plan(self, plan, count=None):
        """Sets the fault plan (a Plan or a RandomPlan) for new connections; with `count`, only for the next
        `count` connections, after which the proxy passes through again."""
        if not isinstance(plan, (Plan, RandomPlan)):
            raise TypeError("set_plan takes a Plan or a RandomPlan")
        with self._lock:
            self._plan = plan
            self._remaining = None if count is None else int(count)

    def plan(self):
        with self._lock:
            return self._plan

    def _next_plan(self):
        with self._lock:
            plan = self._plan
            if self._remaining is not None:
                self._remaining -= 1
                if self._remaining <= 0:
                    self._plan, self._remaining = Plan.passthrough(), None
            chosen = plan.choose() if isinstance(plan, RandomPlan) else plan
            self._history.append(chosen.kind)
            self._counters["planned"][chosen.kind] += 1
            return chosen

    # Counters

    def reset_counters(self):
        """Zeroes the counters and the history (`active`, a gauge of the connections being served, is kept)."""
        with self._lock:
            active = self._counters["active"] if self._counters else 0
            self._counters = {
                "connections": 0,          # accepted
                "active": active,          # being served now
                "active_peak": active,
                "upstream_connects": 0,    # connections made to the target
                "upstream_errors": 0,      # the target refused or timed out
                "bytes_to_target": 0,
                "bytes_to_client": 0,      # forwarded from the target (the proxy's own 503 answers not counted)
                "planned": {kind: 0 for kind in Plan.KINDS},   # chosen for a connection
                "applied": {kind: 0 for kind in Plan.KINDS},   # actually fired (a reset after n bytes needs n bytes)
            }
            self._history.clear()

    def counters(self):
        """A snapshot of the counters."""
        with self._lock:
            snapshot = dict(self._counters)
            snapshot["planned"] = dict(self._counters["planned"])
            snapshot["applied"] = dict(self._counters["applied"])
            snapshot["threads"] = len(self._threads)
            return snapshot

    def history(self):
        """The fault kind chosen for each connection, in accept order (the last `history_limit`)."""
        with self._lock:
            return list(self._history)

    def _count(self, key, amount=1):
        with self._lock:
            self._counters[key] += amount

    def _applied(self, kind):
        with self._lock:
            self._counters["applied"][kind] += 1

    # Accepting and serving

    def _accept_loop(self):
        while not self._stopping.is_set():
            if not self._slots.acquire(timeout=0.1):
                continue                   # at the cap: connections wait in the backlog
            try:
                client, _ = self._listener.accept()
            except (socket.timeout, BlockingIOError):
                self._slots.release()
                continue
            except OSError:
                self._slots.release()
                break
            client.settimeout(None)
            plan = self._next_plan()
            thread = threading.Thread(target=self._serve, args=(client, plan), daemon=True,
                                      name=f"faultproxy:{self.port}:{plan.kind}")
            with self._lock:
                self._counters["connections"] += 1
                self._counters["active"] += 1
                self._counters["active_peak"] = max(self._counters["active_peak"], self._counters["active"])
                self._threads.add(thread)
                self._sockets.add(client)
            thread.start()

    def _track(self, sock):
        with self._lock:
            self._sockets.add(sock)

    def _untrack(self, *socks):
        with self._lock:
            for sock in socks:
                self._sockets.discard(sock)

    def _serve(self, client, plan):
        upstream = None
        try:
            if plan.kind == Plan.DROP:
                self._applied(Plan.DROP)
                _close(client)
                return
            if plan.kind == Plan.UNAVAILABLE:
                self._answer_unavailable(client, plan)
                return
            try:
                upstream = socket.create_connection(self.target, timeout=self.connect_timeout)
            except OSError:
                self._count("upstream_errors")
                _reset(client)
                return
            self._count("upstream_connects")
            self._track(upstream)
            self._pump(client, upstream, plan)
        except OSError:
            pass
        finally:
            _close(client)
            _close(upstream)
            self._untrack(client, upstream)
            with self._lock:
                self._counters["active"] -= 1
                self._threads.discard(threading.current_thread())
            self._slots.release()

    def _pump(self, client, upstream, plan):
        """Forwards both ways until both sides finish, applying the plan's reset or delay."""
        client.settimeout(self.idle_timeout)
        upstream.settimeout(self.idle_timeout)
        selector = selectors.DefaultSelector()
        selector.register(client, selectors.EVENT_READ, (upstream, "up"))
        selector.register(upstream, selectors.EVENT_READ, (client, "down"))
        sent = {"up": 0, "down": 0}
        fired = False
        live = 2
        last = time.monotonic()
        try:
            while live and not self._stopping.is_set():
                events = selector.select(timeout=0.1)
                if not events:
                    if time.monotonic() - last > self.idle_timeout:
                        return
                    continue
                last = time.monotonic()
                for key, _ in events:
                    source = key.fileobj
                    destination, direction = key.data
                    try:
                        data = source.recv(CHUNK)
                    except OSError:
                        return             # a reset from either side ends the connection
                    if not data:
                        selector.unregister(source)
                        live -= 1
                        try:
                            destination.shutdown(socket.SHUT_WR)
                        except OSError:
                            pass
                        continue
                    limit = None
                    if plan.kind == Plan.RESET_REQUEST and direction == "up":
                        limit = plan.nbytes
                    elif plan.kind == Plan.RESET_REPLY and direction == "down":
                        limit = plan.nbytes
                    if limit is not None and sent[direction] + len(data) >= limit:
                        part = data[:limit - sent[direction]]
                        if part:
                            destination.sendall(part)
                            self._count("bytes_to_target" if direction == "up" else "bytes_to_client", len(part))
                        self._applied(plan.kind)
                        self._untrack(client, upstream)
                        _reset(client)
                        _reset(upstream)
                        return
                    if plan.kind == Plan.DELAY:
                        time.sleep(plan.delay_ms / 1000.0)
                    destination.sendall(data)
                    sent[direction] += len(data)
                    self._count("bytes_to_target" if direction == "up" else "bytes_to_client", len(data))
                    if not fired and plan.kind in (Plan.PASS, Plan.DELAY):
                        fired = True       # a pass-through or delayed connection that forwarded something
                        self._applied(plan.kind)
        finally:
            selector.close()

    def _answer_unavailable(self, client, plan):
        """Reads the request head, answers 503 with Retry-After and Connection: close, drains the body, closes."""
        client.settimeout(self.idle_timeout)
        head = b""
        while b"\r\n\r\n" not in head and len(head) < MAX_REQUEST_HEAD:
            try:
                data = client.recv(CHUNK)
            except OSError:
                return
            if not data:
                break
            head += data
        body = b"Service Unavailable (fault proxy)\n"
        answer = (b"HTTP/1.1 503 Service Unavailable\r\n"
                  b"Retry-After: " + str(plan.retry_after).encode() + b"\r\n"
                  b"Connection: close\r\n"
                  b"Content-Type: text/plain; charset=utf-8\r\n"
                  b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        try:
            client.sendall(answer)
            self._applied(Plan.UNAVAILABLE)
            client.shutdown(socket.SHUT_WR)
        except OSError:
            return
        # Keep reading what the client still sends (its body), so closing does not turn into an RST that would
        # discard the answer before the client reads it.
        client.settimeout(0.2)
        deadline = time.monotonic() + DRAIN_SECONDS
        drained = 0
        while time.monotonic() < deadline and drained < DRAIN_BYTES and not self._stopping.is_set():
            try:
                data = client.recv(CHUNK)
            except socket.timeout:
                continue
            except OSError:
                return
            if not data:
                return
            drained += len(data)


# The self-test: python3 faultproxy.py

def _self_test():
    import http.client
    import http.server
    import json
    import sys
    import urllib.error
    import urllib.request

    class Echo:
        """A loopback HTTP server that answers each POST with its body; counts the bodies it read whole."""

        def __init__(self):
            self.complete = 0
            self.lock = threading.Lock()
            echo = self

            class Handler(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    length = int(self.headers.get("content-length", "0"))
                    body = self.rfile.read(length)
                    if len(body) != length:
                        return
                    with echo.lock:
                        echo.complete += 1
                    self.send_response(200)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)

                def do_GET(self):
                    body = b"ok\n"
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)

                def log_message(self, *args):
                    pass

            class Server(http.server.ThreadingHTTPServer):
                daemon_threads = True

                def handle_error(self, request, client_address):
                    pass           # resets are the point here

            self.server = Server(("127.0.0.1", 0), Handler)
            self.port = self.server.server_address[1]
            self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
            self.thread.start()

        def count(self):
            with self.lock:
                return self.complete

        def stop(self):
            self.server.shutdown()
            self.server.server_close()

    body = bytes(range(256)) * 40   # 10,240 bytes

    def post(port, payload=body, timeout=5):
        """POSTs with http.client on a new connection; returns ('status', code, headers, body) or ('error', exc)."""
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            connection.request("POST", "/v1/sync/batches", body=payload,
                               headers={"Content-Type": "application/octet-stream"})
            response = connection.getresponse()
            data = response.read()
            return ("status", response.status, dict(response.getheaders()), data)
        except (OSError, http.client.HTTPException) as error:
            return ("error", error)
        finally:
            connection.close()

    def describe(outcome):
        if outcome[0] == "status":
            _, status, headers, data = outcome
            extra = "".join(f", {k}: {headers[k]}" for k in ("Retry-After", "Connection") if k in headers)
            return f"HTTP {status}, {len(data)} body bytes{extra}"
        return f"{type(outcome[1]).__name__}: {outcome[1]}"

    results = []

    def check(name, ok, saw):
        results.append(ok)
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {saw}")

    echo = Echo()
    try:
        with FaultProxy(echo.port, max_connections=4) as proxy:
            # pass-through, with urllib
            request = urllib.request.Request(proxy.url("/v1/sync/batches"), data=body, method="POST")
            with urllib.request.urlopen(request, timeout=5) as response:
                data = response.read()
                check("pass-through (urllib)", response.status == 200 and data == body,
                      f"HTTP {response.status}, {len(data)} bytes echoed unchanged: {data == body}")

            # drop on accept
            proxy.set_plan(Plan.drop())
            before = echo.count()
            outcome = post(proxy.port)
            check("drop on accept", outcome[0] == "error" and echo.count() == before
                  and proxy.counters()["applied"]["drop"] == 1,
                  f"{describe(outcome)}; server completed {echo.count() - before} requests")

            # reset mid-request, inside the head and inside the body
            for n, where in ((60, "head"), (3000, "body")):
                proxy.set_plan(Plan.reset_mid_request(n))
                before, forwarded = echo.count(), proxy.counters()["bytes_to_target"]
                outcome = post(proxy.port)
                time.sleep(0.1)
                sent = proxy.counters()["bytes_to_target"] - forwarded
                check(f"reset after {n} request bytes (mid-{where})",
                      outcome[0] == "error" and echo.count() == before and sent == n,
                      f"{describe(outcome)}; {sent} bytes reached the server, which completed "
                      f"{echo.count() - before} requests")

            # reset mid-reply: m = 0 is the lost reply (the server applied the request)
            for m, where in ((0, "before any reply byte: the lost reply"), (40, "in the status line/headers"),
                             (5000, "in the body")):
                proxy.set_plan(Plan.reset_mid_reply(m))
                before, returned = echo.count(), proxy.counters()["bytes_to_client"]
                outcome = post(proxy.port)
                time.sleep(0.1)
                got = proxy.counters()["bytes_to_client"] - returned
                check(f"reset after {m} reply bytes ({where})",
                      outcome[0] == "error" and echo.count() == before + 1 and got == m,
                      f"{describe(outcome)}; server completed {echo.count() - before} request, "
                      f"{got} reply bytes forwarded")

            # delay each chunk
            proxy.set_plan(Plan.delay(150))
            started = time.monotonic()
            outcome = post(proxy.port)
            elapsed = time.monotonic() - started
            check("delay 150 ms per chunk", outcome[0] == "status" and outcome[1] == 200 and outcome[3] == body
                  and elapsed >= 0.27,
                  f"{describe(outcome)} after {elapsed * 1000:.0f} ms (at least one chunk each way)")

            # 503 without the target, with http.client (1 MiB body: drained, so the client reads the answer)
            proxy.set_plan(Plan.unavailable())
            before, connects = echo.count(), proxy.counters()["upstream_connects"]
            outcome = post(proxy.port, payload=b"x" * (1 << 20))
            ok = (outcome[0] == "status" and outcome[1] == 503 and outcome[2].get("Retry-After") == "1"
                  and outcome[2].get("Connection") == "close" and echo.count() == before
                  and proxy.counters()["upstream_connects"] == connects)
            check("503 Retry-After: 1 (http.client, 1 MiB body)", ok,
                  f"{describe(outcome)}; target contacted {proxy.counters()['upstream_connects'] - connects} times")

            # 503 with urllib
            try:
                urllib.request.urlopen(urllib.request.Request(proxy.url("/v1/sync/status")), timeout=5)
                check("503 (urllib)", False, "no HTTPError")
            except urllib.error.HTTPError as error:
                check("503 (urllib)", error.code == 503 and error.headers.get("Retry-After") == "1",
                      f"HTTPError {error.code}, Retry-After: {error.headers.get('Retry-After')}")

            # a plan for the next N connections only
            proxy.set_plan(Plan.unavailable(), count=2)
            statuses = [post(proxy.port) for _ in range(3)]
            seen = [o[1] if o[0] == "status" else type(o[1]).__name__ for o in statuses]
            check("503 for the next 2 connections, then pass-through", seen == [503, 503, 200], f"statuses {seen}")

            # probability mode, deterministic by seed
            weighted = [(Plan.passthrough(), 3), (Plan.unavailable(), 1), (Plan.drop(), 1),
                        (Plan.reset_mid_reply(0), 1)]
            runs = []
            for _ in range(2):
                proxy.reset_counters()
                proxy.set_plan(RandomPlan(weighted, seed=45))
                outcomes = [post(proxy.port) for _ in range(24)]
                runs.append((proxy.history(), outcomes, proxy.counters()))
            (first, outcomes, counters), (second, _, _) = runs
            expected = {"passthrough": ("status", 200), "unavailable": ("status", 503),
                        "drop": ("error",), "reset_mid_reply": ("error",)}
            matches = all(o[:len(expected[k])] == expected[k] for k, o in zip(first, outcomes))
            tally = {k: first.count(k) for k in dict.fromkeys(first)}
            check("random plan, seed 45, 24 connections", first == second and matches
                  and counters["connections"] == 24 and sum(counters["planned"].values()) == 24
                  and len(set(first)) == 4,
                  f"same sequence for the same seed: {first == second}; outcomes match the faults drawn: "
                  f"{matches}; drawn {json.dumps(tally)}; first 8: {' '.join(first[:8])}")
            other = RandomPlan(weighted, seed=46)
            check("another seed draws another sequence", [other.choose().kind for _ in range(24)] != first,
                  "seed 46 differs from seed 45")

            # the connection cap: 10 concurrent clients through a proxy of 4 slots
            proxy.reset_counters()
            proxy.set_plan(Plan.delay(100))
            outcomes = [None] * 10

            def worker(i):
                outcomes[i] = post(proxy.port, payload=b"y" * 1000, timeout=15)

            workers = [threading.Thread(target=worker, args=(i,)) for i in range(10)]
            for w in workers:
                w.start()
            for w in workers:
                w.join(30)
            counters = proxy.counters()
            served = sum(1 for o in outcomes if o and o[0] == "status" and o[1] == 200)
            check("cap of 4 connections, 10 concurrent clients", served == 10 and counters["active_peak"] <= 4,
                  f"{served} answered 200; at most {counters['active_peak']} served at once")

            # a connection still open when stop() runs: half a request, the server waiting for the rest
            proxy.set_plan(Plan.passthrough())
            hanging = socket.create_connection(("127.0.0.1", proxy.port), timeout=5)
            hanging.sendall(b"POST /v1/sync/batches HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf")
            time.sleep(0.2)
            live_before_stop = proxy.counters()["active"]
            port = proxy.port
        # stop() (leaving the with block): everything closed
        try:
            hanging_saw = "EOF" if hanging.recv(100) == b"" else "data"
        except OSError as error:
            hanging_saw = type(error).__name__
        hanging.close()
        time.sleep(0.2)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            refused = False
        except OSError:
            refused = True
        leftover = [t.name for t in threading.enumerate() if t.name.startswith("faultproxy")]
        check("stop() closes the listener, open connections and every thread",
              refused and not leftover and live_before_stop == 1 and hanging_saw != "data"
              and proxy.counters()["threads"] == 0 and proxy.counters()["active"] == 0,
              f"open connection at stop saw {hanging_saw}; connecting after stop refused: {refused}; "
              f"proxy threads left: {len(leftover)}")
    finally:
        echo.stop()

    failed = results.count(False)
    print(f"{len(results) - failed} of {len(results)} fault checks passed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    _self_test()
