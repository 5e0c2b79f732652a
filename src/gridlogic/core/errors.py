"""Typed errors. Every error a user can cause is a :class:`GridlogicError` whose message
says what is wrong and where; the CLI prints it as ``error: <message>`` and exits 2."""

from __future__ import annotations


class GridlogicError(Exception):
    """Base class of every error caused by the user's input. Its message is one line (line breaks
    quoted from the input are shown as ``\\n``), ready for ``error: <message>``."""

    def __str__(self) -> str:
        return super().__str__().replace("\r", "\\r").replace("\n", "\\n")


class ParseError(GridlogicError):
    """Text that is not a puzzle in the format it claims (or seems) to be."""

    def __init__(self, what: str, where: str | None = None) -> None:
        self.what = what
        self.where = where
        super().__init__(f"{what} ({where})" if where else what)


class ValidationError(GridlogicError):
    """A puzzle that parses but breaks its kind's rules of construction (sizes, regions...)."""


class UnknownFormatError(ParseError):
    """No registered format recognises the input."""


class UnsupportedError(GridlogicError):
    """A valid request that this kind or format cannot serve (e.g. writing a read-only format)."""


class Contradiction(Exception):  # noqa: N818 - a signal, not a user error
    """Raised by board operations when a cell loses its last candidate."""


class GenerationFailed(GridlogicError):  # noqa: N818 - a negative answer, like "no solution"
    """A generator found no puzzle of the asked kind in its time: a negative answer (exit 1)."""
