"""Games played on graphs (no dependency on the puzzle kinds)."""
