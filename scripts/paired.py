#!/usr/bin/env python3
"""Times two shell commands in turn (A B A B ...) and prints A's median wall seconds, B's, the
median of the pair-by-pair wall ratio A/B, and the median of the pair-by-pair CPU-time ratio A/B
(user + system seconds of the command and everything it started).

`make bench` compares popgesture with a bare libyaml scan, and --jobs 2 with --jobs 1, on a machine
whose speed drifts while it runs (other builds, frequency changes). Medians of two separate blocks of
runs then compare two different moments; a pair's two runs are seconds apart, so a drift moves both
alike and their ratio keeps. Each command runs once first, not counted (caches, page cache). The CPU
ratio says whether A does more work than B: for --jobs 2 against --jobs 1 it is about 1 when running
in parallel costs nothing, and then a wall ratio above 0.5 is time the second core was not free.

With more than two commands (A B C ...) each round runs them all, in turn and reversed every other
round, and a line per command after A gives A's median, its own, and the medians of A/it: three
ratios from the same moments, not from separate pairings minutes apart (two processes on halves and
--jobs 1 against --jobs 2 moved by 20 % between pairings on this shared machine).

Usage: scripts/paired.py [-n ROUNDS] 'A command' 'B command' ['C command' ...]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time


def run(command: str) -> tuple[float, float]:
    start = time.perf_counter()
    process = subprocess.Popen(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # wait4 gives the shell's own usage with its reaped children's: the whole command's CPU time.
    _, _, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5, help="counted pairs (default 5)")
    parser.add_argument("a")
    parser.add_argument("others", nargs="+", metavar="b")
    options = parser.parse_args()
    if options.n < 1:
        parser.error("-n must be at least 1")
    commands = [options.a, *options.others]
    for command in commands:
        run(command)
    rounds = []
    for index in range(options.n):
        # Reversed every other round, so that no command always runs right after the same one.
        order = commands if index % 2 == 0 or len(commands) == 2 else commands[::-1]
        measured = {command: run(command) for command in order}
        rounds.append([measured[command] for command in commands])
    for k in range(1, len(commands)):
        a_times = [r[0][0] for r in rounds]
        b_times = [r[k][0] for r in rounds]
        ratios = [r[0][0] / r[k][0] for r in rounds]
        cpu_ratios = [r[0][1] / r[k][1] if r[k][1] > 0 else float("nan") for r in rounds]
        print(
            f"{statistics.median(a_times):.3f} {statistics.median(b_times):.3f} {statistics.median(ratios):.4f} "
            f"{statistics.median(cpu_ratios):.4f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
