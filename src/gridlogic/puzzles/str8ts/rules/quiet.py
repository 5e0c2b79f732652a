"""Rows and columns where a rule found nothing, remembered by what the rule reads there.

A rule whose step in a row or column depends only on that line (its cells' candidates and which of
them are placed; the puzzle fixes the rest) finds nothing there again while those stay the same.
After a step most lines are unchanged, so the rules that scan every line on every board skip them.
Kept per puzzle, keyed by the rule, the line and :meth:`State.line_code`; emptied past ``LIMIT``."""

from __future__ import annotations

from gridlogic.puzzles.str8ts.rules.state import State

LIMIT = 100_000
Key = tuple[str, int, int]


def _seen(s: State) -> set[Key]:
    return s.puzzle.memo("quiet_lines", set)


def quiet_key(s: State, rule: str, k: int) -> Key:
    """What ``rule`` reads in line ``k`` of ``s``."""
    return rule, k, s.line_code(k)


def known(s: State, found: Key) -> bool:
    return found in _seen(s)


def remember(s: State, found: Key) -> None:
    seen = _seen(s)
    if len(seen) >= LIMIT:
        seen.clear()
    seen.add(found)


__all__ = ["known", "quiet_key", "remember"]
