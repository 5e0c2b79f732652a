import { call } from "/static/ui.js";

// The *Star rules' two worked examples, drawn and scored by the server when the reader opens them.
let examplesLoaded = false;

export async function loadExamples(box) {
  if (examplesLoaded) return;
  examplesLoaded = true;
  try {
    const list = await call("/api/starstar/examples");
    box.replaceChildren(...list.map((ex) => {
      const figure = document.createElement("figure");
      const art = document.createElement("div");
      art.innerHTML = ex.svg;  // drawn by the server (every field escaped there), as the board is
      const caption = document.createElement("figcaption");
      const verdict = document.createElement("div");
      verdict.className = "verdict";
      const s = ex.score;
      verdict.textContent = `${ex.title}: Blue ${s.b.conventional}, Red ${s.w.conventional} — ` +
        `peries ${s.b.peries}–${s.w.peries}, stars ${s.b.stars}–${s.w.stars}, quarks ${s.b.quarks}–${s.w.quarks}`;
      const text = document.createElement("p");
      text.textContent = ex.text;
      caption.append(verdict, text);
      figure.append(art, caption);
      return figure;
    }));
  } catch (err) {
    examplesLoaded = false;
    box.textContent = `error: ${err.message}`;
  }
  box.setAttribute("aria-busy", "false");
}
