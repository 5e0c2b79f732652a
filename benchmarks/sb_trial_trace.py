"""Per-step trace of one Star Battle solve with Trial: where each step's CPU time went.

    nice -n 10 .venv/bin/python -m benchmarks.sb_trial_trace 21-5-unsorted#94 /tmp/T.jsonl

One JSON line per step (the board before it, its rule, CPU seconds from the start and for the step,
each Trial stage that ran with its time and whether it found the step, and every nested-trial
assumption tried: cell, value, inner trials allowed, broke, seconds); each nested assumption is also
printed to stderr as it ends (to watch a long step). The solve is the bench's (`engine.run` with
`rules()`); the stages are timed by wrapping the trial module's functions, which changes no step.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from benchmarks.bench_starbattle_human import masonomara, starbattlelab
from gridlogic.core import engine
from gridlogic.core.step import Step
from gridlogic.puzzles.starbattle.rules import nested, rules, trial
from gridlogic.puzzles.starbattle.rules.state import State


def main() -> None:
    pid, path = sys.argv[1], sys.argv[2]
    item = next(it for src in (starbattlelab, masonomara) for it in src() if it.id == pid)
    stages: list[tuple[str, float, bool]] = []
    tried: list[tuple[int, str, int, bool, float]] = []
    made: list[Step] = []

    def timed(name: str) -> None:
        f: Callable[..., Any] = getattr(trial, name)

        def g(*a: Any, **k: Any) -> Any:
            t = time.process_time()
            r = f(*a, **k)
            stages.append((name, round(time.process_time() - t, 2), r is not None))
            return r

        setattr(trial, name, g)

    for name in ("_cases", "_deep", "nested", "shortest"):
        timed(name)
    refute = nested._refute

    def spy(st: State, prop: Any, i: int, value: str, most: int) -> nested.Refuted | None:
        t = time.process_time()
        got = refute(st, prop, i, value, most)
        tried.append((i, value, most, got is not None, round(time.process_time() - t, 2)))
        print(len(made) + 1, *tried[-1], file=sys.stderr, flush=True)
        return got

    nested._refute = spy  # type: ignore[assignment]
    st = State.start(item.puzzle)
    t0 = last = time.process_time()
    with open(path, "w") as out:

        def on_step(s: Step) -> None:
            nonlocal last
            now = time.process_time()
            made.append(s)
            rec = {"k": len(made), "t": round(now - t0, 1), "dt": round(now - last, 1), "rule": s.rule,
                   "open": st.unknown.bit_count(), "stages": [x for x in stages if x[1] > 0.5 or x[2]],
                   "nested": list(tried), "reason": s.reason, "star": st.star, "empty": st.empty}
            out.write(json.dumps(rec) + "\n")
            out.flush()
            stages.clear()
            tried.clear()
            last = now

        res = engine.run(st, rules(None), max_steps=10_000, on_step=on_step)
        out.write(json.dumps({"end": res.status, "t": round(time.process_time() - t0, 1),
                              "open": st.unknown.bit_count()}) + "\n")


if __name__ == "__main__":
    main()
