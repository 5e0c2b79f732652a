// The play page's "Help settings" panel: automatic marks (the open puzzle's kind; hidden for a kind
// without any), when broken rules are shown, and whether "Check my progress" shows which marks are
// wrong. The values live in ui.js `help` (this browser's storage), so they survive a reload.
//
//   const panel = helpPanel({onAuto(on) {...}, onErrors(mode) {...}});
//   panel.show(kind)        // a puzzle of this kind was opened: its switch and words

import {$, help} from "/static/ui.js";

export function helpPanel({onAuto, onErrors}) {
  let kind = null;
  const auto = $("set-auto"), which = $("set-which");
  const radios = [...document.querySelectorAll("input[name=set-errors]")];
  auto.addEventListener("change", () => {
    if (!kind) return;
    help.setAuto(kind, auto.checked);
    onAuto(auto.checked);
  });
  which.checked = help.which();
  which.addEventListener("change", () => help.setWhich(which.checked));
  for (const radio of radios) {
    radio.checked = radio.value === help.errors();
    radio.addEventListener("change", () => { if (radio.checked) { help.setErrors(radio.value); onErrors(radio.value); } });
  }
  return {
    show(k) {
      kind = k;
      $("set-auto-label").hidden = !k.auto;
      $("set-auto-text").textContent = k.auto ? k.auto.label : "";
      auto.checked = help.auto(k);
    },
  };
}
