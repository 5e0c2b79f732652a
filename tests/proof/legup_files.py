"""Hand-written LEGUP proof files for the tests: LEGUP's own layout (``<node>``/``<transition>`` with
``rule``/``rule_id``, ``<cell value x y>``), boards given as rows."""

from __future__ import annotations

from collections.abc import Sequence

SB_VALUE = {".": "0", "*": "-2", "#": "-1"}
BIN_VALUE = {".": "2", "0": "0", "1": "1"}


def sb_board(stars: int, regions: Sequence[str], cells: Sequence[str] | None = None, goal: str = "") -> str:
    """A Star Battle board: ``regions`` rows of letters, ``cells`` rows of ``.`` ``*`` ``#``."""
    n = len(regions)
    rows = cells or ["." * n] * n
    out = []
    for letter in sorted({ch for row in regions for ch in row}):
        cs = "".join(f'<cell value="{SB_VALUE[rows[y][x]]}" x="{x}" y="{y}"/>'
                     for y in range(n) for x in range(n) if regions[y][x] == letter)
        out.append(f"<region><cells>{cs}</cells></region>")
    return f'<board size="{n}" puzzle_num="{stars}">{goal}{"".join(out)}</board>'


def bin_board(rows: Sequence[str], goal: str = "", extra: str = "") -> str:
    cs = "".join(f'<cell value="{BIN_VALUE[ch]}" x="{x}" y="{y}"/>'
                 for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != ".")
    return f'<board height="{len(rows)}" width="{len(rows[0])}"{extra}>{goal}<cells>{cs}</cells></board>'


def legup(name: str, board: str, tree: str | None) -> str:
    proof = "" if tree is None else f"<proof><tree>{tree}</tree></proof>"
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="no"?><Legup version="6.1.0">'
            f'<puzzle name="{name}">{board}{proof}</puzzle><solved isSolved="0" lastSaved="--"/></Legup>')


def cells(spec: str) -> str:
    """``"x,y=v x,y=v"`` as ``<cell>`` elements (v already LEGUP's value)."""
    out = []
    for item in spec.split():
        xy, v = item.split("=")
        x, y = xy.split(",")
        out.append(f'<cell value="{v}" x="{x}" y="{y}"/>')
    return "".join(out)


def chain(*transitions: tuple[str, str, str], close: tuple[str, str] | None = None) -> str:
    """A straight proof: transitions ``(rule, rule_id, cells spec)`` from the root node, then
    optionally a contradiction ``(rule, rule_id)`` with its empty child node."""
    nodes = []
    k = 1
    for rule, rid, spec in transitions:
        attrs = (f' rule="{rule}"' if rule else "") + (f' rule_id="{rid}"' if rid else "")
        root = ' root="true"' if k == 1 else ""
        nodes.append(f'<node id="{k}"{root}><transition id="t{k}" child="{k + 1}"{attrs}>{cells(spec)}'
                     f"</transition></node>")
        k += 1
    root = ' root="true"' if k == 1 else ""
    if close:
        nodes.append(f'<node id="{k}"{root}><transition id="t{k}" child="{k + 1}" rule="{close[0]}" '
                     f'rule_id="{close[1]}"/></node><node id="{k + 1}"/>')
    else:
        nodes.append(f'<node id="{k}"{root}/>')
    return "".join(nodes)
