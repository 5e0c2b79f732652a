"""Human strategies for Str8ts, each a named core.engine technique (names as str8ts.com and
SlowThinker's guides use them), grouped in levels easy .. extreme."""

from __future__ import annotations

from gridlogic.core.engine import FnTechnique
from gridlogic.puzzles.str8ts.levels import DIABOLICAL, EASY, EXTREME, LEVELS, MODERATE, TOUGH
from gridlogic.puzzles.str8ts.rules import basic, chains, lines, sets
from gridlogic.puzzles.str8ts.rules.search import contradiction_search
from gridlogic.puzzles.str8ts.rules.state import State

LOGIC: tuple[FnTechnique[State], ...] = (
    FnTechnique("NakedSingle", EASY, basic.naked_single),
    FnTechnique("Elimination", EASY, basic.elimination),
    FnTechnique("CompartmentRange", EASY, basic.compartment_range),
    FnTechnique("HiddenSingle", MODERATE, basic.hidden_single),
    FnTechnique("StrandedDigits", MODERATE, basic.stranded_digits),
    FnTechnique("MindTheGap", MODERATE, basic.mind_the_gap),
    FnTechnique("SureDigits", TOUGH, basic.sure_digits),
    FnTechnique("NakedPair", TOUGH, sets.naked_set(2, TOUGH)),
    FnTechnique("HiddenPair", TOUGH, sets.hidden_set(2, TOUGH)),
    FnTechnique("NakedTriple", TOUGH, sets.naked_set(3, TOUGH)),
    FnTechnique("HiddenTriple", TOUGH, sets.hidden_set(3, TOUGH)),
    FnTechnique("Settis", DIABOLICAL, lines.settis(DIABOLICAL)),
    FnTechnique("XWing", DIABOLICAL, lines.fish(2, DIABOLICAL)),
    FnTechnique("Swordfish", DIABOLICAL, lines.fish(3, DIABOLICAL)),
    FnTechnique("AlternatingChain", DIABOLICAL, chains.alternating_chain(DIABOLICAL)),
)
"""The logic levels (easy .. diabolical), in the order the engine tries them (cheapest level first);
the extreme level adds ForcingChain and the bounded contradiction search."""


def _logic() -> tuple[FnTechnique[State], ...]:
    """What the search runs after an assumption: the logic levels without the chains (themselves
    a search over links, too slow to nest)."""
    return tuple(t for t in LOGIC if t.id != "AlternatingChain")



TECHNIQUES: tuple[FnTechnique[State], ...] = (
    *LOGIC,
    FnTechnique("ForcingChain", EXTREME, chains.alternating_chain(EXTREME, singles=True)),
    FnTechnique("BoundedContradiction", EXTREME, contradiction_search(EXTREME, _logic)),
)

__all__ = ["LEVELS", "LOGIC", "TECHNIQUES", "State"]
