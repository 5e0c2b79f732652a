"""Puzzle-independent machinery: geometry, candidate boards, steps, the rule engine, SAT, I/O.

Nothing in ``core`` imports a puzzle kind; kinds import ``core``.
"""
