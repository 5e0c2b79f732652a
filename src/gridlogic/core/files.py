"""Writing the user's files safely: the one helper every command that writes a file uses.

- An existing file is not overwritten without ``force`` (the ``--force`` flag), and a file the
  command reads (``inputs``) never is, even with ``force``.
- The text goes to a temporary file in the same folder, which is then renamed over the target: a
  crash or a full disk leaves the old file whole, never half a new one.
- A directory, a missing folder or an unwritable place is a :class:`FileError` naming the path.

Check early with :func:`check_target` (before a long computation), write with :func:`write_text`.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from gridlogic.core.errors import GridlogicError

PathLike = str | os.PathLike[str]


class FileError(GridlogicError):
    """A file the user asked for cannot (or must not) be written."""


def same_file(a: PathLike, b: PathLike) -> bool:
    """Do two paths name one file (through links and ``..``)?"""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_target(path: PathLike, *, force: bool = False, inputs: Iterable[PathLike] = (),
                 existing_ok: bool = False) -> Path:
    """The real path to write ``path`` at, or :class:`FileError` saying why it must not be written.
    ``existing_ok``: the caller appends to, or knowingly replaces, an existing file of its own."""
    shown = os.fspath(path)
    if not shown:
        raise FileError("empty file name for the output")
    for source in inputs:
        if os.fspath(source) not in ("-", "") and same_file(path, source):
            raise FileError(f"{shown} is also an input of this command: refusing to write over it, even with --force")
    real = Path(os.path.realpath(path))
    if real.is_dir():
        raise FileError(f"{shown} is a directory, not a file")
    if real.exists() and not real.is_file():
        raise FileError(f"{shown} is not a regular file (a device or a pipe): write to a file")
    folder = real.parent
    if not folder.is_dir():
        raise FileError(f"cannot write {shown}: folder {folder} does not exist")
    if real.exists() and not (force or existing_ok):
        raise FileError(f"{shown} already exists: refusing to overwrite it (use --force)")
    if real.exists() and not os.access(real, os.W_OK):
        raise FileError(f"cannot write {shown}: permission denied")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileError(f"cannot write {shown}: folder {folder} is not writable")
    return real


def write_bytes(path: PathLike, data: bytes, *, force: bool = False, inputs: Iterable[PathLike] = ()) -> Path:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, then rename)."""
    real = check_target(path, force=force, inputs=inputs)
    try:
        mode = real.stat().st_mode & 0o777 if real.exists() else 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp")
    except OSError as e:
        raise FileError(f"cannot write {os.fspath(path)}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise FileError(f"cannot write {os.fspath(path)}: {e.strerror}") from None
    return real


def write_text(path: PathLike, text: str, *, force: bool = False, inputs: Iterable[PathLike] = ()) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; see :func:`write_bytes`."""
    return write_bytes(path, text.encode("utf-8"), force=force, inputs=inputs)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
