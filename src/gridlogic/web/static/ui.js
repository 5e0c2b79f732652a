// What every page shares: the header, talking to the server, showing errors and states, the settings
// kept in this browser, and the kinds' client descriptors (GET /api/kinds). No page knows a puzzle kind:
// whatever differs between kinds comes from its descriptor (src/gridlogic/puzzles/<kind>/client.py).
//
//   import {$, call, kinds, setStatus, settings} from "/static/ui.js";
//   await call("/api/load", {puzzle})       // POST JSON (GET without a body); throws Error(message), .status
//                                           // options: {text: true} answers the text, {signal} aborts
//   setStatus($("status"), "text", "error") // the text, and one state class (the previous one removed)
//   (await kinds()).get(name)               // a kind's descriptor
//   settings.get(key, fallback) / settings.set(key, value) / settings.remove(key)
//   help.auto(kind) / help.errors() / help.which()   // the help settings (below), with their defaults

export const $ = (id) => document.getElementById(id);

// ----- the header: a page has <header class="top" data-page="play" data-tagline="…"> with the brand link
const PAGES = [["play", "/play", "play"], ["proof", "/proof", "proof mode"], ["starstar", "/starstar", "*Star"],
  ["tools", "/tools", "solver tools"], ["docs", "/docs", "API"]];

function header() {
  const top = document.querySelector("header.top[data-page]");
  if (!top || top.querySelector("nav")) return;
  const tagline = document.createElement("span");
  tagline.className = "tagline";
  tagline.textContent = top.dataset.tagline || "";
  const nav = document.createElement("nav");
  nav.setAttribute("aria-label", "pages");
  for (const [page, href, text] of PAGES) {
    const a = document.createElement("a");
    a.id = `${page}-link`; a.href = href; a.textContent = text;
    if (page === top.dataset.page) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  top.append(tagline, nav);
}
header();

// ----- the server
export async function call(path, body, {text = false, signal = undefined} = {}) {
  const resp = await fetch(path, {method: body === undefined ? "GET" : "POST", signal,
    headers: {"Content-Type": "application/json"}, body: body === undefined ? undefined : JSON.stringify(body)});
  const raw = await resp.text();
  let data = null;
  try { data = JSON.parse(raw); } catch { data = null; }
  if (!resp.ok) {
    const err = new Error((data && data.error) || `${resp.status} ${resp.statusText}`);
    err.status = resp.status;
    throw err;
  }
  return text ? raw : data;
}

let described = null;
// The kinds, by name, in the registry's order: each its client descriptor (see core/client.py).
export function kinds() {
  described = described || call("/api/kinds").then((list) => new Map(list.map((k) => [k.name, k])));
  return described;
}

// ----- showing states and errors
export function setStatus(el, text, state = "") {
  el.textContent = text;
  if (el.dataset.state) el.classList.remove(el.dataset.state);
  if (state) el.classList.add(state);
  el.dataset.state = state;
}

export function showError(el, e) { setStatus(el, `error: ${e.message || e}`, "error"); }

export function esc(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// A descriptor's template: "{field}" is fields[field]; "{field:text}" is text when fields[field] is true.
export function fill(template, fields) {
  return template.replace(/\{(\w+)(?::([^}]*))?\}/g, (_, name, text) =>
    text === undefined ? String(fields[name] ?? "") : (fields[name] ? text : ""));
}

// ----- settings and boards kept in this browser (localStorage; nothing lost when storage is off)
const PREFIX = "gridlogic:";
export const settings = {
  get(key, fallback = null) {
    try { const v = localStorage.getItem(PREFIX + key); return v === null ? fallback : JSON.parse(v); } catch { return fallback; }
  },
  set(key, value) { try { localStorage.setItem(PREFIX + key, JSON.stringify(value)); } catch { /* storage full or off */ } },
  remove(key) { try { localStorage.removeItem(PREFIX + key); } catch { /* storage off */ } },
};

// ----- the help settings (the play page's "Help settings" panel), kept in this browser like the boards
//   auto: the kind's automatic marks (its descriptor's "auto"; per kind, its default from the descriptor)
//   errors: when broken rules are shown: "immediate" (at every move), "request" (when the player asks,
//           "Check my progress"), "off" (never)
//   which: "Check my progress" outlines which marks are wrong (off unless the player turns it on)
export const ERRORS = ["immediate", "request", "off"];
export const help = {
  auto(kind) {
    if (!kind || !kind.auto) return false;
    const v = settings.get(`help:auto:${kind.name}`, null);
    return typeof v === "boolean" ? v : Boolean(kind.auto.default);
  },
  setAuto(kind, on) { settings.set(`help:auto:${kind.name}`, Boolean(on)); },
  errors() { const v = settings.get("help:errors", "immediate"); return ERRORS.includes(v) ? v : "immediate"; },
  setErrors(v) { if (ERRORS.includes(v)) settings.set("help:errors", v); },
  which() { return settings.get("help:which", false) === true; },
  setWhich(on) { settings.set("help:which", Boolean(on)); },
};
