"""Bad inputs for every reader and command, and a judge of how the command line answers them.

Used by the fuzz tests (``tests/fuzz``, through hypothesis) and by ``benchmarks/bench_fuzz.py``
(10,000+ random runs). Inputs are good puzzles, proofs, game records and options, mutated: characters
deleted, inserted (non-ASCII digits, NULs, line breaks, lone surrogates), numbers blown up, texts cut
short, nested thousands deep, or re-encoded as bytes that are not UTF-8.

A run is judged by the house rule: bad input gives one ``error: <what, where>`` line per bad puzzle on
stderr and exit 2; never a traceback, never a catch-all ``SomeError:`` message, never more than 10 s.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

SLOW = 10.0
"""A run over this many seconds (wall) counts as a hang."""

STRANGE = ["²", "①", "٦", "١", "٣", "۷", "߂", "\x00", "\n", "\t", "\r", " ", "#", "<", ">", "/", ":", "x", ".", "-",
           "é", "☆", "\u0301", "\ufeff", "𝟘", "0", "9", "{", "}", "[", "]", "(", ";", '"', "\\", "\udcff"]
BAD_NUMBERS = ["nan", "inf", "-inf", "-1", "0", "²", "①", "٦", "١٢", "9" * 5000, "1e999", "", " ", "0x10", "1_0",
               "abc", "6x", "x6", "6x6x6", "+", "\udcff", "１０"]
FORMATS = ["puzzlink", "pzprv3", "legup", "sbn", "sbl", "picture", "rows", "s81", "nonsense"]
KINDS = ["starbattle", "binary", "str8ts", "nope"]


@cache
def seeds() -> dict[str, str]:
    """Good inputs, one per format and record type, to be mutated."""
    from gridlogic.games.starstar.sgf import GameRecord, to_json, to_sgf
    from gridlogic.puzzles.binary.formats import legup as bf_legup
    from gridlogic.puzzles.binary.formats import rows as bf_rows
    from gridlogic.puzzles.starbattle.formats import legup, pzprv3, sbn

    sb = sbn.read("5x1.AABCDABBCDABBCDEBBCDEBCCD")
    game = GameRecord(4, [(0, "*10"), (1, "pass")], result="")
    return {
        "puzzlink": "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
        "sbl": "551W7kxqe40",
        "sbn": "5x1.AABCDABBCDABBCDEBBCDEBCCD.s1d2",
        "picture": "1:AABCD/ABBCD/ABBCD/EBBCD/EBCCD",
        "pzprv3": pzprv3.write(sb),
        "legup": legup.write(sb),
        "binary": "6x6:.1...01....1..0...1........0.0....1.",
        "binary_legup": bf_legup.write(bf_rows.read("6x6:.1...01....1..0...1........0.0....1.")),
        "str8ts": "##2..#9..#....h6.#52..f...#..........#a5..##.........6#...e..3.h..i....#...#.2.d#",
        "tsv": "id\tsize\tpuzzle\n1\t6x6\t.1...01....1..0...1........0.0....1.",
        "proof": ('{"kind": "starbattle", "puzzle": "5x1.AABCDABBCDABBCDEBBCDEBCCD", "root": {"steps": ['
                  '{"rule": "SurroundStar", "set": [[0, 0, "black"]]}], "split": {"rule": "StarOrEmpty", '
                  '"cell": [2, 2], "branches": [{"steps": [], "close": "TooManyStars"}, {"steps": []}]}}}'),
        "sgf": to_sgf(game),
        "game_json": to_json(game),
        "solution": ".*.../...*./*..../..*../....*",
        "gtp": "boardsize 4\nclear_board\ntime_settings 1 0 0\nkomi 0.5\nplay b *10\nshowboard\nfinal_score\n",
    }


def mutate(text: str, rng: random.Random, surrogates: bool = True) -> str:
    """``text`` changed by 1-4 random edits."""
    s = text
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(10)
        i = rng.randint(0, len(s))
        ch = rng.choice(STRANGE if surrogates else STRANGE[:-1])
        if op == 0 and s:
            s = s[:i] + s[i + 1:]
        elif op == 1:
            s = s[:i] + ch + s[i:]
        elif op == 2 and s:
            s = s[:i] + ch + s[i + 1:]
        elif op == 3:
            j = rng.randint(i, min(len(s), i + 12))
            s = s[:i] + s[i:j] * rng.randint(2, 5) + s[j:]
        elif op == 4:
            s = s[:i]  # cut short
        elif op == 5:
            s = _renumber(s, rng)
        elif op == 6:
            s = s[:i] + rng.choice(["(;", "{\"a\":", "[", "<a>", "{\"steps\": [], \"split\": {\"branches\": ["]) \
                * rng.choice([50, 400, 5000]) + s[i:]
        elif op == 7:
            s = s + rng.choice([" # a comment", "\t# tab note", "\n", "\n\n" + s, " trailing", "\x00"])
        elif op == 8:
            s = s.upper() if rng.random() < 0.5 else s.swapcase()
        else:
            s = s.replace(rng.choice(list(s) or ["x"]), rng.choice(STRANGE[:-1]), rng.randint(1, 3))
    return s


def _renumber(s: str, rng: random.Random) -> str:
    runs = list(re.finditer(r"[0-9]+", s))
    if not runs:
        return s
    m = rng.choice(runs)
    new = rng.choice(["9" * rng.choice([5, 40, 5000]), "0", "-1", "".join(chr(0x660 + int(d)) for d in m[0]),
                      "²", "1e9", m[0] * 3])
    return s[:m.start()] + new + s[m.end():]


# ----- runs of the command line
@dataclass
class Run:
    """One command-line run: how it was called and how it answered."""

    argv: list[str]
    stdin: bytes = b""
    files: dict[str, bytes] = field(default_factory=dict)
    code: int = 0
    out: str = ""
    err: str = ""
    seconds: float = 0.0
    timed_out: bool = False
    not_run: bool = False
    """The operating system refused to start it (an argument list longer than a shell could pass)."""

    def problems(self) -> list[str]:
        """What breaks the house rule, by counter name (empty: answered as it should). A finished
        ``batch`` reports bad puzzles as rows and its summary on stderr: only its error lines are judged."""
        found: list[str] = []
        if self.not_run:
            return found
        if "Traceback" in self.err or "Traceback" in self.out:
            found.append("traceback")
        lines = self.err.splitlines()
        if any(re.search(r"error: (internal error|[A-Za-z]*(Error|Exception)\b:)", ln) for ln in lines):
            found.append("catch_all")
        if self.timed_out or self.seconds > SLOW:
            found.append("slow")
        if self.argv[:1] == ["batch"] and self.code == 0:
            return found
        if lines and any(not ln.startswith("error: ") for ln in lines):
            found.append("not_one_line")
        negative = self.code == 1 and self.argv[:2] == ["proof", "make"] and "no proof found" in self.err
        if lines and self.code != 2 and not self.timed_out and not negative:  # no proof: a negative answer
            found.append("exit_not_2")
        return found


class _Slow(BaseException):
    pass


def run_in_process(run: Run, limit: float = 2 * SLOW) -> Run:
    """``gridlogic ARGV`` in this process (``main``), stdin from ``run.stdin``; files named in
    ``run.files`` are written to a temporary folder first and ``{dir}`` in ARGV replaced by it."""
    from gridlogic.cli import main

    with tempfile.TemporaryDirectory(prefix="gl-fuzz-") as tmp:
        for name, data in run.files.items():
            with open(os.path.join(tmp, name), "wb") as fh:
                fh.write(data)
        argv = [a.replace("{dir}", tmp) for a in run.argv]
        out, err = io.StringIO(), io.StringIO()
        stdin = io.TextIOWrapper(io.BytesIO(run.stdin), encoding="utf-8")
        saved_stdin = sys.stdin

        def ring(signum: int, frame: Any) -> None:
            raise _Slow

        old = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, limit)
        start = time.perf_counter()
        try:
            sys.stdin = stdin
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                main(argv)
        except SystemExit as e:
            run.code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except _Slow:
            run.timed_out = True
        except BaseException as e:  # noqa: BLE001 - an escape from main is itself the finding
            import traceback

            err.write("Traceback (escaped main)\n" + "".join(traceback.format_exception(e)))
            run.code = -1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
            sys.stdin = saved_stdin
        run.seconds = time.perf_counter() - start
    run.out, run.err = out.getvalue(), err.getvalue()
    return run


def run_subprocess(run: Run, exe: Sequence[str], limit: float = 3 * SLOW) -> Run:
    """The same through a real process (``exe`` + ARGV), killed past ``limit`` seconds."""
    import subprocess

    with tempfile.TemporaryDirectory(prefix="gl-fuzz-") as tmp:
        for name, data in run.files.items():
            with open(os.path.join(tmp, name), "wb") as fh:
                fh.write(data)
        # a process argument cannot hold a NUL byte: the shell could not pass one either
        argv = [os.fsencode(a.replace("{dir}", tmp).replace("\x00", "?")) for a in run.argv]
        start = time.perf_counter()
        try:
            p = subprocess.run([*map(os.fsencode, exe), *argv], input=run.stdin, capture_output=True, timeout=limit,
                               check=False)
            run.code = p.returncode
            run.out = p.stdout.decode("utf-8", "replace")
            run.err = p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            run.timed_out = True
        except OSError as e:
            if e.errno != errno.E2BIG:
                raise
            run.not_run = True
        run.seconds = time.perf_counter() - start
    return run


# ----- generated bad runs
def _puzzle_arg(text: str, rng: random.Random) -> tuple[str, bytes, dict[str, bytes]]:
    """``(argument, stdin, files)`` carrying ``text``: inline, a file, or stdin; sometimes not UTF-8."""
    how = rng.randrange(4)
    data = text.encode("utf-8", "surrogateescape")
    if rng.random() < 0.08:
        data = data[:rng.randint(0, len(data))] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xfe\xff"]) + data
        how = rng.choice([1, 2])
    if how == 0 and "\n" not in text and "\x00" not in text and text:
        return text, b"", {}
    if how == 1:
        return "-", data, {}
    return "{dir}/p.txt", b"", {"p.txt": data}


def _run_for(rng: random.Random) -> Run:
    good = seeds()
    puzzles = [k for k in good if k not in ("proof", "sgf", "game_json", "solution", "gtp")]
    choice = rng.randrange(12)
    text = mutate(good[rng.choice(puzzles)], rng)
    arg, stdin, files = _puzzle_arg(text, rng)
    extra: list[str] = []
    if rng.random() < 0.2:
        extra += ["--kind", rng.choice(KINDS)]
    if rng.random() < 0.1:
        extra += ["--format", rng.choice(FORMATS)]
    if choice == 0:
        return Run(["solve", arg, *extra], stdin, files)
    if choice == 1:
        return Run(["count", arg, "--limit", rng.choice(["2", *BAD_NUMBERS]), *extra], stdin, files)
    if choice == 2:
        return Run(["check", arg, mutate(good["solution"], rng), *extra], stdin, files)
    if choice == 3:
        level = rng.choice(["0", "1", "Easy", *BAD_NUMBERS])
        return Run(["explain", arg, "--max-level", level, *extra], stdin, files)
    if choice == 4:
        return Run(["grade", arg, *extra], stdin, files)
    if choice == 5:
        return Run(["convert", arg, "--to", rng.choice(FORMATS), *extra], stdin, files)
    if choice == 6:
        option = rng.choice(["--size", "--stars", "--difficulty", "--seed", "--count"])
        return Run(["generate", rng.choice(KINDS[:3]), option, _bad_value(option, rng)])
    if choice == 7:
        return Run(["proof", "make", arg, *extra], stdin, files)
    if choice == 8:
        proof, pstdin, pfiles = _puzzle_arg(mutate(good["proof"], rng), rng)
        return Run(["proof", "check", proof], pstdin, pfiles)
    if choice == 9:
        rec, rstdin, rfiles = _puzzle_arg(mutate(good[rng.choice(["sgf", "game_json"])], rng), rng)
        return Run(["starstar", "score", rec], rstdin, rfiles)
    if choice == 10:
        command = rng.choice(["gtp", "play", "bench"])
        option = rng.choice(["--seconds", "--rings", "--seed", "--playouts"])
        return Run(["starstar", command, option, rng.choice(BAD_NUMBERS)], b"quit\n")
    if rng.random() < 0.3:
        option = rng.choice(["--size", "--difficulty", "--stars", "--count"])
        return Run(["batch", "generate", rng.choice(KINDS), "--count", "1", "--out", "{dir}/o.jsonl", option,
                    _bad_value(option, rng)])
    option = rng.choice(["--workers", "--timeout", "--limit", "--count", "--seed", "--stars"])
    return Run(["batch", "solve", arg, "--out", "{dir}/o.jsonl", option, rng.choice(BAD_NUMBERS)], stdin, files)


def _bad_value(option: str, rng: random.Random) -> str:
    """A value ``option`` must refuse (``0`` is a level, a seed: not bad there)."""
    good = {"--difficulty": {"0"}, "--seed": {"0", "-1"}}.get(option, set())
    return rng.choice([v for v in BAD_NUMBERS if v not in good])


def bad_runs(seed: int, count: int) -> Iterator[Run]:
    """``count`` generated runs, the same for the same seed."""
    rng = random.Random(seed)
    for _ in range(count):
        yield _run_for(rng)


# ----- the readers, for the property tests
def readers() -> dict[str, Callable[[str], Any]]:
    """Every text reader of the package by name: formats, containers, proofs, game records."""
    from gridlogic.games.starstar.sgf import parse_records
    from gridlogic.kinds import kinds, split_records
    from gridlogic.proof.cli import read_proofs

    found: dict[str, Callable[[str], Any]] = {}
    for k in kinds().values():
        for f in k.formats:
            found[f"{k.name}.{f.name}"] = f.read
            found[f"{k.name}.{f.name}.sniff"] = f.sniff
        found[f"{k.name}.container"] = k.container_records
    found["split_records"] = split_records
    found["proofs"] = read_proofs
    found["game_records"] = parse_records
    return found
