#!/usr/bin/env python3
"""The tables of scripts/bench-cluster: the medians of each case's runs, and
what relaying adds (relayed against direct, and against one node alone)."""

import json
import statistics
import sys


def med(reports: list[dict], *path: str):
    values = []
    for report in reports:
        value = report
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None:
            values.append(value)
    return statistics.median(values) if values else None


def fmt(value, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def main() -> None:
    rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    groups: dict[str, list[dict]] = {}
    extra: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["case"], []).append(row["report"])
        extra.setdefault(row["case"], []).append(row)

    header = ["case", "nodes", "NATS", "placement", "runs", "moves/s", "actions/s", "p50 ms", "p99 ms",
              "peer p99 ms", "nodes' CPU ms/action", "nodes' CPU %", "NATS CPU ms/action",
              "PG CPU s/1k moves", "load CPU %", "skipped ticks", "takeovers", "errors"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for case, reports in groups.items():
        is_open = reports[0]["mode"] == "open"
        takeovers = sum(row.get("takeovers", 0) for row in extra[case])
        nats = extra[case][0].get("nats") or ("yes" if reports[0].get("nodes", 1) > 1 else "no")
        cells = [case, str(reports[0].get("nodes", 1)), nats,
                 reports[0].get("placement", "direct"),
                 str(len(reports)),
                 fmt(med(reports, "moves_per_sec"), 0), fmt(med(reports, "actions_per_sec"), 0),
                 fmt(med(reports, "latency_ms", "p50"), 2), fmt(med(reports, "latency_ms", "p99"), 2),
                 fmt(med(reports, "peer_latency_ms", "p99"), 2),
                 fmt(med(reports, "server_cpu_ms_per_action"), 3),
                 fmt(med(reports, "server_cpu_percent"), 0),
                 fmt(med(reports, "nats_cpu_ms_per_action"), 3),
                 fmt(med(reports, "postgres_cpu_s_per_1k_moves"), 3),
                 fmt(med(reports, "load_cpu_percent"), 0),
                 fmt(med(reports, "ticks_skipped"), 0) if is_open else "–",
                 str(takeovers),
                 fmt(sum(r.get("errors_total", 0) for r in reports), 0)]
        print("| " + " | ".join(cells) + " |")

    # What a relay adds: the medians' differences, same load.
    print()
    print("| comparison | Δ p50 ms | Δ p99 ms | nodes' CPU ms/action | NATS CPU ms/action | Δ moves/s |")
    print("|---|---|---|---|---|---|")
    pairs = [("relayed-open", "direct-open"), ("direct-open", "single-open"),
             ("relayed-open", "single-open"), ("relayed-closed", "direct-closed"),
             ("one-node-closed", "single-closed"), ("direct-closed", "one-node-closed"),
             ("direct-closed", "single-closed"), ("spread-closed", "single-closed")]
    for case, base in pairs:
        if case not in groups or base not in groups:
            continue
        a, b = groups[case], groups[base]

        def delta(*path: str, digits: int = 2) -> str:
            x, y = med(a, *path), med(b, *path)
            return "–" if x is None or y is None else f"{x - y:+,.{digits}f}"

        def pair(*path: str) -> str:
            x, y = med(a, *path), med(b, *path)
            return f"{fmt(y, 3)} → {fmt(x, 3)}"

        print(f"| {case} vs {base} | {delta('latency_ms', 'p50')} | {delta('latency_ms', 'p99')} | "
              f"{pair('server_cpu_ms_per_action')} | {pair('nats_cpu_ms_per_action')} | "
              f"{delta('moves_per_sec', digits=0)} |")


if __name__ == "__main__":
    main()
