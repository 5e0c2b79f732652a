"""The seed's two 4-ring worked examples, rebuilt as full positions (Blue = Black, Red = White).

The tests score them; the web page and the docs replay them (:func:`game_of`).

Every cell the seed labels has the colour and role it gives: occupied peries of each star, the
surrounded peries (dead stones of the other colour), the quarks.  The interior was filled in so
that the stars come out exactly as described (and both players cross the centre star).
"""

from gridlogic.games.starstar.graph import star_graph

EXAMPLE_1_BLUE = (
    "*40 *41 *43 S41 S43 T41 A40 A41 A43 R41 R43 *30 *31 S31 T31 A30 A31 R32 *20 S21 T20 T21 A20 *10 T10 A10"
)
EXAMPLE_1_RED = "*42 S40 S42 T40 T42 T43 A42 R40 R42 *32 S30 S32 T30 T32 A32 R30 R31 *21 S20 A21 R20 R21 S10 R10"
EXAMPLE_2_BLUE = (
    "*40 *43 S41 S42 T40 T43 A40 A42 R40 R41 *31 *32 S32 T30 T31 A31 A32 R31 *20 S20 T20 T21 A20 R21 S10 R10"
)
EXAMPLE_2_RED = "*41 *42 S40 S43 T41 T42 A41 A43 R42 R43 *30 S30 S31 T32 A30 R30 R32 *21 S21 A21 R20 *10 T10 A10"


def cells_of(blue: str, red: str, rings: int = 4) -> list[int]:
    g = star_graph(rings)
    cells = [0] * g.size
    for label in blue.split():
        cells[g.parse(label)] = 1
    for label in red.split():
        if cells[g.parse(label)]:
            raise ValueError(f"{label} is both Blue and Red")
        cells[g.parse(label)] = 2
    return cells


def game_of(blue: str, red: str) -> list[str]:
    """A move list (Black = Blue first, alternating; a pass where one colour runs out) ending on the position."""
    b, r = blue.split(), red.split()
    moves: list[str] = []
    for i in range(max(len(b), len(r))):
        moves.append(b[i] if i < len(b) else "pass")
        if i < len(r) or i + 1 < len(b):
            moves.append(r[i] if i < len(r) else "pass")
    return moves
