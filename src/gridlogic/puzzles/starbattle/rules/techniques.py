"""The techniques of Kris's Star Battle guide (sections 1-4), one entry per rule id: the seed's
title (``../shared/seeds/starbattle-production-rules.md``), the guide technique it belongs to, the
module(s) it lives in, and a one-line note where ours is stronger or different. ``TECHNIQUES`` is
the reader's index: every rule the engine runs has exactly one entry (tested)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Technique:
    """One rule id: the seed's title, the guide's technique, where it lives, how ours differs."""

    id: str
    seed: str
    guide: str
    modules: tuple[str, ...]
    note: str = ""


_T = Technique
TECHNIQUES: tuple[Technique, ...] = (
    _T("R1.1", "Star Adjacency Elimination", "§1.1 Trivial marks", ("tier1",)),
    _T("R1.2", "Row Complete", "§1.1 Trivial marks", ("tier1",)),
    _T("R1.3", "Column Complete", "§1.1 Trivial marks", ("tier1",)),
    _T("R1.4", "Shape Complete", "§1.1 Trivial marks", ("tier1",)),
    _T("R2.1", "Row Forced", "§1.1 Trivial marks", ("tier2",)),
    _T("R2.2", "Column Forced", "§1.1 Trivial marks", ("tier2",)),
    _T("R2.3", "Shape Forced", "§1.1 Trivial marks", ("tier2",)),
    _T("R3.1", "2x2 Maximum Bound", "2x2s", ("tier3",),
       "marks: a unit needing one star inside one 2x2 empties the 2x2's other cells"),
    _T("R3.2", "Region Tiling Bound", "2x2s / simple shapes", ("tier3",),
       "exact bound (branch and bound), never above the greedy tiling; reports contradictions only"),
    _T("R3.3", "Exact Tiling Deduction", "2x2s / simple shapes", ("tier3", "facts")),
    _T("R3.4", "1xn Identification", "1xN", ("tier3", "facts"), "exact: a region that cannot fit its stars "
       "outside a line has the rest there"),
    _T("R3.5", "1xn Line Completion", "1xN", ("tier3",)),
    _T("R3.6", "Bound Tightening from 1xn", "1xN / composite shapes", ("tier3",), "graded Hard"),
    _T("R4.1", "Direct Shape Exclusion", "§1.4 Exclusion", ("tier4", "capped"),
       "also completing (the star closes the units it fills) and with line counts (capped.py, Hard)"),
    _T("R4.2", "Direct Row Exclusion", "§1.4 Exclusion", ("tier4", "capped")),
    _T("R4.3", "Direct Column Exclusion", "§1.4 Exclusion", ("tier4", "capped")),
    _T("R4.4", "Cross-Region Shape Exclusion", "§1.4 Exclusion", ("tier4", "capped")),
    _T("R4.5", "Cross-Region Row Exclusion", "§1.4 Exclusion", ("tier4", "capped"), "graded Hard"),
    _T("R4.6", "Cross-Region Column Exclusion", "§1.4 Exclusion", ("tier4", "capped"), "graded Hard"),
    _T("R4.7", "Pressured Exclusion", "§1.5 Pressured exclusion", ("tier4",)),
    _T("R4.8", "Star-Containing 2x2 Pressured Exclusion", "§1.5 Pressured exclusion", ("tier4",)),
    _T("R5.1", "Undercounting", "Undercounting", ("tier5", "linesets"),
       "also line sets with exact per-region least counts"),
    _T("R5.2", "Overcounting", "Overcounting", ("tier5", "linesets"),
       "also line sets with exact per-region most counts"),
    _T("R5.3", "Finned Undercounting", "Finned counts", ("tier5",)),
    _T("R5.4", "Finned Overcounting", "Finned counts", ("tier5",)),
    _T("R5.5", "Squeeze", "Squeeze", ("tier5",)),
    _T("R5.6", "Set Differential Computation", "§2.6 Set differentials / composite shapes",
       ("set_differentials", "blocks", "composites"), "graded by operations: Hard ≤ 2, Expert 3-4, Expert+ ≥ 5"),
    _T("R6.1", "Kissing Ls", "§4.1 Kissing Ls", ("kissing_ls",), "any two star-containing 2x2s, any S"),
    _T("R6.2", "The M", "§4.2 The M", ("the_m",),
       "the seed's geometric M cannot occur in two lines; ours caps a squeeze piece by its region's count"),
    _T("R6.3", "Pressured T", "§4.3 Pressured Ts", ("pressured_t", "pressured_squeeze", "strips"),
       "the pattern first; then the generalised pressured squeeze (bounded search, 2 lines; 3-5 at Expert+)"),
    _T("R6.4", "Fish", "§4.4 Fish", ("fish",)),
    _T("R6.5", "Finned Fish", "§4.4 Fish", ("fish",)),
    _T("R6.6", "N-Rooks Property", "§4.5 n-Rooks", ("rooks",)),
    _T("Entanglement", "(no seed id)", "§4.6 Entanglement", ("entanglement",),
       "two touching regions listed together, any size"),
    _T("R7.1", "By a Thread", "§3.1 By a thread", ("by_a_thread", "at_sea"), "only with allow_uniqueness"),
    _T("R7.2", "At Sea", "§3.2 At sea", ("at_sea",), "twin-free patterns; only with allow_uniqueness"),
    _T("R7.3", "By a Thread at Sea", "§3.3 By a thread at sea", ("by_a_thread", "at_sea"),
       "only with allow_uniqueness"),
    _T("Placements", "(not in the seed)", "(ours: listing a unit's placements)", ("listing",)),
    _T("Trial", "(not in the seed)", "(ours: contradiction search, last)", ("trial", "split", "nested", "witness")),
)

BY_ID: dict[str, Technique] = {t.id: t for t in TECHNIQUES}
