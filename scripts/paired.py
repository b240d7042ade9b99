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

Usage: scripts/paired.py [-n PAIRS] 'A command' 'B command'
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
    parser.add_argument("b")
    options = parser.parse_args()
    if options.n < 1:
        parser.error("-n must be at least 1")
    run(options.a)
    run(options.b)
    a_times, b_times, ratios, cpu_ratios = [], [], [], []
    for _ in range(options.n):
        a, a_cpu = run(options.a)
        b, b_cpu = run(options.b)
        a_times.append(a)
        b_times.append(b)
        ratios.append(a / b)
        cpu_ratios.append(a_cpu / b_cpu if b_cpu > 0 else float("nan"))
    print(
        f"{statistics.median(a_times):.3f} {statistics.median(b_times):.3f} {statistics.median(ratios):.4f} "
        f"{statistics.median(cpu_ratios):.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
