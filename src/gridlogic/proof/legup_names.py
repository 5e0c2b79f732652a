"""LEGUP's names in a proof file: what each kind calls its puzzle, rules and cell values (declared by
the kind, :class:`~gridlogic.core.proofrules.LegupRules`), gridlogic's own attributes, and how a rule
named in a file (by name, class name, alias or id) resolves to ours."""

from __future__ import annotations

import re
from functools import lru_cache

from gridlogic.core.proofrules import LegupRules
from gridlogic.proof.kinds import proof_kind


def legup_of(kind_name: str) -> LegupRules:
    """What the kind declares for LEGUP files (its names of the puzzle, rules and cell values)."""
    return proof_kind(kind_name).rules


def value_of(kind_name: str) -> dict[str, str]:
    """LEGUP's cell value -> our mark value."""
    return {v: name for name, v in legup_of(kind_name).legup_cells.items()}


START = "start"
"""``gridlogic_rule`` of the transition that sets a proof's ``start`` marks."""
GRIDLOGIC_RULE = "gridlogic_rule"
GRIDLOGIC_PUZZLE = "gridlogic_puzzle"
GRIDLOGIC_RULES = "gridlogic_rules"
"""The proof's declared rule set (``<proof gridlogic_rules="legup">``); a file without it (LEGUP's
own) is judged under the ``gridlogic`` set, which holds every LEGUP rule, the removed ones included."""
GRIDLOGIC_STEP = "gridlogic_step"
"""Marks a step named by a contradiction or case rule (an error in the proof), so that it is read
back as the step it was, not as a close or a split."""


def legup_checkable(kind_name: str) -> frozenset[str]:
    """The rules LEGUP can check in a file: those it has, and whose id LEGUP resolves to them
    (Binary Save Blocker shares ``BINA-BASC-0003``, which LEGUP resolves to Complete Row Column)."""
    table = legup_of(kind_name).legup_rules
    return frozenset(r for r, (_, rid) in table.items() if resolve_rule(kind_name, "", rid) == r)


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


@lru_cache(maxsize=1024)
def resolve_rule(kind_name: str, name: str, rid: str, ours: str = "") -> str:
    """Our name for a LEGUP rule: by its name (LEGUP's display name, its class name or ours, any
    spacing and case), then by its id; ``ours`` (the ``gridlogic_rule`` attribute) when it has
    neither; ``""`` when unjustified. A name or id we do not know is kept as written."""
    table = legup_of(kind_name).legup_rules
    if name:
        key = _norm(name)
        bare = key.removesuffix("directrule").removesuffix("contradictionrule").removesuffix("caserule")
        for rule, (legup, _) in table.items():
            if key in (_norm(rule), _norm(legup)):
                return rule
        pk = proof_kind(kind_name)
        for rule in [*pk.direct, *pk.contradictions, *pk.cases]:
            if bare == _norm(rule):
                return rule
        if bare in legup_of(kind_name).legup_aliases:
            return legup_of(kind_name).legup_aliases[bare]
    if rid:
        special = legup_of(kind_name).legup_id_only.get(rid)
        if special:
            return special
        by_id = [rule for rule, (_, i) in table.items() if i == rid]
        if by_id:
            return by_id[0]
    return name or rid or ours
