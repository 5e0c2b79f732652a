"""Each kind's drawing (puzzles/<kind>/draw.py): one element per cell with its coordinates, state and
label; the kind's marks (region borders and tint, givens, black cells, pencil marks); highlights; and
``gridlogic render`` writing the same drawing to SVG and PNG."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gridlogic.service import Spec, load

SB = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BIN = "6x6:0..0.......10...1....0.1.11..1......"
S8 = ".e...24#.#.#.......2.5..#.#.#....4a."
NS = {"s": "http://www.w3.org/2000/svg"}
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def cells(svg: str) -> dict[tuple[int, int], ET.Element]:
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "gl-cell" in g.get("class", "").split():
            out[int(g.get("data-row", "-1")), int(g.get("data-col", "-1"))] = g
    return out


def shown(g: ET.Element, cls: str) -> bool:
    """Is the symbol of class ``cls`` displayed (for a renderer without CSS)?"""
    sym = next(e for e in g.iter() if cls in e.get("class", "").split())
    return sym.get("display") == "inline"


@pytest.mark.parametrize(("text", "n", "values"), [
    (SB, 6, {"unknown"}), (BIN, 6, {"empty", "0", "1"}), (S8, 6, {"empty", "black", "2", "5", "4"})])
def test_every_cell_has_coordinates_state_and_label(text: str, n: int, values: set[str]) -> None:
    ld = load(Spec(text))
    svg = ld.kind.draw(ld.puzzle)
    found = cells(svg)
    assert set(found) == {(r, c) for r in range(n) for c in range(n)}
    assert {g.get("data-value") for g in found.values()} == values
    for (r, c), g in found.items():
        label = g.get("aria-label", "")
        assert label.startswith(f"r{r + 1}c{c + 1}")
        assert g.get("data-value", "") in label
    root = ET.fromstring(svg)
    assert root.get("data-kind") == ld.kind.name
    assert root.get("data-chars")


def test_starbattle_borders_tint_stars_and_board() -> None:
    ld = load(Spec(SB))
    svg = ld.kind.draw(ld.puzzle, ["*.????"] + ["??????"] * 5)
    root = ET.fromstring(svg)
    borders = root.find(".//s:path[@class='borders']", NS)
    assert borders is not None
    assert float(borders.get("stroke-width", "0")) >= 3
    found = cells(svg)
    assert found[0, 0].get("data-value") == "star"
    assert shown(found[0, 0], "star")
    assert not shown(found[0, 0], "black")
    assert found[0, 1].get("data-value") == "black"
    assert shown(found[0, 1], "black")
    tints = {g.find("s:rect[@class='bg']", NS).get("fill") for g in found.values()}  # type: ignore[union-attr]
    assert len(tints) >= 3
    caption = root.find(".//s:text[@class='caption']", NS)
    assert caption is not None
    assert "1 star" in (caption.text or "")
    # neighbouring regions never share a tint
    reg = ld.puzzle.regions
    fill = {rc: g.find("s:rect[@class='bg']", NS).get("fill") for rc, g in found.items()}  # type: ignore[union-attr]
    for r in range(6):
        for c in range(5):
            if reg[r][c] != reg[r][c + 1]:
                assert fill[r, c] != fill[r, c + 1]


def test_binary_givens_set_apart_and_str8ts_black_cells_and_pencil() -> None:
    ld = load(Spec(BIN))
    found = cells(ld.kind.draw(ld.puzzle))
    assert found[0, 0].get("data-given") == "1"
    assert found[0, 1].get("data-given") is None
    given_fill = found[0, 0].find("s:rect[@class='bg']", NS).get("fill")  # type: ignore[union-attr]
    free_fill = found[0, 1].find("s:rect[@class='bg']", NS).get("fill")  # type: ignore[union-attr]
    assert given_fill != free_fill
    s8 = load(Spec(S8))
    svg = s8.kind.draw_part().draw(s8.puzzle, ["1#????", "?#?#?#", "??????", "??????", "#?#?#?", "????#?"],
                                   pencil={(2, 0): "24"})
    found = cells(svg)
    assert found[0, 1].get("data-value") == "black"
    assert found[0, 0].get("data-value") == "1"
    assert found[2, 0].get("data-pencil") == "24"
    assert shown(found[2, 0], "p2")
    assert not shown(found[2, 0], "p3")


def test_highlight_classes() -> None:
    ld = load(Spec(SB))
    found = cells(ld.kind.draw(ld.puzzle, highlight={"uses": [(0, 0)], "marks": [(1, 1)]}))
    assert "hl-uses" in found[0, 0].get("class", "")
    assert "hl-marks" in found[1, 1].get("class", "")
    assert "hl-" not in found[2, 2].get("class", "")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def test_render_svg_png_solution_step_and_no_overwrite(tmp_path: Path) -> None:
    src = str(EXAMPLES / "starbattle-10x2.txt")
    out = tmp_path / "board.svg"
    assert run("render", src, "--out", str(out)).returncode == 0
    assert len(cells(out.read_text())) == 100
    again = run("render", src, "--out", str(out))
    assert again.returncode == 2
    assert again.stderr.startswith("error: ")
    assert "--force" in again.stderr
    sol = tmp_path / "sol.svg"
    assert run("render", src, "--out", str(sol), "--solution").returncode == 0
    assert sum(g.get("data-value") == "star" for g in cells(sol.read_text()).values()) == 20
    step = tmp_path / "step.svg"
    assert run("render", src, "--out", str(step), "--step", "3").returncode == 0
    marked = [g for g in cells(step.read_text()).values() if "hl-marks" in g.get("class", "")]
    assert marked
    assert all(g.get("data-value") != "unknown" for g in marked)
    png = tmp_path / "board.png"
    p = run("render", BIN, "--out", str(png))
    assert p.returncode == 0, p.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = run("render", src, "--out", str(tmp_path / "x.svg"), "--step", "999")
    assert bad.returncode == 2
    assert "step 999" in bad.stderr


def test_render_sgf_goes_to_starstar_draw(tmp_path: Path) -> None:
    out = tmp_path / "game.svg"
    game = "(;FF[4]CA[UTF-8]AP[gridlogic]GN[*Star]SZ[5];B[T43];W[*50];B[];W[A21])"
    p = run("render", game, "--out", str(out), "--move", "1")
    assert p.returncode == 0, p.stderr
    assert "<svg" in out.read_text()[:200]
    png = run("render", game, "--out", str(tmp_path / "game.png"))
    assert png.returncode == 0, png.stderr
    bad = run("render", "(;SZ[4];B[Q99])", "--out", str(tmp_path / "bad.svg"))
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: ")
    assert "Q99" in bad.stderr


def test_render_refuses_move_for_puzzles_and_both_solution_and_step(tmp_path: Path) -> None:
    p = run("render", SB, "--out", str(tmp_path / "a.svg"), "--move", "2")
    assert p.returncode == 2
    assert "--move" in p.stderr
    q = run("render", SB, "--out", str(tmp_path / "a.svg"), "--solution", "--step", "1")
    assert q.returncode == 2
    from gridlogic.puzzles.starbattle import draw as sb_draw
    assert sb_draw.CYCLE == {"unknown": "?", "star": "*", "black": "."}


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="Debian chromium not installed")
def test_png_through_chromium_when_cairosvg_is_absent() -> None:
    from gridlogic.render import _chromium_png

    ld = load(Spec(BIN))
    png = _chromium_png(ld.kind.draw(ld.puzzle))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) > 1000
