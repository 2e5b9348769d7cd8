"""The dashboard (issue 14) in a real browser: Debian's headless Chromium driven by selenium through
chromium-driver, against a real `ohk serve` with a generated export (phone + watch overlap, sleep, workouts with
routes) imported through the API.

Every page loads at desktop and phone widths with no console error and no failed request, fits the phone's width
and stays under the page budget; its numbers equal `ohk stats` and the generator's truth (and the naive sum
differs); a sample saved through the API shows on Today within a second; reordering sources changes Trends; a
browser without a session, or with another person's, sees nothing of the person. Screenshots of every page go to
$OHK_SCREENSHOTS (default: a folder in the test's temporary directory); the README's come from such a run
(scripts/screenshots).
"""
import datetime
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest
import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                        WebDriverException)
from selenium.webdriver.support.ui import WebDriverWait

from conftest import STEPS, ServerProcess, ohk_binary
from test_mcp import generator

FROM, TO = "2025-06-01", "2025-07-01"          # the generated month (its last day is 2025-06-30)
DESKTOP, PHONE = (1280, 900), (390, 844)
PAGE_BUDGET = 200 * 1024                        # bytes per page, HTML + stylesheet + script


def chromium_paths():
    browser = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not (os.access(browser, os.X_OK) and os.access(driver, os.X_OK)):
        pytest.fail("chromium and chromium-driver must be installed (apt-get install chromium chromium-driver)",
                    pytrace=False)
    return browser, driver


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A server with ana (a month of generated data), ben (nothing) and cy (for the upload)."""
    folder = tmp_path_factory.mktemp("dashboard")
    export = folder / "export.zip"
    subprocess.run([sys.executable, generator(), "--out", str(export), "--days", "30", "--tz", "UTC",
                    "--routes", "all", "--seed", "5", "-q"], check=True)
    small = folder / "small.zip"
    subprocess.run([sys.executable, generator(), "--out", str(small), "--days", "2", "--tz", "UTC", "--seed", "9",
                    "-q"], check=True)
    truth = json.loads((folder / "export.zip.truth.json").read_text())
    small_truth = json.loads((folder / "small.zip.truth.json").read_text())
    data = folder / "data"
    data.mkdir()
    server = ServerProcess(data, ["--rate-limit", "10000", "--burst", "10000"])
    server.env = {**os.environ, "TZ": "UTC"}
    tokens = {}
    for person in ("ana", "ben", "cy"):
        server.cli("add-person", person)
        tokens[person] = server.cli("issue-token", "--person", person)
    server.start()
    with open(export, "rb") as body:
        answer = requests.post(server.url("/v1/import"), data=body, timeout=120,
                               headers={"Authorization": f"Bearer {tokens['ana']}"})
    assert answer.status_code == 202, answer.text
    job = answer.json()["job"]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        state = requests.get(server.url(f"/v1/import/{job}"), timeout=10,
                             headers={"Authorization": f"Bearer {tokens['ana']}"}).json()
        if state["status"] != "running":
            break
        time.sleep(0.2)
    assert state["status"] == "finished", state
    yield {"server": server, "tokens": tokens, "truth": truth, "small": small, "small_truth": small_truth,
           "store": data / "people" / "ana.sqlite"}
    server.stop()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = pathlib.Path(os.environ.get("OHK_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser():
    path, driver_path = chromium_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = path
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--hide-scrollbars", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


class _ReadThroughPageChanges:
    """`WebDriverWait.until`, retrying when the page changed under the condition.

    Chromium's driver reports an element of a page being replaced either as `StaleElementReferenceException` or,
    when the node went between finding it and reading it, as a plain `WebDriverException` ("Node with given id does
    not belong to the document"); both only mean "not yet". Any other error still fails the test at once.
    """

    def __init__(self, inner):
        self.inner = inner

    def until(self, method, message=""):
        def attempt(driver):
            try:
                return method(driver)
            except WebDriverException as error:
                if "does not belong to the document" in str(error):
                    return False
                raise
        return self.inner.until(attempt, message)


def wait(driver, seconds, poll=0.05):
    """A wait that reads through page changes (an element of the page being left is no failure)."""
    return _ReadThroughPageChanges(WebDriverWait(
        driver, seconds, poll_frequency=poll,
        ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)))


def log_in(driver, server, token):
    driver.get(server.url("/dashboard/login"))
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "form.login button").click()
    wait(driver, 10).until(lambda d: "/dashboard/login" not in d.current_url)


def problems(driver):
    """Console errors and failed requests since the last call (a stream cut by leaving the page is no failure)."""
    found = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.responseReceived":
            response = message["params"]["response"]
            if response["status"] >= 400:
                found.append(f"{response['status']} {response['url']}")
        elif message["method"] == "Network.loadingFailed" and not message["params"].get("canceled"):
            found.append(f"failed: {message['params'].get('errorText')}")
    return found


def table_values(driver, attribute="data-value"):
    rows = driver.find_elements(By.CSS_SELECTOR, "#trend-table tbody tr")
    return {row.get_attribute("data-bucket"): float(row.get_attribute(attribute))
            for row in rows if row.get_attribute(attribute)}


PAGES = [
    ("today", "/dashboard?day=2025-06-29"),       # a day of the generated month (the live Today is tested below)
    ("today-live", "/dashboard"),
    ("trends-steps", f"/dashboard/trends?type=steps&from={FROM}&to={TO}&naive=true"),
    ("trends-heart-rate", f"/dashboard/trends?type=heart-rate&from={FROM}&to={TO}"),
    ("trends-weight", f"/dashboard/trends?type=weight&range=1y&to={TO}&unit=lb"),
    ("sleep", f"/dashboard/sleep?weeks=4&to={TO}"),
    ("workouts", "/dashboard/workouts"),
    ("sources", "/dashboard/sources?type=steps&all=true"),
    ("import", "/dashboard/import"),
]


def test_every_page_loads_cleanly_at_desktop_and_phone_widths(site, browser, shots):
    server = site["server"]
    log_in(browser, server, site["tokens"]["ana"])
    browser.get(server.url("/dashboard/workouts"))
    first = browser.find_element(By.CSS_SELECTOR, "#workouts-table tbody a").get_attribute("href")
    pages = PAGES + [("workout", first.replace(server.url(""), ""))]
    problems(browser)
    for width, height, label in (DESKTOP + ("desktop",), PHONE + ("phone",)):
        browser.set_window_size(width, height)
        for name, path in pages:
            browser.get(server.url(path))
            wait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
            assert browser.find_element(By.TAG_NAME, "h1").text, f"{name}: no heading"
            assert browser.find_element(By.CSS_SELECTOR, "main#main"), name
            for chart in browser.find_elements(By.CSS_SELECTOR, "svg.chart"):
                assert chart.get_attribute("role") == "img", name
                assert chart.find_element(By.TAG_NAME, "title").get_attribute("textContent"), name
                assert chart.find_element(By.TAG_NAME, "desc").get_attribute("textContent"), name
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 1, f"{name} at {label} width is {overflow}px wider than the screen"
            time.sleep(0.2)  # Today's stream opens; let late requests show up in the log
            assert problems(browser) == [], f"{name} at {label} width"
            full = browser.execute_script("return document.documentElement.scrollHeight")
            browser.set_window_size(width, min(max(full, height), 4000))
            browser.save_screenshot(str(shots / f"{name}-{label}.png"))
            browser.set_window_size(width, height)
    # The keyboard reaches the navigation first (after the skip link).
    browser.get(server.url("/dashboard"))
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("\ue004")  # Tab
    assert browser.switch_to.active_element.get_attribute("class") == "skip"


def test_page_budget(site):
    """Each page with its stylesheet and script is under 200 KB (uncompressed: the server sends no gzip)."""
    server = site["server"]
    session = requests.Session()
    answer = session.post(server.url("/dashboard/login"), data={"token": site["tokens"]["ana"]},
                          allow_redirects=False, timeout=10)
    assert answer.status_code == 303
    assets = sum(len(session.get(server.url(f"/dashboard/assets/{name}"), timeout=10).content)
                 for name in ("dashboard.css", "dashboard.js"))
    for name, path in PAGES:
        page = session.get(server.url(path), timeout=30)
        assert page.status_code == 200, name
        assert len(page.content) + assets < PAGE_BUDGET, f"{name}: {len(page.content) + assets} bytes"


def test_trends_show_the_merged_numbers_of_ohk_stats_and_the_truth(site, browser):
    server = site["server"]
    log_in(browser, server, site["tokens"]["ana"])
    browser.get(server.url(f"/dashboard/trends?type=steps&from={FROM}&to={TO}&naive=true"))
    merged = table_values(browser)
    naive = table_values(browser, "data-naive")
    stats = subprocess.run([ohk_binary(), "stats", "steps", "--by", "day", "--from", FROM, "--to", TO,
                            "--format", "json", "--store", str(site["store"])],
                           capture_output=True, text=True, env={**os.environ, "TZ": "UTC"}, timeout=60)
    assert stats.returncode == 0, stats.stderr
    rows = json.loads(stats.stdout)
    rows = rows.get("rows", rows) if isinstance(rows, dict) else rows
    cli = {row.get("day") or row.get("bucket"): float(row["sum"]) for row in rows}
    truth = site["truth"]["steps"]["per_day"]
    assert len(merged) == len(truth) == len(cli) == 30
    differ = 0
    for day, expected in truth.items():
        assert merged[day] == pytest.approx(cli[day], abs=1e-4), day
        assert merged[day] == pytest.approx(expected["dedup"], abs=0.01), day
        assert naive[day] == pytest.approx(expected["raw"], abs=0.01), day
        differ += naive[day] > merged[day] + 1
    assert differ >= 20, "the naive sum double-counts most days"
    # The chart draws what the table says: one bar per day with data, the naive sums as outlines.
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg#trend .bar")) == 30
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg#trend .outline")) == 30
    # Sleep: every night's time asleep equals the truth.
    browser.get(server.url(f"/dashboard/sleep?weeks=4&to={TO}"))
    nights = {row.get_attribute("data-night"): int(row.get_attribute("data-asleep"))
              for row in browser.find_elements(By.CSS_SELECTOR, "#sleep-table tbody tr")}
    expected = site["truth"]["sleep"]["per_night"]
    assert len(nights) >= 20, "a month of nights is listed"
    for night, asleep in nights.items():
        assert abs(asleep - expected[night]["asleep_seconds"]) <= 1, night
    # Workouts: as many as the truth says.
    browser.get(server.url("/dashboard/workouts"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#workouts-table tbody tr")) == len(site["truth"]["workouts"])


def test_a_saved_sample_appears_on_today_within_a_second(site, browser):
    server = site["server"]
    log_in(browser, server, site["tokens"]["ana"])
    browser.get(server.url("/dashboard"))
    wait(browser, 10).until(
        lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("data-live-ready") == "true")
    figure = browser.find_element(By.CSS_SELECTOR, '[data-figure="steps"]')
    before = float(figure.get_attribute("data-value") or 0)
    now = datetime.datetime.now(datetime.timezone.utc)
    start = max(now - datetime.timedelta(seconds=30), now.replace(hour=0, minute=0, second=0, microsecond=0))
    sample = {"type": STEPS, "startDate": start.isoformat().replace("+00:00", "Z"),
              "endDate": now.isoformat().replace("+00:00", "Z"), "quantity": {"value": 321, "unit": "count"}}
    sent = time.monotonic()
    answer = requests.post(server.url("/v1/samples"), json={"samples": [sample]}, timeout=10,
                           headers={"Authorization": f"Bearer {site['tokens']['ana']}"})
    assert answer.status_code == 201, answer.text
    wait(browser, 5, 0.02).until(
        lambda d: float(d.find_element(By.CSS_SELECTOR, '[data-figure="steps"]').get_attribute("data-value")
                        or 0) == pytest.approx(before + 321))
    elapsed = time.monotonic() - sent
    assert elapsed < 1.0, f"Today updated {elapsed:.2f} s after the save"
    assert "321" in browser.find_element(By.CSS_SELECTOR, '[data-figure="steps"]').text or before > 0
    assert problems(browser) == []


def test_changing_the_source_order_changes_trends(site, browser):
    server = site["server"]
    log_in(browser, server, site["tokens"]["ana"])
    path = f"/dashboard/trends?type=steps&from={FROM}&to={TO}"
    browser.get(server.url(path))
    before = table_values(browser)
    browser.get(server.url("/dashboard/sources?type=steps&all=true"))
    first = browser.find_element(By.CSS_SELECTOR, "#source-order li").get_attribute("data-bundle")
    browser.find_element(By.CSS_SELECTOR, "#source-order li form button").click()  # the first one's "Move down"
    wait(browser, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "#source-order li").get_attribute("data-bundle") != first)
    browser.get(server.url(path))
    after = table_values(browser)
    changed = [day for day in before if abs(before[day] - after[day]) > 0.5]
    assert len(changed) >= 20, "the merged numbers follow the new order"
    browser.get(server.url("/dashboard/sources?type=steps&all=true"))
    reset = browser.find_element(By.XPATH, "//button[text()='Back to the default order']")
    reset.click()
    wait(browser, 10).until(expected_conditions.staleness_of(reset))
    browser.get(server.url(path))
    assert table_values(browser) == pytest.approx(before)


def test_without_a_session_or_with_another_persons_nothing_shows(site, browser):
    server = site["server"]
    for path in ("/dashboard", f"/dashboard/trends?type=steps&from={FROM}&to={TO}", "/dashboard/workouts"):
        browser.get(server.url(path))
        assert "/dashboard/login" in browser.current_url
        assert browser.find_elements(By.ID, "trend-table") == []
    for token in ("ohk_" + "B" * 43, site["tokens"]["ana"][:-2] + "xx"):
        browser.get(server.url("/dashboard/login"))
        browser.find_element(By.ID, "token").send_keys(token)
        browser.find_element(By.CSS_SELECTOR, "form.login button").click()
        alert = wait(browser, 10).until(
            expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "[role=alert]")))
        assert alert.text
        assert "/dashboard/login" in browser.current_url
    log_in(browser, server, site["tokens"]["ben"])
    browser.get(server.url(f"/dashboard/trends?type=steps&from={FROM}&to={TO}"))
    assert table_values(browser) == {}
    assert "No data" in browser.find_element(By.CSS_SELECTOR, "svg#trend").get_attribute("textContent")
    browser.get(server.url("/dashboard/workouts"))
    assert browser.find_elements(By.CSS_SELECTOR, "#workouts-table") == []
    browser.get(server.url("/dashboard/sources?type=steps&all=true"))
    assert browser.find_elements(By.CSS_SELECTOR, "#source-order li") == []


def test_the_import_page_uploads_with_progress_and_shows_the_summary(site, browser, shots):
    server = site["server"]
    log_in(browser, server, site["tokens"]["cy"])
    browser.get(server.url("/dashboard/import"))
    browser.find_element(By.ID, "import-file").send_keys(str(site["small"]))
    browser.find_element(By.CSS_SELECTOR, "#import-form button").click()
    wait(browser, 60).until(
        lambda d: d.find_element(By.ID, "import-status").text in ("Import finished.",)
        or d.find_element(By.ID, "import-status").text.startswith("The import failed"))
    assert browser.find_element(By.ID, "import-status").text == "Import finished."
    assert browser.find_element(By.ID, "upload-bar").get_attribute("value") == "100"
    added = browser.find_element(By.CSS_SELECTOR, '[data-summary="Samples added"]').text
    assert int(added.replace(",", "")) > 0
    browser.save_screenshot(str(shots / "import-finished-desktop.png"))
    # The imported month is now cy's: her Trends show its merged steps.
    day = sorted(site["small_truth"]["steps"]["per_day"])[0]
    browser.get(server.url(f"/dashboard/trends?type=steps&from={day}&range=7d"))
    assert table_values(browser)[day] == pytest.approx(site["small_truth"]["steps"]["per_day"][day]["dedup"],
                                                       abs=0.01)
    assert problems(browser) == []


def test_ohk_dashboard_serves_one_store_on_loopback_with_a_one_time_link(site, tmp_path):
    """`ohk dashboard`: the store of one person on 127.0.0.1; the printed link logs in once."""
    store = tmp_path / "mine.sqlite"
    done = subprocess.run([ohk_binary(), "import", str(site["small"]), "--store", str(store)],
                          capture_output=True, text=True, env={**os.environ, "TZ": "UTC"}, timeout=120)
    assert done.returncode == 0, done.stderr
    process = subprocess.Popen([ohk_binary(), "dashboard", "--store", str(store), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TZ": "UTC"})
    try:
        first = process.stdout.readline()
        link_line = process.stdout.readline()
        assert "http://127.0.0.1:" in first, first
        link = link_line.split("open (once): ", 1)[1].strip()
        assert link.startswith("http://127.0.0.1:") and "/dashboard/login?code=" in link
        session = requests.Session()
        answer = session.get(link, allow_redirects=False, timeout=10)
        assert answer.status_code == 303
        cookie = answer.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        base = link.split("/dashboard/")[0]
        day = sorted(site["small_truth"]["steps"]["per_day"])[0]
        page = session.get(f"{base}/dashboard/trends?type=steps&from={day}&range=7d", timeout=30)
        assert page.status_code == 200
        assert f'data-bucket="{day}"' in page.text
        assert requests.get(link, allow_redirects=False, timeout=10).status_code == 401, "the link works once"
        assert requests.get(f"{base}/dashboard", allow_redirects=False, timeout=10).status_code == 303
    finally:
        process.terminate()
        process.wait(timeout=30)
