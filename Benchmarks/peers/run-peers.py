#!/usr/bin/env python3
"""Issue 5's import benchmark, side by side in one run: the PyPI peers and ohk-bench on the same export.

    Benchmarks/peers/run-peers.py EXPORT.zip [--runs 2] [--skip healthkit-to-sqlite] [--skip apple-health-parser]

Runs, one process after the other, each under `/usr/bin/time -v` (peak RSS = "Maximum resident set size"):
  - healthkit-to-sqlite  EXPORT.zip → a fresh SQLite file (the end-to-end baseline);
  - ohk-bench import     ExportImporter → a fresh SQLiteStorage file (best of --runs, separate processes);
  - apple-health-parser  Parser(export.zip): unzip + lxml parse + grouping of the Records by type (its parse step);
  - ohk-bench import --parse-only   ExportParser alone, nothing stored (best of --runs).
Records = the generator truth's count of top-level <Record> elements (EXPORT.zip.truth.json), the same for
every tool; seconds = wall time of the whole process (start-up included), measured here the same way for all.
Prints a markdown table: tool, seconds, records/s, peak RSS, ratio to healthkit-to-sqlite (records/s).

The peers are installed from PyPI into a venv (default /tmp/ohk-peers-venv, created when missing; override with
--venv). ohk-bench must be built first: `cd Benchmarks && swift build -c release`. Nothing is written into git:
databases and extracted files go to a temporary directory that is removed at the end.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEERS = ["healthkit-to-sqlite", "apple-health-parser"]

AHP_PARSE = """
import sys
from apple_health_parser.utils.parser import Parser
p = Parser(export_file=sys.argv[1], output_dir=sys.argv[2], overwrite=True)
print("RESULT records=%d" % sum(len(v) for v in p.records.values()))
"""


def ensure_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run([str(python), "-c", "import healthkit_to_sqlite, apple_health_parser"],
                           capture_output=True)
    if probe.returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PEERS], check=True)
    return venv / "bin"


def timed(name, command, log):
    """Runs `command` under /usr/bin/time -v; returns (wall seconds, peak RSS in KiB, stdout)."""
    rusage = log.with_suffix(".time")
    print(f"# {name}: {' '.join(command)}", file=sys.stderr, flush=True)
    start = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-v", "-o", str(rusage), *command], capture_output=True, text=True)
    seconds = time.monotonic() - start
    log.write_text(done.stdout + "\n--- stderr ---\n" + done.stderr)
    if done.returncode != 0:
        sys.exit(f"{name} failed ({done.returncode}); see {log}:\n{done.stderr[-2000:]}")
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", rusage.read_text())
    rss = int(match.group(1)) if match else 0
    print(f"#   {seconds:.2f} s, peak RSS {rss / 1024:.0f} MiB", file=sys.stderr, flush=True)
    return seconds, rss, done.stdout


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("export", type=Path, help="export.zip from gen-health-export (with its .truth.json)")
    parser.add_argument("--runs", type=int, default=2, help="runs of ours (best is reported; default 2)")
    parser.add_argument("--skip", action="append", default=[], choices=PEERS, help="leave a peer out")
    parser.add_argument("--venv", type=Path, default=Path("/tmp/ohk-peers-venv"))
    parser.add_argument("--bench", type=Path, default=HERE.parent / ".build" / "release" / "ohk-bench")
    parser.add_argument("--logs", type=Path, help="keep the tools' output here (default: a temporary directory)")
    args = parser.parse_args()

    export = args.export.resolve()
    truth = json.loads(Path(str(export) + ".truth.json").read_text())
    records = truth["counts"]["elements"]["Record"]
    if not args.bench.exists():
        sys.exit(f"{args.bench} missing: cd Benchmarks && swift build -c release")
    bin_dir = ensure_venv(args.venv)
    work = Path(tempfile.mkdtemp(prefix="ohk-peers-"))
    logs = args.logs or work  # with --logs, the logs outlive the temporary directory
    logs.mkdir(parents=True, exist_ok=True)
    rows = []  # (tool, step, seconds, rss KiB, output bytes or None)
    try:
        if "healthkit-to-sqlite" not in args.skip:
            db = work / "healthkit-to-sqlite.db"
            seconds, rss, _ = timed("healthkit-to-sqlite",
                                    [str(bin_dir / "healthkit-to-sqlite"), "-s", str(export), str(db)],
                                    logs / "healthkit-to-sqlite.log")
            rows.append(("healthkit-to-sqlite 1.0.1", "import → SQLite", seconds, rss, size(db)))
            db.unlink(missing_ok=True)
        best = None
        for run in range(1, args.runs + 1):
            store = work / f"ohk-{run}.sqlite"
            seconds, rss, out = timed(f"ohk-bench import (run {run})",
                                      [str(args.bench), "import", "--export", str(export), "--store", str(store)],
                                      logs / f"ohk-import-{run}.log")
            counted = int(re.search(r"RESULT suite=import .*records=(\d+)", out).group(1))
            if counted != records:
                print(f"# note: ohk counted {counted} records, truth says {records}", file=sys.stderr)
            if best is None or seconds < best[0]:
                best = (seconds, rss, size(store))
            for leftover in work.glob(store.name + "*"):
                leftover.unlink()
        if best:
            rows.append((f"ohk ExportImporter (best of {args.runs})", "import → SQLite", *best))
        if "apple-health-parser" not in args.skip:
            extract = work / "ahp"
            seconds, rss, out = timed("apple-health-parser",
                                      [str(bin_dir / "python"), "-c", AHP_PARSE, str(export), str(extract)],
                                      logs / "apple-health-parser.log")
            rows.append(("apple-health-parser 2.0.5", "parse (unzip + lxml, by type)", seconds, rss, None))
            shutil.rmtree(extract, ignore_errors=True)
        best = None
        for run in range(1, args.runs + 1):
            seconds, rss, _ = timed(f"ohk-bench import --parse-only (run {run})",
                                    [str(args.bench), "import", "--export", str(export), "--parse-only"],
                                    logs / f"ohk-parse-{run}.log")
            if best is None or seconds < best[0]:
                best = (seconds, rss, None)
        if best:
            rows.append((f"ohk ExportParser (best of {args.runs})", "parse only (typed samples)", *best))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    baseline = next((r[2] for r in rows if r[0].startswith("healthkit-to-sqlite")), None)
    print(f"\nExport: {export} ({export.stat().st_size / 1e6:.0f} MB zip), {records:,} records (truth)\n")
    print("| tool | step | seconds | records/s | peak RSS | ratio to healthkit-to-sqlite | SQLite file |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for tool, step, seconds, rss, output in rows:
        ratio = f"{baseline / seconds:.1f}×" if baseline else "n/a"
        stored = f"{output / 1e6:.0f} MB" if output else ""
        print(f"| {tool} | {step} | {seconds:.2f} | {records / seconds:,.0f} | {rss / 1024:.0f} MiB | {ratio} | {stored} |")


if __name__ == "__main__":
    main()
