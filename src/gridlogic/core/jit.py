"""numba, optional, with an on-disk cache that never breaks a command.

``njit(fn)`` compiles ``fn`` lazily with numba's cache.  numba keeps that cache next to the source
(``__pycache__``) or in the user's cache folder; when neither is writable (a read-only install, a
read-only ``$HOME``) ``numba.njit(cache=True)`` raises ``RuntimeError``.  Then the cache moves to a
private folder under the temporary directory (created 0700 and owned by this user, so another user
cannot plant compiled code in it), and when that fails too the function is compiled without a cache:
slower to start, never a traceback.
"""

from __future__ import annotations

import importlib
import os
import stat
import tempfile
from collections.abc import Callable
from typing import Any

numba: Any
try:  # optional accelerator
    numba = importlib.import_module("numba")
except ImportError:  # pragma: no cover - depends on the environment
    numba = None
HAVE_NUMBA = numba is not None


def private_cache_dir() -> str | None:
    """``<tmp>/gridlogic-numba-<uid>``, created 0700; None unless it is ours, a real folder, writable."""
    try:
        path = os.path.join(tempfile.gettempdir(), f"gridlogic-numba-{os.getuid()}")
        os.makedirs(path, mode=0o700, exist_ok=True)
        info = os.lstat(path)
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
            return None
        tempfile.TemporaryFile(dir=path).close()
    except (OSError, ValueError):  # ValueError: an unusable TMPDIR spelling
        return None
    return path


def njit(fn: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True, nogil=True)(fn)``, falling back to a private temp cache, then to none."""
    if numba is None:  # pragma: no cover - depends on the environment
        raise RuntimeError("numba is not installed")
    try:
        return numba.njit(cache=True, nogil=True)(fn)
    except RuntimeError:  # no writable cache location for this function
        pass
    path = private_cache_dir()
    if path is not None:
        numba.config.CACHE_DIR = path
        try:
            return numba.njit(cache=True, nogil=True)(fn)
        except RuntimeError:
            pass
    return numba.njit(cache=False, nogil=True)(fn)
