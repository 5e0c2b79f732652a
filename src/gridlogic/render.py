"""``gridlogic render``: a puzzle's drawing (the same SVG the web page plays on) to an SVG or PNG file,
optionally with its solution or the board after step N of its explanation (that step highlighted).
A *Star SGF game goes to :func:`gridlogic.games.starstar.draw.draw_sgf`."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import click

from gridlogic import service
from gridlogic.commandline import KindCommand, given_options
from gridlogic.core.errors import GridlogicError, ParseError, UnsupportedError
from gridlogic.core.files import check_target, write_bytes
from gridlogic.core.inputs import read_argument
from gridlogic.core.options import flag_name
from gridlogic.core.step import Step
from gridlogic.params import Int

CHROMIUM = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")


def after_steps(start: Sequence[str], steps: Sequence[Step], chars: Mapping[str, str]) -> list[str]:
    """The board after ``steps`` from ``start`` (a removed candidate, ``-d``, leaves its cell as it is)."""
    rows = [list(r) for r in start]
    for step in steps:
        for m in step.marks:
            if m.value in chars:
                rows[m.cell[0]][m.cell[1]] = chars[m.value]
    return ["".join(r) for r in rows]


def puzzle_svg(text: str, *, kind_name: str | None, format_name: str | None, options: Mapping[str, object],
               index: int, solution: bool, step: int | None) -> str:
    ld = service.load(service.Spec(text, kind_name, format_name, options, index, "render"), flag_name)
    k, p = ld.kind, ld.puzzle
    if solution:
        out = service.solve(k, p)
        if out["solution"] is None:
            raise GridlogicError("the puzzle has no solution to draw")
        return k.draw(p, out["solution"])
    if step is not None:
        ex = k.explain(p)
        if not 1 <= step <= len(ex.steps):
            raise ParseError(f"step {step} asked for, the explanation has {len(ex.steps)}", "--step")
        rows = after_steps(k.start_rows(p), ex.steps[:step], k.mark_chars)
        cur = ex.steps[step - 1]
        return k.draw(p, rows, highlight={"uses": cur.uses, "marks": [m.cell for m in cur.marks]})
    return k.draw(p)


def sgf_svg(text: str, move: int | None) -> str:
    try:
        module = importlib.import_module("gridlogic.games.starstar.draw")
    except ImportError:
        raise UnsupportedError("*Star drawings are not available in this installation") from None
    try:
        svg: str = module.draw_sgf(text, move)
    except ValueError as e:  # the game's RecordError: a record that cannot be read or replayed
        raise ParseError(str(e), "SGF") from None
    return svg


def to_png(svg: str) -> bytes:
    """PNG bytes: cairosvg (with the system's libcairo) when installed, else headless chromium."""
    try:
        import cairosvg
    except (ImportError, OSError):
        return _chromium_png(svg)
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=2)
    return png


def _chromium_png(svg: str) -> bytes:
    exe = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    if exe is None:
        raise UnsupportedError("PNG needs cairosvg (pip install 'gridlogic[png]') or chromium; write .svg instead")
    import re

    size = re.search(r'width="(\d+)" height="(\d+)"', svg)
    w, h = (int(size.group(1)), int(size.group(2))) if size else (800, 800)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp, "board.html")
        page.write_text(f'<html><body style="margin:0">{svg}</body></html>', encoding="utf-8")
        shot = Path(tmp, "board.png")
        subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={shot}",
                        f"--window-size={w},{h}", "--hide-scrollbars", page.as_uri()],
                       capture_output=True, timeout=60, check=False)
        if not shot.exists():
            raise UnsupportedError("chromium could not draw the PNG; write .svg instead")
        return shot.read_bytes()


@click.command(cls=KindCommand)
@click.argument("puzzle")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="File to write: .svg or .png.")
@click.option("--solution", is_flag=True, help="Draw the solution.")
@click.option("--step", type=Int(1, 100_000), default=None,
              help="Draw the board after step N of the explanation, that step's cells highlighted.")
@click.option("--move", type=Int(0, 100_000), default=None, help="*Star SGF: draw the position after move N.")
@click.option("--index", type=Int(1, 1_000_000), default=1, show_default=True,
              help="Which puzzle of a file holding several.")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@click.option("--kind", "kind_name", default=None, help="Puzzle kind (default: detected).")
@click.option("--format", "format_name", default=None, help="Input format (default: detected).")
def render(puzzle: str, out: Path, solution: bool, step: int | None, move: int | None, index: int, force: bool,
           kind_name: str | None, format_name: str | None, **given: object) -> None:
    """Draw PUZZLE (or a *Star SGF game) to an SVG or PNG file."""
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ParseError("the output must end in .svg or .png", "--out")
    if solution and step is not None:
        raise ParseError("choose --solution or --step, not both")
    check_target(out, force=force, inputs=[puzzle] if os.path.isfile(puzzle) else [])  # before any work
    text, source = read_argument(puzzle)
    if text.lstrip().startswith("(;"):
        svg = sgf_svg(text, move)
    else:
        if move is not None:
            raise ParseError("--move is for *Star SGF games", "--move")
        svg = puzzle_svg(text, kind_name=kind_name, format_name=format_name, options=given_options(given),
                         index=index - 1,
                         solution=solution, step=step)
    data = svg.encode("utf-8") if suffix == ".svg" else to_png(svg)
    write_bytes(out, data, force=force, inputs=[puzzle] if source != "argument" else [])
    click.echo(f"wrote {out} ({len(data):,} bytes)", err=True)
