"""Fixtures of the server's live tests: a real `ohk serve` process on loopback over a throwaway data folder.

The `ohk` binary comes from $OHK_BIN (scripts/server-tests builds it and sets it). Without it every test fails
loudly: a suite that needs the server never passes by skipping.
"""
import os
import pathlib
import re
import signal
import subprocess
import tempfile
import time

import pytest
import requests

from ohkclient import Client
from receiver import Receiver

STEPS = "HKQuantityTypeIdentifierStepCount"
HEART = "HKQuantityTypeIdentifierHeartRate"


def ohk_binary():
    path = os.environ.get("OHK_BIN")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("OHK_BIN must name the built ohk executable (run scripts/server-tests)", pytrace=False)
    return path


class ServerProcess:
    """`ohk serve` on 127.0.0.1 with a free port, over one data folder that outlives restarts."""

    def __init__(self, data, extra=(), store=None):
        self.data = str(data)
        self.store = store                   # a PostgreSQL database for every person, instead of the data folder
        self.extra = list(extra)
        self.proc = None
        self.port = None
        self.allow_private_webhooks = True   # the receivers of the tests are on loopback
        self.env = None                      # the process's environment (None: this one's)
        self.log = open(os.path.join(self.data, "server.log"), "ab")

    def cli(self, *args):
        """Runs `ohk server …` on this data folder; returns stdout (stripped)."""
        done = subprocess.run([ohk_binary(), "server", *args, *self.location()],
                              capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise AssertionError(f"ohk server {args[0]} failed: {done.stderr.strip()}")
        return done.stdout.strip()

    def start(self):
        command = [ohk_binary(), "serve", *self.location(), "--port", str(self.port or 0), *self.extra]
        if self.allow_private_webhooks:
            command.append("--allow-private-webhooks")
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, env=self.env)
        deadline = time.monotonic() + 60
        line = self.proc.stdout.readline()
        match = re.search(r"on http://127\.0\.0\.1:(\d+)", line or "")
        if not match:
            self.proc.kill()
            raise AssertionError(f"ohk serve did not start: {line!r}; log in {self.data}/server.log")
        self.port = int(match.group(1))
        while time.monotonic() < deadline:
            try:
                if requests.get(self.url("/healthz"), timeout=2).status_code == 200:
                    return self
            except requests.ConnectionError:
                time.sleep(0.05)
        raise AssertionError("ohk serve never answered /healthz")

    def location(self):
        return ["--store", self.store] if self.store else ["--data", self.data]

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def client(self, token):
        return Client(self.url(""), token)

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=timeout)
        code = self.proc.returncode if self.proc else None
        self.proc = None
        return code

    def kill9(self):
        return self.stop(signal.SIGKILL)


@pytest.fixture
def data_dir():
    with tempfile.TemporaryDirectory(prefix="ohk-live-") as folder:
        yield pathlib.Path(folder)


@pytest.fixture
def server_factory(data_dir):
    started = []

    def make(*extra):
        server = ServerProcess(data_dir, extra)
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop(signal.SIGKILL)


@pytest.fixture
def server(server_factory):
    """A running server with person ana (policy deny-all) and her owner token in `server.owner`."""
    s = server_factory("--rate-limit", "10000", "--burst", "10000", "--max-streams-per-token", "200",
                       "--webhook-retry-delays", "0.3,0.6,1.2,2,3")
    s.cli("add-person", "ana", "--policy", "deny-all")
    s.owner = s.cli("issue-token", "--person", "ana")
    return s.start()


@pytest.fixture
def receivers():
    """Makes webhook receivers on loopback (receiver.py), closed after the test."""
    made = []

    def make(**kwargs):
        receiver = Receiver(**kwargs)
        made.append(receiver)
        return receiver

    yield make
    for receiver in made:
        receiver.close()
