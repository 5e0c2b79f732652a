// The play page's open panel: the library, paste or upload (and the choice among the puzzles of one input),
// generate (the kind's grades, and a control per option its descriptor lists) and the daily tab (daily.js).
import {openDaily, setupDaily} from "/static/daily.js";
import {$, call, esc} from "/static/ui.js";

// The panel wired on the play page's parts, `page`: {state, openPuzzle, setStatus} (play.js).
// Returns {fill, showTab, openDaily, openFirst}.
export function setupOpen(page) {
  const {state, openPuzzle, setStatus} = page;

  // ----- the open panel: library, paste/upload, generate
  function showTab(name) {
    for (const t of document.querySelectorAll("[role=tab]")) {
      t.setAttribute("aria-selected", String(t.dataset.tab === name));
      $(`tab-${t.dataset.tab}`).hidden = t.dataset.tab !== name;
    }
  }
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => showTab(tab.dataset.tab));

  // ----- the daily puzzle (daily.js): an /api/daily answer played, its link in the address bar
  async function openDailyAnswer(answer) {
    const url = new URL(location.href);
    for (const key of ["daily", "grade"]) url.searchParams.delete(key);
    history.replaceState(null, "", url);
    if (await openPuzzle(answer.puzzle, {kind: answer.kind, title: answer.title})) {
      setStatus(`The daily ${answer.grade} puzzle of ${answer.date}: the same for everyone. Your move.`);
    }
  }
  $("records").addEventListener("change", () => {
    if (state.source) openPuzzle(state.source.text, {kind: state.source.kind, index: +$("records").value});
  });
  $("open-paste").addEventListener("click", () => openPuzzle($("puzzle").value, {kind: $("kind").value}));
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    const text = await file.text();
    $("puzzle").value = text;
    openPuzzle(text, {kind: $("kind").value});
  });
  let library = [];
  $("open-library").addEventListener("click", () => {
    const item = $("library").value === "" ? null : library[+$("library").value];
    if (item) openPuzzle(item.puzzle, {kind: item.kind, title: item.title});
  });
  // a choice with the mouse opens the puzzle at once; with the keys, the arrows only move through the
  // list (focus stays on it) and Enter opens the puzzle shown
  let libraryByKeys = false;
  $("library").addEventListener("pointerdown", () => { libraryByKeys = false; });
  $("library").addEventListener("keydown", (e) => {
    libraryByKeys = e.key !== "Enter";
    if (e.key === "Enter") { e.preventDefault(); $("open-library").click(); }
  });
  $("library").addEventListener("change", () => { if (!libraryByKeys) $("open-library").click(); });
  $("generate").addEventListener("click", async () => {
    const kind = $("gen-kind").value;
    const body = {kind, seed: Math.floor(Math.random() * 1e9)};
    if ($("gen-size").value.trim()) body.size = $("gen-size").value.trim();
    if ($("gen-grade").value) body.difficulty = $("gen-grade").value;
    Object.assign(body, optionValues());
    setStatus("Generating…");
    $("generate").disabled = true;
    try {
      const data = await call("/api/generate", body);
      await openPuzzle(data.puzzle, {kind: data.kind, uniqueLines: body.unique_lines !== false});
      if (data.grade) $("title").textContent += ` · ${data.grade}`;
      setStatus(`A new ${data.grade ? data.grade + " " : ""}puzzle (seed ${data.seed}). Your move.`);
    } catch (e) {
      setStatus(`error: ${e.message}`, "error");
    } finally {
      $("generate").disabled = false;
    }
  });

  // The generate form: the kind's grades, and a control per option its descriptor lists (core/options.py
  // Option.to_json: a checkbox for a bool, a number for an int, a choice or a text for a str), id gen-opt-<name>.
  function fillGenerate() {
    const k = state.kinds.get($("gen-kind").value);
    $("gen-grade").innerHTML = '<option value="">any</option>' + k.levels.map((lv) => `<option>${esc(lv)}</option>`).join("");
    $("gen-options").replaceChildren(...k.generate.map(optionControl));
  }

  function optionControl(opt) {
    const label = document.createElement("label");
    label.title = opt.help;
    const words = opt.name.replaceAll("_", " ");
    let input;
    if (opt.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox"; input.checked = Boolean(opt.default);
      label.className = "switch";
      label.append(input, ` ${words}`);
    } else {
      if (opt.choices.length) {
        input = document.createElement("select");
        input.add(new Option(opt.default ?? "default", ""));
        for (const c of opt.choices) input.add(new Option(c, c));
      } else {
        input = document.createElement("input");
        input.type = opt.type === "int" ? "number" : "text";
        if (opt.min !== null) input.min = opt.min;
        if (opt.max !== null) input.max = opt.max;
        input.placeholder = opt.default ?? "auto";
        input.size = 6;
      }
      label.append(`${words[0].toUpperCase()}${words.slice(1)} `, input);
    }
    input.id = `gen-opt-${opt.name}`;
    input.dataset.option = opt.name;
    input.dataset.type = opt.type;
    return label;
  }

  // The options the form sets: a checkbox always, a number or text only when filled in.
  function optionValues() {
    const out = {};
    for (const input of $("gen-options").querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      if (input.dataset.type === "bool") out[name] = input.checked;
      else if (input.value.trim()) out[name] = input.dataset.type === "int" ? +input.value : input.value.trim();
    }
    return out;
  }
  $("gen-kind").addEventListener("change", fillGenerate);

  // the kinds' choices, the generate form, the daily tab and the library (state.kinds already read)
  async function fill() {
    for (const k of state.kinds.values()) {
      $("kind").add(new Option(k.title, k.name));
      $("gen-kind").add(new Option(k.title, k.name));
    }
    fillGenerate();
    setupDaily(state.kinds, openDailyAnswer);
    library = await call("/api/library");
    $("library").add(new Option("Choose a puzzle…", ""));
    const groups = {};
    library.forEach((item, i) => {
      if (!groups[item.kind]) {
        groups[item.kind] = document.createElement("optgroup");
        groups[item.kind].label = state.kinds.get(item.kind).title;
        $("library").append(groups[item.kind]);
      }
      groups[item.kind].append(new Option(item.title, String(i)));
    });
  }

  // the first puzzle of the library, when the address names none
  function openFirst() {
    if (!library.length) return;
    $("library").value = "0";
    $("open-library").click();
  }

  return {fill, showTab, openDaily: (q) => openDaily(q, openDailyAnswer), openFirst};
}
