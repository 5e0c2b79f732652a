// The play page: open a puzzle, play it on a Board (board.js), live rule checks, progress check (wrong marks outlined),
// hints (POST /api/hint), the explanation step by step, undo/redo, timer, share links, generate.
// Every kind difference (help, keypad, keys, proof mode, generate options) comes from the kind's
// descriptor (ui.js kinds(), GET /api/kinds).
import {AutoMarks} from "/static/automarks.js";
import {Board} from "/static/board.js";
import {helpPanel} from "/static/helppanel.js";
import {holdBoard, setupHelp} from "/static/playhelp.js";
import {proofUrl, restore, restoreLink, save as keep, shareUrl, syncUrl as syncLink} from "/static/playlinks.js";
import {setupOpen} from "/static/playopen.js";
import {clearStep} from "/static/steps.js";
import {$, call, esc, help, kinds, setStatus as show} from "/static/ui.js";

const board = new Board($("board"), {paint: true});
const marks = new AutoMarks(board);  // the automatic marks (help settings), following the player's moves
const state = {
  puzzle: null,     // {puzzle, kind, format, unique_lines}: what every later request sends
  kinds: new Map(), kind: null,  // every kind's descriptor (GET /api/kinds), the open puzzle's
  title: "", start: [], undo: [], redo: [], t0: 0, elapsed: 0, solved: false, hint: null, explain: null, saved: null,
  checkSeq: 0,
  progressAt: -1,   // the board version the last "Check my progress" answer is about
  violations: [], violationsAt: -1,  // the broken rules of the last live check and the board version it was for
  version: 0,       // bumped at every change of the board: an answer computed for an older one is dropped
};

function setStatus(text, state = "") { show($("status"), text, state); }

// ----- the help settings panel (helppanel.js): automatic marks, when broken rules show, which marks are wrong
const panel = helpPanel({
  onAuto(on) {
    if (!state.puzzle || state.explain) return;
    const changes = on ? marks.switchOn() : marks.switchOff();  // applied: the change event makes them one undo step
    if (changes.length) board.replay(changes, false, "setting");
    setStatus(on ? "Automatic marks on." : "Automatic marks off: the ones the page had put are gone.");
  },
  onErrors() { showViolations(help.errors() === "immediate"); },
});

// ----- opening a puzzle
async function openPuzzle(text, {kind: kindName = "", board: rows = null, link = {}, seconds = 0, title = "", index = 0,
  uniqueLines = true} = {}) {
  const body = {puzzle: text, index, unique_lines: uniqueLines};
  if (kindName) body.kind = kindName;
  let data, kind;
  try {
    data = await call("/api/load", body);
    kind = (await kinds()).get(data.kind);
  } catch (e) {
    setStatus(`error: ${e.message}`, "error");
    return false;
  }
  state.puzzle = {puzzle: data.share, kind: data.kind, format: data.share_format, unique_lines: data.unique_lines !== false};
  $("unique-label").hidden = data.unique_lines === null || data.unique_lines === undefined;
  $("unique-lines").checked = state.puzzle.unique_lines;
  state.start = data.board;
  state.kind = kind;
  board.load(data.svg, kind);
  state.title = title || describe(data);
  board.setPencilMode(false);
  state.undo = []; state.redo = []; state.hint = null; state.solved = false;
  asks.closeExplain(false);
  $("hintbox").hidden = true; $("sharelink").hidden = true;
  let {saved, declined} = rows ? {saved: null} : restore(state, board);
  if (rows) { board.setRows(rows, "load"); declined = restoreLink(board, link); }
  marks.setup(kind.auto, help.auto(kind));
  // a shared or restored board gets its marks at once, but those the player had taken away
  if (marks.on) board.applyQuietly(marks.switchOn(declined));
  panel.show(kind);
  $("title").textContent = state.title;
  $("board").classList.remove("solved");
  setupKeypad(kind);
  $("rules").textContent = kind.rules;
  $("help").textContent = kind.help;
  if (saved) seconds = saved.t || 0;
  state.t0 = Date.now() - seconds * 1000; state.elapsed = seconds;
  setStatus(saved ? "Welcome back: your board is as you left it." :
    data.records > 1 ? `Playing puzzle ${index + 1} of the ${data.records} in the input. Your move.` : "Your move.");
  const pick = $("records");
  pick.hidden = data.records <= 1;
  if (data.records > 1) {
    state.source = {text, kind: kindName};
    pick.innerHTML = "";
    for (let i = 0; i < Math.min(data.records, 500); i++) pick.add(new Option(`puzzle ${i + 1} of ${data.records}`, String(i)));
    pick.value = String(index);
  }
  $("alert").innerHTML = "";
  updateButtons();
  await liveCheck();
  board.takeFocus();
  return true;
}

function describe(data) {
  const svg = board.svg;
  const label = svg ? svg.getAttribute("aria-label") : data.kind;
  return label;
}

// ----- the keypad (a kind whose descriptor asks for one): digits 1..n, pencil marks, erase
function setupKeypad(kind) {
  const pad = $("keypad");
  pad.innerHTML = "";
  pad.hidden = !kind.keypad;
  if (!kind.keypad) return;
  for (let d = 1; d <= board.nrows; d++) {
    const b = document.createElement("button");
    b.textContent = d; b.dataset.digit = d; b.setAttribute("aria-label", `digit ${d}`);
    b.addEventListener("click", () => { if (board.focused) board.enterDigit(...board.focused, String(d)); board.takeFocus(); });
    pad.append(b);
  }
  if (kind.pencil) {
    const pen = document.createElement("button");
    pen.id = "pencil"; pen.className = "wide"; pen.textContent = "✎ Pencil (P)";
    pen.addEventListener("click", () => { board.setPencilMode(!board.pencilMode); board.takeFocus(); });
    pad.append(pen);
  }
  const erase = document.createElement("button");
  erase.className = "wide"; erase.textContent = "Erase";
  erase.addEventListener("click", () => {
    if (!board.focused) return;
    const [r, c] = board.focused;
    if (board.pencil(r, c) && board.value(r, c) === board.blank) board.replay([{r, c, attr: "pencil", from: board.pencil(r, c), to: ""}], false, "user");
    else board.setValue(r, c, board.blank);
    board.takeFocus();
  });
  pad.append(erase);
}
board.addEventListener("pencilmode", (e) => { const p = $("pencil"); if (p) p.classList.toggle("on", e.detail.on); });

// ----- the distinct-lines switch (unique_lines, the CLI's --no-unique-lines): every request of the page sends it
$("unique-lines").addEventListener("change", () => {
  if (!state.puzzle) return;
  state.puzzle.unique_lines = $("unique-lines").checked;
  state.hint = null; $("hintbox").hidden = true; $("sharelink").hidden = true;
  board.clearHighlight("uses"); board.clearHighlight("marks"); board.clearHighlight("wrong");
  setStatus(state.puzzle.unique_lines ? "Rows and columns must all be different." :
    "Rows (and columns) may repeat: the distinct-lines rule is off.");
  liveCheck();
  redrawCaption();
});

async function redrawCaption() {
  // the drawing's rules line says whether rows may repeat: take it from the server's drawing
  try { board.setCaption(await call("/api/draw", state.puzzle, {text: true})); } catch { /* the caption is decoration */ }
}

// ----- proof mode on the same puzzle and board (the kinds whose descriptor says provable)
$("proof-link").addEventListener("click", async (e) => {
  if (state.puzzle && !state.kind.provable) {
    e.preventDefault();
    const provable = [...(await kinds()).values()].filter((k) => k.provable).map((k) => k.title);
    setStatus(`Proof mode is for ${provable.join(" and ")}; ${state.kind.title} can be played, hinted and explained here.`);
    return;
  }
  $("proof-link").href = proofUrl(state, board).toString();
});

// ----- the board kept in this browser and the links (playlinks.js)
function save() { keep(state, board, marks); }
function syncUrl(dropBoard = false) { syncLink(state.puzzle, dropBoard); }

// ----- every change: history, live check (a step drawn by steps.js goes with the board it was drawn on)
board.addEventListener("change", (e) => { if (e.detail.source !== "explain") clearStep(board); });
board.addEventListener("change", (e) => {
  const {changes, source} = e.detail;
  if (source === "user" || source === "hint" || source === "restart" || source === "setting") {
    const extra = source === "setting" ? [] : marks.follow(changes);  // applied already: one undo step with the move
    state.undo.push(extra.length ? [...changes, ...extra] : changes); state.redo = [];
  } else if (source === "undo" || source === "redo") {
    marks.resync();
  }
  state.version++;
  if (source !== "explain") {
    if (source !== "load") { save(); syncUrl(true); }
    state.hint = null; holdBoard(() => { $("hintbox").hidden = true; });  // the hint above it goes, the board stays
    board.clearHighlight("uses"); board.clearHighlight("marks"); board.clearHighlight("wrong");
    $("sharelink").hidden = true;
    liveCheck();
  }
  updateButtons();
});

// The broken rules of the last live check, listed and filled red when `show`; cleared otherwise. True if shown.
function showViolations(show) {
  board.clearHighlight("error");
  const list = show && state.violationsAt === state.version ? state.violations : [];
  const items = list.slice(0, 6).map((v) => `<li><span class="rule">${esc(v.rule)}</span> ${esc(v.message)}</li>`);
  $("alert").innerHTML = items.length ? `<ul>${items.join("")}</ul>` : "";
  for (const v of list) board.highlight(v.cells, "error");
  return list.length > 0;
}

async function liveCheck() {
  if (!state.puzzle || state.explain) return;
  $("proof-link").href = proofUrl(state, board).toString();
  syncUrl();
  const seq = ++state.checkSeq, asked = state.version;
  let data;
  try {
    data = await call("/api/board", {...state.puzzle, board: board.rows()});
  } catch (e) {
    setStatus(`error: ${e.message}`, "error");
    return;
  }
  if (seq !== state.checkSeq) return;  // a newer board was sent meanwhile
  holdBoard(() => answerCheck(data, asked));
}

// A live check's answer shown: the broken rules (as the help settings say), solved or not.
function answerCheck(data, asked) {
  state.violations = data.violations; state.violationsAt = asked;
  const shown = showViolations(help.errors() === "immediate");
  const wasSolved = state.solved;
  state.solved = data.solved;
  $("board").classList.toggle("solved", data.solved);
  if (data.solved) {
    state.elapsed = Math.round((Date.now() - state.t0) / 1000);
    $("timer").textContent = clock(state.elapsed);
    setStatus(`solved in ${clock(state.elapsed)} — well done!`, "solved");
  } else if (wasSolved || $("status").classList.contains("solved")) {
    setStatus("Your move.");
  } else if (shown) {
    setStatus("A rule is broken.", "wrong");
  } else if ($("status").classList.contains("wrong") && state.progressAt !== asked) {
    setStatus("Your move.");  // a progress answer about this very board keeps its "wrong"
  }
}

// ----- undo, redo, restart
function undo() { const ch = state.undo.pop(); if (ch) { state.redo.push(ch); board.replay(ch, true, "undo"); } }
function redo() { const ch = state.redo.pop(); if (ch) { state.undo.push(ch); board.replay(ch, false, "redo"); } }
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("restart").addEventListener("click", () => {
  const marks = board.pencilMarks();
  const changes = Object.entries(marks).map(([key, from]) => { const [r, c] = key.split(",").map(Number); return {r, c, attr: "pencil", from, to: ""}; });
  board.start = state.start;
  state.start.forEach((row, r) => [...row].forEach((ch, c) => {
    const to = board.values[ch];
    if (!board.isGiven(r, c) && board.value(r, c) !== to) changes.push({r, c, attr: "value", from: board.value(r, c), to});
  }));
  if (changes.length) board.replay(changes, false, "restart");
  state.t0 = Date.now();
  $("timer").textContent = clock(0);
});
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
  if (e.key.toLowerCase() === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  if (e.key.toLowerCase() === "y" || (e.key.toLowerCase() === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
});

function updateButtons() {
  const open = !!state.puzzle, exploring = !!state.explain;
  $("undo").disabled = !open || exploring || !state.undo.length;
  $("redo").disabled = !open || exploring || !state.redo.length;
  for (const id of ["restart", "progress", "hint", "share", "unique-lines"]) $(id).disabled = !open || exploring;
  $("explain").disabled = !open;
}

// ----- timer
function clock(s) { return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }
setInterval(() => {
  if (!state.puzzle || state.solved) return;
  $("timer").textContent = clock(Math.floor((Date.now() - state.t0) / 1000));
}, 1000);

// ----- the help requests (playhelp.js): check my progress, hint, explain
const asks = setupHelp({state, board, marks, setStatus, updateButtons, liveCheck, showViolations});

// ----- share: the puzzle, the board and the time in the link
$("share").addEventListener("click", async () => {
  const url = shareUrl(state, board, marks);
  const box = $("sharelink");
  box.value = url.toString(); box.hidden = false; box.select();
  try { await navigator.clipboard.writeText(url.toString()); setStatus("Link copied: it holds the puzzle and your progress."); }
  catch { setStatus("Copy the link below: it holds the puzzle and your progress."); }
});

// ----- the open panel (playopen.js): library, paste/upload, generate, daily
const opener = setupOpen({state, openPuzzle, setStatus});

async function init() {
  try {
    state.kinds = await kinds();
    await opener.fill();
  } catch (e) {
    setStatus(`error: ${e.message}`, "error");
  }
  updateButtons();
  const q = new URLSearchParams(location.search);
  if (q.get("daily")) opener.showTab("daily");  // where the daily puzzle, or why it could not be made, shows
  if (q.get("daily") && await opener.openDaily(q)) {
    // playing the day's puzzle
  } else if (q.get("puzzle")) {
    const rows = q.get("board") ? q.get("board").split("/") : null;
    await openPuzzle(q.get("puzzle"), {kind: q.get("kind") || "", board: rows, seconds: +(q.get("t") || 0),
      link: {auto: q.get("auto") || "", off: q.get("off") || ""}, uniqueLines: q.get("unique_lines") !== "false"});
    if (rows) { state.undo = []; updateButtons(); }
  } else {
    opener.openFirst();
  }
}
init();
