"""The SVG drawing: to scale, every node with its label and stone, the bridge, peries, quarks, overlays."""

import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gridlogic.games.starstar.draw import draw, draw_sgf, positions, state_after
from gridlogic.games.starstar.examples import EXAMPLE_2_BLUE, EXAMPLE_2_RED, cells_of, game_of
from gridlogic.games.starstar.graph import star_graph
from gridlogic.games.starstar.sgf import GameRecord, RecordError, to_sgf
from gridlogic.games.starstar.state import StarState

SVG = "{http://www.w3.org/2000/svg}"


def nodes(svg: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter(SVG + "g") if "node" in e.get("class", "").split()]


@pytest.mark.parametrize("rings", range(2, 13))
def test_every_node_is_an_element_with_its_label(rings: int) -> None:
    g = star_graph(rings)
    root = ET.fromstring(draw(StarState.new(rings)))
    assert root.get("data-nodes") == str(g.size)
    found = nodes(draw(StarState.new(rings)))
    assert [e.get("data-label") for e in found] == list(g.labels)
    assert all(e.get("data-stone") == "" for e in found)
    assert all(e.find(SVG + "title") is not None for e in found)  # the label on hover
    assert sum("peri" in e.get("class", "") for e in found) == 5 * rings
    assert sum("quark" in e.get("class", "") for e in found) == 5
    assert len(list(root.iter(SVG + "line"))) == len(g.edges())  # every edge drawn once
    bridge = [e for e in root.iter(SVG + "line") if e.get("class") == "bridge"]
    assert len(bridge) == 5  # the five-pointed centre star


def test_to_scale_rings_are_pentagons_one_unit_apart() -> None:
    g = star_graph(6)
    pos = positions(6)
    for a, (_, x, y) in enumerate(g.coords):
        if y == 0:  # the arm of a sector: ring x is x units from the centre
            assert abs(pos[a][0] ** 2 + pos[a][1] ** 2 - x * x) < 1e-9
    assert pos[g.parse("*60")][0] > 0 > pos[g.parse("*60")][1]  # sector * points to the lower right
    assert pos[g.parse("A60")][0] == pytest.approx(0)  # A's arm straight up


def test_stones_last_move_and_titles() -> None:
    state = StarState.from_moves(4, "T43 *40 pass")
    by_label = {e.get("data-label"): e for e in nodes(draw(state))}
    assert by_label["T43"].get("data-stone") == "b" and by_label["*40"].get("data-stone") == "w"
    assert by_label["A41"].get("data-stone") == ""
    title = by_label["*40"].find(SVG + "title")
    assert title is not None and title.text == "*40, perimeter, quark corner, White stone"
    state = StarState.from_moves(4, "T43 *40")
    marked = [e.get("data-label") for e in nodes(draw(state)) if e.find(f"{SVG}circle[@class='last']") is not None]
    assert marked == ["*40"]


def test_scoring_overlay_outlines_stars_shades_owned_peries_marks_dead() -> None:
    state = StarState.new(4)
    state.cells[:] = cells_of(EXAMPLE_2_BLUE, EXAMPLE_2_RED)
    root = ET.fromstring(draw(state, overlay=True))
    outlines = [e for e in root.iter(SVG + "g") if e.get("class") == "star-outline"]
    assert sorted(e.get("data-player", "") for e in outlines) == ["b"] * 3 + ["w"] * 3
    owned = {e.get("data-label"): e.get("data-owner") for e in root.iter(SVG + "circle") if e.get("class") == "owned"}
    assert len(owned) == 20
    assert owned["S43"] == "b" and owned["*40"] == "w"  # surrounded: the seed's example 2
    dead = {e.get("data-label") for e in nodes(ET.tostring(root, encoding="unicode"))
            if e.find(SVG + "path") is not None}
    assert dead == {"*40", "S43"}
    assert "scoring" not in draw(state)  # no overlay unless asked


def test_ownership_estimate_dots_outside_every_peri() -> None:
    state = StarState.new(3)
    g = state.graph
    values = [1.0, -1.0, 0.0, 0.5, float("nan")] + [-0.25] * (len(g.peries) - 5)
    root = ET.fromstring(draw(state, ownership=values))
    dots = [e for e in root.iter(SVG + "circle") if e.get("class") == "own"]
    assert [e.get("data-label") for e in dots] == [g.labels[p] for p in g.peries]
    assert [e.get("data-own") for e in dots][:5] == ["1.00", "-1.00", "0.00", "0.50", "0.00"]  # NaN: nobody
    assert dots[0].get("fill") == "#2563eb" and dots[1].get("fill") == "#dc2626"  # Black's hue, White's hue
    assert dots[3].get("fill-opacity") == "0.50"
    assert "expected owner Black (+0.50)" in (dots[3].findtext(SVG + "title") or "")
    xs = positions(3)
    for e, p in zip(dots, g.peries, strict=True):  # each dot farther from the centre than its peri
        x, y = float(e.get("cx", "0")), float(e.get("cy", "0"))
        assert x * x + y * y > (40 * xs[p][0]) ** 2 + (40 * xs[p][1]) ** 2
    assert "estimate" not in draw(state)  # none unless given
    with pytest.raises(ValueError, match="peries"):
        draw(state, ownership=[0.0])


def test_draw_sgf_after_move_n() -> None:
    text = to_sgf(GameRecord(5, [(0, "T43"), (1, "*50"), (0, "pass"), (1, "A21")]))
    stones = [[e.get("data-stone") for e in nodes(draw_sgf(text, n))].count("") for n in (0, 1, 2, 3, 4)]
    assert stones == [75, 74, 73, 73, 72]
    assert draw_sgf(text, None) == draw_sgf(text, 4)
    assert len(state_after(text, 2).moves) == 2
    bad_inputs = [("(;SZ[4];B[Q99])", "Q99"), ("nonsense", "not a game record"), ("(;SZ[40])", "rings")]
    for bad, message in bad_inputs:
        with pytest.raises(RecordError, match=message):
            draw_sgf(bad)
    with pytest.raises(RecordError, match="move 5 is out of range"):
        draw_sgf(text, 5)
    with pytest.raises(RecordError, match="out of range"):
        draw_sgf(text, -1)


def render(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", "render", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def test_gridlogic_render_draws_an_sgf_game(tmp_path: Path) -> None:
    moves = game_of(EXAMPLE_2_BLUE, EXAMPLE_2_RED)
    game = tmp_path / "example2.sgf"
    game.write_text(to_sgf(GameRecord(4, [(i % 2, m) for i, m in enumerate(moves)])), encoding="utf-8")
    out = tmp_path / "after10.svg"
    p = render(str(game), "--move", "10", "--out", str(out))
    assert p.returncode == 0, p.stderr
    found = nodes(out.read_text(encoding="utf-8"))
    assert len(found) == star_graph(4).size == 50
    assert [e.get("data-stone") for e in found].count("b") == 5
    assert [e.get("data-label") for e in found if e.get("data-stone") == "w"] == sorted(
        moves[1:10:2], key=star_graph(4).parse)
    full = tmp_path / "end.svg"
    assert render(str(game), "--out", str(full)).returncode == 0
    assert all(e.get("data-stone") for e in nodes(full.read_text(encoding="utf-8")))
    bad = render(str(game), "--move", "99", "--out", str(tmp_path / "bad.svg"))
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "move 99 is out of range" in bad.stderr


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="no PNG back end without chromium")
def test_gridlogic_render_png_of_an_sgf_game(tmp_path: Path) -> None:
    game = "(;FF[4]SZ[6];B[T43];W[*60];B[A31])"
    svg = ET.fromstring(draw_sgf(game))
    width, height = int(svg.get("width", "0")), int(svg.get("height", "0"))
    png = tmp_path / "game.png"
    p = render(game, "--out", str(png))
    assert p.returncode == 0, p.stderr
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    w, h = struct.unpack(">II", data[16:24])  # IHDR: the picture's size, the SVG's (x1 or x2 with cairosvg)
    assert (w, h) in {(width, height), (2 * width, 2 * height)}
