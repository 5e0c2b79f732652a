// Automatic marks: the marks the page adds by itself, as a kind's descriptor describes them (its "auto",
// core/client.py Auto; none: the kind has none). This module knows no kind.
//
// The model. The automatic marks are a function of the player's own causes (the descriptor's cause value,
// or the digits): derive() computes, for the current board, the mark each cell would get. After every move
// follow() compares that with what it was before the move and brings the board up to date:
//   - a cell whose mark the page put there (data-auto="1") takes the new mark, or is cleared when no
//     cause asks for it any more (the star that put a dot is gone: the dot goes);
//   - a blank cell (no value, no pencil marks) that a cause now asks a mark of gets it, tagged automatic;
//   - anything the player set is left alone, and a player's change to an automatic mark makes it the
//     player's own (the tag goes), so a dot the player cleared stays cleared until a new cause asks for it.
// An automatic mark looks exactly like the player's (same data-value or data-pencil); only data-auto and
// the cell's aria-label ("(automatic)") tell them apart. Its changes join the move's undo step.
//
//   const marks = new AutoMarks(board);
//   marks.setup(kind.auto, on)      // after a puzzle is loaded (and its board restored)
//   marks.follow(changes)           // after the player's move: the extra changes, already applied
//   marks.resync()                  // after undo, redo or anything that replays tags: nothing applied
//   marks.switchOn() / switchOff()  // the setting changed: the changes made, already applied (off and on
//                                   // again keeps what the player had declined)
//   marks.switchOn(declined)        // a reopened board: every mark a cause asks for but those the player declined
//   marks.declined()                // the cells whose automatic mark the player took away (kept with the board)

const AROUND = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

export class AutoMarks {
  constructor(board) {
    this.board = board;
    this.auto = null;
    this.on = false;
    this.last = new Map();
    this.offDeclined = new Set();  // what the player had declined when the setting went off
  }

  setup(auto, on) {
    this.offDeclined = new Set();
    this.auto = auto || null;
    this.on = Boolean(this.auto && on);
    this.last = this.on ? this.derive() : new Map();
  }

  resync() { this.last = this.on ? this.derive() : new Map(); }

  // "r,c" -> the mark a cause asks of that cell: {attr: "value", to} or {attr: "pencil", to}.
  derive() {
    const a = this.auto;
    if (!a) return new Map();
    return a.mode === "candidates" ? this._candidates(a) : this._exclude(a);
  }

  _units(a, r, c) {
    const g = this.board.cell(r, c);
    return a.units.map((u) => u === "row" ? `row:${r}` : u === "col" ? `col:${c}` : `${u}:${g.dataset[u]}`);
  }

  _exclude(a) {
    const b = this.board, out = new Map(), count = new Map();
    const causes = [];
    for (let r = 0; r < b.nrows; r++) for (let c = 0; c < b.ncols; c++) {
      if (b.value(r, c) !== a.cause) continue;
      causes.push([r, c]);
      for (const u of this._units(a, r, c)) count.set(u, (count.get(u) || 0) + 1);
    }
    const isCause = new Set(causes.map(([r, c]) => `${r},${c}`));
    const put = (r, c) => { if (b.cell(r, c) && !isCause.has(`${r},${c}`)) out.set(`${r},${c}`, {attr: "value", to: a.mark}); };
    if (a.around) for (const [r, c] of causes) for (const [dr, dc] of AROUND) put(r + dr, c + dc);
    const full = +(b.svg.dataset[a.full] || 0);
    if (full > 0) {
      for (let r = 0; r < b.nrows; r++) for (let c = 0; c < b.ncols; c++) {
        if (this._units(a, r, c).some((u) => (count.get(u) || 0) >= full)) put(r, c);
      }
    }
    return out;
  }

  _candidates(a) {
    const b = this.board, out = new Map(), seen = new Map();
    const digit = (r, c) => {
      const g = b.cell(r, c), v = g.dataset.clue || g.dataset.value;
      return /^[1-9]$/.test(v) ? v : "";
    };
    for (let r = 0; r < b.nrows; r++) for (let c = 0; c < b.ncols; c++) {
      const d = digit(r, c);
      if (!d) continue;
      for (const u of this._units(a, r, c)) { if (!seen.has(u)) seen.set(u, new Set()); seen.get(u).add(d); }
    }
    const n = Math.max(b.nrows, b.ncols);
    for (let r = 0; r < b.nrows; r++) for (let c = 0; c < b.ncols; c++) {
      if (b.isGiven(r, c) || b.value(r, c) !== b.blank) continue;
      const used = this._units(a, r, c).map((u) => seen.get(u) || new Set());
      let marks = "";
      for (let d = 1; d <= n; d++) if (!used.some((s) => s.has(String(d)))) marks += d;
      out.set(`${r},${c}`, {attr: "pencil", to: marks});
    }
    return out;
  }

  // After a move (`changes`, already on the board): the player's changes to automatic marks make them
  // the player's, then the marks follow the causes. Returns the extra changes, applied.
  follow(changes) {
    if (!this.on) return [];
    const b = this.board, extra = [];
    const own = new Set();
    for (const ch of changes) {
      own.add(`${ch.r},${ch.c}`);
      if (ch.attr === "auto" || !b.cell(ch.r, ch.c).dataset.auto) continue;
      // a value written over automatic pencil marks takes them away (they were the page's, not the player's)
      const pencil = b.pencil(ch.r, ch.c);
      if (ch.attr === "value" && pencil) extra.push({r: ch.r, c: ch.c, attr: "pencil", from: pencil, to: ""});
      extra.push({r: ch.r, c: ch.c, attr: "auto", from: "1", to: ""});
    }
    b.applyQuietly(extra);
    const next = this.derive();
    extra.push(...this._bring(this.last, next, own));
    this.last = next;
    return extra;
  }

  // The changes that take the board from the marks `before` to `after`, applied.
  _bring(before, after, own = new Set()) {
    const b = this.board, out = [];
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(key), now = after.get(key);
      if (own.has(key) || (was && now && was.attr === now.attr && was.to === now.to)) continue;
      const [r, c] = key.split(",").map(Number);
      if (b.isGiven(r, c)) continue;
      const g = b.cell(r, c), list = [];
      if (g.dataset.auto) {
        if (now) list.push(...this._set(r, c, now));
        else {
          list.push(...this._set(r, c, {attr: was.attr, to: was.attr === "value" ? b.blank : ""}));
          list.push({r, c, attr: "auto", from: "1", to: ""});
        }
      } else if (now && b.value(r, c) === b.blank && !b.pencil(r, c) && now.to) {
        list.push(...this._set(r, c, now), {r, c, attr: "auto", from: "", to: "1"});
      }
      b.applyQuietly(list);
      out.push(...list);
    }
    return out;
  }

  _set(r, c, mark) {
    const b = this.board;
    const from = mark.attr === "value" ? b.value(r, c) : b.pencil(r, c);
    return from === mark.to ? [] : [{r, c, attr: mark.attr, from, to: mark.to}];
  }

  // The setting turned on (or a board reopened): every blank cell a cause asks a mark of gets it, but the
  // cells of `declined` ("r,c" keys: marks the player had taken away, kept with the board).
  // Switched off and on again, the marks the player had declined when it went off stay declined.
  switchOn(declined = new Set()) {
    if (!this.auto) return [];
    this.on = true;
    const next = this.derive();
    const out = this._bring(new Map(), next, new Set([...declined, ...this.offDeclined]));
    this.offDeclined = new Set();
    this.last = next;
    return out;
  }

  // The cells ("r,c") a cause asks a mark of that stay blank and are not the page's: the player cleared
  // the mark there, and a reopened board must not put it back.
  declined() {
    const b = this.board, out = [];
    if (!this.on) return out;
    for (const [key, mark] of this.derive()) {
      const [r, c] = key.split(",").map(Number);
      const g = b.cell(r, c);
      if (mark.to && !g.dataset.auto && !b.isGiven(r, c) && b.value(r, c) === b.blank && !b.pencil(r, c)) out.push(key);
    }
    return out;
  }

  // The setting turned off: every automatic mark goes.
  switchOff() {
    const b = this.board, out = [];
    this.offDeclined = new Set(this.declined());
    this.on = false;
    this.last = new Map();
    if (!b.svg) return out;
    for (const g of b.svg.querySelectorAll(".gl-cell[data-auto]")) {
      const r = +g.dataset.row, c = +g.dataset.col;
      if (b.value(r, c) !== b.blank) out.push({r, c, attr: "value", from: b.value(r, c), to: b.blank});
      else if (b.pencil(r, c)) out.push({r, c, attr: "pencil", from: b.pencil(r, c), to: ""});
      out.push({r, c, attr: "auto", from: "1", to: ""});
    }
    b.applyQuietly(out);
    return out;
  }
}
