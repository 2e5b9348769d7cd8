"""The agent tools (issue 15) driven by a real MCP client nobody here wrote: the Python `mcp` SDK from PyPI, over
stdio (`ohk mcp`) and over streamable HTTP (`ohk serve`'s /mcp).

A generated export (phone + watch overlap, sleep, workouts) is imported; the tools' merged daily steps, sleep nights
and workout count must equal the generator's truth. Dates are in the export's time zone (+0900: the processes run
with TZ=Asia/Tokyo).
"""
import json
import os
import pathlib
import subprocess
import sys

import anyio
import httpx2
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from conftest import STEPS, ServerProcess, ohk_binary

TOOLS = {"overview", "statistics", "day_summary", "sleep", "workouts", "workout_details", "compare_periods",
         "day_vs_baseline", "samples", "sources"}
TZ = {"TZ": "Asia/Tokyo"}
MAX_ANSWER = 32_000   # characters of JSON: far below 25,000 tokens


def generator():
    for candidate in (os.environ.get("OHK_GEN_HEALTH_EXPORT"), "/work/shared/tools/gen-health-export",
                      str(pathlib.Path(__file__).resolve().parents[3] / "shared/tools/gen-health-export")):
        if candidate and os.path.exists(candidate):
            return candidate
    pytest.fail("gen-health-export not found (set OHK_GEN_HEALTH_EXPORT)", pytrace=False)


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mcp-export")
    out = folder / "export.zip"
    subprocess.run([sys.executable, generator(), "--out", str(out), "--scale", "small", "--seed", "3", "-q"],
                   check=True)
    truth = json.loads((folder / "export.zip.truth.json").read_text())
    return out, truth


def import_into(store, export_path):
    done = subprocess.run([ohk_binary(), "import", str(export_path), "--store", str(store)],
                          capture_output=True, text=True, env={**os.environ, **TZ}, timeout=300)
    assert done.returncode == 0, done.stderr


async def call(session, name, arguments):
    result = await session.call_tool(name, arguments)
    text = result.content[0].text if result.content else ""
    assert len(text) <= MAX_ANSWER, f"{name}: {len(text)} characters"
    if result.is_error:
        return None, text
    assert result.structured_content is not None, name
    assert json.loads(text) == result.structured_content, f"{name}: text and structured content differ"
    return result.structured_content, text


async def check_against_truth(session, truth):
    """Every tool answers; the merged steps, the nights and the workouts equal the truth."""
    days = sorted(truth["steps"]["per_day"])
    first, last = days[0], days[-1]

    tools = await session.list_tools()
    assert {tool.name for tool in tools.tools} >= TOOLS
    for tool in tools.tools:
        assert tool.input_schema["type"] == "object", tool.name
        assert tool.output_schema and tool.output_schema["type"] == "object", tool.name
        if tool.name in TOOLS:
            assert tool.annotations and tool.annotations.read_only_hint is True, tool.name

    overview, _ = await call(session, "overview", {})
    names = {entry["name"] for entry in overview["types"]}
    assert {"steps", "sleep", "workout"} <= names, names
    assert overview["timeZone"] == "Asia/Tokyo"

    steps, _ = await call(session, "statistics", {"type": "steps", "start": first, "end": last, "interval": "day"})
    assert steps["unit"] == "count"
    merged = {bucket["start"]: bucket["sum"] for bucket in steps["buckets"]}
    for day in days:
        assert merged.get(day) == pytest.approx(truth["steps"]["per_day"][day]["dedup"], abs=0.01), day
    total, _ = await call(session, "statistics", {"type": "steps", "start": first, "end": last})
    assert total["buckets"][0]["sum"] == pytest.approx(truth["steps"]["total"]["dedup"], abs=0.1)

    nights = truth["sleep"]["per_night"]
    sleep, _ = await call(session, "sleep", {"start": min(nights), "end": max(nights)})
    answered = {night["night"]: night for night in sleep["nights"]}
    assert set(answered) == set(nights)
    for day, night in nights.items():
        assert answered[day]["inBed"] == pytest.approx(night["in_bed_seconds"] / 60, abs=0.05), day
        assert answered[day]["asleep"] == pytest.approx(night["asleep_seconds"] / 60, abs=0.05), day

    workouts, _ = await call(session, "workouts", {"start": first, "end": last, "limit": 100})
    assert workouts["count"] == len(truth["workouts"])
    detail, _ = await call(session, "workout_details", {"uuid": workouts["workouts"][0]["uuid"]})
    assert detail["workout"]["uuid"] == workouts["workouts"][0]["uuid"]

    summary, _ = await call(session, "day_summary", {"day": last})
    assert summary["steps"]["value"] == pytest.approx(truth["steps"]["per_day"][last]["dedup"], abs=0.01)
    assert summary["steps"]["unit"] == "count"

    compared, _ = await call(session, "compare_periods", {"type": "steps", "first_start": first, "first_end": first,
                                                          "second_start": last, "second_end": last})
    assert compared["first"]["total"] == pytest.approx(truth["steps"]["per_day"][first]["dedup"], abs=0.01)
    baseline, _ = await call(session, "day_vs_baseline", {"type": "steps", "day": last, "weeks": 1})
    assert baseline["verdict"] in {"usual", "high", "low"}
    assert baseline["baseline"]["days"] == len(days) - 1
    raw, _ = await call(session, "samples", {"type": "steps", "start": first, "end": first, "limit": 5})
    assert len(raw["samples"]) == 5 and raw["nextOffset"] == 5
    sources, _ = await call(session, "sources", {"type": "steps"})
    assert len(sources["sources"]) == 2 and [p["rank"] for p in sources["priority"]] == [1, 2]


async def check_bad_arguments(session):
    """Bad arguments are tool errors that say what is wrong — never a crash or a protocol error."""
    cases = [
        ("statistics", {"type": "nope"}, "is not a type"),
        ("statistics", {"type": "sleep"}, "not a quantity type"),
        ("statistics", {"type": "steps", "start": "yesterday"}, "YYYY-MM-DD"),
        ("statistics", {"type": "steps", "start": "2025-06-30", "end": "2025-06-01"}, "must not be after"),
        ("statistics", {"type": "steps", "start": "2015-01-01", "end": "2025-01-01", "interval": "hour"},
         "narrow the range"),
        ("statistics", {"type": "steps", "interval": "fortnight"}, "interval"),
        ("statistics", {"type": "steps", "colour": "red"}, "unknown argument 'colour'"),
        ("statistics", {"type": 7}, "must be a string"),
        ("samples", {"type": "steps", "limit": 100000}, "between 1 and 100"),
        ("workout_details", {"uuid": "not-a-uuid"}, "not a UUID"),
        ("workout_details", {"uuid": "00000000-0000-0000-0000-000000000000"}, "no workout"),
        ("sleep", {"start": "2020-01-01", "end": "2025-01-01"}, "narrow the range"),
        ("no_such_tool", {}, "no tool named"),
    ]
    for name, arguments, says in cases:
        result = await session.call_tool(name, arguments)
        assert result.is_error, (name, arguments)
        assert says in result.content[0].text, (name, arguments, result.content[0].text)


def test_stdio_tools_match_the_truth(export, tmp_path):
    export_path, truth = export
    store = tmp_path / "health.sqlite"
    import_into(store, export_path)

    async def run():
        params = StdioServerParameters(command=ohk_binary(), args=["mcp", "--store", str(store)], env=TZ)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                assert init.server_info.name == "openhealthkit"
                await check_against_truth(session, truth)
                await check_bad_arguments(session)
                # Without --allow-logging nothing can write.
                assert "log_sample" not in {tool.name for tool in (await session.list_tools()).tools}

    anyio.run(run)


def test_stdio_on_a_missing_store_fails_with_a_message(tmp_path):
    done = subprocess.run([ohk_binary(), "mcp", "--store", str(tmp_path / "nothing.sqlite")],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 66 and "no store here" in done.stderr


@pytest.fixture
def mcp_server(server_factory, export):
    s = server_factory("--rate-limit", "10000", "--burst", "10000")
    s.env = {**os.environ, **TZ}
    s.cli("add-person", "ana", "--policy", "deny-all")
    s.owner = s.cli("issue-token", "--person", "ana")
    # An agent that may save steps but read nothing, and one that may read everything it asks for.
    s.writer = s.cli("issue-token", "--person", "ana", "--app", "com.example.agent", "--share", STEPS)
    s.start()
    import_into(pathlib.Path(s.data) / "people" / "ana.sqlite", export[0])
    return s


async def http_session(server, token, body):
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"},
                                  timeout=httpx2.Timeout(60, read=120)) as http:
        async with streamable_http_client(server.url("/mcp"), http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                await body(session)


def test_http_tools_match_the_truth_and_follow_the_grants(mcp_server, export):
    _, truth = export
    days = sorted(truth["steps"]["per_day"])

    async def as_owner(session):
        await check_against_truth(session, truth)
        await check_bad_arguments(session)
        assert "log_sample" in {tool.name for tool in (await session.list_tools()).tools}

    async def as_writer(session):
        names = {tool.name for tool in (await session.list_tools()).tools}
        assert "log_sample" in names, "the agent may share steps"
        # Read-denied: it sees no steps but its own, with no error (HealthKit's privacy).
        empty, _ = await call(session, "statistics", {"type": "steps", "start": days[0], "end": days[-1]})
        assert empty["buckets"][0]["sum"] is None
        saved, _ = await call(session, "log_sample", {"type": "steps", "value": 42,
                                                      "time": f"{days[-1]}T12:00:00+09:00"})
        assert saved["value"] == {"value": 42, "unit": "count"}
        own, _ = await call(session, "statistics", {"type": "steps", "start": days[-1], "end": days[-1]})
        assert own["buckets"][0]["sum"] == 42
        raw, _ = await call(session, "samples", {"type": "steps", "start": days[-1], "end": days[-1]})
        assert [sample["uuid"] for sample in raw["samples"]] == [saved["saved"]]
        # It may not write what it was not granted.
        refused = await session.call_tool("log_sample", {"type": "weight", "value": 70})
        assert refused.is_error and "may not" in refused.content[0].text

    anyio.run(http_session, mcp_server, mcp_server.owner, as_owner)
    anyio.run(http_session, mcp_server, mcp_server.writer, as_writer)


def test_http_refuses_without_a_token_and_answers_get_with_405(mcp_server):
    import requests
    assert requests.post(mcp_server.url("/mcp"), json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                         timeout=10).status_code == 401
    answer = requests.get(mcp_server.url("/mcp"), headers={"Authorization": f"Bearer {mcp_server.owner}"}, timeout=10)
    assert answer.status_code == 405
