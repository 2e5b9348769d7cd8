"""schemathesis (PyPI) fuzzes every operation of /openapi.json against a live server: no 5xx, no answer that
breaks the document. One check is left out, positive_data_acceptance: it demands that every request matching
the document's shapes succeed, but the API answers rules JSON Schema cannot state with a documented 400 problem
(end after start, a cursor or anchor this server gave, a statistic the type supports, a webhook host that
resolves). status_code_conformance still checks that each such 400 is documented. And one operation is left
out, GET /v1/events: an event stream never ends, so each example would wait for the request timeout;
test_events.py and test_soak.py drive it instead."""
import os
import subprocess

from conftest import STEPS


def test_schemathesis_finds_no_failure(server):
    owner = server.client(server.owner)
    # Some data, so reads and statistics have something to work on.
    owner.save([{"type": STEPS, "startDate": f"2025-06-01T0{h}:00:00Z", "endDate": f"2025-06-01T0{h}:10:00Z",
                 "quantity": {"value": 100 * h, "unit": "count"}} for h in range(1, 9)])
    examples = os.environ.get("OHK_FUZZ_EXAMPLES", "20")
    st = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      ".venv-tests", "bin", "schemathesis")
    run = subprocess.run(
        [st, "run", server.url("/openapi.json"), "--header", f"Authorization: Bearer {server.owner}",
         "--checks", "all", "--exclude-checks", "positive_data_acceptance",
         "--exclude-operation-id", "events", "--max-examples", examples,
         "--workers", "2", "--seed", "20261126", "--request-timeout", "20", "--no-color"],
        capture_output=True, text=True, timeout=1500)
    summary = run.stdout[-6000:]
    print(summary)
    assert run.returncode == 0, f"schemathesis found failures:\n{summary}"
