"""Star Battle on the web pages (:mod:`gridlogic.core.client`): LEGUP's click cycle, star and dot keys."""

from gridlogic.core.client import Auto, Client, Daily, Tally, Value

CLIENT = Client(
    example="https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
    title="Star Battle",
    values=(Value("unknown", "?", " "), Value("star", "*", "★"), Value("black", ".", "•")),
    cycle=("unknown", "star", "black"),
    keys={"s": "star", "*": "star", "8": "star", "x": "black", ".": "black", "b": "black", "u": "unknown"},
    rules="Place stars so that every row, column and region holds the same number of them; no two stars "
          "touch, not even diagonally.",
    help="Click or tap a cell: star, then dot (no star), then blank again. Right click goes back; drag to paint "
         "the first cell's new value along your path. Keys: arrows move, S or * star, X or . dot, Backspace clears.",
    provable=True,
    goal="{stars} ★ in each row, column and region, no two touching",
    daily=(Daily("easy", "6", {"stars": 1}), Daily("medium", "8", {"stars": 1}), Daily("hard", "8", {"stars": 1}),
           Daily("expert", "10", {"stars": 2}), Daily("expert+", "10", {"stars": 2})),
    auto=Auto("Automatic dots around each star and in rows, columns and regions that have their stars",
              mode="exclude", units=("row", "col", "region"), cause="star", mark="black", around=True, full="stars"),
    tally=Tally("star", "stars", "★ {n} of {total} placed · {stars} ★ per row, column and region"),
)
