#!/usr/bin/env python3
"""Times two `ohk-bench` binaries' imports of one export, whole processes alternated, and prints medians.

    Benchmarks/tools/import-ab.py BEFORE AFTER EXPORT [--pairs N] [--env-after KEY=VALUE ...]

Each pair runs `BEFORE import --export EXPORT --runs 1`, then AFTER's, each a fresh process on a fresh store, and
reads the RESULT line's import seconds and stages. On a host whose speed drifts (BENCHMARKS.md: ±20 % between runs
of one binary), only pairs run side by side compare: the script prints each run, then per binary the medians of
the import, its writing and committing stages, the statistics, and "after writing" (the import's seconds less its
writing stage: committing, statistics, the log's copy and truncation), and the ratio of the medians with the
median of the pairwise ratios. `--env-after` sets variables for AFTER's runs only (the same binary with a switch).
BENCHMARKS.md's import tables alternate runs this way (the tenth section's with an earlier shell form of it).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

FIELD = re.compile(r"(\w+)=([0-9.]+)")
KEYS = ["import_seconds", "stage_writing", "stage_committing", "statistics_seconds", "after_writing"]


def run(binary, export, env):
    """One import in a fresh process: its RESULT line's numeric fields."""
    out = subprocess.run(
        [binary, "import", "--export", export, "--runs", "1"],
        capture_output=True, text=True, env={**os.environ, **env}, check=True,
    ).stdout
    line = next((l for l in out.splitlines() if l.startswith("RESULT ")), None)
    if line is None:
        sys.exit(f"{binary}: no RESULT line")
    fields = {k: float(v) for k, v in FIELD.findall(line)}
    missing = [k for k in KEYS if k != "after_writing" and k not in fields]
    if missing:
        sys.exit(f"{binary}: its RESULT line has no {', '.join(missing)} (an ohk-bench from before the stage times?)")
    fields["after_writing"] = fields["import_seconds"] - fields["stage_writing"]
    return fields


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("export")
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--env-after", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    env_after = dict(item.split("=", 1) for item in args.env_after)

    keys = KEYS
    runs = {"before": [], "after": []}
    for pair in range(1, args.pairs + 1):
        for name, binary, env in (("before", args.before, {}), ("after", args.after, env_after)):
            fields = run(binary, args.export, env)
            runs[name].append(fields)
            print(f"{name:6} {pair:2} " + " ".join(f"{k}={fields[k]:.3f}" for k in keys), flush=True)

    print()
    print("| | " + " | ".join(keys) + " |")
    print("|---|" + "---:|" * len(keys))
    for name in ("before", "after"):
        medians = [statistics.median(r[k] for r in runs[name]) for k in keys]
        print(f"| {name} | " + " | ".join(f"{m:.3f}" for m in medians) + " |")
    before = [r["import_seconds"] for r in runs["before"]]
    after = [r["import_seconds"] for r in runs["after"]]
    ratio = statistics.median(after) / statistics.median(before)
    pairwise = statistics.median(b / a for a, b in zip(before, after))
    print(f"\nafter / before: {ratio:.3f}× (pairwise median {pairwise:.3f}×), {args.pairs} pairs")


if __name__ == "__main__":
    main()
