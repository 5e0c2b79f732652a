// Proof mode's state and what it reads of it: the proof being edited (gridlogic's proof JSON), the position
// shown, the marks not yet made a step, the last check's report, and the board a position shows. What
// a value looks like comes from the kind's descriptor (S.kind); this module knows no kind.
import { Board } from "./board.js";
import { $ } from "./ui.js";

export const S = { info: null, kind: null, proof: null, pos: { path: "root", k: 0 }, draft: new Map(), report: null,
  busy: false, board: new Board($("board")), quiet: false };

export function cellLabel(r, c) { return `r${r + 1}c${c + 1}`; }


export function parsePath(path) {
  // "root.split.branches[1].split.branches[0]" -> [1, 0]
  return [...path.matchAll(/branches\[(\d+)\]/g)].map((m) => Number(m[1]));
}
export function nodeAt(path) {
  let node = S.proof.root;
  for (const b of parsePath(path)) node = node.split.branches[b];
  return node;
}
export function caseValues(rule) {
  const c = S.info.palette.case.find((x) => x.id === rule);
  return c ? c.values : [];
}
export function branchValue(split, i) {
  return split.branches[i].value ?? caseValues(split.rule)[i];
}
// a value's board character, a character's value, and how text shows a value (the kind's descriptor)
export function charOf(v) { return S.kind.values.find((x) => x.name === v).char; }
export function valueOf(ch) { const x = S.kind.values.find((y) => y.char === ch); return x && ch !== "?" ? x.name : undefined; }
export function symbolOf(v) { const x = S.kind.values.find((y) => y.name === v); return x ? x.symbol : v; }
export function named(v) { return symbolOf(v) === v ? v : `${symbolOf(v)} ${v}`; }
export function charSymbol(ch) { const x = S.kind.values.find((y) => y.char === ch); return (x ? x.symbol.trim() : ch) || "·"; }

export function boardAt(path, k) {
  const rows = S.info.board.map((r) => [...r]);
  for (const [r, c, v] of S.proof.start || []) rows[r][c] = charOf(v);
  let node = S.proof.root;
  const branches = parsePath(path);
  for (let depth = 0; ; depth++) {
    const last = depth === branches.length;
    const upto = last ? k : node.steps.length;
    for (const step of node.steps.slice(0, upto)) for (const [r, c, v] of step.set) rows[r][c] = charOf(v);
    if (last) return rows;
    const sp = node.split;
    const b = branches[depth];
    rows[sp.cell[0]][sp.cell[1]] = charOf(branchValue(sp, b));
    node = sp.branches[b];
  }
}

export function uniqueLines() { return S.proof && S.proof.unique_lines === false ? false : true; }

// The leaves under `path` that still need work, depth first: not closed by a contradiction, and not solved
// (as far as the last check knows).
export function openLeaves(path = "root", node = nodeAt(path), out = []) {
  if (node.split) node.split.branches.forEach((b, i) => openLeaves(`${path}.split.branches[${i}]`, b, out));
  else if (!node.close && !(S.report && S.report.solved_leaves && S.report.solved_leaves[path])) out.push(path);
  return out;
}

export function startMarks(info, rows) {
  // the player's board (from the play page) as the proof's start: the decided cells that are no givens
  const out = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    if (valueOf(ch) && info.board[r] && info.board[r][c] === "?") out.push([r, c, valueOf(ch)]);
  }));
  return out;
}

// the board shown: the position's, with the new marks not yet a step
export function displayRows() {
  const rows = boardAt(S.pos.path, S.pos.k);
  for (const [key, v] of S.draft) { const [r, c] = key.split(",").map(Number); rows[r][c] = charOf(v); }
  return rows.map((r) => r.join(""));
}
