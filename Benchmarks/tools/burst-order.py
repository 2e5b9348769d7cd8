#!/usr/bin/env python3
"""Rewrites an export.xml so that each type's records come in bursts, as a watch that syncs in batches leaves them.

    Benchmarks/tools/burst-order.py IN/export.xml OUT.xml HOURS

Within each run of top-level <Record> elements of one type, the records are regrouped per window of HOURS hours of
start time, each source's records of the window together (sources in the order first met), otherwise in their
order. The lines are the same, only their order changes (`sort` both files to check). Used to measure decision
0023's live type indexes against rows out of order (BENCHMARKS.md, "The log copied beside the statistics").
Holds the whole file in memory (~2× its size).
"""
import re
import sys

TYPE = re.compile(r'type="([^"]+)"')
SOURCE = re.compile(r'sourceName="([^"]*)"')
START_HOUR = re.compile(r'startDate="(\d{4}-\d\d-\d\d) (\d\d)')


def record_end(lines, i):
    """The index after the top-level <Record> element starting at line i (one line, or up to its </Record>)."""
    j = i
    if not lines[i].rstrip().endswith("/>"):
        while lines[j].strip() != "</Record>":
            j += 1
    return j + 1


def in_bursts(run, hours):
    """The run's records (type, source, day, hour, lines), per window of start time, each source together."""
    sources = {}
    keyed = []
    for position, (_, source, day, hour, block) in enumerate(run):
        sources.setdefault(source, len(sources))
        keyed.append(((day, int(hour) // hours), sources[source], position, block))
    keyed.sort(key=lambda k: k[:3])
    return [line for *_, block in keyed for line in block]


def main(src, dst, hours):
    lines = open(src, encoding="utf-8").read().split("\n")
    out, run, run_type, i = [], [], None, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(" <Record "):
            end = record_end(lines, i)
            kind = TYPE.search(line).group(1)
            if kind != run_type:
                out += in_bursts(run, hours)
                run, run_type = [], kind
            day, hour = START_HOUR.search(line).groups()
            run.append((kind, SOURCE.search(line).group(1), day, hour, lines[i:end]))
            i = end
        else:
            out += in_bursts(run, hours)
            run, run_type = [], None
            out.append(line)
            i += 1
    out += in_bursts(run, hours)
    open(dst, "w", encoding="utf-8").write("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
