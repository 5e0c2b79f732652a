// The play page's help requests: "Check my progress" (POST /api/progress), the hint (POST /api/hint; the
// first press shows the step, the second applies it) and the whole explanation, step by step (POST
// /api/explain). An answer carries the board version it was asked for: one about an older board is
// dropped. On a narrow screen, where the answers sit above the board (play.css), an answer is scrolled
// into view when it arrives, and the board with its highlights below it.
import {clearStep, renderHint, showStep as drawStep, stepLine} from "/static/steps.js";
import {$, call, esc, help} from "/static/ui.js";

// An answer that has arrived (the status, the hint, the explanation), brought into view on a narrow screen,
// where it sits above the board (play.css): scrolled to the top, so the board and its highlights follow it.
// Nothing moves when the answer and the whole board are in view already, nor ever on a wide screen.
const narrow = matchMedia("(max-width: 52rem)");
function reveal(box) {
  if (!narrow.matches || box.hidden) return;
  const top = box.getBoundingClientRect().top, bottom = $("board").getBoundingClientRect().bottom;
  if (top >= 0 && bottom <= innerHeight) return;
  window.scrollBy({top: top - 8, left: 0, behavior: "instant"});
}

// On a narrow screen, what `fn` changes above the board (an answer shown or gone, a longer status) does not
// move the board: the page scrolls by as much, so the cell under the player's finger stays under it.
export function holdBoard(fn) {
  if (!narrow.matches) return fn();
  const before = $("board").getBoundingClientRect().top;
  const out = fn();
  const shift = $("board").getBoundingClientRect().top - before;
  if (shift) window.scrollBy({top: shift, left: 0, behavior: "instant"});
  return out;
}

// The buttons wired on the play page's parts, `page`: {state, board, marks, setStatus, updateButtons,
// liveCheck, showViolations} (play.js). Returns {closeExplain}.
export function setupHelp(page) {
  const {state, board, marks, setStatus, updateButtons, liveCheck, showViolations} = page;

  // ----- check my progress
  $("progress").addEventListener("click", async () => {
    setStatus("Checking…");
    const asked = state.version;
    try {
      const data = await call("/api/progress", {...state.puzzle, board: board.rows()});
      if (asked !== state.version) return;  // the board changed meanwhile: this answer is about an older one
      board.clearHighlight("wrong"); state.progressAt = asked;
      // which marks are wrong only when the player asked for that (help settings); cleared by the next change
      const cells = help.which() && Array.isArray(data.cells) ? data.cells : [];
      board.highlight(cells, "wrong");
      if (help.errors() === "request") showViolations(true);  // the broken rules, asked for
      const where = !cells.length ? "" : cells.length < data.wrong ? ` (the first ${cells.length} outlined in red)` : " (outlined in red)";
      setStatus(`${data.message}${where}`, data.status === "wrong" ? "wrong" : data.status === "solved" ? "solved" : "");
      reveal($("status"));
    } catch (e) {
      if (asked === state.version) setStatus(`error: ${e.message}`, "error");
    }
  });

  // ----- hint: first press shows the step, second press applies it
  $("hint").addEventListener("click", async () => {
    if (state.hint) { applyHint(state.hint); return; }
    const box = $("hintbox");
    holdBoard(() => { box.hidden = false; box.textContent = "Thinking…"; });
    const asked = state.version;
    let data;
    try {
      data = await call("/api/hint", {...state.puzzle, board: board.rows()});
    } catch (e) {
      if (asked !== state.version) return;
      box.textContent = e.status === 404 ? "Hints are not available on this server yet." : `error: ${e.message}`;
      return;
    }
    if (asked !== state.version) return;  // the board changed while the hint was computed: never arm a stale step
    board.clearHighlight("uses"); board.clearHighlight("marks");
    if (data.status === "step" && data.step) {
      state.hint = data.step;
      renderHint(box, board, data);  // steps.js: the step drawn, the steps before it listed
    } else {
      box.innerHTML = `<div class="what">${esc(data.message || data.status)}</div>`;
      if (data.status === "wrong") setStatus(data.message || "Some marks are wrong.", "wrong");
    }
    reveal(box);
  });

  function applyHint(step) {
    const changes = [];
    for (const [r, c, v] of step.marks) {
      if (v.startsWith("-")) {
        const d = v.slice(1), from = board.pencil(r, c);
        if (from.includes(d)) changes.push({r, c, attr: "pencil", from, to: from.replace(d, "")});
      } else if (board.value(r, c) !== v && !board.isGiven(r, c)) {
        changes.push({r, c, attr: "value", from: board.value(r, c), to: v});
      }
    }
    state.hint = null;
    if (changes.length) board.replay(changes, false, "hint");
    $("hintbox").hidden = true;
  }

  // ----- explain: the whole explanation from the start, step by step
  $("explain").addEventListener("click", async () => {
    if (state.explain) { closeExplain(true); return; }
    setStatus("Explaining…");
    let data;
    try {
      data = await call("/api/explain", {puzzle: state.puzzle.puzzle, kind: state.puzzle.kind, format: state.puzzle.format,
        unique_lines: state.puzzle.unique_lines});
    } catch (e) {
      setStatus(`error: ${e.message}`, "error");
      return;
    }
    state.saved = {rows: board.rows(), pencil: board.pencilMarks()};
    state.explain = {steps: data.steps, at: 0};
    board.readonly = true;
    const list = $("ex-steps");
    list.innerHTML = "";
    data.steps.forEach((s, i) => {
      const li = document.createElement("li");
      li.innerHTML = `<span class="rule">${esc(s.rule)}</span> ${esc(s.reason)}`;
      li.addEventListener("click", () => showStep(i + 1));
      li.tabIndex = 0;  // and by keyboard: Enter or Space shows the step
      li.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); showStep(i + 1); } });
      list.append(li);
    });
    $("explainbox").hidden = false;
    $("explain").textContent = "Close explanation";
    setStatus(`${data.status}: ${data.steps.length} steps, grade ${data.grade}`);
    $("alert").innerHTML = "";
    board.clearHighlight();
    showStep(0);
    updateButtons();
    reveal($("explainbox"));
  });

  function showStep(k) {
    const ex = state.explain;
    ex.at = Math.max(0, Math.min(ex.steps.length, k));
    const rows = state.start.map((r) => [...r]);
    const chars = board.chars;
    for (const s of ex.steps.slice(0, ex.at)) for (const [r, c, v] of s.marks) if (chars[v] !== undefined) rows[r][c] = chars[v];
    board.setRows(rows.map((r) => r.join("")), "explain");
    board.clearHighlight();
    const cur = ex.steps[ex.at - 1];
    drawStep(board, cur);  // steps.js: its cells, and its candidates where the step carries them
    $("ex-detail").textContent = stepLine(cur);
    $("ex-pos").textContent = ` step ${ex.at} of ${ex.steps.length} `;
    [...$("ex-steps").children].forEach((li, i) => li.classList.toggle("current", i === ex.at - 1));
    const li = $("ex-steps").children[ex.at - 1];
    if (li) li.scrollIntoView({block: "nearest"});
  }

  function closeExplain(restore) {
    if (!state.explain) return;
    state.explain = null;
    board.readonly = false;
    holdBoard(() => { $("explainbox").hidden = true; });
    $("explain").textContent = "Explain";
    board.clearHighlight(); clearStep(board);
    if (restore && state.saved) board.setRows(state.saved.rows, "explain");
    marks.resync();
    setStatus("Your move.");
    updateButtons();
    liveCheck();
  }
  $("ex-prev").addEventListener("click", () => showStep(state.explain.at - 1));
  $("ex-next").addEventListener("click", () => showStep(state.explain.at + 1));
  $("ex-close").addEventListener("click", () => closeExplain(true));

  return {closeExplain};
}
