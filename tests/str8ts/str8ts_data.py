"""Constants shared by the Str8ts tests."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
SEED = "##2..#9..#....h6.#52..f...#..........#a5..##.........6#...e..3.h..i....#...#.2.d#"
SEED_SOLUTION = ["##243#987", "#3524#67#", "5243#789#", "213894765", "4##576##3",
                 "349785126", "#786#1234", "#67#2341#", "756#123##"]

Row = tuple[str, str, str, str]
