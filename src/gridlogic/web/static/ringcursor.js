// The keyboard on a drawn board of nodes (<g class="node" data-label data-index data-stone>, each with a
// circle.hit): the board takes focus; a cursor (a node's label) moves with the arrow keys to the nearest node in
// that direction, Enter or Space plays it, Home goes back to the centre. Each node is named for screen readers
// (its title, or "…, empty") and the board points at the cursor's node with aria-activedescendant.

export function ringCursor(board) {
  let cursor = null;

  const nodes = () => [...board.querySelectorAll("g.node")];
  const nodeAt = (label) => nodes().find((g) => g.dataset.label === label) || null;

  function centre(g) {
    const hit = g.querySelector("circle.hit");
    return [Number(hit.getAttribute("cx")), Number(hit.getAttribute("cy"))];
  }

  function centreNode() {  // the node nearest the middle of the drawing
    const all = nodes();
    const xs = all.map((g) => centre(g));
    const mx = xs.reduce((a, p) => a + p[0], 0) / xs.length, my = xs.reduce((a, p) => a + p[1], 0) / xs.length;
    let best = null, bestD = Infinity;
    all.forEach((g, i) => {
      const d = (xs[i][0] - mx) ** 2 + (xs[i][1] - my) ** 2;
      if (d < bestD) { best = g; bestD = d; }
    });
    return best;
  }

  function show() {
    for (const g of board.querySelectorAll("g.node.cursor")) g.classList.remove("cursor");
    const g = cursor && nodeAt(cursor);
    if (!g) { board.removeAttribute("aria-activedescendant"); return; }
    g.classList.add("cursor");
    board.setAttribute("aria-activedescendant", g.id);
  }

  function toCentre() { cursor = centreNode()?.dataset.label ?? null; show(); }

  function move(dx, dy) {
    const here = (cursor && nodeAt(cursor)) || centreNode();
    if (!here) return;
    const [x0, y0] = centre(here);
    let best = null, bestCost = Infinity;
    for (const g of nodes()) {
      if (g === here) continue;
      const [x, y] = centre(g);
      const along = (x - x0) * dx + (y - y0) * dy;      // distance in the arrow's direction
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (along <= 1e-6 || across > along * 1.2) continue;  // within about 50 degrees of the arrow
      const cost = along + 2 * across;
      if (cost < bestCost) { best = g; bestCost = cost; }
    }
    cursor = (best || here).dataset.label;
    show();
  }

  return {
    // after the board's drawing changed: name its nodes, drop a cursor the new board lacks
    refresh() {
      for (const g of nodes()) {
        const title = g.querySelector("title");
        const text = title ? title.textContent : g.dataset.label;
        g.id = `node-${g.dataset.index}`;
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", g.dataset.stone === "" ? `${text}, empty` : text);
      }
      if (cursor && !nodeAt(cursor)) cursor = null;  // another board size
      show();
    },
    // the cursor goes to a node the player clicked
    set(label) { cursor = label; show(); },
    // the board took focus: put the cursor somewhere
    focus() { if (!cursor || !nodeAt(cursor)) toCentre(); },
    // a key on the board; play(label) is called for Enter or Space on an empty node
    key(event, play) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const arrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      if (arrows[event.key]) {
        event.preventDefault();
        if (!cursor || !nodeAt(cursor)) { toCentre(); return; }
        move(...arrows[event.key]);
      } else if (event.key === "Home") {
        event.preventDefault();
        toCentre();
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (!cursor || !nodeAt(cursor)) { toCentre(); return; }
        if (nodeAt(cursor).dataset.stone === "") play(cursor);
      }
    },
  };
}
