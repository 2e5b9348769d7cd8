"""Webhooks — background delivery for servers: signed, retried, durable across a kill, filtered by read grants."""
import time

from conftest import HEART, STEPS
from ohkclient import quantity


def steps(n, minute):
    return quantity(STEPS, n, "count", f"2025-06-02T10:{minute:02d}:00Z", f"2025-06-02T10:{minute:02d}:30Z")


def heart(bpm, minute):
    return quantity(HEART, bpm, "count/min", f"2025-06-02T11:{minute:02d}:00Z", f"2025-06-02T11:{minute:02d}:00Z")


def wait_for(predicate, timeout=20, what="deliveries"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def register(client, url, types, frequency="immediate"):
    answer = client.request("POST", "/v1/webhooks", 201, json={"url": url, "types": types, "frequency": frequency})
    return answer.json()


def test_a_signed_delivery_names_the_changes_to_fetch(server, receivers):
    app_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.sync", "--read", "steps")
    app, owner = server.client(app_token), server.client(server.owner)
    receiver = receivers()
    hook = register(app, receiver.url, [STEPS])
    receiver.secret = hook["secret"]
    saved = owner.save([steps(100, 1), steps(200, 2)]).json()["saved"]
    wait_for(lambda: receiver.deliveries)
    message_id, body = receiver.deliveries[0]
    assert receiver.bad_signatures == 0
    assert message_id.startswith("msg_") and body["type"] == "health.changed" and body["webhook"] == hook["id"]
    assert body["types"] == [STEPS]
    added, _, _ = app.all_changes([STEPS], anchor=body["from"])
    assert sorted(s["uuid"] for s in added) == sorted(saved)


def test_a_wrong_secret_fails_verification(server, receivers):
    """The receiver's check is real: with another secret the same deliveries do not verify."""
    app_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.sync", "--read", "steps")
    receiver = receivers()
    hook = register(server.client(app_token), receiver.url, [STEPS])
    receiver.secret = "whsec_" + "A" * 43 + "="
    assert hook["secret"] != receiver.secret
    server.client(server.owner).save([steps(5, 3)])
    wait_for(lambda: receiver.bad_signatures >= 1, what="a refused delivery")
    assert receiver.deliveries == []


def test_a_failing_receiver_gets_retries_until_it_accepts(server, receivers):
    app_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.sync", "--read", "steps")
    receiver = receivers(fail_first=3)
    receiver.secret = register(server.client(app_token), receiver.url, [STEPS])["secret"]
    server.client(server.owner).save([steps(7, 4)])
    wait_for(lambda: receiver.deliveries, timeout=30, what="the delivery after three failures")
    assert len(receiver.attempts) == 4
    assert len(set(receiver.attempts)) == 1, "every retry carries the same webhook-id (receivers deduplicate by it)"


def test_a_killed_server_delivers_what_was_pending_after_restart(server, receivers):
    app_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.sync", "--read", "steps")
    receiver = receivers(fail_first=10_000)   # down: every attempt fails
    receiver.secret = register(server.client(app_token), receiver.url, [STEPS])["secret"]
    saved = server.client(server.owner).save([steps(9, 5)]).json()["saved"]
    wait_for(lambda: receiver.attempts, what="a first (failed) attempt")
    server.kill9()
    receiver.fail_first = 0                  # the receiver is back; the server is not
    time.sleep(0.5)
    assert receiver.deliveries == []
    server.start()
    wait_for(lambda: receiver.deliveries, timeout=30, what="the pending delivery after the restart")
    _, body = receiver.deliveries[0]
    added, _, _ = server.client(app_token).all_changes([STEPS], anchor=body["from"])
    assert [s["uuid"] for s in added] == saved


def test_nothing_is_delivered_for_types_the_app_may_not_read(server, receivers):
    app_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.sync", "--read", "steps")
    blind_token = server.cli("issue-token", "--person", "ana", "--app", "com.example.blind", "--share", "steps")
    owner = server.client(server.owner)
    receiver, blind = receivers(), receivers()
    receiver.secret = register(server.client(app_token), receiver.url, [STEPS, HEART])["secret"]
    blind.secret = register(server.client(blind_token), blind.url, [STEPS])["secret"]
    owner.save([heart(70, 1), heart(72, 2)])
    time.sleep(3)                            # three poll rounds
    assert receiver.attempts == [] and blind.attempts == []
    owner.save([steps(11, 6)])
    wait_for(lambda: receiver.deliveries)
    assert receiver.deliveries[0][1]["types"] == [STEPS], "heart rate is never announced to a steps-only reader"
    server.client(blind_token).save([steps(12, 7)])
    time.sleep(3)
    assert blind.attempts == [], "an app that may not read steps is never told of them, even of its own"


def test_a_webhook_to_a_private_address_is_refused_without_the_operator_flag(server_factory, receivers):
    strict = server_factory()
    strict.allow_private_webhooks = False
    strict.cli("add-person", "ana")
    owner = strict.start().client(strict.cli("issue-token", "--person", "ana"))
    for url in [receivers().url, "http://10.1.2.3/hook", "http://169.254.169.254/latest", "http://[::1]:9/x",
                "file:///etc/passwd"]:
        answer = owner.request("POST", "/v1/webhooks", json={"url": url, "types": [STEPS]})
        assert answer.status_code == 400, url
        assert answer.headers["content-type"].startswith("application/problem+json")
    assert owner.request("GET", "/v1/webhooks", 200).json()["webhooks"] == []
