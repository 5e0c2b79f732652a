// The solver tools page (/tools): solve, explain step by step, grade, check, generate.
"use strict";
const $ = (id) => document.getElementById(id);
let explanation = null, current = -1;

function setStatus(text, isError) {
  $("status").textContent = text;
  $("status").className = isError ? "error" : "";
}

async function call(path, body) {
  const resp = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await resp.json();
  if (!resp.ok) throw new Error(data.error || (data.detail && JSON.stringify(data.detail)) || resp.statusText);
  return data;
}

function request() {
  const body = {puzzle: $("puzzle").value};
  if ($("kind").value) body.kind = $("kind").value;
  return body;
}

function clearSteps() {
  explanation = null; current = -1;
  $("steps").innerHTML = ""; $("board").innerHTML = ""; $("stepinfo").textContent = "";
  stepButtons();
}

// ◀ step and step ▶ work on an explanation: disabled (and saying so) until Explain has run, and at its ends
function stepButtons() {
  const none = !explanation;
  $("prev").disabled = none || current < 0;
  $("next").disabled = none || current >= explanation.steps.length - 1;
  for (const id of ["prev", "next"]) $(id).title = none ? "Press Explain first" : "";
}

// The board after the first `upto` steps: the final rows with every cell a step marked reset to
// "?", then the marks of steps 0..upto-1 replayed ("-d" removals leave the cell as it is).
function boardAfter(upto) {
  const rows = explanation.final.map((r) => r.split(""));
  for (const s of explanation.steps) for (const [r, c, v] of s.marks) if (!String(v).startsWith("-")) rows[r][c] = "?";
  for (let i = 0; i < upto; i++) {
    for (const [r, c, v] of explanation.steps[i].marks) {
      if (String(v).startsWith("-")) continue;
      rows[r][c] = v === "star" ? "*" : v === "black" ? "." : String(v);
    }
  }
  return rows;
}

function showStep(i) {
  if (!explanation) return;
  current = Math.max(-1, Math.min(i, explanation.steps.length - 1));
  stepButtons();
  const rows = boardAfter(current + 1);
  const step = current >= 0 ? explanation.steps[current] : null;
  const key = (r, c) => r + "," + c;
  const used = new Set(step ? step.uses.map(([r, c]) => key(r, c)) : []);
  const marked = new Set(step ? step.marks.map(([r, c]) => key(r, c)) : []);
  $("board").innerHTML = rows.map((row, r) => "<tr>" + row.map((ch, c) => {
    const cls = marked.has(key(r, c)) ? "marked" : used.has(key(r, c)) ? "used" : "";
    const shown = ch === "?" ? "" : ch === "*" ? "★" : ch;
    return `<td class="${cls}">${shown.replace(/[&<>"']/g, (x) => `&#${x.charCodeAt(0)};`)}</td>`;
  }).join("") + "</tr>").join("");
  [...$("steps").children].forEach((li, j) => li.classList.toggle("current", j === current));
  $("stepinfo").textContent = `${current + 1} / ${explanation.steps.length}`;
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
      const d = await call("/api/explain", request());
      explanation = d;
      $("result").textContent = d.picture;
      $("steps").innerHTML = "";
      d.steps.forEach((s, j) => {
        const li = document.createElement("li");
        li.innerHTML = `<span class="rule"></span> `;
        li.querySelector(".rule").textContent = s.rule;
        li.append(document.createTextNode(s.reason));
        li.addEventListener("click", () => showStep(j));
        $("steps").append(li);
      });
      showStep(-1);
      setStatus(`${d.status}: ${d.steps.length} steps, grade ${d.grade}`, d.status !== "solved");
    } else if (action === "generate") {
      const kind = $("kind").value || "starbattle";
      const d = await call("/api/generate", {kind, seed: Math.floor(Math.random() * 1e6)});
      $("puzzle").value = d.puzzle; clearSteps();
      $("result").textContent = d.picture;
      setStatus(`new ${kind} puzzle` + (d.grade ? `, grade ${d.grade}` : ""), false);
    }
  } catch (e) {
    setStatus("error: " + e.message, true);
  }
}

for (const a of ["solve", "explain", "grade", "check", "generate"]) $(a).addEventListener("click", () => run(a));
$("prev").addEventListener("click", () => showStep(current - 1));
$("next").addEventListener("click", () => showStep(current + 1));
stepButtons();
fetch("/api/kinds").then((r) => r.json()).then((ks) => {
  for (const k of ks) { const o = document.createElement("option"); o.value = o.textContent = k.name; $("kind").append(o); }
});
