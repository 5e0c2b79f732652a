"""Puzzle kinds, one folder each with the same shape (model, formats, exact, rules, legup, generate)."""
