"""Str8ts on the web pages (:mod:`gridlogic.core.client`): digits typed or from the keypad, pencil marks."""

from gridlogic.core.client import Auto, Client, Daily, Value

CLIENT = Client(
    example=".e...24#.#.#.......2.5..#.#.#....4a.",
    title="Str8ts",
    values=(Value("empty", "?", " "), Value("black", "#", "#"),
            *(Value(str(d), str(d), str(d)) for d in range(1, 10))),
    cycle=(),
    rules="Fill the white cells with 1 to n: no digit twice in a row or column (black cells' clues count), "
          "and every run of white cells between black cells (or the edge) a straight: consecutive digits, "
          "in any order.",
    help="Click a white cell, then type a digit or use the keypad. P switches pencil marks on and off; "
         "Backspace clears.",
    keypad=True,
    pencil=True,
    daily=(Daily("easy", "6"), Daily("moderate", "9"), Daily("tough", "9"), Daily("diabolical", "9"),
           Daily("extreme", "9")),
    auto=Auto("Automatic candidates: pencil marks of the digits no cell in the row or column holds",
              mode="candidates", units=("row", "col"), default=False),
)
