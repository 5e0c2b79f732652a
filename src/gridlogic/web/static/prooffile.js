// Proof mode's files: a proof saved as JSON or LEGUP XML (POST /api/proof/legup-xml), and a proof file
// read back (POST /api/proof/open: gridlogic's JSON or a LEGUP file).
import { call } from "./ui.js";

function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// the proof a file holds, as the server reads it (its puzzle, kind and tree)
export async function readProof(file) {
  return call("/api/proof/open", { text: await file.text() });
}

// save: the proof as gridlogic's JSON, or as LEGUP's XML
export function saveJson(proof) { download("proof.json", JSON.stringify(proof, null, 1) + "\n", "application/json"); }
export async function saveXml(proof) {
  download("proof.xml", await call("/api/proof/legup-xml", { proof }, { text: true }), "application/xml");
}
