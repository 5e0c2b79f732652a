// A step's reasoning on the board: the candidates before it, each one it removes struck through in red,
// the cells it uses and changes highlighted, and its changes in words. Driven by the step's own data
// (a step with `candidates_before` / `candidates_after`, rows of cell strings with "#" for a cell that
// holds none, is drawn; any other step only highlighted), so no kind is named here.
//
//   showStep(board, step)                     // highlights and candidates of one step on a Board (board.js)
//   clearStep(board)                          // removes them
//   stepText(step)                            // "removes 5 from r1c1, r1c3; places 3 in r6c2"
//   stepLine(step)                            // "Elimination: removes 5 from r1c1" for a step with candidates, else ""
//   renderHint(box, board, answer)            // a POST /api/hint answer in the hint box, its lead-in steps listed
import {esc} from "/static/ui.js";

const SVG = "http://www.w3.org/2000/svg";

export const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;

export function hasCandidates(step) {
  return Boolean(step && Array.isArray(step.candidates_before) && Array.isArray(step.candidates_after));
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];

// The cells a step uses that it does not change (a changed cell shows as changed): what "cells it uses" marks.
export function usedOnly(step) {
  const changed = step.marks.map((m) => [m[0], m[1]]);
  return (step.uses || []).filter((u) => !changed.some((m) => same(m, u)));
}

export function stepText(step) {
  const removed = new Map(), placed = [];
  for (const [r, c, v] of step.marks) {
    const text = String(v);
    if (text.startsWith("-")) {
      if (!removed.has(text.slice(1))) removed.set(text.slice(1), []);
      removed.get(text.slice(1)).push(cellName([r, c]));
    } else {
      placed.push(`${text} in ${cellName([r, c])}`);
    }
  }
  const parts = [...removed].map(([d, cells]) => `removes ${d} from ${cells.join(", ")}`);
  if (placed.length) parts.push(`places ${placed.join(", ")}`);
  return parts.join("; ");
}

// One line for a step that carries candidates: "CompartmentRange: removes 6 from r3c2, r5c2"; "" for any other.
export function stepLine(step) {
  return hasCandidates(step) && stepText(step) ? `${step.rule}: ${stepText(step)}` : "";
}

export function clearStep(board) {
  board.clearHighlight("uses"); board.clearHighlight("marks");
  if (!board.svg) return;
  for (const g of board.svg.querySelectorAll(".gl-cands-layer")) g.remove();
  board.container.classList.remove("show-cands");
}

function candidate(size, d, gone) {
  const k = +d - 1, x = size * (0.2 + 0.3 * (k % 3)), y = size * (0.2 + 0.3 * Math.floor(k / 3));
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", gone ? "cand gone" : "cand");
  g.dataset.digit = d;
  const t = document.createElementNS(SVG, "text");
  for (const [name, value] of [["x", x], ["y", y], ["font-size", size * 0.26], ["text-anchor", "middle"],
    ["dominant-baseline", "central"]]) t.setAttribute(name, value);
  t.textContent = d;
  g.append(t);
  if (gone) {
    const line = document.createElementNS(SVG, "line");
    for (const [name, value] of [["x1", x - size * 0.12], ["y1", y + size * 0.1], ["x2", x + size * 0.12],
      ["y2", y - size * 0.1]]) line.setAttribute(name, value);
    g.append(line);
  }
  return g;
}

// The candidates before the step in every undecided cell (a digit on the board hides them), struck where it
// removes them: one layer over the cells (each cell's group placed as the cell is), hidden from screen readers,
// which read the step's text instead; the cells themselves are left as the drawing made them.
function drawCandidates(board, step) {
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "gl-cands-layer");
  layer.setAttribute("aria-hidden", "true");
  layer.setAttribute("pointer-events", "none");
  step.candidates_before.forEach((row, r) => row.forEach((before, c) => {
    const g = board.cell(r, c);
    if (!g || before === "#" || board.isGiven(r, c) || board.value(r, c) !== board.blank) return;
    const after = (step.candidates_after[r] || [])[c] || "";
    const size = +g.querySelector("rect.bg").getAttribute("width") || 40;
    const cands = document.createElementNS(SVG, "g");
    cands.setAttribute("class", "gl-cands");
    cands.setAttribute("transform", g.getAttribute("transform") || "");
    cands.dataset.row = r; cands.dataset.col = c;
    for (const d of before) cands.append(candidate(size, d, !after.includes(d)));
    layer.append(cands);
  }));
  if (layer.children.length) board.svg.append(layer);
  board.container.classList.toggle("show-cands", layer.children.length > 0);
}

export function showStep(board, step) {
  clearStep(board);
  if (!step) return;
  board.highlight(usedOnly(step), "uses");
  board.highlight(step.marks.map((m) => [m[0], m[1]]), "marks");
  if (hasCandidates(step)) drawCandidates(board, step);
}

function legend(step) {
  const parts = [];
  if (usedOnly(step).length) parts.push('<span class="sw uses"></span> cells it uses');
  parts.push('<span class="sw marks"></span> cells it changes');
  if (hasCandidates(step) && step.marks.some((m) => String(m[2]).startsWith("-"))) {
    parts.push('<span class="sw gone">5</span> candidates it removes');
  }
  return parts.join(" · ");
}

function describe(step) {
  const changes = hasCandidates(step) ? stepText(step) : "";
  return `<div><span class="rule">${esc(step.rule)}</span></div><div class="what">${esc(step.reason)}</div>` +
    (changes ? `<div class="changes">${esc(changes)}</div>` : "") +
    `<div class="legend">${legend(step)}</div>`;
}

// The hint box: the step (rule, reason, its changes, the legend), and the steps made before it that the board
// cannot show (a list: each one drawn on the board when chosen).
export function renderHint(box, board, answer) {
  const step = answer.step, lead = Array.isArray(answer.lead_in) ? answer.lead_in : [];
  box.innerHTML = `<div class="current">${describe(step)}</div>` +
    (lead.length ? `<details class="lead-in"><summary>How it got there: ${lead.length} candidate ` +
      `step${lead.length > 1 ? "s" : ""} before it</summary><ol></ol></details>` : "") +
    '<div class="legend">press Hint again to apply it</div>';
  showStep(board, step);
  if (!lead.length) return;
  const list = box.querySelector(".lead-in ol");
  const current = box.querySelector(".current");
  [...lead, step].forEach((s, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.innerHTML = `<span class="rule">${esc(s.rule)}</span> ${esc(s.reason)}${i === lead.length ? " (the hint)" : ""}`;
    b.addEventListener("click", () => {
      for (const other of list.querySelectorAll("button")) other.removeAttribute("aria-current");
      b.setAttribute("aria-current", "step");
      current.innerHTML = describe(s);
      showStep(board, s);
    });
    li.append(b);
    list.append(li);
  });
}
