"""The SVG drawing: to scale, every node with its label and stone, the bridge, peries, quarks, overlays."""

import xml.etree.ElementTree as ET

import pytest

from gridlogic.games.starstar.draw import draw, draw_sgf, positions, state_after
from gridlogic.games.starstar.examples import EXAMPLE_2_BLUE, EXAMPLE_2_RED, cells_of
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
