// Proof mode's tree panel: the proof tree as a list (#tree) and drawn as LEGUP draws it (#treeview), every
// transition with its rule, whole, and the checker's ✓/✗. A click (or Enter) on a board picks it: pick(path, k).
import { S, branchValue, cellLabel, named, symbolOf } from "./proofstate.js";
import { $, esc } from "./ui.js";

function mark(path) {
  const v = S.report && S.report.verdicts ? S.report.verdicts[path] : undefined;
  if (v === undefined) return '<span class="pending">…</span>';
  return v ? '<span class="ok" aria-label="valid">✓</span>' : '<span class="bad" aria-label="invalid">✗</span>';
}
function cellsText(set) {
  return set.map(([r, c, v]) => `${cellLabel(r, c)}=${symbolOf(v)}`).join(" ");
}

export function drawTree(pick) {
  const item = (html, path, k, label, leaf = false) => {
    const span = document.createElement("span");
    span.className = "item" + (!leaf && S.pos.path === path && S.pos.k === k ? " current" : "");
    span.innerHTML = html;
    span.setAttribute("role", "button");
    span.setAttribute("aria-label", label);
    const go = () => pick(path, k);
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
      const li = item(`${mark(p)} ${i + 1}. ${esc(s.rule)} <span class="help">${esc(cellsText(s.set))}</span>`, path, i + 1, `step ${i + 1} ${s.rule}`);
      li.dataset.path = p;
      ul.appendChild(li);
    });
    if (node.split) {
      const p = `${path}.split`;
      const li = item(`${mark(p)} split ${esc(node.split.rule)} on ${cellLabel(...node.split.cell)}`, path, node.steps.length, `split ${node.split.rule}`, true);
      li.dataset.path = p;
      node.split.branches.forEach((b, i) => {
        const v = branchValue(node.split, i);
        const name = named(v);
        li.appendChild(walk(b, `${p}.branches[${i}]`, `branch ${i + 1}: ${cellLabel(...node.split.cell)} = ${esc(name)}`));
      });
      ul.appendChild(li);
    } else if (node.close) {
      const p = `${path}.close`;
      const li = item(`${mark(p)} close: ${esc(node.close)}`, path, node.steps.length, `close ${node.close}`, true);
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

export function drawTreeSvg(pick) {
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
  const go = (path, k) => () => pick(path, k);
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

