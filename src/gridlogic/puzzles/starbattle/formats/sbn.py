"""masonomara SBN: ``<n>x<stars>.<n*n region letters, row-major>[.<meta>]``.

Letters are regions (``A`` = region 0 when the letters are ``A``.. in order; otherwise numbered by
first appearance). ``meta`` (``s<seed>d<difficulty>l<maxLevel>c<cycles>v1``) is kept as the name."""

from __future__ import annotations

import re

from gridlogic.core.errors import ParseError
from gridlogic.puzzles.starbattle.model import LETTERS, MAX_SIZE, StarBattle

_SHAPE = re.compile(r"^([0-9]{1,2})x([0-9]{1,2})\.([A-Za-z0-9]+)(?:\.([A-Za-z0-9-]*))?$", re.ASCII)


def sniff(text: str) -> bool:
    t = text.strip()
    return bool(re.match(r"^[0-9]{1,2}x[0-9]{1,2}\.[A-Za-z0-9]", t)) and not any(ch.isspace() for ch in t)


def read(text: str) -> StarBattle:
    t = text.strip()
    m = _SHAPE.match(t)
    if not m:
        bad = re.search(r"[^A-Za-z0-9.x-]", t)
        where = f"character {bad.start() + 1}" if bad else "masonomara SBN"
        raise ParseError("not a masonomara SBN (<n>x<stars>.<letters>[.<meta>])", where)
    n, stars, cells, meta = int(m[1]), int(m[2]), m[3], m[4] or ""
    if not 2 <= n <= MAX_SIZE:
        raise ParseError(f"size {n} is outside 2..{MAX_SIZE}", "masonomara SBN size code")
    if len(cells) != n * n:
        raise ParseError(f"{len(cells)} region letters for a {n}x{n} board (needs {n * n})",
                         "masonomara SBN size code")
    letters = sorted(set(cells))
    index = ({ch: LETTERS.index(ch) for ch in letters} if letters == list(LETTERS[:len(letters)])
             else {ch: i for i, ch in enumerate(dict.fromkeys(cells))})
    rows = [[index[ch] for ch in cells[r * n:(r + 1) * n]] for r in range(n)]
    return StarBattle.from_rows(stars, rows, name=meta)


def write(p: StarBattle) -> str:
    letters = "".join(p.region_rows())
    return f"{p.n}x{p.stars}.{letters}" + (f".{p.name}" if p.name and re.fullmatch(r"[A-Za-z0-9-]+", p.name) else "")
