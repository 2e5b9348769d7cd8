"""A small client of the server's /v1 API for the live tests, plus an SSE reader."""
import json
import socket
import threading

import requests


def quantity(type_id, value, unit, start, end, **extra):
    sample = {"type": type_id, "startDate": start, "endDate": end, "quantity": {"value": value, "unit": unit}}
    sample.update(extra)
    return sample


class Client:
    def __init__(self, base, token):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def request(self, method, path, expect=None, **kwargs):
        response = self.session.request(method, self.base + path, timeout=30, **kwargs)
        if expect is not None and response.status_code != expect:
            raise AssertionError(f"{method} {path}: {response.status_code} {response.text[:500]}")
        return response

    def save(self, samples, expect=201):
        return self.request("POST", "/v1/samples", expect, json={"samples": samples})

    def changes(self, types, anchor=0, limit=1000):
        params = [("type", t) for t in types] + [("anchor", str(anchor)), ("limit", str(limit))]
        return self.request("GET", "/v1/changes", 200, params=params).json()

    def all_changes(self, types, anchor=0):
        added, deleted = [], []
        while True:
            page = self.changes(types, anchor)
            added += page["added"]
            deleted += page["deleted"]
            anchor = page["anchor"]
            if not page["hasMore"]:
                return added, deleted, anchor


class EventReader:
    """Reads one SSE stream of /v1/events on a thread; `events` collects (id, data) pairs."""

    def __init__(self, base, token, types, last_event_id=None, on_event=None):
        self.events = []
        self.opened = threading.Event()
        self.closed = threading.Event()
        self.on_event = on_event
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        params = [("type", t) for t in types]
        self.response = requests.get(base + "/v1/events", params=params, headers=headers, stream=True,
                                     timeout=(5, 120))
        if self.response.status_code != 200:
            raise AssertionError(f"events: {self.response.status_code} {self.response.text[:300]}")
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        if not self.opened.wait(10):
            raise AssertionError("the event stream did not open")

    def _read(self):
        event_id, data = None, []
        try:
            for raw in self.response.iter_lines(chunk_size=None, decode_unicode=True):
                line = raw if raw is not None else ""
                if line.startswith(":"):
                    self.opened.set()
                elif line.startswith("id: "):
                    event_id = int(line[4:])
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and data:
                    payload = json.loads("\n".join(data))
                    self.events.append((event_id, payload))
                    if self.on_event:
                        self.on_event(event_id, payload)
                    event_id, data = None, []
        except Exception:
            pass
        finally:
            self.opened.set()
            self.closed.set()

    @property
    def last_id(self):
        return self.events[-1][0] if self.events else None

    def added_uuids(self):
        return [sample["uuid"] for _, payload in self.events for sample in payload["added"]]

    def deleted_uuids(self):
        return [sample["uuid"] for _, payload in self.events for sample in payload["deleted"]]

    def close(self):
        """Disconnects at once (shutting the socket down wakes the reading thread)."""
        connection = getattr(self.response.raw, "connection", None)
        sock = getattr(connection, "sock", None)
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.thread.join(5)
        self.response.close()
