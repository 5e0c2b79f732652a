"""Bad requests for every route of the web app, and a judge of the answers.

Used by ``tests/web/test_web_fuzz.py`` (hypothesis, derandomized, in process) and
``benchmarks/bench_web_fuzz.py`` (thousands of requests to a real server). A request is a good one
(:data:`BASES`, one per route) with one field replaced by something hostile, or a body that is no JSON
object at all. The house rule: no 5xx; an error is ``{"error": ...}`` that never quotes the request
(:data:`MARK` never comes back in an error); drawings and pages carry no live markup from the request;
no answer larger than the server's bound.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from gridlogic.kinds import kinds

MARK = "QZXJ7"
"""A token no message could contain by chance: it is in every hostile string."""
HOSTILE = [f'"><script>alert("{MARK}")</script>', f"<svg onload=alert(1)>{MARK}", f"{MARK}'\"\\\x00",
           f"https://puzz.link/p?starbattle/6/6/1/{MARK}", f"6x6:{MARK}", f"# {MARK}\n{MARK}", f"٦{MARK}",
           f"{MARK}" * 3000, f"<puzzle>{MARK}</puzzle>", f"(;FF[4]SZ[4]PB[<b>{MARK}</b>];B[T43])",
           f'{{"kind": "starbattle", "puzzle": "{MARK}", "root": {{}}}}']
URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
BOARD = ["?" * 6] * 6
BASES: dict[str, dict[str, Any]] = {
    "/api/parse": {"puzzle": URL},
    "/api/load": {"puzzle": URL},
    "/api/draw": {"puzzle": URL, "board": BOARD, "highlight": {"uses": [[0, 0]]}},
    "/api/board": {"puzzle": URL, "board": BOARD},
    "/api/progress": {"puzzle": URL, "board": BOARD},
    "/api/solve": {"puzzle": URL, "method": "sat"},
    "/api/count": {"puzzle": URL, "limit": 2},
    "/api/check": {"puzzle": URL, "solution": ".*..../...*../.....*/..*.../....*./*....."},
    "/api/explain": {"puzzle": URL, "max_level": "Easy"},
    "/api/grade": {"puzzle": URL},
    "/api/convert": {"puzzle": URL, "to": "sbn"},
    "/api/generate": {"kind": "starbattle", "size": "6", "difficulty": "Easy", "seed": 1},
    "/api/hint": {"puzzle": URL, "board": BOARD},
    "/api/proof/start": {"puzzle": URL},
    "/api/proof/transition": {"puzzle": URL, "board": BOARD, "set": [[0, 0, "black"]], "rule": "SurroundStar"},
    "/api/proof/suggest": {"proof": {"kind": "starbattle", "puzzle": URL, "root": {"steps": []}}, "board": BOARD},
    "/api/proof/check": {"proof": {"kind": "starbattle", "puzzle": URL, "root": {"steps": []}}},
    "/api/proof/legup-xml": {"proof": {"kind": "starbattle", "puzzle": URL, "root": {"steps": []}}},
    "/api/proof/open": {"text": '{"kind": "starbattle", "puzzle": "' + URL + '", "root": {"steps": []}}'},
    "/api/starstar/state": {"rings": 3, "moves": ["pass"], "swap": False, "labels": True},
    "/api/starstar/ai": {"rings": 2, "moves": [], "playouts": 50, "seed": 1},
    "/api/starstar/open": {"sgf": "(;FF[4]SZ[3];B[pass])"},
}
"""A good request for every POST route (the tests check that every route of the app is here)."""
GETS = ["/starstar?rings={}", "/api/proof/rules/{}", "/static/{}", "/{}"]


@dataclass
class Request:
    method: str
    path: str
    body: bytes | None = None

    def __repr__(self) -> str:
        shown = self.body if self.body is None or len(self.body) < 200 else self.body[:200] + b"..."
        return f"Request({self.method!r}, {self.path!r}, {shown!r})"


def hostile_value(rng: random.Random) -> Any:
    """Something no field expects."""
    pick = rng.randrange(12)
    if pick < 4:
        return rng.choice(HOSTILE)
    choices: list[Any] = [
        -1, 2**63, 10**40, 1e308, -0.0, True, None, {}, {MARK: [MARK]}, [MARK] * rng.randrange(1, 300),
        [[[[[MARK]]]]], "", " ", "\n", "\udcff"[:0] + "é" * rng.randrange(1, 50), [0, 0, MARK], [[0, 0]] * 500,
    ]
    return rng.choice(choices)


def mutated(rng: random.Random) -> Request:
    """A good request with one part made hostile (or a GET with a hostile path)."""
    if rng.random() < 0.1:
        template = rng.choice(GETS)
        return Request("GET", template.format(rng.choice([MARK, "%3Cscript%3E" + MARK, "..%2F" + MARK, "99" * 10])))
    path = rng.choice(sorted(BASES))
    body = json.loads(json.dumps(BASES[path]))
    roll = rng.random()
    if roll < 0.08:
        raw = rng.choice([b"", b"[]", b'"' + MARK.encode() + b'"', MARK.encode(), b"{" * 5, b"\xff\xfe" + MARK.encode(),
                          b'{"puzzle": 1' + b"0" * 5000 + b"}", b"[" * 400 + b"]" * 400, b"NaN"])
        return Request("POST", path, raw)
    options = sorted({o.name for k in kinds().values() for o in k.options})
    key = rng.choice([*body, MARK, "index", "kind", "format", *options])
    body[key] = hostile_value(rng)
    if rng.random() < 0.2 and isinstance(body.get("board"), list):
        body["board"] = [rng.choice(HOSTILE)[:6]] * 6
    return Request("POST", path, json.dumps(body, allow_nan=True).encode())


def problems(request: Request, status: int, content_type: str, text: str, max_answer: int) -> list[str]:
    """What an answer does wrong by the house rule (empty when it is right)."""
    out = []
    if status >= 500:
        out.append(f"status {status}")
    if len(text.encode("utf-8", "replace")) > max_answer:
        out.append("answer too large")
    if status >= 400:
        try:
            error = json.loads(text)["error"]
        except (ValueError, KeyError, TypeError):
            out.append("error body is not {'error': ...}")
        else:
            if MARK in error:
                out.append("error quotes the request")
            if "Traceback" in error or error.startswith(("internal error", "cannot read the input")):
                out.append("catch-all message")
    live = ("<script", "onload=")
    if status < 400 and ("svg" in content_type or '"svg"' in text) and any(x in text for x in live):
        out.append("live markup in a drawing")
    if "text/html" in content_type and MARK in text and any(x + MARK in text for x in ("<", "onload=")):
        out.append("live markup in a page")
    return out
