"""A webhook receiver on loopback that verifies Standard Webhooks signatures (HMAC-SHA256 of "id.timestamp.body")."""
import base64
import hashlib
import hmac
import http.server
import json
import threading


class Receiver:
    """Records verified deliveries; answers `fail_first` requests with 500 before accepting."""

    def __init__(self, fail_first=0):
        self.secret = None
        self.deliveries = []     # (webhook-id, body dict) of accepted, verified deliveries
        self.attempts = []       # webhook-id of every request, accepted or not
        self.bad_signatures = 0
        self.fail_first = fail_first
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                message_id = self.headers.get("webhook-id", "")
                with receiver.lock:
                    receiver.attempts.append(message_id)
                    if not receiver.verify(message_id, self.headers.get("webhook-timestamp", ""),
                                           self.headers.get("webhook-signature", ""), body):
                        receiver.bad_signatures += 1
                        status = 401
                    elif receiver.fail_first > 0:
                        receiver.fail_first -= 1
                        status = 500
                    else:
                        receiver.deliveries.append((message_id, json.loads(body)))
                        status = 204
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def verify(self, message_id, timestamp, signature, body):
        if not self.secret or not self.secret.startswith("whsec_"):
            return False
        key = base64.b64decode(self.secret[6:])
        expected = base64.b64encode(
            hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()).decode()
        return any(hmac.compare_digest(part, "v1," + expected) for part in signature.split(" "))

    def close(self):
        self.server.shutdown()
        self.server.server_close()
