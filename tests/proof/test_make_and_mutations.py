"""``proof make`` then ``proof check`` on a fixed sample of the dev corpus, and the mutation suite:
every mutant of those proofs must be rejected."""

from __future__ import annotations

from collections import Counter

from gridlogic.proof.checker import check
from gridlogic.proof.model import Proof
from gridlogic.proof.mutate import mutants


def test_made_proofs_check_valid(sample_proofs: list[tuple[str, Proof]]) -> None:
    kinds = Counter(p.kind for _, p in sample_proofs)
    assert kinds == {"starbattle": 6, "binary": 5}
    splits = 0
    for name, proof in sample_proofs:
        again = Proof.from_text(proof.to_text())
        assert again == proof
        rep = check(again)
        assert rep.valid, (name, rep.errors[:3])
        assert rep.leaves == 1, name  # one open leaf: the solved board; every other branch is closed
        splits += rep.closed
        legup_steps = proof.to_text().count('"rule": "') - proof.to_text().count('"rule": "R')
        assert legup_steps > 0, name
    assert splits >= 3  # the Trial / ZeroOrOne puzzles of the sample became case splits


def test_every_mutant_is_rejected(sample_proofs: list[tuple[str, Proof]]) -> None:
    tried: Counter[str] = Counter()
    survivors = []
    for name, proof in sample_proofs:
        for what, mutant in mutants(proof):
            tried[what.split()[0]] += 1
            if check(Proof.from_json(mutant)).valid:
                survivors.append((name, what))
    print(f"\nmutation suite: {sum(tried.values())} mutants tried ({dict(tried)}), "
          f"{sum(tried.values()) - len(survivors)} rejected")
    assert not survivors, survivors[:10]
    assert sum(tried.values()) > 300
    assert set(tried) == {"flip", "move", "swap", "cut", "close", "drop", "split"}
