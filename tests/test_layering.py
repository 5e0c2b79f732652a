"""The layering rules of docs/architecture.md, checked on the source without importing it.

Rooms, from the bottom up (an arrow may only point down, or stay inside its own room):

    core                      gridlogic.core.*
    puzzles.<kind>            gridlogic.puzzles.<kind>.*        (one room per kind)
    games.<game>              gridlogic.games.<game>.*          (one room per game)
    kinds                     gridlogic.kinds                   (the registry: one line per kind)
    proof                     gridlogic.proof.*
    interfaces                gridlogic.cli, commandline, service, batch.*, render, fuzz, params, web.*,
                              and every cli.py / *_cli.py module

- core imports nothing above it; a puzzle imports only core and itself (never another puzzle,
  proof, a game or an interface); a game imports only core and itself; the registry imports core and
  the kinds' ``kind.py``; proof imports core and the registry; interfaces import anything below.
- No import circles between modules. Every ``import`` counts: at module level, inside a function
  (a late import is still a dependency; it only hides the circle from Python) and under
  ``if TYPE_CHECKING:`` (two modules that name each other's types know each other). Importing
  ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` too, but those implicit edges are not counted:
  a package's ``__init__`` re-exporting its own modules is not a circle.
- The arrow rules count every import too, ``TYPE_CHECKING`` ones included.
- A room's own command modules (``cli.py``, ``*_cli.py``: ``proof/cli.py``,
  ``games/starstar/cli.py``) are interface code living beside their library: they stand with the
  interfaces (they may use ``params``, the command-line option types).
- No module imports another module's private ``_name`` (``from m import _x`` or ``m._x``).
- No puzzle-kind name in interface code (cli.py, commandline.py, service.py, batch/*.py, web/*.py,
  proof/*.py, and
  the front end web/static/*.js): Python names, imports and string literals count; comments and
  docstrings do not. Adding a kind must not touch interface code.

Imports written as strings (``importlib.import_module("gridlogic....")``) are not seen by this
test; no kind is loaded that way (the registry's lines are plain imports), only optional command
groups and routers of the interfaces.

The test parses the files with :mod:`ast`, so it is fast and sees code that no test runs.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "gridlogic"
KIND_NAMES = ("starbattle", "star battle", "star_battle", "binary", "str8ts")
INTERFACE_TOP = frozenset({"cli", "commandline", "service", "batch", "render", "fuzz", "params"})

# The known exceptions. The test fails on a violation not listed here AND on an entry that no longer
# occurs, so the list only shrinks.
ALLOWED: frozenset[str] = frozenset({
    # Kind names kept as data in tools that live beside the interfaces: the web fuzzer's hostile inputs,
    # the shipped library's build plan (which puzzles of which kind to generate), and LEGUP's own puzzle
    # and rule names in the proof-file mutator (a benchmark tool).
    "kind name: gridlogic/web/fuzz.py",
    "kind name: gridlogic/web/library.py",
    "kind name: gridlogic/proof/mutate.py",
})


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, dotted
    target: str  # the imported module, dotted (the deepest module the statement names)
    names: tuple[str, ...]  # the names taken with ``from m import ...``
    lineno: int
    type_only: bool  # under ``if TYPE_CHECKING:``


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _walk(node: ast.AST, type_only: bool = False) -> Iterator[tuple[ast.AST, bool]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for sub in child.body:
                yield sub, True
                yield from _walk(sub, True)
            for sub in child.orelse:
                yield sub, type_only
                yield from _walk(sub, type_only)
            continue
        yield child, type_only
        yield from _walk(child, type_only)


def _resolve(source: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = source.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


@cache
def imports() -> tuple[Import, ...]:
    known = modules()
    out: list[Import] = []
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        for node, type_only in _walk(tree(path)):
            if isinstance(node, ast.Import):
                out += [Import(name, a.name, (), node.lineno, type_only)
                        for a in node.names if a.name.split(".")[0] == "gridlogic"]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node)
                if base.split(".")[0] != "gridlogic":
                    continue
                plain = [a.name for a in node.names if f"{base}.{a.name}" not in known]
                out += [Import(name, f"{base}.{a.name}", (), node.lineno, type_only)
                        for a in node.names if f"{base}.{a.name}" in known]
                if plain:
                    out.append(Import(name, base, tuple(plain), node.lineno, type_only))
    return tuple(out)


def short(module: str) -> str:
    return module.removeprefix("gridlogic.")


def room(module: str) -> tuple[int, str]:
    """(height, room) of a module: arrows go from higher to lower, or stay in their room."""
    parts = module.split(".")[1:]
    if not parts:
        return 0, "core"  # the bare package: a version string
    if parts[-1] == "cli" or parts[-1].endswith("_cli"):
        return 4, "interfaces"  # a room's own commands (proof/cli.py, games/starstar/cli.py)
    if parts[0] == "core":
        return 0, "core"
    if parts[0] in ("puzzles", "games"):
        return 1, ".".join(parts[:2])
    if parts == ["kinds"]:
        return 2, "kinds"  # the registry: one line per kind, above the kinds, below every user of them
    if parts[0] == "proof":
        return 3, "proof"
    if parts[0] == "web" or parts[0] in INTERFACE_TOP:
        return 4, "interfaces"
    raise AssertionError(f"{module}: in no room of docs/architecture.md; add it to room()")


def arrow_violations() -> set[str]:
    out = set()
    for imp in imports():
        (hs, rs), (ht, rt) = room(imp.source), room(imp.target)
        if rs == rt:
            continue
        allowed = ht < hs and not (rs.startswith("games.") and rt.startswith("puzzles"))
        if not allowed:
            out.add(f"arrow: {short(imp.source)} -> {short(imp.target)}")
    return out


def circles() -> list[list[str]]:
    """The strongly connected components (more than one module) of the import graph."""
    graph: dict[str, set[str]] = {m: set() for m in modules()}
    for imp in imports():
        if imp.target in graph and imp.target != imp.source:
            graph[imp.source].add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan; the graph is small enough for recursion
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def circle_violations() -> set[str]:
    return {"circle: " + " <-> ".join(map(short, c)) for c in circles()}


def private_violations() -> set[str]:
    out = set()
    for imp in imports():
        for n in imp.names:
            if n.startswith("_") and not n.startswith("__"):
                out.add(f"private: {short(imp.source)} takes {short(imp.target)}.{n}")
    known = modules()
    for name, path in known.items():
        aliases: dict[str, str] = {}
        for node, _ in _walk(tree(path)):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in known and a.asname:
                        aliases[a.asname] = a.name
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path.name == "__init__.py", node)
                for a in node.names:
                    if f"{base}.{a.name}" in known:
                        aliases[a.asname or a.name] = f"{base}.{a.name}"
        for node, _ in _walk(tree(path)):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in aliases and node.attr.startswith("_")
                    and not node.attr.startswith("__") and aliases[node.value.id] != name):
                out.add(f"private: {short(name)} takes {short(aliases[node.value.id])}.{node.attr}")
    return out


def interface_files() -> list[Path]:
    files = [PACKAGE / f"{m}.py" for m in ("cli", "commandline", "service")]
    for room in ("batch", "web", "proof"):
        files += sorted((PACKAGE / room).glob("*.py"))
    return files + sorted((PACKAGE / "web" / "static").glob("*.js"))


def _docstring_lines(path: Path) -> set[int]:
    lines: set[int] = set()
    for node, _ in _walk(tree(path)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            d = body[0]
            lines.update(range(d.lineno, (d.end_lineno or d.lineno) + 1))
    mod = tree(path).body
    if mod and isinstance(mod[0], ast.Expr) and isinstance(mod[0].value, ast.Constant):
        lines.update(range(mod[0].lineno, (mod[0].end_lineno or mod[0].lineno) + 1))
    return lines


CODE_TOKENS = frozenset({tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)})


def python_code_text(path: Path) -> str:
    """Names and string literals of a Python file, without comments and docstrings."""
    skip = _docstring_lines(path)
    with io.StringIO(path.read_text(encoding="utf-8")) as f:
        return "\n".join(tok.string for tok in tokenize.generate_tokens(f.readline)
                         if tok.type in CODE_TOKENS and tok.start[0] not in skip)


JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\'\"])//[^\n]*", re.S)


def code_text(path: Path) -> str:
    if path.suffix == ".py":
        return python_code_text(path)
    return JS_COMMENT.sub("", path.read_text(encoding="utf-8"))


def kind_name_violations() -> set[str]:
    pattern = re.compile("|".join(re.escape(k) for k in KIND_NAMES), re.I)
    out = set()
    for path in interface_files():
        if pattern.search(code_text(path)):
            out.add(f"kind name: {path.relative_to(SRC).as_posix()}")
    return out


def all_violations() -> set[str]:
    return arrow_violations() | circle_violations() | private_violations() | kind_name_violations()


def test_every_module_is_in_a_room() -> None:
    assert len(modules()) > 100
    for m in modules():
        room(m)


def test_the_parser_sees_the_imports_it_should() -> None:
    found = {(i.source, i.target) for i in imports()}
    assert ("gridlogic.cli", "gridlogic.service") in found
    assert any(s.startswith("gridlogic.puzzles.binary") and t.startswith("gridlogic.core")
               for s, t in found)
    assert room("gridlogic.puzzles.binary.rules.case") == (1, "puzzles.binary")
    assert room("gridlogic.web.app") == (4, "interfaces")


def test_the_checks_catch_what_they_name(tmp_path: Path) -> None:
    text = python_code_text(PACKAGE / "core" / "engine.py")
    assert "Rule" in text and "cheapest level first" not in text  # names kept, docstring dropped
    js = tmp_path / "x.js"
    js.write_text("// str8ts here is a comment\nconst url = 'https://x.org/a'; /* binary */ f();\n")
    assert code_text(js).strip() == "const url = 'https://x.org/a';  f();"


def test_layering_rules_hold_but_for_the_listed_exceptions() -> None:
    found = all_violations()
    new = sorted(found - ALLOWED)
    gone = sorted(ALLOWED - found)
    assert not new, "layering rules of docs/architecture.md broken:\n  " + "\n  ".join(new)
    assert not gone, ("fixed, so delete from ALLOWED in tests/test_layering.py:\n  "
                      + "\n  ".join(gone))
