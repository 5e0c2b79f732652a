"""A thin SAT layer on python-sat: variables, clauses, cardinality encodings, and solution
enumeration as a generator (``count = len(islice(solutions, limit))``; uniqueness = a second ``next``).

The default solver is CaDiCaL 1.9.5. Cardinality constraints use one of python-sat's encodings
(``seqcounter``, ``totalizer``, ``cardnetwrk``, ``pairwise`` ...) or ``native`` (kept as
constraints for solvers that support them: minicard / gluecard).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Literal

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

Encoding = Literal["seqcounter", "totalizer", "cardnetwrk", "sortnetwrk", "pairwise", "ladder",
                   "mtotalizer", "kmtotalizer", "native"]
NATIVE_SOLVERS = frozenset({"minicard", "gluecard3", "gluecard4"})
DEFAULT_SOLVER = "cadical195"


@dataclass
class SatModel:
    """Clauses over integer variables, plus native cardinality constraints when asked for."""

    nvars: int = 0
    clauses: list[list[int]] = field(default_factory=list)
    atmosts: list[tuple[list[int], int]] = field(default_factory=list)

    def var(self) -> int:
        self.nvars += 1
        return self.nvars

    def new_vars(self, n: int) -> list[int]:
        first = self.nvars + 1
        self.nvars += n
        return list(range(first, first + n))

    def add(self, clause: Iterable[int]) -> None:
        self.clauses.append(list(clause))

    def at_most(self, lits: Sequence[int], k: int, encoding: Encoding = "seqcounter") -> None:
        lits = list(lits)
        if k >= len(lits):
            return
        if k < 0:
            self.add([])
            return
        if k == 0:
            self.clauses.extend([-x] for x in lits)
        elif encoding == "native":
            self.atmosts.append((lits, k))
        elif k == 1 and len(lits) <= 6:
            self.clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])
        else:
            enc = CardEnc.atmost(lits, bound=k, top_id=self.nvars, encoding=getattr(EncType, encoding))
            self._absorb(enc)

    def at_least(self, lits: Sequence[int], k: int, encoding: Encoding = "seqcounter") -> None:
        lits = list(lits)
        if k <= 0:
            return
        if k == 1:
            self.add(lits)
        elif encoding == "native":
            self.atmosts.append(([-x for x in lits], len(lits) - k))
        else:
            self.at_most([-x for x in lits], len(lits) - k, encoding)

    def exactly(self, lits: Sequence[int], k: int, encoding: Encoding = "seqcounter") -> None:
        if encoding not in ("native", "pairwise") and 1 < k < len(lits) - 1:
            enc = CardEnc.equals(list(lits), bound=k, top_id=self.nvars, encoding=getattr(EncType, encoding))
            self._absorb(enc)
            return
        self.at_most(lits, k, encoding)
        self.at_least(lits, k, encoding)

    def _absorb(self, enc: Any) -> None:
        self.clauses.extend(enc.clauses)
        self.nvars = max(self.nvars, enc.nv)

    def solver(self, name: str = DEFAULT_SOLVER) -> Solver:
        """A fresh solver loaded with the model (native constraints need minicard/gluecard)."""
        if self.atmosts and name not in NATIVE_SOLVERS:
            name = "minicard"
        s = Solver(name=name, bootstrap_with=self.clauses)
        for lits, k in self.atmosts:
            s.add_atmost(lits, k)
        return s


def solutions(model: SatModel, project: Sequence[int], *, solver: str = DEFAULT_SOLVER,
              assumptions: Sequence[int] = ()) -> Iterator[frozenset[int]]:
    """Every distinct assignment of the ``project`` variables in a model of ``model``, as the set of
    those that are true. One incremental solver; each found solution is blocked on ``project`` only,
    so auxiliary (encoding) variables never multiply the count."""
    with model.solver(solver) as s:
        yield from models(s, project, assumptions=assumptions)


def models(s: Solver, project: Sequence[int], *, assumptions: Sequence[int] = (),
           block: Callable[[frozenset[int]], list[int]] | None = None,
           stats: dict[str, int] | None = None, budget: int = 0,
           on_budget: Callable[[Solver], None] | None = None) -> Iterator[frozenset[int]]:
    """The enumeration loop on a loaded solver ``s``: solve, yield the true ``project`` variables,
    add a blocking clause (``block(true)``, by default "not exactly this assignment of ``project``"),
    repeat. ``stats`` receives the solver's counters after each call. With ``budget`` > 0 a call
    stops after that many conflicts; ``on_budget(s)`` may then strengthen the formula (add redundant
    clauses) and the call resumes without a limit."""
    limited = budget > 0
    while True:
        if limited:
            s.conf_budget(budget)
            found = s.solve_limited(assumptions=list(assumptions))
        else:
            found = s.solve(assumptions=list(assumptions))
        if stats is not None:
            stats.update(s.accum_stats())
        if found is None:
            if on_budget is not None:
                on_budget(s)
            limited = False
            continue
        if not found:
            return
        m = s.get_model()
        assert m is not None
        true = frozenset(v for v in project if m[v - 1] > 0)
        yield true
        s.add_clause(block(true) if block is not None else [-v if v in true else v for v in project])


def count(it: Iterable[Any], limit: int) -> int:
    """How many items ``it`` yields, stopping at ``limit``."""
    return sum(1 for _ in islice(it, limit))
