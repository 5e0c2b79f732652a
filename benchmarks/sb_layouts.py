"""How many Star Battle star layouts a size has, and how often the generator's draw repeats one.

A layout is S stars in every row and column, no two touching, regions ignored (the generator's
first step, ``generate.random_solution``). Counted exactly by a row-by-row count (column counts and
the previous row's stars as the state; feasible up to 10/2), and compared with the draw: repeated
pairs among K draws against K²/2N for N equally likely layouts, and so the chance that 100 seeds
give a repeated solution (1 − e^(−λ), λ the expected repeated pairs among 100 draws at that ratio).

    nice -n 10 .venv/bin/python -m benchmarks.sb_layouts [--draws 5000] [--sizes 5/1,6/1,8/1,10/2]
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter, defaultdict
from itertools import combinations, pairwise

from gridlogic.puzzles.starbattle.layouts import random_solution


def rows(n: int, s: int) -> list[int]:
    """Every row of n cells with s stars, none side by side, as bit masks."""
    return [sum(1 << c for c in cs) for cs in combinations(range(n), s)
            if all(b - a > 1 for a, b in pairwise(cs))]


def layouts(n: int, s: int) -> int:
    """The number of n×n layouts with s stars per row and column, no two touching."""
    masks = rows(n, s)
    ways: dict[tuple[tuple[int, ...], int], int] = {((0,) * n, 0): 1}
    for _ in range(n):
        nxt: dict[tuple[tuple[int, ...], int], int] = defaultdict(int)
        for (counts, prev), w in ways.items():
            for m in masks:
                if m & (prev | prev << 1 | prev >> 1):
                    continue
                c = tuple(k + (m >> i & 1) for i, k in enumerate(counts))
                if max(c) <= s:
                    nxt[c, m] += w
        ways = nxt
    return sum(w for (counts, _), w in ways.items() if min(counts) == s)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--draws", type=int, default=5000)
    ap.add_argument("--sizes", default="5/1,6/1,8/1,10/2")
    args = ap.parse_args()
    for spec in args.sizes.split(","):
        n, s = map(int, spec.split("/"))
        total = layouts(n, s)
        drawn = Counter(random_solution(n, s, random.Random(i)) for i in range(args.draws))
        pairs = sum(k * (k - 1) // 2 for k in drawn.values())
        expect = args.draws * (args.draws - 1) / 2 / total
        repeat = 1 - math.exp(-100 * 99 / 2 / total * pairs / expect)
        print(f"{n}/{s}: {total:,} layouts; {args.draws} draws: {len(drawn)} distinct, {pairs} repeated pairs "
              f"(uniform {expect:.1f}, ratio {pairs / expect:.2f}); 100 seeds repeat a layout with "
              f"probability ~{repeat:.0%}")


if __name__ == "__main__":
    main()
