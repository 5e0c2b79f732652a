"""Binary on the web pages (:mod:`gridlogic.core.client`): LEGUP's click cycle, 0 and 1 keys."""

from gridlogic.core.client import Client, Daily, Value

CLIENT = Client(
    example="6x6:0..0.......10...1....0.1.11..1......",
    title="Binary",
    values=(Value("empty", "?", " "), Value("0", "0", "0"), Value("1", "1", "1")),
    cycle=("empty", "0", "1"),
    keys={"0": "0", "1": "1"},
    rules="Fill every cell with 0 or 1: no three equal digits in a row or column, as many 0s as 1s in each "
          "line, and (unless switched off) no two rows or columns alike.",
    help="Click or tap a cell: 0, then 1, then blank; drag to paint the first cell's new value along your path. "
         "Keys: arrows move, 0 and 1 write, Backspace clears.",
    provable=True,
    daily=(Daily("easy", "6x6"), Daily("medium", "8x8"), Daily("hard", "10x10"), Daily("very-hard", "10x10"),
           Daily("expert", "12x12")),
    goal="no three equal in a row, balanced lines{unique_lines:, distinct lines}",
)
