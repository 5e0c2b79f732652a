// The board on a page: an SVG drawn by the kind's draw.py (puzzles/<kind>/draw.py), made playable.
//
// The drawing and the kind's client descriptor (GET /api/kinds) carry everything this module needs, so it
// knows no puzzle kind: each cell is a
// <g class="gl-cell" data-row data-col data-value [data-given]>, the <svg> root has data-chars
// ("value:char,...": how a cell's value is written in a board row) and data-cycle (the values a
// click steps through, in order; empty: a click only selects). Changing a cell sets its data-value;
// the drawing's own style sheet shows the symbol, so nothing goes back to the server.
//
//   const board = new Board(element, {paint});   // element: where the SVG goes; paint: drags paint (below)
//   board.load(svgText, kind);                   // svg from POST /api/load or /api/draw; kind: its descriptor
//   board.rows()                                 // ["?*..", ...]: the wire format of the board
//   board.setRows(rows)                          // replace every non-given cell
//   board.highlight([[r, c], ...], "uses")       // classes: uses, marks, error, wrong, focus
//   board.clearHighlight("uses")                 // or clearHighlight() for all
//   board.addEventListener("change", e => ...)   // e.detail = {changes: [{r, c, attr, from, to}], source}
//
// A change's attr is "value" (data-value), "pencil" (data-pencil: pencil marks) or "auto" (data-auto="1":
// the cell's mark was put there by the page's automatic marks, automarks.js).
//
// Pointer (mouse, pen or touch, Pointer Events): a press cycles the cell forward (right button or shift:
// backward); with paint on, dragging on from it gives every cell the pointer passes the value the first
// cell took, and the whole drag is one change event (one undo step). The board's cells do not scroll
// the page (touch-action: none, play.css). Keyboard: the board is an ARIA grid (role grid, row,
// gridcell; each cell's aria-label says its state) with a roving tabindex: one cell is in the tab
// order and has the focus; arrows, Home/End (row), Ctrl+Home/End (board) move, space/enter cycle, the
// descriptor's keys set a value, Backspace or Delete clears; a kind with pencil marks has a pencil
// mode (P, or setPencilMode): digits toggle marks instead.

export class Board extends EventTarget {
  constructor(container, {readonly = false, paint = false} = {}) {
    super();
    this.container = container;
    this.readonly = readonly;
    this.paint = paint;
    this.pencilMode = false;
    this.svg = null;
    this.cells = [];
    this.focused = null;
    this.drag = null;  // the pointer press being followed: {id, value, last: [r, c], changes}
    container.tabIndex = -1;  // focusable by the page; the tab stop is the grid's current cell
    container.addEventListener("keydown", (e) => this._key(e));
    container.addEventListener("pointerdown", (e) => this._down(e));
    container.addEventListener("pointermove", (e) => this._move(e));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) container.addEventListener(type, (e) => this._up(e));
    container.addEventListener("contextmenu", (e) => { if (this._cellOf(e.target)) e.preventDefault(); });
  }

  // ----- loading
  load(svgText, kind = null) {
    this.keys = (kind && kind.keys) || {};
    this.hasPencil = Boolean(kind && kind.pencil);
    this.container.innerHTML = svgText;
    this.svg = this.container.querySelector("svg");
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.nrows = +this.svg.dataset.rows;
    this.ncols = +this.svg.dataset.cols;
    this.chars = Object.fromEntries(this.svg.dataset.chars.split(",").map((p) => {
      const i = p.lastIndexOf(":");
      return [p.slice(0, i), p.slice(i + 1)];
    }));
    this.values = Object.fromEntries(Object.entries(this.chars).map(([v, ch]) => [ch, v]));
    this.blank = this.values["?"];
    this.cycleOrder = (this.svg.dataset.cycle || "").split(" ").filter(Boolean);
    this.cells = Array.from({length: this.nrows}, () => []);
    for (const g of this.svg.querySelectorAll(".gl-cell")) this.cells[+g.dataset.row][+g.dataset.col] = g;
    this.focused = null;
    this.drag = null;
    this._grid();
  }

  // The ARIA grid: the <svg> a grid named by its title, each row's cells wrapped in a <g role="row">
  // (no transform: the drawing is unchanged), each cell a gridcell, one of them in the tab order.
  _grid() {
    const svg = this.svg;
    svg.setAttribute("role", "grid");
    svg.setAttribute("aria-rowcount", String(this.nrows));
    svg.setAttribute("aria-colcount", String(this.ncols));
    svg.removeAttribute("focusable");
    this.cells.forEach((row, r) => {
      const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("role", "row");
      g.setAttribute("aria-rowindex", String(r + 1));
      row[0].before(g);
      row.forEach((cell, c) => {
        g.append(cell);
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", String(c + 1));
        cell.setAttribute("tabindex", r === 0 && c === 0 ? "0" : "-1");
        if (cell.dataset.given === "1" || this.readonly) cell.setAttribute("aria-readonly", "true");
      });
    });
  }

  // Take the caption (the rules line) of another drawing of the same puzzle, e.g. after an option changed.
  setCaption(svgText) {
    const fresh = new DOMParser().parseFromString(svgText, "image/svg+xml").querySelector(".caption");
    const old = this.svg && this.svg.querySelector(".caption");
    if (fresh && old) old.replaceWith(document.importNode(fresh, true));
  }

  cell(r, c) { return this.cells[r] && this.cells[r][c]; }
  isGiven(r, c) { return this.cell(r, c).dataset.given === "1"; }
  value(r, c) { return this.cell(r, c).dataset.value; }

  // ----- the board as row strings (the wire format)
  rows() {
    return this.cells.map((row) => row.map((g) => this.chars[g.dataset.value] ?? "?").join(""));
  }

  setRows(rows, source = "set") {
    const changes = [];
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      if (this.isGiven(r, c)) return;
      const to = this.values[ch] ?? this.blank;
      const from = this.value(r, c);
      if (from !== to) { this._apply(r, c, "value", to); changes.push({r, c, attr: "value", from, to}); }
    }));
    if (changes.length) this._emit(changes, source);
    return changes;
  }

  // ----- changing cells
  setValue(r, c, to, source = "user") {
    if (this.isGiven(r, c)) return false;
    const from = this.value(r, c);
    if (from === to) return false;
    this._apply(r, c, "value", to);
    this._emit([{r, c, attr: "value", from, to}], source);
    return true;
  }

  cycle(r, c, dir = 1) {
    const order = this.cycleOrder;
    if (!order.length || this.isGiven(r, c)) return false;
    const i = order.indexOf(this.value(r, c));
    return this.setValue(r, c, order[(i + dir + order.length) % order.length]);
  }

  pencil(r, c) { return this.cell(r, c).dataset.pencil || ""; }

  togglePencil(r, c, digit, source = "user") {
    if (this.isGiven(r, c)) return false;
    const from = this.pencil(r, c);
    const to = from.includes(digit) ? from.replace(digit, "") : [...from + digit].sort().join("");
    this._apply(r, c, "pencil", to);
    this._emit([{r, c, attr: "pencil", from, to}], source);
    return true;
  }

  pencilMarks() {
    const out = {};
    this.cells.forEach((row, r) => row.forEach((g, c) => { if (g.dataset.pencil) out[`${r},${c}`] = g.dataset.pencil; }));
    return out;
  }

  // Apply a list of changes as one (undo/redo replay them; `back` applies them in reverse).
  replay(changes, back = false, source = "replay") {
    const list = back ? [...changes].reverse() : changes;
    for (const ch of list) this._apply(ch.r, ch.c, ch.attr, back ? ch.from : ch.to);
    this._emit(list.map((ch) => back ? {...ch, from: ch.to, to: ch.from} : ch), source);
  }

  setPencilMode(on) {
    this.pencilMode = on;
    this.container.classList.toggle("pencil-mode", on);
    this.dispatchEvent(new CustomEvent("pencilmode", {detail: {on}}));
  }

  // Change one attribute of a cell without telling anyone (callers emit the change).
  _apply(r, c, attr, to) {
    const g = this.cell(r, c);
    if (attr === "pencil" || attr === "auto") {
      if (to) g.dataset[attr] = to; else delete g.dataset[attr];
    } else {
      g.dataset.value = to;
    }
    this._label(g);
  }

  // A cell's aria-label: the drawing's "<cell>…: <value>[ (given)]", the value kept current, then
  // "(automatic)" for a mark the page put there and the pencil marks.
  _label(g) {
    const base = (g.dataset.label ??= g.getAttribute("aria-label") || "");
    const value = g.dataset.value;
    let label = base.replace(/: [^:(]+?( \(given\))?$/, `: ${value}$1`);
    if (g.dataset.auto && value !== this.blank) label += " (automatic)";
    if (g.dataset.pencil && value === this.blank) label += `, pencil marks ${[...g.dataset.pencil].join(" ")}`;
    g.setAttribute("aria-label", label);
  }

  // Apply changes without an event of their own (the caller folds them into the change it is handling).
  applyQuietly(changes) { for (const ch of changes) this._apply(ch.r, ch.c, ch.attr, ch.to); }

  _emit(changes, source) {
    this.dispatchEvent(new CustomEvent("change", {detail: {changes, source}}));
  }

  // ----- highlights
  highlight(cells, cls) {
    for (const [r, c] of cells) { const g = this.cell(r, c); if (g) g.classList.add(`hl-${cls}`); }
  }

  clearHighlight(cls) {
    if (!this.svg) return;
    const names = cls ? [`hl-${cls}`] : ["hl-uses", "hl-marks", "hl-error", "hl-wrong"];
    for (const name of names) for (const g of this.svg.querySelectorAll(`.${name}`)) g.classList.remove(name);
  }

  // ----- focus, pointer, keyboard
  // Make (r, c) the current cell: its outline, the grid's one tab stop, and the keyboard focus when the
  // board has it (or `take`).
  focus(r, c, take = false) {
    const g = this.cell(r, c);
    if (!g) return;
    if (this.focused) {
      const old = this.cell(...this.focused);
      old.classList.remove("hl-focus");
      old.setAttribute("tabindex", "-1");
    } else {
      for (const cell of this.svg.querySelectorAll('.gl-cell[tabindex="0"]')) cell.setAttribute("tabindex", "-1");
    }
    this.focused = [r, c];
    g.classList.add("hl-focus");
    g.setAttribute("tabindex", "0");
    if (take || this.container.contains(document.activeElement)) g.focus({preventScroll: true});
    this.dispatchEvent(new CustomEvent("focuscell", {detail: {r, c}}));
  }

  // Give the board the keyboard focus, on its current cell.
  takeFocus() {
    if (!this.svg) { this.container.focus({preventScroll: true}); return; }
    const [r, c] = this.focused || [0, 0];
    this.focus(r, c, true);
  }

  _cellOf(target) { return target && target.closest && target.closest(".gl-cell"); }

  _cellAt(x, y) {
    const g = this._cellOf(document.elementFromPoint(x, y));
    return g && this.container.contains(g) ? g : null;
  }

  _down(e) {
    const g = this._cellOf(e.target);
    if (!g || (e.pointerType === "mouse" && e.button !== 0 && e.button !== 2)) return;
    const r = +g.dataset.row, c = +g.dataset.col;
    this.focus(r, c, true);
    if (this.readonly || this.drag) return;
    e.preventDefault();  // no text selection, no focus change by the browser: the cell has it
    const dir = e.button === 2 || e.shiftKey ? -1 : 1;
    const first = this._step(r, c, dir);
    if (!first) return;
    this.drag = {id: e.pointerId, value: first.to, last: [r, c], changes: [first]};
    this._apply(r, c, "value", first.to);
    if (!this.paint) { this._up(e); return; }
    try { this.container.setPointerCapture(e.pointerId); } catch { /* the pointer is gone already */ }
  }

  _move(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const g = this._cellAt(e.clientX, e.clientY);
    if (!g) return;
    const to = [+g.dataset.row, +g.dataset.col];
    if (to[0] === d.last[0] && to[1] === d.last[1]) return;
    for (const [r, c] of between(d.last, to)) this._paint(r, c);
    d.last = to;
  }

  _paint(r, c) {
    const d = this.drag;
    if (this.isGiven(r, c) || d.changes.some((ch) => ch.r === r && ch.c === c)) return;
    const from = this.value(r, c);
    if (from !== d.value) {
      d.changes.push({r, c, attr: "value", from, to: d.value});
      this._apply(r, c, "value", d.value);
    } else if (this.cell(r, c).dataset.auto) {  // painted over an automatic mark of the same value: now the player's
      d.changes.push({r, c, attr: "auto", from: "1", to: ""});
      this._apply(r, c, "auto", "");
    }
  }

  _up(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    this._emit(d.changes, "user");
  }

  // The change one cycle step makes to (r, c), or null (a given cell, a kind without a cycle).
  _step(r, c, dir) {
    const order = this.cycleOrder;
    if (!order.length || this.isGiven(r, c)) return null;
    const from = this.value(r, c);
    const to = order[(order.indexOf(from) + dir + order.length) % order.length];
    return from === to ? null : {r, c, attr: "value", from, to};
  }

  _key(e) {
    if (!this.svg || e.metaKey || e.altKey || (e.ctrlKey && e.key !== "Home" && e.key !== "End")) return;
    const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    const [r, c] = this.focused || [0, 0];
    if (moves[e.key]) {
      e.preventDefault();
      const [dr, dc] = moves[e.key];
      this.focus(Math.min(this.nrows - 1, Math.max(0, r + dr)), Math.min(this.ncols - 1, Math.max(0, c + dc)), true);
      return;
    }
    if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      const end = e.key === "End";
      this.focus(e.ctrlKey ? (end ? this.nrows - 1 : 0) : r, end ? this.ncols - 1 : 0, true);
      return;
    }
    if (!this.focused) { this.focus(0, 0, true); }
    if (this.readonly) return;
    const key = e.key.toLowerCase();
    if (key === "p" && this.hasPencil) { this.setPencilMode(!this.pencilMode); e.preventDefault(); return; }
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); this.cycle(r, c, e.shiftKey ? -1 : 1); return; }
    if (e.key === "Backspace" || e.key === "Delete") {
      e.preventDefault();
      if (this.pencil(r, c) && this.value(r, c) === this.blank) {
        const from = this.pencil(r, c);
        this._apply(r, c, "pencil", "");
        this._emit([{r, c, attr: "pencil", from, to: ""}], "user");
      } else {
        this.setValue(r, c, this.blank);
      }
      return;
    }
    const named = this.keys[key];
    if (named) { e.preventDefault(); this.setValue(r, c, named); return; }
    if (/^[1-9]$/.test(e.key) && this.chars[e.key] !== undefined) {
      e.preventDefault();
      this.enterDigit(r, c, e.key);
    }
  }

  // A digit typed or pressed on a keypad: the value, or a pencil mark in pencil mode.
  enterDigit(r, c, d) {
    if (this.isGiven(r, c)) return false;
    if (this.pencilMode) return this.togglePencil(r, c, d);
    return this.setValue(r, c, this.value(r, c) === d ? this.blank : d);
  }
}

// The cells from a to b (b included, a not), one step at a time (a line through the grid), so a quick
// drag paints every cell it crossed even when the pointer skipped some between two events.
export function between([r0, c0], [r1, c1]) {
  const n = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
  const out = [];
  for (let i = 1; i <= n; i++) {
    const cell = [Math.round(r0 + (r1 - r0) * i / n), Math.round(c0 + (c1 - c0) * i / n)];
    const last = out[out.length - 1];
    if (!last || last[0] !== cell[0] || last[1] !== cell[1]) out.push(cell);
  }
  return out;
}
