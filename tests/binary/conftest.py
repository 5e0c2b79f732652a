"""Binary corpus fixtures (defined in binary_corpus.py)."""

from binary_corpus import binary_rows, binary_sample

__all__ = ["binary_rows", "binary_sample"]
