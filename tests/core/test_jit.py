"""numba's cache never breaks a command: unwritable cache folders fall back to a temp dir, then to none."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gridlogic.core import jit
from gridlogic.games.starstar.mcts import warm_up

pytestmark = pytest.mark.skipif(not jit.HAVE_NUMBA, reason="numba is not installed")

PROBE = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[1])
    import numba, probe
    from gridlogic.core import jit
    try:
        numba.njit(cache=True)(probe.f)
        print("plain: cached")
    except RuntimeError:
        print("plain: RuntimeError")
    if sys.argv[2] == "no-temp":
        jit.private_cache_dir = lambda: None
    g = jit.njit(probe.f)
    print("result", g(41), "cache", bool(g._cache._cache_path) if hasattr(g._cache, "_cache_path") else "none")
    """
)


def run_probe(tmp_path: Path, mode: str) -> str:
    """A function whose folder has no room for __pycache__, with HOME and XDG_CACHE_HOME unusable."""
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "probe.py").write_text("def f(x):\n    return x + 1\n")
    (mod / "__pycache__").write_text("a file where numba wants a folder")
    blocked = tmp_path / "blocked"
    blocked.write_text("not a folder")
    env = {**os.environ, "HOME": str(blocked), "XDG_CACHE_HOME": str(blocked / "cache"), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("NUMBA_CACHE_DIR", None)
    out = subprocess.run([sys.executable, "-c", PROBE, str(mod), mode], env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return out.stdout


def test_no_writable_cache_falls_back_to_a_private_temp_dir(tmp_path: Path) -> None:
    out = run_probe(tmp_path, "temp")
    assert "plain: RuntimeError" in out  # what used to end every starstar command in a traceback
    assert "result 42 cache True" in out


def test_no_temp_dir_either_compiles_without_a_cache(tmp_path: Path) -> None:
    out = run_probe(tmp_path, "no-temp")
    assert "plain: RuntimeError" in out and "result 42 cache none" in out


def test_private_cache_dir_is_ours_and_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit.tempfile, "gettempdir", lambda: str(tmp_path))
    path = jit.private_cache_dir()
    assert path == str(tmp_path / f"gridlogic-numba-{os.getuid()}")
    assert os.stat(path).st_mode & 0o777 == 0o700
    os.chmod(path, 0o777)  # opened to others: refused, someone could plant compiled code there
    assert jit.private_cache_dir() is None
    os.chmod(path, 0o700)
    os.rmdir(path)
    os.symlink(tmp_path, path)  # a symlink planted in its place: refused
    assert jit.private_cache_dir() is None


def test_warm_up_compiles_everything_a_search_needs() -> None:
    warm_up()
    warm_up()  # idempotent and cheap the second time
