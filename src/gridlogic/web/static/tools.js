// The solver tools page (/tools): solve, explain step by step (on the kind's own drawing, board.js),
// grade, check, generate.
import {Board} from "/static/board.js";
import {showStep as drawStep, stepLine} from "/static/steps.js";
import {$, call, kinds, setStatus as show, showError} from "/static/ui.js";

const board = new Board($("board"), {readonly: true});
let explanation = null, current = -1;

function setStatus(text, isError) { show($("status"), text, isError ? "error" : ""); }

function request() {
  const body = {puzzle: $("puzzle").value};
  if ($("kind").value) body.kind = $("kind").value;
  return body;
}

function clearSteps() {
  explanation = null; current = -1;
  $("steps").innerHTML = ""; $("board").hidden = true; $("stepinfo").textContent = "";
  stepButtons();
}

// ◀ step and step ▶ work on an explanation: disabled (and saying so) until Explain has run, and at its ends
function stepButtons() {
  const none = !explanation;
  $("prev").disabled = none || current < 0;
  $("next").disabled = none || current >= explanation.steps.length - 1;
  for (const id of ["prev", "next"]) $(id).title = none ? "Press Explain first" : "";
}

// The board after the first `upto` steps: the start, then every value those steps fix (a removed
// candidate, "-d", has no character of its own and leaves the cell as it is).
function rowsAfter(upto) {
  const rows = explanation.start.map((r) => [...r]);
  for (const s of explanation.steps.slice(0, upto)) {
    for (const [r, c, v] of s.marks) if (board.chars[v] !== undefined) rows[r][c] = board.chars[v];
  }
  return rows.map((r) => r.join(""));
}

function showStep(i) {
  if (!explanation) return;
  current = Math.max(-1, Math.min(i, explanation.steps.length - 1));
  stepButtons();
  board.setRows(rowsAfter(current + 1), "explain");
  board.clearHighlight();
  const step = current >= 0 ? explanation.steps[current] : null;
  drawStep(board, step);  // steps.js: its cells, and its candidates where the step carries them
  [...$("steps").children].forEach((li, j) => li.classList.toggle("current", j === current));
  const line = stepLine(step);
  $("stepinfo").textContent = `${current + 1} / ${explanation.steps.length}` + (line ? ` · ${line}` : "");
}

async function explain() {
  const [d, loaded] = await Promise.all([call("/api/explain", request()), call("/api/load", request())]);
  board.load(loaded.svg, (await kinds()).get(loaded.kind));
  $("board").hidden = false;
  explanation = {...d, start: loaded.board};
  $("result").textContent = d.picture;
  $("steps").innerHTML = "";
  d.steps.forEach((s, j) => {
    const li = document.createElement("li");
    const rule = document.createElement("span");
    rule.className = "rule"; rule.textContent = s.rule;
    li.append(rule, " ", s.reason);
    li.addEventListener("click", () => showStep(j));
    $("steps").append(li);
  });
  showStep(-1);
  setStatus(`${d.status}: ${d.steps.length} steps, grade ${d.grade}`, d.status !== "solved");
}

async function run(action) {
  setStatus("working…", false);
  try {
    if (action === "solve") {
      clearSteps();
      const d = await call("/api/solve", request());
      $("result").textContent = d.picture;
      setStatus(d.solution ? (d.unique ? "unique solution" : "several solutions") + ` (${d.ms} ms)` : "no solution", !d.solution);
    } else if (action === "grade") {
      const d = await call("/api/grade", request());
      setStatus(`grade: ${d.grade} (level ${d.level}, hardest rule ${d.hardest_rule})`, false);
    } else if (action === "check") {
      const d = await call("/api/check", {...request(), solution: $("solution").value});
      setStatus(d.valid ? "valid solution" : "not a solution", !d.valid);
      $("result").textContent = d.valid ? d.picture : d.violations.map((v) => `${v.rule}: ${v.message}`).join("\n");
    } else if (action === "explain") {
      await explain();
    } else if (action === "generate") {
      const kind = $("kind").value || [...(await kinds()).keys()][0];
      const d = await call("/api/generate", {kind, seed: Math.floor(Math.random() * 1e6)});
      $("puzzle").value = d.puzzle; clearSteps();
      $("result").textContent = d.picture;
      setStatus(`new ${(await kinds()).get(kind).title} puzzle` + (d.grade ? `, grade ${d.grade}` : ""), false);
    }
  } catch (e) {
    showError($("status"), e);
  }
}

for (const a of ["solve", "explain", "grade", "check", "generate"]) $(a).addEventListener("click", () => run(a));
$("prev").addEventListener("click", () => showStep(current - 1));
$("next").addEventListener("click", () => showStep(current + 1));
stepButtons();
kinds().then((ks) => { for (const k of ks.values()) $("kind").add(new Option(k.title, k.name)); })
  .catch((e) => showError($("status"), e));
