// What proof mode says about the proof beside its tree: the goal, the count of the board shown, the
// checker's errors (#errors) and the counterexample of a wrong step (#counter), a solution drawn in which
// the step is false.
import { S, charOf, charSymbol, displayRows, uniqueLines } from "./proofstate.js";
import { $, fill } from "./ui.js";

export function goalText(info) {
  const goal = fill(S.kind.goal, { ...info, unique_lines: uniqueLines() });
  const cycle = [...S.kind.cycle, S.kind.cycle[0]].join(" → ");
  return `Goal: every leaf of the tree is solved (${goal}) or closed by a contradiction rule. Click a cell: ${cycle}.`;
}

export function showCounterexample(path) {
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

export function showErrors(errors) {
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

// the count under the board, of the board shown
export function drawCount() {
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
