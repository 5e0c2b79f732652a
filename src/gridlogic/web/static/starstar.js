// *Star against the AI. The server keeps no game: every call sends the rings, the pie-rule flag and
// the move list, and gets back the drawing, the legal moves, the score and the SGF record.

import { $, call, setStatus as showStatus } from "/static/ui.js";
import { ringCursor } from "/static/ringcursor.js";
import { loadExamples } from "/static/ringexamples.js";

const params = new URLSearchParams(location.search);

const game = {
  rings: Number.parseInt(params.get("rings") || "6", 10),
  swap: params.get("swap") === "1",
  human: params.get("colour") === "w" ? "w" : "b",
  moves: [],
};
let view = null;        // the server's answer for the position shown
let busy = false;       // a request (the AI's move) is running
let controller = null;  // aborts it (undo, new game, leaving the page)
let replay = null;      // {moves, index} while an opened record is replayed

const NAMES = { b: "Black", w: "White" };

let pending = 0;  // requests on the way; <body data-pending> shows it (the browser tests wait on it)

async function api(path, body) {
  controller = new AbortController();
  document.body.dataset.pending = String(++pending);
  try {
    return await call(path, body, { signal: controller.signal });
  } finally {
    document.body.dataset.pending = String(--pending);
  }
}

function setStatus(text, state = "") { showStatus($("status"), text, state); }

// the AI budgets this server accepts (GET /api/starstar/limits); a value outside them is brought inside
const limits = { seconds: [0.05, 9], playouts: [10, 200000] };

function budget() {
  const kind = $("budget-kind").value === "seconds" ? "seconds" : "playouts";
  const [lo, hi] = limits[kind];
  let value = Number($("budget").value);
  if (!Number.isFinite(value)) value = lo;
  value = Math.min(hi, Math.max(lo, value));
  if (kind === "playouts") value = Math.round(value);
  if (String(value) !== $("budget").value) $("budget").value = String(value);
  return { [kind]: value };
}

async function loadLimits() {
  try { Object.assign(limits, await call("/api/starstar/limits")); } catch { /* keep the defaults */ }
  setBudgetBounds();
}

function setBudgetBounds() {
  const [lo, hi] = limits[$("budget-kind").value === "seconds" ? "seconds" : "playouts"];
  $("budget").min = String(lo);
  $("budget").max = String(hi);
}

function labels() { return $("labels").checked; }

function moverOf(index) { return index % 2 === 0 ? "b" : "w"; }  // colours alternate (swap too)

function scoreRows(score) {
  const rows = [
    ["Peries", "peries"], ["Stars", "stars"], ["Quarks", "quarks"], ["Quark peri", "quark_peri"],
    ["Adjustment", "adjustment"], ["Score", "conventional", "total"], ["Simplified", "simplified"],
    ["Schmittberger", "schmittberger"],
  ];
  const body = $("score").querySelector("tbody");
  body.replaceChildren();
  for (const [name, key, cls] of rows) {
    const tr = document.createElement("tr");
    tr.dataset.key = key;
    if (cls) tr.className = cls;
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = name;
    const term = $(`term-${key}`);  // the row's definition, in "How scoring works"
    if (term) {
      head.title = term.textContent.replace(/\s+/g, " ").trim();
      head.setAttribute("aria-describedby", term.id);
      head.classList.add("term");
    }
    tr.append(head);
    for (const text of [score.b[key], score.w[key]]) {
      const td = document.createElement("td");
      td.textContent = typeof text === "number" && key === "adjustment" && text > 0 ? `+${text}` : String(text);
      tr.append(td);
    }
    body.append(tr);
  }
  const undecided = score.decided ? "" : `; ${score.neutral} peries undecided`;
  $("score-note").textContent = view.terminal ? "(final)" : `(if the game ended now${undecided})`;
}

// the estimate of the end that comes with the AI's move (the server draws its dots on the board): shown until
// the position changes, since it belongs to the position after that move
function showEstimate() {
  const est = !replay && !busy ? view.estimate : null;
  $("estimate").classList.toggle("hidden", !est);
  $("board").classList.toggle("hide-estimate", !$("estimate-dots").checked);
  if (!est) return;
  const points = (v) => Number(v).toFixed(1);
  const chance = Math.round(100 * Number(est.black_wins));
  $("estimate-points").textContent = `Black ${points(est.points.b)} – White ${points(est.points.w)} points`;
  $("estimate-chance").textContent = `Black wins ${chance}\u00a0%, White ${100 - chance}\u00a0%`;
  $("estimate-note").textContent = `(after the AI's ${view.ai_move}, ${Number(est.playouts).toLocaleString("en")} playouts)`;
}

function outcome(score) {
  if (!score.winner) return "Game over: a draw (scores and quarks level)";
  const who = NAMES[score.winner];
  const loser = score.winner === "b" ? "w" : "b";
  if (score.tiebreak) {
    return `Game over: ${who} wins on quarks (${score[score.winner].quarks}–${score[loser].quarks}), the scores level`;
  }
  return `Game over: ${who} wins ${score.result} (${score.b.conventional}–${score.w.conventional})`;
}

const keys = ringCursor($("board"));  // the keyboard's cursor over the board's nodes

function render() {
  $("board").innerHTML = view.svg;
  keys.refresh();
  scoreRows(view.score);
  showEstimate();
  const humanTurn = !replay && !view.terminal && view.to_play === game.human;
  $("board").classList.toggle("locked", !humanTurn || busy);
  $("pass").disabled = !humanTurn || busy;
  $("swap").classList.toggle("hidden", !(humanTurn && view.legal.includes("swap")));
  $("undo").disabled = busy ? false : !!replay || game.moves.filter((_, i) => moverOf(i) === game.human).length === 0;
  $("moves").textContent = view.moves.map((m, i) => `${i + 1}.${m}`).join(" ");
  if (replay) {
    setStatus(`Replay: move ${replay.index} of ${replay.moves.length}` + (view.terminal ? ` — ${outcome(view.score)}` : ""),
      view.terminal ? "over" : "");
  } else if (view.terminal) {
    setStatus(outcome(view.score), "over");
  } else if (busy) {
    setStatus(`AI (${NAMES[view.to_play]}) is thinking…`);
  } else if (view.to_play !== game.human) {
    setStatus(`AI (${NAMES[view.to_play]}) to move`);
  } else {
    setStatus(`Your move (${NAMES[game.human]})`);
  }
}

async function show(moves) {
  view = await api("/api/starstar/state", { rings: game.rings, swap: game.swap, moves, labels: labels() });
  render();
}

// ----- the AI's progress: the request carries a random token, the worker writes its simulations so far under it,
// and the page polls GET /api/starstar/progress while it waits. Only the running request's answers are shown.
let thinking = null;  // the running AI request's token

function newToken() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function showProgress(token, asked, sims, seconds) {
  if (thinking !== token) return;  // a late answer for an earlier request
  const fraction = asked.seconds ? seconds / asked.seconds : sims / asked.playouts;
  $("ai-bar").value = Math.min(1, Math.max(0, fraction));
  const of = asked.seconds ? `${seconds.toFixed(1)} s of ${asked.seconds} s` : `of ${asked.playouts.toLocaleString("en")}`;
  $("ai-count").textContent = `${sims.toLocaleString("en")} simulations, ${of}`;
  document.body.dataset.aiSimulations = String(sims);
}

function watchProgress(token, asked) {
  thinking = token;
  $("ai-bar").value = 0;
  $("ai-count").textContent = "starting…";
  $("ai-progress").classList.remove("hidden");
  const timer = setInterval(async () => {
    try {
      const p = await call(`/api/starstar/progress?token=${token}`);
      if (p.running) showProgress(token, asked, p.simulations, p.seconds);
    } catch { /* the move's own answer reports any error */ }
  }, 250);
  return () => {
    clearInterval(timer);
    if (thinking === token) { thinking = null; $("ai-progress").classList.add("hidden"); }
  };
}

async function aiTurn() {
  if (replay || view.terminal || view.to_play === game.human) return;
  busy = true;
  render();
  const asked = labels();
  const token = newToken();
  const wanted = budget();
  const stop = watchProgress(token, wanted);
  try {
    view = await api("/api/starstar/ai", { rings: game.rings, swap: game.swap, moves: game.moves,
                                           seed: game.moves.length, labels: asked, progress: token, ...wanted });
    game.moves = view.moves;
    if (labels() !== asked) {
      const { ai_move: aiMove, ai } = view;  // the redrawn position (no estimate dots) keeps the move's figures
      view = { ...(await api("/api/starstar/state", { rings: game.rings, swap: game.swap, moves: game.moves,
                                                      labels: labels() })), ai_move: aiMove, ai };
    }
    $("ai-move").textContent = `AI played ${view.ai_move} (${view.ai.simulations} simulations)`;
  } catch (err) {
    stop();
    if (err.name === "AbortError") return;
    busy = false;
    render();
    setStatus(`error: ${err.message}`, "error");
    return;
  }
  stop();
  busy = false;
  render();
}

async function play(label) {
  if (busy || replay || !view || view.terminal || view.to_play !== game.human) return;
  if (!view.legal.includes(label)) return;
  try {
    await show([...game.moves, label]);
    game.moves = view.moves;
    await aiTurn();
  } catch (err) {
    setStatus(`error: ${err.message}`, "error");
  }
}

function stopAi() {
  if (busy && controller) controller.abort();
  busy = false;
}

async function undo() {
  stopAi();
  const moves = [...game.moves];
  while (moves.length && moverOf(moves.length - 1) !== game.human) moves.pop();  // the AI's replies
  if (moves.length) moves.pop();                                                   // and your move
  game.moves = moves;
  $("ai-move").textContent = "";
  await show(moves);
  await aiTurn();  // when you play White and took back your first move, the AI keeps its opening
}

async function newGame() {
  stopAi();
  replay = null;
  $("replay").classList.add("hidden");
  game.rings = Number($("rings").value);
  game.human = $("colour").value;
  game.swap = $("pie").checked;
  game.moves = [];
  $("ai-move").textContent = "";
  const url = new URL(location.href);
  url.searchParams.set("rings", String(game.rings));
  history.replaceState(null, "", url);
  try {
    await show([]);
    await aiTurn();
  } catch (err) {
    setStatus(`error: ${err.message}`, "error");
  }
}

function download() {
  if (!view) return;
  const blob = new Blob([view.sgf], { type: "application/x-go-sgf" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `starstar-${game.rings}rings-${view.moves.length}moves.sgf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function openRecord(text) {
  stopAi();
  try {
    const opened = await api("/api/starstar/open", { sgf: text, labels: labels() });
    game.rings = opened.rings;
    game.swap = opened.swap;
    $("rings").value = String(opened.rings);
    $("pie").checked = opened.swap;
    replay = { moves: opened.moves, index: opened.moves.length };
    $("slider").max = String(opened.moves.length);
    $("slider").value = String(opened.moves.length);
    $("replay").classList.remove("hidden");
    $("ai-move").textContent = "";
    view = opened;
    render();
    sliderLabel();
  } catch (err) {
    setStatus(`error: ${err.message}`, "error");
  }
}

function sliderLabel() {
  const last = replay.index ? ` (${NAMES[moverOf(replay.index - 1)]} ${replay.moves[replay.index - 1]})` : "";
  $("slider-label").textContent = `after move ${replay.index}${last}`;
}

async function seek(index) {
  replay.index = index;
  sliderLabel();
  try {
    await show(replay.moves.slice(0, index));
  } catch (err) {
    setStatus(`error: ${err.message}`, "error");
  }
}

async function resume() {
  const moves = replay.moves.slice(0, replay.index);
  replay = null;
  $("replay").classList.add("hidden");
  game.moves = moves;
  await show(moves);
  game.human = view.to_play || game.human;  // you take the side to move
  $("colour").value = game.human;
  render();
}

function init() {
  for (let r = 2; r <= 12; r++) $("rings").add(new Option(String(r), String(r)));
  $("rings").value = String(game.rings);
  $("colour").value = game.human;
  $("pie").checked = game.swap;
  $("budget-kind").addEventListener("change", () => {
    const seconds = $("budget-kind").value === "seconds";
    $("budget").value = seconds ? "1" : "2000";
    $("budget").step = seconds ? "any" : "100";
    setBudgetBounds();
  });
  $("budget").addEventListener("change", budget);
  loadLimits();
  $("board").addEventListener("click", (event) => {
    const node = event.target.closest("g.node");
    if (!node) return;
    keys.set(node.dataset.label);
    if (node.dataset.stone === "") play(node.dataset.label);
  });
  $("board").addEventListener("keydown", (event) => { if (view) keys.key(event, play); });
  $("board").addEventListener("focus", () => { if (view) keys.focus(); });
  $("pass").addEventListener("click", () => play("pass"));
  $("swap").addEventListener("click", () => play("swap"));
  $("undo").addEventListener("click", undo);
  $("new").addEventListener("click", newGame);
  $("download").addEventListener("click", download);
  $("open").addEventListener("change", async () => {
    const file = $("open").files[0];
    if (file) await openRecord(await file.text());
    $("open").value = "";
  });
  let timer = null;
  $("slider").addEventListener("input", () => {
    clearTimeout(timer);
    const index = Number($("slider").value);
    timer = setTimeout(() => seek(index), 60);
  });
  $("resume").addEventListener("click", resume);
  $("estimate-dots").addEventListener("change", () => {
    $("board").classList.toggle("hide-estimate", !$("estimate-dots").checked);
  });
  $("labels").addEventListener("change", () => {
    if (!busy && view) show(view.moves).catch((err) => setStatus(`error: ${err.message}`, "error"));
  });
  window.addEventListener("pagehide", stopAi);
  $("rules-examples").addEventListener("toggle", () => { if ($("rules-examples").open) loadExamples($("examples")); });
  newGame();
}

init();
