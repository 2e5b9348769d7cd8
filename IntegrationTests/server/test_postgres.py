"""`ohk serve --store postgres://…`: every person of the server in one PostgreSQL database.

Needs the throwaway cluster of scripts/postgres (scripts/server-tests starts one when PostgreSQL is installed and
none is configured). Without it these tests fail: they never pass by skipping.
"""
import os
import uuid

import pytest

from conftest import STEPS, ServerProcess
from ohkclient import quantity


@pytest.fixture
def database():
    url = os.environ.get("OHK_TEST_POSTGRES_URL")
    if not url:
        pytest.fail("OHK_TEST_POSTGRES_URL is not set: run `eval \"$(scripts/postgres start)\"` "
                    "(scripts/server-tests does when PostgreSQL is installed)", pytrace=False)
    # A database of its own per test would need CREATE DATABASE; distinct people are enough: names are unique.
    return url + "?sslmode=disable"


def day_sums(client, start, end):
    answer = client.request("GET", "/v1/statistics/collection", 200, params={
        "type": STEPS, "start": start, "end": end, "interval": "day", "options": "sum",
        "timeZone": "UTC"}).json()
    return {bucket["startDate"][:10]: bucket.get("sum") for bucket in answer["buckets"]}


def test_people_of_one_database_are_served_apart_and_survive_a_kill(data_dir, database):
    server = ServerProcess(data_dir, ["--rate-limit", "10000", "--burst", "10000"], store=database)
    suffix = uuid.uuid4().hex[:8]
    ana, ben = f"ana-{suffix}", f"ben-{suffix}"
    tokens = {}
    for person in (ana, ben):
        server.cli("add-person", person)
        tokens[person] = server.cli("issue-token", "--person", person)
    server.start()
    try:
        clients = {person: server.client(token) for person, token in tokens.items()}
        clients[ana].save([quantity(STEPS, 100, "count", "2025-07-01T08:00:00Z", "2025-07-01T09:00:00Z"),
                           quantity(STEPS, 50, "count", "2025-07-02T08:00:00Z", "2025-07-02T09:00:00Z")])
        clients[ben].save([quantity(STEPS, 7, "count", "2025-07-01T10:00:00Z", "2025-07-01T11:00:00Z")])
        window = ("2025-07-01T00:00:00Z", "2025-07-03T00:00:00Z")
        assert day_sums(clients[ana], *window) == {"2025-07-01": 100, "2025-07-02": 50}
        assert day_sums(clients[ben], *window) == {"2025-07-01": 7}
        added, _, _ = clients[ben].all_changes([STEPS])
        assert len(added) == 1, "ben's token sees ben's sample only"

        server.kill9()
        server.start()
        clients = {person: server.client(token) for person, token in tokens.items()}
        assert day_sums(clients[ana], *window) == {"2025-07-01": 100, "2025-07-02": 50}
        assert day_sums(clients[ben], *window) == {"2025-07-01": 7}
        clients[ana].request("GET", "/v1/samples", 401, headers={"Authorization": "Bearer not-a-token"})
    finally:
        server.stop()
