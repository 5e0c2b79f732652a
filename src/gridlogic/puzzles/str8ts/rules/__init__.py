"""Human strategies for Str8ts, each a named core.engine technique (names as Str8ts players use
them: str8ts.com's strategy pages and the community catalogues), grouped in levels easy .. extreme.
The chains come last in their level, the bounded contradiction search last of all."""

from __future__ import annotations

from gridlogic.core.engine import Rule
from gridlogic.puzzles.str8ts.levels import DIABOLICAL, EASY, EXTREME, LEVELS, MODERATE, TOUGH
from gridlogic.puzzles.str8ts.rules import basic, chains, compchain, lines, nets, sets, setti, wings
from gridlogic.puzzles.str8ts.rules.search import contradiction_search
from gridlogic.puzzles.str8ts.rules.state import State

LOGIC: tuple[Rule[State], ...] = (
    Rule("NakedSingle", EASY, basic.naked_single),
    Rule("Elimination", EASY, basic.elimination),
    Rule("CompartmentRange", EASY, basic.compartment_range),
    Rule("HiddenSingle", MODERATE, basic.hidden_single),
    Rule("StrandedDigits", MODERATE, basic.stranded_digits),
    Rule("SplitCompartment", MODERATE, basic.split_compartment),
    Rule("MindTheGap", MODERATE, basic.mind_the_gap),
    Rule("SureCandidates", TOUGH, basic.sure_candidates),
    Rule("RequiredDigits", TOUGH, sets.required_digits(TOUGH)),
    *(Rule(f"Naked{sets.SET_NAMES[k]}", TOUGH, sets.naked_set(k, TOUGH)) for k in range(2, 6)),
    Rule("CrossCompartmentLockedSet", TOUGH, sets.cross_locked_set(TOUGH)),
    *(Rule(f"Hidden{sets.SET_NAMES[k]}", TOUGH, sets.hidden_set(k, TOUGH)) for k in range(2, 6)),
    Rule("CrossCompartmentHiddenSet", TOUGH, sets.cross_hidden_set(TOUGH)),
    Rule("LockedCompartments", DIABOLICAL, lines.locked_compartments(DIABOLICAL)),
    Rule("XWing", DIABOLICAL, lines.fish(2, DIABOLICAL)),
    Rule("Swordfish", DIABOLICAL, lines.fish(3, DIABOLICAL)),
    Rule("Jellyfish", DIABOLICAL, lines.fish(4, DIABOLICAL)),
    Rule("Starfish", DIABOLICAL, lines.fish(5, DIABOLICAL)),
    Rule("SettisRule", DIABOLICAL, lines.settis_rule(DIABOLICAL)),
    Rule("SettisRuleSet", DIABOLICAL, setti.settis_rule_set(DIABOLICAL)),
    Rule("YWing", DIABOLICAL, wings.y_wing(DIABOLICAL)),
    Rule("AlternatingChain", DIABOLICAL, chains.alternating_chain(DIABOLICAL)),
    Rule("CompartmentAIC", DIABOLICAL, compchain.compartment_aic(DIABOLICAL),
         f"starts in cells of at most {compchain.NARROW} candidates; AnyCellCompartmentAIC (extreme) from any"),
)
"""The logic levels (easy .. diabolical), in the order the engine tries them (cheapest level first);
the extreme level adds ForcingChain and the bounded contradiction search."""

CHAINS = frozenset({"AlternatingChain", "CompartmentAIC", "AnyCellCompartmentAIC", "ForcingChain", "StraightChain"})
"""The chain rules (tried after every other rule of their level)."""
NETS = frozenset({"ForcingChain", "StraightChain"})
"""The nets: chains where a link may follow from several earlier links together (singles inside)."""
SEARCH = frozenset({"BoundedContradiction"})
"""The search: a trial run of the other rules after an assumption."""

UNIQUENESS = Rule("UniqueRectangle", DIABOLICAL, wings.unique_rectangle(DIABOLICAL))
"""The unique-solution constraint, used only with ``--allow-uniqueness`` (before the chains)."""


def _logic() -> tuple[Rule[State], ...]:
    """What the search runs after an assumption: the logic levels without the chains (themselves
    a search over links, too slow to nest)."""
    return tuple(t for t in LOGIC if t.id not in CHAINS)


TECHNIQUES: tuple[Rule[State], ...] = (
    *LOGIC,
    Rule("AnyCellCompartmentAIC", EXTREME, compchain.compartment_aic(EXTREME, 9, "AnyCellCompartmentAIC", every=True)),
    Rule("ForcingChain", EXTREME, chains.alternating_chain(EXTREME, singles=True)),
    Rule("StraightChain", EXTREME, nets.straight_chain(EXTREME)),
    Rule("BoundedContradiction", EXTREME, contradiction_search(EXTREME, _logic)),
)


def techniques(allow_uniqueness: bool = False) -> tuple[Rule[State], ...]:
    """The rule table; with ``allow_uniqueness`` the unique rectangle joins, just before the chains."""
    if not allow_uniqueness:
        return TECHNIQUES
    k = next(k for k, t in enumerate(TECHNIQUES) if t.id == "AlternatingChain")
    return (*TECHNIQUES[:k], UNIQUENESS, *TECHNIQUES[k:])


__all__ = ["CHAINS", "LEVELS", "LOGIC", "NETS", "SEARCH", "TECHNIQUES", "UNIQUENESS", "State", "techniques"]
