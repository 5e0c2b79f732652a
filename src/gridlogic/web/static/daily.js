// The play page's daily puzzle (GET /api/daily): one per kind and grade, the same for everyone on a date.
// The kinds and grades come from the kinds' descriptors (their `daily` lists); the share link
// /play?daily=<date>&kind=<kind>&grade=<grade> opens that day's puzzle on any server.
//
//   setupDaily(kinds, open)            // fills the Daily tab; open(answer) plays an /api/daily answer
//   await openDaily(params, open)      // from a link's query: true if it named a daily puzzle
import {$, call} from "/static/ui.js";

export function dailyLink(answer) {
  const url = new URL("/play", location.href);
  url.search = "";
  url.searchParams.set("daily", answer.date);
  url.searchParams.set("kind", answer.kind);
  url.searchParams.set("grade", answer.grade);
  return url.toString();
}

async function fetchDaily(kind, grade, date = "") {
  const q = new URLSearchParams({kind, grade});
  if (date) q.set("date", date);
  return call(`/api/daily?${q}`);
}

function showLink(answer) {
  const link = $("daily-link");
  link.href = dailyLink(answer);
  link.textContent = `Link to the ${answer.date} puzzle`;
  link.hidden = false;
}

async function play(kind, grade, date, open) {
  $("daily-status").textContent = "Making the daily puzzle…";
  try {
    const answer = await fetchDaily(kind, grade, date);
    $("daily-status").textContent = "";
    showLink(answer);
    await open(answer);
    return true;
  } catch (e) {
    $("daily-status").textContent = `error: ${e.message}`;
    return false;
  }
}

export function setupDaily(kinds, open) {
  const kindPick = $("daily-kind"), gradePick = $("daily-grade");
  const offered = [...kinds.values()].filter((k) => (k.daily || []).length);
  kindPick.replaceChildren(...offered.map((k) => new Option(k.title, k.name)));
  const fillGrades = () => {
    const k = kinds.get(kindPick.value);
    gradePick.replaceChildren(...(k ? k.daily : []).map((d) => new Option(d.level, d.level)));
  };
  kindPick.addEventListener("change", fillGrades);
  fillGrades();
  $("daily-play").addEventListener("click", () => play(kindPick.value, gradePick.value, "", open));
}

export async function openDaily(params, open) {
  const date = params.get("daily"), kind = params.get("kind"), grade = params.get("grade");
  if (!date || !kind || !grade) return false;
  $("daily-kind").value = kind;
  $("daily-kind").dispatchEvent(new Event("change"));
  $("daily-grade").value = grade;
  return play(kind, grade, date, open);
}
