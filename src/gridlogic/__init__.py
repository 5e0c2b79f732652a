"""gridlogic: logic puzzles that explain themselves."""

__version__ = "0.1.0"
