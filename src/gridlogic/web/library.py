"""The play page's shipped library: puzzles gridlogic generated, each kind in several sizes and grades.

``static/library.json`` is data made by ``python -m gridlogic.web.library`` (which runs
``gridlogic generate`` for every entry of :data:`PLAN`); nothing here runs when the app serves.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from gridlogic.kinds import kinds

PLAN: tuple[tuple[str, str, int | None, str, int], ...] = (
    # kind, size, stars, grade, seed
    ("starbattle", "6", 1, "Easy", 11), ("starbattle", "6", 1, "Medium", 12),
    ("starbattle", "8", 1, "Easy", 13), ("starbattle", "8", 1, "Medium", 41), ("starbattle", "8", 1, "Hard", 15),
    ("starbattle", "8", 1, "Expert", 19), ("starbattle", "8", 1, "Expert+", 20),
    ("starbattle", "10", 2, "Medium", 16), ("starbattle", "10", 2, "Hard", 17), ("starbattle", "10", 2, "Expert", 51),
    ("starbattle", "10", 2, "Expert+", 18),
    ("starbattle", "14", 3, "Expert", 52), ("starbattle", "14", 3, "Expert+", 53),
    ("binary", "6x6", None, "easy", 21), ("binary", "6x6", None, "medium", 22), ("binary", "8x8", None, "medium", 23),
    ("binary", "8x8", None, "hard", 24), ("binary", "10x10", None, "hard", 25),
    ("binary", "12x12", None, "very-hard", 26),
    ("str8ts", "6", None, "easy", 31), ("str8ts", "6", None, "moderate", 32), ("str8ts", "9", None, "easy", 33),
    ("str8ts", "9", None, "moderate", 34), ("str8ts", "9", None, "tough", 35), ("str8ts", "9", None, "diabolical", 36),
)
OUT = Path(__file__).parent / "static" / "library.json"


def title(kind: str, size: str, stars: int | None, grade: str) -> str:
    side = size if "x" in size else f"{size}x{size}"
    star = f", {stars}★" if stars else ""
    return f"{kinds()[kind].client().title} {side}{star} · {grade}"


def build(timeout: float = 300) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for kind, size, stars, grade, seed in PLAN:
        cmd = [str(Path(sys.executable).parent / "gridlogic"), "generate", kind, "--size", size, "--difficulty", grade,
               "--seed", str(seed), "--json"] + (["--stars", str(stars)] if stars else [])
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=True)
        except (subprocess.TimeoutExpired, subprocess.CalledProcessError) as e:
            print(f"skipped {kind} {size} {grade}: {e}", file=sys.stderr)
            continue
        g = json.loads(done.stdout.splitlines()[0])
        out.append({"kind": kind, "title": title(kind, size, stars, g["grade"] or grade), "size": size,
                    "grade": g["grade"] or grade, "puzzle": g["puzzle"], "seed": seed})
        print(out[-1]["title"], file=sys.stderr)
    return out


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
