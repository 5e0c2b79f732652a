// Proof mode's palette: the rules of the proof's rule set (GET /api/proof/rules/<kind>), grouped as LEGUP
// groups them, as radio buttons; the one chosen names the next transition.
import { S } from "./proofstate.js";
import { $ } from "./ui.js";

export function drawPalette(onChange) {
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
  box.addEventListener("change", onChange);
}

export function selectedRule() {
  const input = document.querySelector('input[name="rule"]:checked');
  if (!input) return { type: "find", id: "" };
  if (input.dataset.type === "production") return { type: "production", id: $("production").value };
  return { type: input.dataset.type, id: input.value };
}

