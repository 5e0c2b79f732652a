"""The registry of kinds: one line per kind (a loader importing its ``kind.py`` when first asked
for), finding a kind by name or by sniffing a text, and splitting the user's input into puzzles.
It sits above the kinds and below every interface (proof, cli, web, batch): core knows no kind."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from gridlogic.core.errors import GridlogicError, ParseError, UnknownFormatError, UnsupportedError
from gridlogic.core.options import Option, Value, flag_name, take
from gridlogic.core.registry import AnyKind, Format, Record


def _starbattle() -> AnyKind:
    from gridlogic.puzzles.starbattle.kind import KIND
    return KIND


def _binary() -> AnyKind:
    from gridlogic.puzzles.binary.kind import KIND
    return KIND


def _str8ts() -> AnyKind:
    from gridlogic.puzzles.str8ts.kind import KIND
    return KIND


REGISTRY: dict[str, Callable[[], AnyKind]] = {"starbattle": _starbattle, "binary": _binary, "str8ts": _str8ts}
"""Every kind, by name, as a function importing it when first asked for (a Star Battle ``solve
--kind starbattle`` never imports Binary). Order = sniffing priority. A kind whose import fails
fails loudly: an ImportError is a bug or a missing dependency, never "no such kind"."""


def take_options(k: AnyKind, given: Mapping[str, object], command: str,
                 spell: Callable[[Option], str] = flag_name) -> dict[str, Value]:
    """The options of ``given`` that kind ``k`` takes for ``command``, checked against its schema;
    one it does not take is a :class:`ParseError` naming it (spelled by ``spell``; an option of
    another kind is named as that kind spells it)."""
    every = [o for other in kinds().values() for o in other.options]
    return take(k.name, k.options, given, command, every, spell)


@cache
def load(name: str) -> AnyKind:
    k = REGISTRY[name]()
    if k.name != name:
        raise TypeError(f"the registry's {name!r} loads the kind {k.name!r}")
    return k


def kinds() -> dict[str, AnyKind]:
    """Every kind, loaded, in sniffing order."""
    return {name: load(name) for name in REGISTRY}


def kind(name: str) -> AnyKind:
    if name not in REGISTRY:
        raise UnsupportedError(f"unknown kind {name!r} (kinds: {', '.join(REGISTRY)})")
    return load(name)


def detect(text: str, kind_name: str | None = None, format_name: str | None = None,
           fallback: bool = False) -> tuple[AnyKind, Format]:
    """The kind and format of one puzzle text (``--kind``/``--format`` narrow or decide it).
    With ``fallback`` and a kind given, a text no format recognises goes to the kind's default
    format, whose reader can say precisely what is wrong with it."""
    pool = [kind(kind_name)] if kind_name else list(kinds().values())
    if format_name:
        matches = [k for k in pool if any(f.name == format_name for f in k.formats)]
        if not matches:
            raise UnsupportedError(f"no kind has a format {format_name!r}")
        return matches[0], matches[0].format(format_name)
    for k in pool:
        for f in k.formats:
            try:
                if f.sniff(text):
                    return k, f
            except GridlogicError:  # a sniffer may say "no" by raising; any other error is a bug
                continue
    if fallback and kind_name:
        return pool[0], pool[0].default_format()
    shown = text.strip().splitlines()[0][:40] if text.strip() else ""
    what = f"{kind_name} puzzle" if kind_name else "puzzle"
    raise UnknownFormatError(f"not a {what} in any format I know: {shown!r}")


def sniffs(text: str) -> bool:
    try:
        detect(text)
    except (ParseError, UnsupportedError):
        return False
    return True


def split_records(text: str, only: AnyKind | None = None) -> list[Record]:
    """The puzzles in ``text``, in order, each with its id."""
    body = text.strip()
    if not body:
        raise ParseError("empty input")
    pool: Sequence[AnyKind] = [only] if only else list(kinds().values())
    for k in pool:
        recs = k.container_records(body)
        if recs is not None:
            return recs
    kind_name = only.name if only else None
    skipped = text[:len(text) - len(text.lstrip())].count("\n")  # blank lines before the first
    if "\n" in body and _one_puzzle(body, kind_name):
        return [Record("1", body, line=1 + skipped)]
    records: list[Record] = []
    header_allowed = True
    lines = body.splitlines()
    for lineno, raw in enumerate(lines, 1 + skipped):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "\t" in raw:
            fields = [f.strip() for f in raw.rstrip("\n").split("\t")]
            found = _tsv_puzzle(fields, pool, kind_name)
            if found is None:
                if header_allowed:
                    header_allowed = False
                    continue
                raise ParseError("no puzzle in this TSV row", f"line {lineno}")
            rid = fields[0] if fields[0] and fields[0] != found else str(lineno)
            records.append(Record(rid, found, line=lineno))
        else:
            records.append(Record(str(lineno), strip_comment(line), line=lineno))
        header_allowed = False
    if not records:
        raise ParseError("no puzzle in the input (only comments or blank lines)")
    if len(records) == 1 and len([ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]) == 1:
        records[0].id = records[0].id if "\t" in body else "1"
    return records


_COMMENT = re.compile(r"\s+#(?:\s.*)?$")


def strip_comment(line: str) -> str:
    """A puzzle line without its trailing ``# comment`` (a ``#`` after a blank, then a blank or the
    end: ``#`` inside a puzzle, a Str8ts black cell, is kept)."""
    return _COMMENT.sub("", line)


def _one_puzzle(body: str, kind_name: str | None) -> bool:
    """Is a multi-line text one puzzle (XML, a pzprv3 file, a picture)? Yes when some format
    recognises and reads the whole; also when it recognises the whole but fails to read it, unless
    its lines look like puzzles of their own (then the file is a list and each line is judged).
    An XML document is always one (its reader says what is wrong with it, once)."""
    if body.startswith("<"):
        return True
    try:
        k, fmt = detect(body, kind_name)
    except GridlogicError:  # not recognised as a whole
        return False
    try:
        fmt.read(body)
    except GridlogicError:  # judged below
        lines = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        return sum(_whole(ln.strip(), k.name) for ln in lines) < 2
    return True


def _whole(body: str, kind_name: str | None) -> bool:
    try:
        detect(body, kind_name)
    except GridlogicError:  # "not a whole-text puzzle"
        return False
    return True


def _tsv_puzzle(fields: Sequence[str], pool: Sequence[AnyKind], kind_name: str | None) -> str | None:
    for k in pool:
        special: str | None = k.tsv_puzzle(fields)
        if special is not None:
            return special
    for f in [*fields[1:], *fields[:1]]:
        if f and _whole(f, kind_name):
            return f
    return None
