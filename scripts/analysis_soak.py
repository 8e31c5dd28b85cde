#!/usr/bin/env python3
"""Runs one long `lz-analyze` and reports whether the analysis lasts: the engine's resident
memory and the root's visit rate over time.

Kosumi is started as `--player mcts --threads T --memory MB` on an empty board, sent
`lz-analyze b INTERVAL`, and left analysing for --minutes. A reader thread keeps the latest
`info` line; every --sample seconds the script records the elapsed time, the engine's resident
memory (VmRSS from /proc/PID/status) and the root's visits (the sum of the candidates'
`visits`). At the end a newline stops the analysis, `quit` ends the engine, and the samples
are printed (and written to --output as TSV).

The verdict follows the issue that asked for it (issue 17): the resident memory stays within
--memory plus --slack MB, and the root's visits grow in the last five minutes (the last sixth
of a run shorter than 30 minutes) at least 70 % as fast as in the first minute (the first
sixth of a run shorter than 6 minutes). The exit status is 0 when both hold, 1 otherwise.

Usage (from the repository root, after `cargo build --release`; it needs the machine's
cores for the whole run, so schedule it on a quiet machine):

    python3 scripts/analysis_soak.py --minutes 30 --threads 2 --output soak-30.tsv
    python3 scripts/analysis_soak.py --minutes 10 --threads 2 --memory 64 --output soak-64.tsv
    python3 scripts/analysis_soak.py --minutes 1 --threads 1 --memory 64   # a quick check
"""

import argparse
import os
import subprocess
import sys
import threading
import time


def resident_mb(pid):
    """The resident memory of process `pid` in MB, or None where /proc has no answer."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        return None
    return None


def root_visits(line):
    """The sum of the candidates' visits in one `info` line of lz-analyze."""
    tokens = line.split()
    return sum(
        int(tokens[index + 1])
        for index, token in enumerate(tokens[:-1])
        if token == "visits"
    )


class Reader(threading.Thread):
    """Reads the engine's stdout, keeping the latest info line and counting them."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.latest = None
        self.lines = 0
        self.ended = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        for raw in self.stream:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line.startswith("info "):
                with self.lock:
                    self.latest = line
                    self.lines += 1
            elif line == "" and self.lines > 0:
                self.ended.set()
        self.ended.set()

    def snapshot(self):
        with self.lock:
            return self.latest, self.lines


def rate(samples, start, end):
    """Visits per second between the samples nearest to the times `start` and `end`."""
    first = min(samples, key=lambda sample: abs(sample[0] - start))
    last = min(samples, key=lambda sample: abs(sample[0] - end))
    if last[0] <= first[0]:
        return None
    return (last[2] - first[2]) / (last[0] - first[0])


def verdict(samples, minutes, memory, slack):
    """The two checks of the issue, as (name, passed, text) triples."""
    total = minutes * 60.0
    early_end = min(60.0, total / 6.0)
    late_span = min(300.0, total / 6.0)
    early = rate(samples, 0.0, early_end)
    late = rate(samples, total - late_span, total)
    peak = max((sample[1] for sample in samples if sample[1] is not None), default=None)
    checks = []
    if peak is None:
        checks.append(("memory", False, "no resident memory could be read"))
    else:
        limit = memory + slack
        checks.append(
            ("memory", peak <= limit, f"peak resident {peak:.1f} MB, limit {limit:.0f} MB")
        )
    if early is None or late is None or early <= 0:
        checks.append(("visit rate", False, "too few samples for the visit rates"))
    else:
        share = late / early
        checks.append(
            (
                "visit rate",
                share >= 0.7,
                f"{late:.0f} visits/s over the last {late_span:.0f} s against {early:.0f} "
                f"over the first {early_end:.0f} s ({100 * share:.0f} %, at least 70 %)",
            )
        )
    return checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kosumi", default="target/release/kosumi", help="the engine binary")
    parser.add_argument("--minutes", type=float, default=30.0, help="how long to analyse")
    parser.add_argument("--size", type=int, default=19, help="board size")
    parser.add_argument("--threads", type=int, default=2, help="search threads")
    parser.add_argument("--memory", type=int, default=1024, help="the tree's --memory in MB")
    parser.add_argument("--slack", type=float, default=32.0,
                        help="MB the engine may hold beyond --memory (default 32)")
    parser.add_argument("--interval", type=int, default=100,
                        help="lz-analyze interval in centiseconds (default 100)")
    parser.add_argument("--sample", type=float, default=10.0, help="seconds between samples")
    parser.add_argument("--seed", type=int, default=1, help="the engine's --seed")
    parser.add_argument("--output", help="write the samples here as TSV")
    arguments = parser.parse_args()

    command = [
        arguments.kosumi, "--player", "mcts", "--threads", str(arguments.threads),
        "--memory", str(arguments.memory), "--seed", str(arguments.seed),
        "--size", str(arguments.size),
    ]
    print("running:", " ".join(command), flush=True)
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    reader = Reader(engine.stdout)
    reader.start()
    engine.stdin.write(f"clear_board\nlz-analyze b {arguments.interval}\n".encode())
    engine.stdin.flush()

    samples = []  # (seconds, resident MB, root visits, info lines)
    started = time.monotonic()
    total = arguments.minutes * 60.0
    print("seconds\tresident_mb\troot_visits\tvisits_per_s\tinfo_lines", flush=True)
    while True:
        elapsed = time.monotonic() - started
        latest, lines = reader.snapshot()
        visits = root_visits(latest) if latest else 0
        memory = resident_mb(engine.pid)
        per_second = ""
        if samples and elapsed > samples[-1][0]:
            per_second = f"{(visits - samples[-1][2]) / (elapsed - samples[-1][0]):.0f}"
        samples.append((elapsed, memory, visits, lines))
        shown = f"{memory:.1f}" if memory is not None else "-"
        print(f"{elapsed:.0f}\t{shown}\t{visits}\t{per_second}\t{lines}", flush=True)
        if elapsed >= total or engine.poll() is not None:
            break
        time.sleep(min(arguments.sample, max(0.0, total - elapsed)))

    try:
        engine.stdin.write(b"\nquit\n")
        engine.stdin.flush()
    except BrokenPipeError:
        pass
    reader.ended.wait(timeout=30)
    try:
        engine.wait(timeout=30)
    except subprocess.TimeoutExpired:
        engine.kill()

    if arguments.output:
        with open(arguments.output, "w") as output:
            output.write(f"# {' '.join(command)}; lz-analyze b {arguments.interval}; "
                         f"{arguments.minutes} minutes\n")
            output.write("seconds\tresident_mb\troot_visits\tinfo_lines\n")
            for seconds, memory, visits, lines in samples:
                shown = f"{memory:.1f}" if memory is not None else "-"
                output.write(f"{seconds:.1f}\t{shown}\t{visits}\t{lines}\n")

    checks = verdict(samples, arguments.minutes, arguments.memory, arguments.slack)
    for name, passed, text in checks:
        print(f"{name}: {'pass' if passed else 'FAIL'}: {text}")
    return 0 if all(passed for _, passed, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
