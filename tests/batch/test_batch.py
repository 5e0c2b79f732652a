"""``gridlogic batch``: one JSON line per puzzle, each puzzle isolated, resumable with each id exactly
once, nothing of the user's changed, workers gone with their parent."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gridlogic import batch as batch_mod
from gridlogic.batch import tasks as batch_tasks
from gridlogic.batch.tasks import Task, run_task
from gridlogic.cli import cli

URLS = ["https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"]
SBN = "5x1.AABCDABBCDABBCDEBBCDEBCCD"
BAD_LINES = [  # one of every kind of bad line
    "not a puzzle",
    "https://puzz.link/p?starbattle/²/6/1/4ilbhgdnmhou",  # a digit that is not ASCII
    "https://puzz.link/p?starbattle/٦/٦/١/4ilbhgdnmhou",  # Arabic-Indic digits
    "https://puzz.link/p?starbattle/" + "9" * 400 + "/6/1/x",  # a huge number
    "https://puzz.link/p?starbattle/6/7/1/4ilbhgdnmhou",  # not square
    "https://puzz.link/p?starbattle/6/6/3/4ilbhgdnmhou",  # too many stars to fit
    "5x1.AABCDABBCDABBCDEBBCDEBCC",  # one letter short
    "3x2:01",  # Binary: too few cells
    "..3#" * 20,  # Str8ts of the wrong length
    "<Legup><puzzle name='StarBattle'><board size='x'",  # broken XML
]
EMPTY8 = "8x8:" + "." * 64  # an empty Binary board: counting 2000 of its solutions takes a while


def rows_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, ["batch", *args])


def ids_once(rows: list[dict[str, Any]]) -> list[str]:
    ids = [str(r["id"]) for r in rows]
    assert len(ids) == len(set(ids)), ids
    return sorted(ids, key=int)


def test_bad_lines_of_every_kind_are_error_rows_and_the_run_goes_on(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join([URLS[0], *BAD_LINES, f"{SBN}  # a note", URLS[1]]) + "\n")
    out = tmp_path / "out.jsonl"
    r = invoke("grade", str(src), "--out", str(out), "--workers", "2")
    assert r.exit_code == 0, r.output
    rows = rows_of(out)
    n = len(BAD_LINES) + 3
    assert sorted(row["index"] for row in rows) == list(range(n))
    assert ids_once(rows) == [str(i) for i in range(1, n + 1)]
    by_line = {row["line"]: row for row in rows}
    for line in range(2, 2 + len(BAD_LINES)):
        bad = by_line[line]
        assert bad["status"] == "error", bad
        assert bad["error"].endswith(f"({src}, line {line})"), bad
        assert "Error:" not in bad["error"], bad  # a typed message, not a catch-all
    assert by_line[1]["status"] == by_line[n]["status"] == by_line[n - 1]["status"] == "ok"
    assert all(row["command"] == "grade" and row["kind"] for row in rows)
    assert f"{n} done, 0 already in {out}, {len(BAD_LINES)} errors" in r.output
    assert re.search(rf"status error\s*│\s*{len(BAD_LINES)}\s*│", r.output)  # the summary table
    for said in ("status ok", "grade ", "elapsed", "puzzles/s",
                 f"error: not a puzzle in any format I know: 'not a puzzle' ({src}, line 2)"):
        assert said in r.output, said  # then the first errors


def test_progress_lines_when_not_a_terminal() -> None:
    stream = io.StringIO()
    progress = batch_mod.Progress(3, stream, every=0.0)
    for row in ({"status": "ok"}, {"error": "x"}, {"status": "ok"}):
        progress.advance(row)
    progress.close()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 3
    assert lines[-1].startswith("batch: 3/3 (100%), ") and "/s, 1 errors, ETA 0 s" in lines[-1]


def test_resume_retries_errors_and_repairs_a_torn_line(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join([URLS[0], "not a puzzle", URLS[1], SBN]) + "\n")
    out = tmp_path / "out.jsonl"
    assert invoke("solve", str(src), "--out", str(out), "--workers", "2").exit_code == 0
    first = rows_of(out)
    assert ids_once(first) == ["1", "2", "3", "4"]
    kept = [json.dumps(r) for r in first if r["id"] in ("1", "2")]  # line 2 is the error row
    out.write_text("\n".join(kept) + "\n" + json.dumps(next(r for r in first if r["id"] == "3"))[:25])  # torn
    again = invoke("solve", str(src), "--out", str(out), "--workers", "2")
    assert again.exit_code == 0, again.output
    rows = rows_of(out)
    assert ids_once(rows) == ["1", "2", "3", "4"]  # the error retried and replaced, the torn one redone
    assert next(r for r in rows if r["id"] == "3")["solution"] == next(r for r in first if r["id"] == "3")["solution"]
    assert "3 done, 1 already in" in again.output
    third = invoke("solve", str(src), "--out", str(out), "--workers", "1")
    assert "1 done, 3 already in" in third.output  # only the error row is tried again
    assert ids_once(rows_of(out)) == ["1", "2", "3", "4"]


def test_out_file_hazards(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    text = URLS[0] + "\n"
    src.write_text(text)
    for force in ([], ["--force"]):
        r = invoke("solve", str(src), "--out", str(src), *force)
        assert r.exit_code != 0 and "also an input" in str(r.exception)
    assert src.read_text() == text
    r = invoke("solve", str(src), "--out", str(tmp_path))
    assert "is a directory" in str(r.exception)
    r = invoke("solve", str(src), "--out", str(tmp_path / "no" / "out.jsonl"))
    assert "does not exist" in str(r.exception)
    mine = tmp_path / "notes.txt"
    for content in (b"my notes\n", b'{"source": "x", "id": "9", "unrelated": true}\n', b"\xff garbage",
                    b"no newline at all", b'{"kind":"starbattle","source":"x","id":"1","command":"grade"}\n',
                    b"[" * 100_000 + b"\n", b'{"id": ' + b"9" * 5000 + b"}\n"):
        mine.write_bytes(content)
        r = invoke("solve", str(src), "--out", str(mine))
        assert "is not the output of a batch solve" in str(r.exception)
        assert mine.read_bytes() == content
    mine.write_bytes(b"my notes\n")
    r = invoke("grade", str(src), "--out", str(mine), "--force")  # --force replaces it
    assert r.exit_code == 0, r.output
    assert [row["id"] for row in rows_of(mine)] == ["1"]
    r = invoke("solve", str(src), "--out", str(mine))  # a grade batch's output is not a solve batch's
    assert "not the output of a batch solve" in str(r.exception)


def _misbehave(task: Task) -> dict[str, Any]:
    if task.id == "1":
        raise ValueError("a bug in one puzzle")
    if task.id == "2":
        time.sleep(120)
    if task.id == "3":
        os._exit(7)
    return {**batch_tasks.head(task, "starbattle"), "fine": True}


def test_exception_timeout_and_crash_each_become_an_error_row(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_tasks, "_run", _misbehave)  # the workers are forked: they see it too
    src = tmp_path / "in.txt"
    src.write_text("\n".join([SBN] * 5) + "\n")
    out = tmp_path / "out.jsonl"
    r = invoke("solve", str(src), "--out", str(out), "--workers", "2", "--timeout", "2")
    assert r.exit_code == 0, r.output
    rows = {row["id"]: row for row in rows_of(out)}
    assert sorted(rows) == ["1", "2", "3", "4", "5"]
    assert rows["1"]["status"] == "error" and "ValueError: a bug in one puzzle" in rows["1"]["error"]
    assert rows["2"]["status"] == "timeout" and "time limit of 2 s" in rows["2"]["error"]
    assert rows["3"]["status"] == "crash" and "died" in rows["3"]["error"]
    assert rows["4"]["fine"] is True and rows["5"]["fine"] is True


def test_generate_rows_carry_the_generate_json_fields(tmp_path: Path) -> None:
    out = tmp_path / "gen.jsonl"
    r = invoke("generate", "starbattle", "--count", "2", "--size", "6", "--stars", "1", "--out", str(out),
               "--workers", "1")
    assert r.exit_code == 0, r.output
    rows = rows_of(out)
    assert sorted(row["seed"] for row in rows) == [1, 2]
    single = CliRunner().invoke(cli, ["generate", "starbattle", "--size", "6", "--stars", "1", "--seed", "1",
                                      "--json"])
    expected = json.loads(single.output.splitlines()[0])
    row = next(row for row in rows if row["seed"] == 1)
    assert set(expected) <= set(row)
    assert {k: row[k] for k in expected if k != "id"} == {k: v for k, v in expected.items() if k != "id"}


def test_grade_and_count_tasks() -> None:
    g = run_task(Task("grade", "s", "1", URLS[0]))
    assert isinstance(g["level"], int)
    assert g["kind"] == "starbattle"
    assert run_task(Task("count", "s", "1", URLS[0], options={"limit": 3}))["count"] == 1
    assert "error" in run_task(Task("check", "s", "1", URLS[0]))  # no solution carried


def test_check_pack_solutions(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "check.jsonl"
    pack = corpus / "starbattle" / "masonomara-packs" / "1star-5x5.json"
    r = invoke("check", str(pack), "--out", str(out), "--workers", "1")
    assert r.exit_code == 0, r.output
    rows = rows_of(out)
    assert rows
    assert all(row["valid"] is True for row in rows)


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the worker processes")
def test_kill_9_midway_leaves_no_workers_and_resume_finishes(tmp_path: Path) -> None:
    """Quick puzzles first, then long ones (counting 200,000 solutions of an empty board takes about a
    minute): the parent is killed while its workers are busy; they must go with it, long before their
    puzzle would have let them notice. The resume ends the long ones by --timeout."""
    quick, slow = 4, 4
    src = tmp_path / "in.txt"
    src.write_text(f"{URLS[0]}\n" * quick + f"{EMPTY8}\n" * slow)
    out = tmp_path / "out.jsonl"
    args = [sys.executable, "-c", "from gridlogic.cli import main; main()", "batch", "count", str(src),
            "--out", str(out), "--workers", "2", "--limit", "200000"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (out.exists() and out.read_text().count("\n") >= quick):
            workers = _children(proc.pid) or workers
            time.sleep(0.05)
        time.sleep(0.5)  # the workers are now on the long puzzles
        workers = _children(proc.pid) or workers
        assert workers, "no worker processes seen"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 20  # far less than a long puzzle takes
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "workers outlived their parent"
    assert out.read_text().count("\n") == quick
    r = invoke("count", str(src), "--out", str(out), "--workers", "2", "--limit", "200000", "--timeout", "1")
    assert r.exit_code == 0, r.output
    rows = rows_of(out)
    assert ids_once(rows) == [str(i) for i in range(1, quick + slow + 1)]
    assert [r["status"] for r in sorted(rows, key=lambda r: int(r["id"]))] == ["ok"] * quick + ["timeout"] * slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_ray_refused_is_a_clean_error(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray is an optional extra (pip install 'gridlogic[ray]')")
    src = tmp_path / "in.txt"
    src.write_text(URLS[0] + "\n")
    r = invoke("grade", str(src), "--out", str(tmp_path / "o.jsonl"), "--ray", f"127.0.0.1:{_free_port()}")
    assert "connection refused" in str(r.exception)


def test_ray_silent_address_times_out_cleanly(tmp_path: Path) -> None:
    """A port that accepts connections but never speaks Ray: an error after --ray-timeout, no hang."""
    pytest.importorskip("ray", reason="ray is an optional extra (pip install 'gridlogic[ray]')")
    src = tmp_path / "in.txt"
    src.write_text(URLS[0] + "\n")
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        p = subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", "batch", "grade", str(src),
                            "--out", str(tmp_path / "o.jsonl"), "--ray", f"127.0.0.1:{port}", "--ray-timeout", "2"],
                           capture_output=True, text=True, timeout=120, check=False)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("error: ") and len(p.stderr.splitlines()) == 1, p.stderr
    assert "within 2 s (--ray-timeout)" in p.stderr
    assert not (tmp_path / "o.jsonl").exists()  # nothing written when the cluster never answered


def test_ray_results_equal_the_local_run(tmp_path: Path) -> None:
    ray_mod = pytest.importorskip("ray", reason="ray is an optional extra (pip install 'gridlogic[ray]')")
    src = tmp_path / "in.txt"
    src.write_text("\n".join([*URLS, *BAD_LINES[:3], SBN] * 3) + "\n")
    local = tmp_path / "local.jsonl"
    assert invoke("grade", str(src), "--out", str(local), "--workers", "2").exit_code == 0
    ray_mod.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        address = ray_mod.get_runtime_context().gcs_address
        remote = tmp_path / "ray.jsonl"
        p = subprocess.run([sys.executable, "-c", "from gridlogic.cli import main; main()", "batch", "grade",
                            str(src), "--out", str(remote), "--workers", "2", "--ray", address],
                           capture_output=True, text=True, timeout=300, check=False)
        assert p.returncode == 0, p.stderr
    finally:
        ray_mod.shutdown()

    def key(row: dict[str, Any]) -> int:
        return int(row["index"])

    assert sorted(rows_of(remote), key=key) == sorted(rows_of(local), key=key)


def test_resume_matches_the_input_not_its_spelling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("in.txt").write_text("\n".join([URLS[0], URLS[1], SBN]) + "\n")
    assert invoke("solve", "in.txt", "--out", "out.jsonl", "--workers", "1").exit_code == 0
    first = rows_of(tmp_path / "out.jsonl")
    assert all(r["input"].startswith("sha256:") for r in first)
    again = invoke("solve", "./in.txt", "--out", "out.jsonl", "--workers", "1")
    assert again.exit_code == 0, again.output
    assert "0 done, 3 already in" in again.output
    assert rows_of(tmp_path / "out.jsonl") == first
    third = invoke("solve", str(tmp_path / "in.txt"), "--out", "out.jsonl", "--workers", "1")
    assert "0 done, 3 already in" in third.output


def test_repeated_ids_are_renamed_and_said(tmp_path: Path) -> None:
    src = tmp_path / "in.tsv"
    src.write_text(f"id\tpuzzle\na\t{URLS[0]}\na\t{URLS[1]}\nb\t{SBN}\na\t{SBN}\n")
    out = tmp_path / "out.jsonl"
    r = invoke("solve", str(src), "--out", str(out), "--workers", "1")
    assert r.exit_code == 0, r.output
    assert "2 repeated ids in" in r.output and "a~2, a~3" in r.output
    assert sorted(row["id"] for row in rows_of(out)) == ["a", "a~2", "a~3", "b"]


def test_a_torn_tail_is_repaired_at_any_byte(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join([URLS[0], SBN]) + "\n")
    out = tmp_path / "out.jsonl"
    assert invoke("solve", str(src), "--out", str(out), "--workers", "1").exit_code == 0
    whole = out.read_bytes()
    lines = whole.splitlines(keepends=True)
    last = lines[-1].replace(b'"id"', '"é—id"'.encode())  # multi-byte characters to cut inside
    assert last.decode("utf-8")
    for cut in range(1, len(last)):
        out.write_bytes(lines[0] + last[:cut])
        r = invoke("solve", str(src), "--out", str(out), "--workers", "1")
        assert r.exit_code == 0, (cut, r.output)
        assert "1 done, 1 already in" in r.output, (cut, r.output)
        assert len(rows_of(out)) == 2


def test_force_keeps_the_finished_rows_and_says_what_it_dropped(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join([URLS[0], URLS[1], SBN]) + "\n")
    out = tmp_path / "out.jsonl"
    assert invoke("solve", str(src), "--out", str(out), "--workers", "1").exit_code == 0
    rows = out.read_text().splitlines()
    out.write_text(rows[0] + "\nsomebody's note\n" + rows[1] + "\n")
    refused = invoke("solve", str(src), "--out", str(out))
    assert "has lines that are not rows of a batch solve (line 2)" in str(refused.exception)
    forced = invoke("solve", str(src), "--out", str(out), "--force", "--workers", "1")
    assert forced.exit_code == 0, forced.output
    assert "kept 2 finished rows" in forced.output and "dropped 1 other line" in forced.output
    assert "1 done, 2 already in" in forced.output
    assert len(rows_of(out)) == 3


def test_a_second_run_on_the_same_out_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("20x20:" + "." * 400 + "\n")  # counting a billion of its solutions: longer than the test
    out = tmp_path / "out.jsonl"
    exe = [sys.executable, "-c", "from gridlogic.cli import main; main()"]
    first = subprocess.Popen([*exe, "batch", "count", str(src), "--out", str(out), "--limit", "1000000000",
                              "--workers", "1", "--timeout", "60"], stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not out.exists() and time.monotonic() < deadline:  # the first run has started: it holds the lock
            time.sleep(0.05)
        time.sleep(0.5)
        assert first.poll() is None
        second = subprocess.run([*exe, "batch", "count", str(src), "--out", str(out), "--workers", "1"],
                                capture_output=True, text=True, timeout=120, check=False)
        assert second.returncode == 2, second
        assert "being written by another batch run" in second.stderr
    finally:
        first.kill()
        first.wait()
