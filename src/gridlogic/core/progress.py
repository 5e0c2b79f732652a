"""Progress on standard error for work that runs long: nothing for the first second, then a rich
status line (a spinner and the latest message) until the work is done or paused."""

from __future__ import annotations

import time
from types import TracebackType
from typing import Any

QUIET_SECONDS = 1.0


class Progress:
    """``update(message)`` as often as convenient; the line appears once the work has run for
    :data:`QUIET_SECONDS`. ``pause()`` clears it (before printing to standard output) and restarts
    the quiet period."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.started = time.monotonic()
        self.status: Any = None

    def update(self, message: str) -> None:
        text = f"{self.title}: {message}"
        if self.status is not None:
            self.status.update(text)
        elif time.monotonic() - self.started >= QUIET_SECONDS:
            from rich.console import Console

            self.status = Console(stderr=True).status(text)
            self.status.start()

    def pause(self) -> None:
        self.stop()
        self.started = time.monotonic()

    def stop(self) -> None:
        if self.status is not None:
            self.status.stop()
            self.status = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
