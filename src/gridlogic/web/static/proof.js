// Proof mode: LEGUP in the browser. The proof is gridlogic's proof JSON (docs/proofs.md), edited here
// and judged by the server's checker after every change (POST /api/proof/check); nothing is judged in JS.

// Every kind difference (values and their symbols, goal, tally) comes from the kind's descriptor (ui.js kinds()).

import { Board } from "./board.js";
import { $, call, fill, kinds } from "./ui.js";

const S = { info: null, kind: null, proof: null, pos: { path: "root", k: 0 }, draft: new Map(), report: null, busy: false,
  board: new Board($("board")), quiet: false };
S.board.addEventListener("change", onBoardChange);


function say(msg) { $("status").textContent = msg; }
function alarm(msg) { $("alert").textContent = msg || ""; }

// ----- the proof tree ------------------------------------------------------------------------------
function parsePath(path) {
  // "root.split.branches[1].split.branches[0]" -> [1, 0]
  return [...path.matchAll(/branches\[(\d+)\]/g)].map((m) => Number(m[1]));
}
function nodeAt(path) {
  let node = S.proof.root;
  for (const b of parsePath(path)) node = node.split.branches[b];
  return node;
}
function caseValues(rule) {
  const c = S.info.palette.case.find((x) => x.id === rule);
  return c ? c.values : [];
}
function branchValue(split, i) {
  return split.branches[i].value ?? caseValues(split.rule)[i];
}
// a value's board character, a character's value, and how text shows a value (the kind's descriptor)
function charOf(v) { return S.kind.values.find((x) => x.name === v).char; }
function valueOf(ch) { const x = S.kind.values.find((y) => y.char === ch); return x && ch !== "?" ? x.name : undefined; }
function symbolOf(v) { const x = S.kind.values.find((y) => y.name === v); return x ? x.symbol : v; }
function named(v) { return symbolOf(v) === v ? v : `${symbolOf(v)} ${v}`; }
function charSymbol(ch) { const x = S.kind.values.find((y) => y.char === ch); return (x ? x.symbol.trim() : ch) || "·"; }

function boardAt(path, k) {
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

// ----- drawing: the kind's own drawing (puzzles/<kind>/draw.py) made clickable by board.js ------------
function cellLabel(r, c) { return `r${r + 1}c${c + 1}`; }

function displayRows() {
  const rows = boardAt(S.pos.path, S.pos.k);
  for (const [key, v] of S.draft) { const [r, c] = key.split(",").map(Number); rows[r][c] = charOf(v); }
  return rows.map((r) => r.join(""));
}

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

// ----- the palette ---------------------------------------------------------------------------------
function drawPalette() {
  const p = S.info.palette;
  const box = $("palette");
  box.replaceChildren();
  const group = (title, rules, kindOf) => {
    const fs = document.createElement("fieldset");
    fs.className = kindOf;
    const lg = document.createElement("legend");
    lg.textContent = title;
    fs.appendChild(lg);
    for (const rule of rules) {
      const lab = document.createElement("label");
      lab.title = rule.help || "";
      // rules LEGUP has no name for (gridlogic's extra direct rules) read like the others: words, then the id
      const name = rule.name === rule.id ? rule.id.replace(/([a-z])([A-Z])/g, "$1 $2") : rule.name;
      const showId = rule.id && rule.id !== "production" && name.replace(/[^A-Za-z0-9.]/g, "") !== rule.id;  // only when it differs
      lab.innerHTML = `<input type="radio" name="rule"> ${name}${showId ? ` <span class="help">(${rule.id})</span>` : ""}`;
      const input = lab.querySelector("input");
      input.value = rule.id;
      input.dataset.type = kindOf;
      fs.appendChild(lab);
    }
    box.appendChild(fs);
    return fs;
  };
  const auto = group("Let gridlogic name it", [{ id: "", name: "Find a rule for me", help: "LEGUP direct rules first, then the human solver's rules" }], "find");
  auto.querySelector("input").checked = true;
  group("Direct rules (LEGUP)", p.direct, "direct");
  group("Case rule: split on a cell", p.case, "case");
  group("Contradiction rules: close a branch", p.contradiction, "contradiction");
  const sel = document.createElement("select");
  sel.id = "production";
  for (const id of p.production) sel.add(new Option(id, id));
  if (p.production.length) {
    const fs = group("Technique (gridlogic rule set)", [{ id: "production", name: "Technique", help: "gridlogic's named techniques, each checked by its own rule on the parent board" }], "production");
    fs.querySelector("label").appendChild(sel);
  }
  box.addEventListener("change", updateActions);
}

function selectedRule() {
  const input = document.querySelector('input[name="rule"]:checked');
  if (!input) return { type: "find", id: "" };
  if (input.dataset.type === "production") return { type: "production", id: $("production").value };
  return { type: input.dataset.type, id: input.value };
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

function uniqueLines() { return S.proof && S.proof.unique_lines === false ? false : true; }

// The leaves under `path` that still need work, depth first: not closed by a contradiction, and not solved
// (as far as the last check knows).
function openLeaves(path = "root", node = nodeAt(path), out = []) {
  if (node.split) node.split.branches.forEach((b, i) => openLeaves(`${path}.split.branches[${i}]`, b, out));
  else if (!node.close && !(S.report && S.report.solved_leaves && S.report.solved_leaves[path])) out.push(path);
  return out;
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

function showCounterexample(path) {
  // a solution agreeing with the board before the wrong step, in which the step is false
  const box = $("counter");
  box.replaceChildren();
  const ce = path && S.report && S.report.counterexamples ? S.report.counterexamples[path] : null;
  box.hidden = !ce;
  if (!ce) return;
  const p = document.createElement("p");
  p.textContent = `Counterexample for ${path}: ${ce.message}`;
  box.appendChild(p);
  if (!ce.board) return;
  const grid = document.createElement("div");
  grid.className = "mini";
  grid.style.gridTemplateColumns = `repeat(${ce.board[0].length}, 1.1rem)`;
  ce.board.forEach((row, r) => [...row].forEach((ch, c) => {
    const d = document.createElement("span");
    d.textContent = charSymbol(ch);
    if (ce.cell && ce.cell[0] === r && ce.cell[1] === c) d.className = "hit";
    if (S.info.regions) d.style.background = `hsl(${(S.info.regions[r][c] * 47) % 360} 60% 92%)`;
    grid.appendChild(d);
  }));
  box.appendChild(grid);
}

function showErrors(errors) {
  const list = $("errors");
  list.replaceChildren();
  for (const e of errors) {
    const li = document.createElement("li");
    li.innerHTML = "<code></code> ";
    li.querySelector("code").textContent = e.path;
    li.append(`${e.rule ? e.rule + ": " : ""}${e.message}`);
    list.appendChild(li);
  }
}

// ----- the tree panel ------------------------------------------------------------------------------
function mark(path) {
  const v = S.report && S.report.verdicts ? S.report.verdicts[path] : undefined;
  if (v === undefined) return '<span class="pending">…</span>';
  return v ? '<span class="ok" aria-label="valid">✓</span>' : '<span class="bad" aria-label="invalid">✗</span>';
}
function cellsText(set) {
  return set.map(([r, c, v]) => `${cellLabel(r, c)}=${symbolOf(v)}`).join(" ");
}

function drawTree() {
  const item = (html, path, k, label, leaf = false) => {
    const span = document.createElement("span");
    span.className = "item" + (!leaf && S.pos.path === path && S.pos.k === k ? " current" : "");
    span.innerHTML = html;
    span.setAttribute("role", "button");
    span.setAttribute("aria-label", label);
    const go = () => { S.pos = { path, k }; S.draft.clear(); alarm(""); render(); };
    span.tabIndex = 0;
    span.addEventListener("click", go);
    span.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    const li = document.createElement("li");
    li.appendChild(span);
    return li;
  };
  const walk = (node, path, title) => {
    const ul = document.createElement("ul");
    ul.appendChild(item(`<b>${title}</b>`, path, 0, `${title}, start`));
    node.steps.forEach((s, i) => {
      const p = `${path}.steps[${i}]`;
      const li = item(`${mark(p)} ${i + 1}. ${s.rule} <span class="help">${cellsText(s.set)}</span>`, path, i + 1, `step ${i + 1} ${s.rule}`);
      li.dataset.path = p;
      ul.appendChild(li);
    });
    if (node.split) {
      const p = `${path}.split`;
      const li = item(`${mark(p)} split ${node.split.rule} on ${cellLabel(...node.split.cell)}`, path, node.steps.length, `split ${node.split.rule}`, true);
      li.dataset.path = p;
      node.split.branches.forEach((b, i) => {
        const v = branchValue(node.split, i);
        const name = named(v);
        li.appendChild(walk(b, `${p}.branches[${i}]`, `branch ${i + 1}: ${cellLabel(...node.split.cell)} = ${name}`));
      });
      ul.appendChild(li);
    } else if (node.close) {
      const p = `${path}.close`;
      const li = item(`${mark(p)} close: ${node.close}`, path, node.steps.length, `close ${node.close}`, true);
      li.dataset.path = p;
      ul.appendChild(li);
    } else if (S.report && S.report.solved_leaves && path in S.report.solved_leaves) {
      const solved = S.report.solved_leaves[path];
      ul.appendChild(item(solved ? '<span class="ok">solved leaf</span>' : '<span class="pending">open leaf</span>',
        path, node.steps.length, solved ? "solved leaf" : "open leaf", true));
    }
    return ul;
  };
  $("tree").replaceChildren(walk(S.proof.root, "root", "root"));
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

function drawTreeSvg() {
  // the proof tree drawn as LEGUP draws it: boards as circles, transitions between them with their
  // rule and ✓/✗; a split fans out into its branches; a close ends in ⊥; open leaves in red
  const NS = "http://www.w3.org/2000/svg";
  const DX = 150, M = 16, LINE = 14;
  const parts = [];
  let maxCol = 0, maxRow = 0, lines = 1;
  const xy = (col, row) => [M + col * DX, M + row * (30 + LINE * lines)];  // rows as tall as the longest label
  const circle = (col, row, path, k, label) => {
    maxCol = Math.max(maxCol, col); maxRow = Math.max(maxRow, row);
    const cur = S.pos.path === path && S.pos.k === k ? " current" : "";
    parts.push({ t: "c", col, row, path, k, cls: "node" + cur, label });
  };
  const edge = (c0, r0, c1, r1, text, verdictPath, path, k) => {
    parts.push({ t: "e", c0, r0, c1, r1, text, v: verdictPath, path, k });
  };
  const place = (node, path, col, row) => {
    circle(col, row, path, 0, path === "root" ? "root" : "branch start");
    let r = row;
    node.steps.forEach((s, i) => {
      edge(col, r, col, r + 1, s.rule, `${path}.steps[${i}]`, path, i + 1);
      r += 1;
      circle(col, r, path, i + 1, `after step ${i + 1}, ${s.rule}`);
    });
    if (node.split) {
      let w = 0;
      node.split.branches.forEach((b, i) => {
        const v = branchValue(node.split, i);
        const name = symbolOf(v);
        const bp = `${path}.split.branches[${i}]`;
        edge(col, r, col + w, r + 1, `${cellLabel(...node.split.cell)}=${name}`, `${path}.split`, bp, 0);
        w += place(b, bp, col + w, r + 1);
      });
      return Math.max(w, 1);
    }
    if (node.close) {
      edge(col, r, col, r + 1, node.close, `${path}.close`, path, node.steps.length);
      maxRow = Math.max(maxRow, r + 1);
      parts.push({ t: "x", col, row: r + 1 });
      return 1;
    }
    const solved = S.report && S.report.solved_leaves ? S.report.solved_leaves[path] : undefined;
    const last = parts.filter((q) => q.t === "c").pop();
    last.cls += solved ? " solved" : " open";
    last.label = solved ? "solved leaf" : "open leaf";
    return 1;
  };
  place(S.proof.root, "root", 0, 0);
  for (const p of parts) if (p.t === "e") { p.lines = wrapLabel(p.text); lines = Math.max(lines, p.lines.length); }
  const svg = document.createElementNS(NS, "svg");
  const [w, h] = xy(maxCol + 1, maxRow + 1);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", w);
  svg.setAttribute("height", h);
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "proof tree, drawn");
  const go = (path, k) => () => { S.pos = { path, k }; S.draft.clear(); alarm(""); render(); };
  const add = (tag, attrs, parent = svg) => {
    const el = document.createElementNS(NS, tag);
    for (const [a, v] of Object.entries(attrs)) el.setAttribute(a, v);
    parent.appendChild(el);
    return el;
  };
  for (const p of parts.filter((q) => q.t === "e")) {
    const [x0, y0] = xy(p.c0, p.r0);
    const [x1, y1] = xy(p.c1, p.r1);
    const v = S.report && S.report.verdicts ? S.report.verdicts[p.v] : undefined;
    const g = add("g", { class: "edge " + (v === false ? "bad" : v ? "ok" : "pending"), "data-path": p.v });
    add("line", { x1: x0, y1: y0, x2: x1, y2: y1 }, g);
    const mark = v === undefined ? "…" : v ? "✓" : "✗";
    // the whole name, wrapped within its column (wrapLabel), centred on the edge
    const t = add("text", { x: x1 + 11, y: (y0 + y1) / 2 + 4 - ((p.lines.length - 1) * LINE) / 2 }, g);
    p.lines.forEach((line, i) => {
      add("tspan", i ? { x: x1 + 25, dy: LINE } : {}, t).textContent = i ? line : `${mark} ${line}`;  // under the name
    });
    add("title", {}, g).textContent = `${p.v}: ${p.v.endsWith(".split") ? "case split, " : ""}${p.text} ${mark}`;
    g.addEventListener("click", go(p.path, p.k));
  }
  for (const p of parts.filter((q) => q.t === "c")) {
    const [x, y] = xy(p.col, p.row);
    const g = add("g", { class: p.cls, "data-node": `${p.path}@${p.k}`, tabindex: "0", role: "button",
      "aria-label": `${p.path}, ${p.label}` });
    add("circle", { cx: x, cy: y, r: 8 }, g);
    add("title", {}, g).textContent = `${p.path}, ${p.label}`;
    if (p.cls.includes("open")) add("text", { x: x + 11, y: y + 4, class: "openmark" }, g).textContent = "open";
    g.addEventListener("click", go(p.path, p.k));
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(p.path, p.k)(); } });
  }
  for (const p of parts.filter((q) => q.t === "x")) {
    const [x, y] = xy(p.col, p.row);
    add("text", { x: x - 5, y: y + 5, class: "closed" }).textContent = "⊥";
  }
  $("treeview").replaceChildren(svg);
}

// A tree label in lines of at most WRAP characters (after the first line's ✓, and as far in on the next
// lines), broken between words, after "=" or where a rule's CamelCase name starts a new word; a word
// longer than a line is cut.
const WRAP = 15;
function wrapLabel(text) {
  const words = text.replace(/([a-z0-9])(?=[A-Z])|([=\s])/g, "$1$2\n").split("\n").filter((w) => w.trim());
  const out = [];
  let line = "";
  for (let word of words) {
    if (line && (line + word).trimEnd().length > WRAP) { out.push(line.trimEnd()); line = ""; }
    while (word.length > WRAP) { out.push(word.slice(0, WRAP)); word = word.slice(WRAP); }
    line += word;
  }
  if (line.trim()) out.push(line.trimEnd());
  return out.length ? out : [text];
}

function drawCount() {
  // the kind's tally (its descriptor: cells holding a value, out of so many per row), else the decided cells
  const cells = [...displayRows().join("")];
  const tally = S.kind.tally;
  if (tally) {
    const n = cells.filter((ch) => ch === charOf(tally.value)).length;
    $("count").textContent = fill(tally.text, { ...S.info, n, total: S.info.rows * S.info[tally.per] });
  } else {
    $("count").textContent = `${cells.filter((ch) => ch !== "?").length} of ${cells.length} cells decided`;
  }
}

function render() {
  if (!S.info) return;
  updatePlayLink();
  drawBoard();
  drawCount();
  drawTreeSvg();
  drawTree();
  describePosition();
  updateActions();
}

// ----- opening, saving ---------------------------------------------------------------------------------
function goalText(info) {
  const goal = fill(S.kind.goal, { ...info, unique_lines: uniqueLines() });
  const cycle = [...S.kind.cycle, S.kind.cycle[0]].join(" → ");
  return `Goal: every leaf of the tree is solved (${goal}) or closed by a contradiction rule. Click a cell: ${cycle}.`;
}

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

function startMarks(info, rows) {
  // the player's board (from the play page) as the proof's start: the decided cells that are no givens
  const out = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    if (valueOf(ch) && info.board[r] && info.board[r][c] === "?") out.push([r, c, valueOf(ch)]);
  }));
  return out;
}

function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

async function loadFile(file) {
  try {
    const text = await file.text();
    const proof = await call("/api/proof/open", { text });
    await openPuzzle(proof.puzzle, proof.kind, proof);
    $("puzzle").value = proof.puzzle;
  } catch (e) { alarm(e.message); }
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
$("save").addEventListener("click", () => download("proof.json", JSON.stringify(S.proof, null, 1) + "\n", "application/json"));
$("xml").addEventListener("click", async () => {
  try { download("proof.xml", await call("/api/proof/legup-xml", { proof: S.proof }, { text: true }), "application/xml"); } catch (e) { alarm(e.message); }
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
