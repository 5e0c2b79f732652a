// The play page's links and the board kept in this browser: what a reload, a bookmark or a shared link
// brings back. A board is its rows (board.rows()), its pencil marks, and two sets of cells for the
// automatic marks (automarks.js): the marks the page put (they still follow their causes) and the marks
// the player took away (they stay away). In a link each set is a bitmask over the cells in row-major
// order, six cells to a base64url character ("auto" and "off"); a link without them (made before they
// were kept) opens as it always did. In localStorage (ui.js settings) they are lists of "r,c".
import {settings} from "/static/ui.js";

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// ["r,c", ...] -> the bitmask text ("" for none)
export function packCells(keys, ncols) {
  const bits = [];
  for (const key of keys) {
    const [r, c] = key.split(",").map(Number);
    bits[r * ncols + c] = 1;
  }
  let out = "";
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let j = 0; j < 6; j++) v = (v << 1) | (bits[i + j] ? 1 : 0);
    out += DIGITS[v];
  }
  return out;
}

// the bitmask text -> ["r,c", ...] of the cells inside the board (text that is no bitmask: none)
export function unpackCells(text, nrows, ncols) {
  const s = String(text || "");
  if (s.length > Math.ceil((nrows * ncols) / 6) || ![...s].every((ch) => DIGITS.includes(ch))) return [];
  const out = [];
  [...s].forEach((ch, k) => {
    const v = DIGITS.indexOf(ch);
    for (let j = 0; j < 6; j++) {
      const i = k * 6 + j;
      if (v & (32 >> j) && i < nrows * ncols) out.push(`${Math.floor(i / ncols)},${i % ncols}`);
    }
  });
  return out;
}

// the cells of `keys` ("r,c") that are on the board and no givens
function onBoard(board, keys) {
  return (Array.isArray(keys) ? keys : []).map((key) => String(key).split(",").map(Number))
    .filter(([r, c]) => Number.isInteger(r) && Number.isInteger(c) && board.cell(r, c) && !board.isGiven(r, c))
    .map(([r, c]) => `${r},${c}`);
}

// the cells the page had marked, tagged again (so their marks still follow their causes)
function tagAuto(board, keys) {
  board.applyQuietly(onBoard(board, keys).map((key) => {
    const [r, c] = key.split(",").map(Number);
    return {r, c, attr: "auto", from: "", to: "1"};
  }));
}

function autoCells(board) {
  return [...board.svg.querySelectorAll(".gl-cell[data-auto]")].map((g) => `${g.dataset.row},${g.dataset.col}`);
}

// ----- the board kept in this browser, per puzzle, so a reload loses nothing
export function storeKey(puzzle) { return puzzle ? `${puzzle.kind}:${puzzle.puzzle}` : null; }

export function save(state, board, marks) {
  const key = storeKey(state.puzzle);
  if (!key || state.explain) return;
  const rows = board.rows(), pencil = board.pencilMarks();
  if (rows.join("") === state.start.join("") && !Object.keys(pencil).length) settings.remove(key);
  else settings.set(key, {rows, pencil, auto: autoCells(board), off: marks.declined(), t: Math.floor((Date.now() - state.t0) / 1000)});
}

// The kept board put back: the saved record (null if none fits) and the marks the player had taken away.
export function restore(state, board) {
  const saved = settings.get(storeKey(state.puzzle));
  if (!saved || !Array.isArray(saved.rows) || saved.rows.length !== board.nrows) return {saved: null, declined: new Set()};
  board.setRows(saved.rows, "load");
  const pencil = Object.entries(saved.pencil || {}).map(([key, to]) => {
    const [r, c] = key.split(",").map(Number);
    return {r, c, attr: "pencil", from: "", to: String(to)};
  }).filter((ch) => board.cell(ch.r, ch.c) && !board.isGiven(ch.r, ch.c));
  if (pencil.length) board.replay(pencil, false, "load");
  tagAuto(board, saved.auto);
  return {saved, declined: new Set(onBoard(board, saved.off))};
}

// A link's board put on (its rows already set): the marks the page had put, tagged; those the player took away.
export function restoreLink(board, {auto = "", off = ""} = {}) {
  tagAuto(board, unpackCells(auto, board.nrows, board.ncols));
  return new Set(onBoard(board, unpackCells(off, board.nrows, board.ncols)));
}

// ----- the links
function puzzleUrl(path, puzzle) {
  const url = new URL(path, location.href);
  url.searchParams.set("puzzle", puzzle.puzzle);
  url.searchParams.set("kind", puzzle.kind);
  if (!puzzle.unique_lines) url.searchParams.set("unique_lines", "false");
  return url;
}

// the address bar names the puzzle being played, so a reload (or a bookmark) comes back to it; the
// board itself is kept in localStorage once the player has changed it
export function syncUrl(puzzle, dropBoard = false) {
  const url = new URL(location.href);
  url.searchParams.set("puzzle", puzzle.puzzle);
  url.searchParams.set("kind", puzzle.kind);
  if (puzzle.unique_lines) url.searchParams.delete("unique_lines"); else url.searchParams.set("unique_lines", "false");
  if (dropBoard) for (const key of ["board", "t", "auto", "off"]) url.searchParams.delete(key);
  if (url.toString() !== location.href) history.replaceState(null, "", url);
}

// share: the puzzle, the board, its automatic marks and the time in the link
export function shareUrl(state, board, marks) {
  const url = puzzleUrl("/play", state.puzzle);
  const rows = board.rows();
  if (rows.join("") !== state.start.join("")) url.searchParams.set("board", rows.join("/"));
  const auto = packCells(autoCells(board), board.ncols), off = packCells(marks.declined(), board.ncols);
  if (auto) url.searchParams.set("auto", auto);
  if (off) url.searchParams.set("off", off);
  url.searchParams.set("t", String(Math.floor((Date.now() - state.t0) / 1000)));
  return url;
}

// proof mode on the same puzzle and board (the kinds whose descriptor says provable)
export function proofUrl(state, board) {
  if (!state.puzzle || !state.kind.provable) return new URL("/proof", location.href);
  const url = puzzleUrl("/proof", state.puzzle);
  const rows = state.explain ? state.saved.rows : board.rows();
  if (rows.join("") !== state.start.join("")) url.searchParams.set("board", rows.join("/"));
  return url;
}
