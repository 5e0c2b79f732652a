"""core.files: nothing the user has is overwritten without --force, never an input, writes are atomic."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from gridlogic.cli import cli
from gridlogic.core.files import FileError, check_target, write_text

SBN = "5x1.AABCDABBCDABBCDEBBCDEBCCD"


def test_new_file_written_and_existing_kept(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    write_text(f, "one")
    assert f.read_text() == "one"
    with pytest.raises(FileError, match=r"already exists: refusing to overwrite it \(use --force\)"):
        write_text(f, "two")
    assert f.read_text() == "one"
    write_text(f, "two", force=True)
    assert f.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]  # no temporary file left behind


def test_input_never_overwritten_even_with_force(tmp_path: Path) -> None:
    f = tmp_path / "in.txt"
    f.write_text("mine")
    link = tmp_path / "link.txt"
    link.symlink_to(f)
    for target in (f, link, tmp_path / "." / "in.txt"):
        with pytest.raises(FileError, match="also an input"):
            write_text(target, "x", force=True, inputs=[str(f)])
    assert f.read_text() == "mine"


@pytest.mark.parametrize(("name", "says"), [("d", "is a directory"), ("missing/x.txt", "does not exist"),
                                            ("plain/x.txt", "does not exist"), ("", "empty file name"),
                                            ("fifo", "not a regular file")])
def test_unwritable_targets_are_clean_errors(tmp_path: Path, name: str, says: str) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "plain").write_text("a file, not a folder")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(FileError, match=says):
        check_target(tmp_path / name if name else "", force=True)


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere: permissions cannot be tested")
def test_read_only_folder(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    with pytest.raises(FileError, match="not writable"):
        write_text(ro / "x.txt", "x")


def test_existing_mode_is_kept_on_force(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_text("old")
    f.chmod(0o640)
    write_text(f, "new", force=True)
    assert f.stat().st_mode & 0o777 == 0o640


def test_proof_make_legup_xml_refuses_to_overwrite(tmp_path: Path) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(SBN + "\n")
    out = tmp_path / "out.xml"
    runner = CliRunner()
    ok = runner.invoke(cli, ["proof", "make", str(puzzle), "--legup-xml", str(out)])
    assert ok.exit_code == 0, ok.output
    first = out.read_text()
    assert first.startswith("<?xml")
    again = runner.invoke(cli, ["proof", "make", str(puzzle), "--legup-xml", str(out)])
    assert again.exit_code != 0 and "use --force" in str(again.exception)
    out.write_text("user's own")
    forced = runner.invoke(cli, ["proof", "make", str(puzzle), "--legup-xml", str(out), "--force"])
    assert forced.exit_code == 0
    assert out.read_text() == first
    itself = runner.invoke(cli, ["proof", "make", str(puzzle), "--legup-xml", str(puzzle), "--force"])
    assert "also an input" in str(itself.exception)
    assert puzzle.read_text() == SBN + "\n"


def test_starstar_out_and_save_refuse_to_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "g.sgf"
    out.write_text("keep")
    runner = CliRunner()
    r = runner.invoke(cli, ["starstar", "selfplay", "--games", "1", "--rings", "4", "--playouts", "5",
                            "--out", str(out)])
    assert r.exit_code == 2 and "use --force" in r.output
    r = runner.invoke(cli, ["starstar", "play", "--rings", "4", "--save", str(out)], input="quit\n")
    assert r.exit_code == 2 and "use --force" in r.output
    assert out.read_text() == "keep"
    r = runner.invoke(cli, ["starstar", "selfplay", "--games", "1", "--rings", "4", "--playouts", "5",
                            "--out", str(out), "--force"])
    assert r.exit_code == 0, r.output
    assert out.read_text().startswith("(;FF[4]")
    r = runner.invoke(cli, ["starstar", "selfplay", "--games", "1", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "is a directory" in r.output
