#!/usr/bin/env python3
"""Compares `ohk-bench` binaries' parse-only CPU time on one export by the low end of many short runs.

    Benchmarks/tools/parse-ab.py EXPORT BINARY [BINARY ...] [--rounds N] [--runs R]

Each round runs every binary once, in turn, as `BINARY import --export EXPORT --parse-only --runs R`, and keeps
each run's `scan_cpu_seconds` (the CPU time of the thread that scanned and mapped; the archive is inflated on a
thread of its own). It then prints, per binary, the minimum, the 10th and 25th percentiles and the median of its
runs, each also as a ratio to the first binary's.

Why the low end and not medians: on the benchmark host (BENCHMARKS.md, "Where the parse's time goes, by
subtraction") one binary's parse of a 112k-record export ranged 0.14–0.26 s within minutes, in phases tens of
seconds long, and its medians wander as much as the changes worth measuring. The minimum over some fifty short runs
per binary, each binary's runs spread across the same phases, is the steadiest figure it gives, and still not
steady enough for small changes: an A/A run (one binary under two names, always worth running first) gave 1.036 by
the minimum and 1.126 by the 10th percentile. Differences under ~5 % were not resolved there; large ones (the
variants in BENCHMARKS.md, 0.25–0.9) were. Use an export of ~100k records (`gen-health-export --records 100000`)
for many short runs, and check a result on the medium export too.
"""
import argparse
import re
import statistics
import subprocess
import sys

CPU = re.compile(r"\bscan_cpu_seconds=([0-9.]+)")


def runs_of(binary, export, runs):
    """The scan CPU seconds of each parse run of one process."""
    out = subprocess.run(
        [binary, "import", "--export", export, "--parse-only", "--runs", str(runs)],
        capture_output=True, text=True, check=True,
    ).stdout
    found = [float(v) for v in CPU.findall(out)]
    if len(found) != runs:
        sys.exit(f"{binary}: expected {runs} RESULT lines with scan_cpu_seconds, found {len(found)}")
    return found


def quantile(sorted_values, fraction):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("export")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--runs", type=int, default=5, help="parse runs per process")
    args = parser.parse_args()

    seconds = {binary: [] for binary in args.binaries}
    for round_ in range(1, args.rounds + 1):
        for binary in args.binaries:
            seconds[binary].extend(runs_of(binary, args.export, args.runs))
        print(f"round {round_}/{args.rounds} done", file=sys.stderr, flush=True)

    stats = {}
    for binary, values in seconds.items():
        values.sort()
        stats[binary] = (values[0], quantile(values, 0.10), quantile(values, 0.25), statistics.median(values))
    first = stats[args.binaries[0]]
    print(f"{'binary':40} {'n':>4} {'min':>8} {'p10':>8} {'p25':>8} {'median':>8}   ratios to the first")
    for binary in args.binaries:
        s = stats[binary]
        ratios = " ".join(f"{a / b:.3f}" for a, b in zip(s, first))
        print(f"{binary:40} {len(seconds[binary]):4} " + " ".join(f"{v:8.4f}" for v in s) + f"   {ratios}")


if __name__ == "__main__":
    main()
