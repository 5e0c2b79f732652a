"""JSON-lines output helpers."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO


def jsonl(obj: dict[str, Any], out: TextIO | None = None) -> None:
    """Write one JSON object as one line, flushed (so a long batch shows progress)."""
    stream = out or sys.stdout
    stream.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
    stream.flush()
