// The board on a page: an SVG drawn by the kind's draw.py (puzzles/<kind>/draw.py), made playable.
//
// The drawing and the kind's client descriptor (GET /api/kinds) carry everything this module needs, so it
// knows no puzzle kind: each cell is a
// <g class="gl-cell" data-row data-col data-value [data-given]>, the <svg> root has data-chars
// ("value:char,...": how a cell's value is written in a board row) and data-cycle (the values a
// click steps through, in order; empty: a click only selects). Changing a cell sets its data-value;
// the drawing's own style sheet shows the symbol, so nothing goes back to the server.
//
//   const board = new Board(element);            // element: where the SVG goes
//   board.load(svgText, kind);                   // svg from POST /api/load or /api/draw; kind: its descriptor
//   board.rows()                                 // ["?*..", ...]: the wire format of the board
//   board.setRows(rows)                          // replace every non-given cell
//   board.highlight([[r, c], ...], "uses")       // classes: uses, marks, error, wrong, focus
//   board.clearHighlight("uses")                 // or clearHighlight() for all
//   board.addEventListener("change", e => ...)   // e.detail = {changes: [{r, c, attr, from, to}], source}
//
// Mouse: click cycles forward, right click or shift-click backward. Keyboard (the board is
// focusable): arrows move, space/enter cycle, the descriptor's keys set a value, Backspace or Delete
// clears; a kind with pencil marks has a pencil mode (P, or setPencilMode): digits toggle marks instead.

export class Board extends EventTarget {
  constructor(container, {readonly = false} = {}) {
    super();
    this.container = container;
    this.readonly = readonly;
    this.pencilMode = false;
    this.svg = null;
    this.cells = [];
    this.focused = null;
    container.tabIndex = container.tabIndex >= 0 ? container.tabIndex : 0;
    container.addEventListener("keydown", (e) => this._key(e));
    container.addEventListener("click", (e) => this._click(e, e.shiftKey ? -1 : 1));
    container.addEventListener("contextmenu", (e) => { if (this._cellOf(e.target)) { e.preventDefault(); this._click(e, -1); } });
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
    for (const g of this.svg.querySelectorAll(".gl-cell")) {
      this.cells[+g.dataset.row][+g.dataset.col] = g;
      g.setAttribute("role", "button");
    }
    this.focused = null;
    this.svg.setAttribute("role", "grid");
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

  _apply(r, c, attr, to) {
    const g = this.cell(r, c);
    if (attr === "pencil") {
      if (to) g.dataset.pencil = to; else delete g.dataset.pencil;
    } else {
      g.dataset.value = to;
      const label = g.getAttribute("aria-label") || "";
      g.setAttribute("aria-label", label.replace(/: [^:(]+?( \(given\))?$/, `: ${to}$1`));
    }
  }

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

  // ----- focus, mouse, keyboard
  focus(r, c) {
    if (!this.cell(r, c)) return;
    if (this.focused) this.cell(...this.focused).classList.remove("hl-focus");
    this.focused = [r, c];
    this.cell(r, c).classList.add("hl-focus");
    this.dispatchEvent(new CustomEvent("focuscell", {detail: {r, c}}));
  }

  _cellOf(target) { return target.closest && target.closest(".gl-cell"); }

  _click(e, dir) {
    const g = this._cellOf(e.target);
    if (!g) return;
    const r = +g.dataset.row, c = +g.dataset.col;
    this.container.focus({preventScroll: true});
    this.focus(r, c);
    if (!this.readonly) this.cycle(r, c, dir);
  }

  _key(e) {
    if (!this.svg || e.ctrlKey || e.metaKey || e.altKey) return;
    const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    const [r, c] = this.focused || [0, 0];
    if (moves[e.key]) {
      e.preventDefault();
      const [dr, dc] = moves[e.key];
      this.focus(Math.min(this.nrows - 1, Math.max(0, r + dr)), Math.min(this.ncols - 1, Math.max(0, c + dc)));
      return;
    }
    if (!this.focused) { this.focus(0, 0); }
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
