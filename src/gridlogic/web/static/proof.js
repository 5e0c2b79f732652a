// Proof mode: LEGUP in the browser. The proof is gridlogic's proof JSON (docs/proofs.md), edited here
// and judged by the server's checker after every change (POST /api/proof/check); nothing is judged in JS.
// Every kind difference (values and their symbols, goal, tally) comes from the kind's descriptor (ui.js kinds()).

import { readProof, saveJson, saveXml } from "./prooffile.js";
import { drawPalette as paintPalette, selectedRule } from "./proofpalette.js";
import { S, boardAt, caseValues, cellLabel, displayRows, nodeAt, openLeaves, parsePath, startMarks, uniqueLines, valueOf }
  from "./proofstate.js";
import { drawCount, goalText, showCounterexample, showErrors } from "./proofreport.js";
import { drawTree, drawTreeSvg } from "./prooftree.js";
import { $, call, kinds } from "./ui.js";

S.board.addEventListener("change", onBoardChange);

function say(msg) { $("status").textContent = msg; }
function alarm(msg) { $("alert").textContent = msg || ""; }

// ----- drawing: the kind's own drawing (puzzles/<kind>/draw.py) made clickable by board.js ------------
function drawPalette() { paintPalette(updateActions); }

// a board of the tree picked (prooftree.js): shown, with no new marks
function pick(path, k) { S.pos = { path, k }; S.draft.clear(); alarm(""); render(); }

function drawBoard() {
  S.quiet = true;
  S.board.setRows(displayRows(), "proof");
  S.quiet = false;
  S.board.clearHighlight();
  const node = nodeAt(S.pos.path);
  if (S.pos.k > 0) S.board.highlight(node.steps[S.pos.k - 1].set.map(([r, c]) => [r, c]), "marks");
  S.board.highlight([...S.draft.keys()].map((key) => key.split(",").map(Number)), "uses");
}

function onBoardChange(e) {
  if (S.quiet || e.detail.source !== "user") return;
  for (const ch of e.detail.changes) if (ch.attr === "value") clickCell(ch.r, ch.c, S.board.chars[ch.to]);
}

// ----- editing -------------------------------------------------------------------------------------
function editable() {
  const node = nodeAt(S.pos.path);
  if (S.pos.k < node.steps.length) return "select the end of a branch (its last step) to add transitions here";
  if (node.split) return "this node is split into branches: select a branch";
  if (node.close) return "this branch is closed by a contradiction";
  return "";
}

function clickCell(r, c, ch) {
  if (!S.info) return;
  alarm("");
  const why = S.busy ? "wait for the checker" : editable();
  const rows = boardAt(S.pos.path, S.pos.k);
  if (why) alarm(`Cannot change the board here: ${why}.`);
  else if (rows[r][c] !== "?") alarm(`${cellLabel(r, c)} is already decided on this board.`);
  else if (selectedRule().type === "case") { split(selectedRule().id, r, c); return; }
  else if (ch === "?" || ch === undefined) S.draft.delete(`${r},${c}`);
  else S.draft.set(`${r},${c}`, valueOf(ch));
  render();  // also undoes a click that was refused
}

function split(rule, r, c) {
  const node = nodeAt(S.pos.path);
  node.split = { rule, cell: [r, c], branches: caseValues(rule).map((v) => ({ value: v, steps: [] })) };
  S.draft.clear();
  S.pos = { path: `${S.pos.path}.split.branches[0]`, k: 0 };
  selectRule("");  // the case rule disarms: the next click marks a cell, it does not split again
  changed(`Split ${cellLabel(r, c)} with ${rule}: now in branch 1 (${caseValues(rule)[0]}). The case rule is off again.`);
}

async function apply() {
  alarm("");
  const why = editable();
  if (why) { alarm(`Cannot add a transition here: ${why}.`); return; }
  const node = nodeAt(S.pos.path);
  const rule = selectedRule();
  if (rule.type === "contradiction") {
    if (S.draft.size) { alarm("A contradiction rule sets no cells: clear the new marks first."); return; }
    node.close = rule.id;
    changed(`Closed this branch with ${rule.id}.`);
    return;
  }
  if (rule.type === "case") { alarm("Click an unknown cell to split on it."); return; }
  if (!S.draft.size) { alarm("Click cells to set them first (click cycles as in LEGUP)."); return; }
  const set = [...S.draft].map(([key, v]) => [...key.split(",").map(Number), v]);
  let id = rule.id;
  if (rule.type === "find") {
    S.busy = true;
    say("Looking for a rule …");
    try {
      const rows = boardAt(S.pos.path, S.pos.k).map((r) => r.join(""));
      const found = await call("/api/proof/transition", { puzzle: S.proof.puzzle, kind: S.proof.kind, board: rows, set,
        unique_lines: uniqueLines() });
      if (!found.rule) { S.busy = false; alarm(found.message); say(""); return; }
      id = found.rule;
    } catch (e) { S.busy = false; alarm(e.message); say(""); return; }
    S.busy = false;
  }
  node.steps.push({ rule: id, set });
  S.draft.clear();
  S.pos = { path: S.pos.path, k: node.steps.length };
  changed(`Added a ${id} step setting ${set.length} cell${set.length > 1 ? "s" : ""}.`);
}

async function suggest() {
  alarm("");
  const why = editable();
  if (why) { alarm(`Cannot add a transition here: ${why}.`); return; }
  try {
    const rows = boardAt(S.pos.path, S.pos.k).map((r) => r.join(""));
    const h = await call("/api/proof/suggest", { proof: S.proof, board: rows, allowed: S.allowed });
    S.draft.clear();
    if (h.kind === "step") {
      for (const [r, c, v] of h.set) S.draft.set(`${r},${c}`, v);
      selectRule(h.rule);
      say(`Suggested: ${h.rule}: ${h.message} Press Add step to add it.`);
    } else if (h.kind === "close") {
      selectRule(h.rule);
      say(`Suggested: close with ${h.rule}. ${h.message} Press Close branch.`);
    } else if (h.kind === "split") {
      selectRule(h.rule);
      say(`Suggested: ${h.message} Click ${cellLabel(...h.cell)} to split.`);
    } else say(h.message);
    render();
    if (h.kind === "split") S.board.highlight([h.cell], "uses");
  } catch (e) { alarm(e.message); }
}

function selectRule(id) {
  const radio = [...document.querySelectorAll('input[name="rule"]')].find((x) => x.value === id);
  if (radio) { radio.checked = true; return; }
  const sel = $("production");
  if (sel && sel.isConnected && [...sel.options].some((o) => o.value === id)) {
    sel.value = id;
    document.querySelector('input[name="rule"][value="production"]').checked = true;
  } else document.querySelector('input[name="rule"][value=""]').checked = true;
}

function deleteLast() {
  alarm("");
  const node = nodeAt(S.pos.path);
  let what;
  if (node.close) { what = `the close (${node.close})`; delete node.close; }
  else if (node.split) {
    what = `the split on ${cellLabel(...node.split.cell)} with its ${node.split.branches.length} branches`;
    delete node.split;
  } else if (node.steps.length) { what = `step ${node.steps.length} (${node.steps.pop().rule})`; }
  else {
    alarm(S.pos.path === "root" ? "Nothing to delete: the proof is empty."
      : "This branch has no transitions: select the node above it to delete its split.");
    return;
  }
  S.pos = { path: S.pos.path, k: node.steps.length };
  S.draft.clear();
  changed(`Deleted ${what}.`);
}

// "Go to the open end": the first open leaf under the selected node, else anywhere in the tree; never a closed
// branch. A proof with none says it is complete.
function goToEnd() {
  const open = openLeaves(S.pos.path);
  const path = open.length ? open[0] : openLeaves()[0];
  alarm("");
  if (path === undefined) { say("The proof is complete: every branch is closed or solved, nothing is left open."); render(); return; }
  S.pos = { path, k: nodeAt(path).steps.length };
  S.draft.clear();
  render();
}

// ----- checking ------------------------------------------------------------------------------------
async function changed(msg) {
  render();
  say(msg + " Checking …");
  try {
    S.report = await call("/api/proof/check", { proof: S.proof, partial: true });
    showErrors(S.report.errors);
    const fresh = S.report.errors.filter((e) => e.path.startsWith(S.pos.path + ".") || e.path === S.pos.path);
    if (fresh.length) {
      const last = fresh[fresh.length - 1];
      alarm(`✗ ${last.path}: ${last.message}`);
      showCounterexample(last.path);
    } else showCounterexample(null);
    const v = Object.values(S.report.verdicts);
    const bad = v.filter((x) => !x).length;
    say(`${msg} ${v.length} transition${v.length !== 1 ? "s" : ""}: ${v.length - bad} ✓, ${bad} ✗.`);
  } catch (e) { alarm(e.message); }
  render();
}

async function checkAll() {
  alarm("");
  try {
    const rep = await call("/api/proof/check", { proof: S.proof, partial: false });
    S.report = rep;
    showErrors(rep.errors);
    const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    const goal = rep.goal && rep.goal !== "DEFAULT"
      ? ` Goal ${rep.goal}: ${rep.goal_met ? "met" : `not met (${rep.goal_missing || "see the errors"})`}.` : "";
    say((rep.valid ? `valid proof: complete, ${plural(rep.transitions, "transition", "transitions")}, `
      + `${plural(rep.leaves, "solved leaf", "solved leaves")}, ${plural(rep.closed, "closed branch", "closed branches")}.`
      : `invalid proof: ${rep.errors.length} error${rep.errors.length !== 1 ? "s" : ""} (listed under the tree).`) + goal);
  } catch (e) { alarm(e.message); }
  render();
}

function describePosition() {
  const node = nodeAt(S.pos.path);
  const depth = parsePath(S.pos.path).length;
  const where = depth ? `branch ${parsePath(S.pos.path).map((b) => b + 1).join(".")}` : "root";
  $("where").textContent = `Showing ${where}, after ${S.pos.k} of ${node.steps.length} step${node.steps.length !== 1 ? "s" : ""}`
    + (S.draft.size ? ` · ${S.draft.size} new mark${S.draft.size > 1 ? "s" : ""} (choose a rule, then Add step)` : "");
}

function updateActions() {
  const ready = Boolean(S.info);
  const rule = ready ? selectedRule() : { type: "find" };
  const apply = $("apply");
  apply.textContent = rule.type === "contradiction" ? "Close branch" : rule.type === "case" ? "Click a cell to split" : "Add step";
  apply.disabled = !ready || rule.type === "case";
  $("clear").disabled = !ready || !S.draft.size;
  for (const id of ["save", "xml", "checkall", "undo", "suggest"]) $(id).disabled = !ready;
  const why = ready ? editable() : "";
  if (why) { apply.disabled = true; $("suggest").disabled = true; }
  $("edit-note").hidden = !why;
  const done = ready && !openLeaves().length;
  $("edit-why").textContent = !why ? "" : done ? "The proof is complete: every branch is closed or solved, nothing is left open."
    : `Transitions are added only at the end of an open branch: ${why}.`;
  $("to-end").hidden = !why || done;
  $("unique-label").hidden = !ready || !("unique_lines" in S.info);
  if (ready) $("unique-lines").checked = uniqueLines();
}

function updatePlayLink() {
  // the header's play link opens the play page on this puzzle (with the distinct-lines switch as here)
  const play = new URL("/play", location.href);
  play.searchParams.set("puzzle", S.info.puzzle);
  play.searchParams.set("kind", S.info.kind);
  if (!uniqueLines()) play.searchParams.set("unique_lines", "false");
  $("play-link").href = play.toString();
}

function render() {
  if (!S.info) return;
  updatePlayLink();
  drawBoard();
  drawCount();
  drawTreeSvg(pick);
  drawTree(pick);
  describePosition();
  updateActions();
}

async function loadFile(file) {
  try {
    const proof = await readProof(file);
    await openPuzzle(proof.puzzle, proof.kind, proof);
    $("puzzle").value = proof.puzzle;
  } catch (e) { alarm(e.message); }
}

// ----- opening, saving ---------------------------------------------------------------------------------
async function openPuzzle(text, kind, proof, { rows = null, unique = true } = {}) {
  alarm("");
  say("Opening …");
  try {
    if (proof && proof.unique_lines === false) unique = false;
    const info = await call("/api/proof/start", { puzzle: text, kind: kind || null, unique_lines: unique });
    S.info = info;
    S.kind = (await kinds()).get(info.kind);
    S.proof = proof || { kind: info.kind, puzzle: info.puzzle, root: { steps: [] } };
    const a = S.assignment;
    if (a && !proof) {
      S.proof.assignment = a.assignment;
      if (a.goal) S.proof.goal = a.goal;
    }
    if (a) S.proof.rules = typeof a.rules === "string" ? a.rules : "gridlogic";
    S.allowed = a && Array.isArray(a.rules) ? a.rules : null;
    if (!S.proof.rules) S.proof.rules = $("ruleset").value;
    $("ruleset").value = S.proof.rules;
    $("ruleset").disabled = Boolean(a);
    await loadPalette();
    if (!proof && info.unique_lines === false) S.proof.unique_lines = false;
    const start = !proof && rows ? startMarks(info, rows) : [];
    if (start.length) S.proof.start = start;
    S.pos = { path: "root", k: 0 };
    S.draft.clear();
    S.report = null;
    $("errors").replaceChildren();
    const g = S.proof.goal;
    const given = a ? `Assignment ${a.assignment}: rules ${Array.isArray(a.rules) ? a.rules.join(", ") : a.rules}`
      + `${a.max_transitions ? `, at most ${a.max_transitions} transitions` : ""}. ` : "";
    $("goal").textContent = given + (g && g.type !== "DEFAULT"
      ? `Goal (from the proof file): ${g.type}${g.cells ? " on " + g.cells.map(([r, c, v]) => cellLabel(r, c) + (v ? "=" + v : "")).join(" ") : ""}`
        + `${g.assume_solution ? ", a solution assumed" : ""}.`
      : goalText(info));
    S.board.load(info.svg, S.kind);
    drawPalette();
    const url = new URL(location.href);
    url.searchParams.set("puzzle", info.puzzle);
    url.searchParams.delete("board");
    history.replaceState(null, "", url);
    const from = (S.proof.start || []).length;
    await changed(`Opened a ${info.rows}×${info.cols} ${S.kind.title} puzzle`
      + (from ? `, starting from your board (${from} mark${from > 1 ? "s" : ""} as the proof's start).` : "."));
    if (start.length) await warnBrokenStart(info);
  } catch (e) { say(""); alarm(e.message); }
}

async function loadPalette() {
  // the palette of the proof's rule set (and the assignment's rules only, if it lists them)
  const q = new URLSearchParams({ rules: S.proof.rules || "gridlogic" });
  if (S.allowed) q.set("allowed", S.allowed.join(","));
  try { S.info.palette = await call(`/api/proof/rules/${S.info.kind}?${q}`); } catch (e) { /* the start's palette stays */ }
}

async function warnBrokenStart(info) {
  // a board brought from the play page may already break a rule: say so (the proof may then close it)
  try {
    const rows = boardAt("root", 0).map((r) => r.join(""));
    const live = await call("/api/board", { puzzle: info.puzzle, kind: info.kind, board: rows, unique_lines: uniqueLines() });
    if (live.violations.length) {
      const v = live.violations[0];
      alarm(`Your starting board already breaks a rule: ${v.rule} (${v.message}). Close the root with a contradiction `
        + "rule, or open the puzzle without your marks.");
    }
  } catch (e) { /* the live check is advice only */ }
}

$("load").addEventListener("click", () => openPuzzle($("puzzle").value));
$("puzzle").addEventListener("keydown", (e) => {
  // Enter opens; Shift+Enter is a new line (a pasted file keeps its lines: # comments, LEGUP XML)
  if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); openPuzzle($("puzzle").value); }
});
$("apply").addEventListener("click", apply);
$("clear").addEventListener("click", () => { S.draft.clear(); render(); });
$("undo").addEventListener("click", deleteLast);
$("to-end").addEventListener("click", goToEnd);
$("unique-lines").addEventListener("change", () => {
  if (!S.proof || !("unique_lines" in S.info)) return;
  if ($("unique-lines").checked) delete S.proof.unique_lines; else S.proof.unique_lines = false;
  $("goal").textContent = goalText(S.info);
  call("/api/draw", { puzzle: S.proof.puzzle, kind: S.proof.kind, unique_lines: uniqueLines() }, { text: true })
    .then((svg) => S.board.setCaption(svg)).catch(() => { /* the caption is decoration */ });
  changed($("unique-lines").checked ? "Rows and columns must be distinct." : "The distinct-lines rule is off.");
});
$("suggest").addEventListener("click", suggest);
$("ruleset").addEventListener("change", async () => {
  if (!S.proof) return;
  S.proof.rules = $("ruleset").value;
  await loadPalette();
  drawPalette();
  changed(`Rule set: ${S.proof.rules}${S.proof.rules === "legup" ? " (LEGUP's own rules only)" : " (LEGUP's rules and gridlogic's techniques)"}.`);
});
$("checkall").addEventListener("click", checkAll);
$("save").addEventListener("click", () => saveJson(S.proof));
$("xml").addEventListener("click", async () => {
  try { await saveXml(S.proof); } catch (e) { alarm(e.message); }
});
$("loadfile").addEventListener("change", (e) => { if (e.target.files.length) loadFile(e.target.files[0]); });

async function fillLibrary() {
  try {
    const [library, described] = await Promise.all([call("/api/library"), kinds()]);
    for (const e of library) if (described.get(e.kind).provable) $("library").add(new Option(e.title, e.puzzle));
  } catch (e) { /* the library is optional */ }
}
$("library").addEventListener("change", (e) => {
  if (!e.target.value) return;
  $("puzzle").value = e.target.value;
  openPuzzle(e.target.value);
});
fillLibrary();

const params = new URLSearchParams(location.search);
if (params.get("assignment")) {
  try { S.assignment = JSON.parse(params.get("assignment")); } catch (e) { alarm("The assignment in the link is not readable."); }
}
if (params.get("puzzle")) {
  $("puzzle").value = params.get("puzzle");
  openPuzzle(params.get("puzzle"), params.get("kind"), null,
    { rows: params.get("board") ? params.get("board").split("/") : null, unique: params.get("unique_lines") !== "false" });
}
