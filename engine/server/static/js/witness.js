// The witness viewer: a register entry's witness replayed under two readings side by side,
// the first step where they part ways highlighted, with the scores and winners of each.
import { h, ruleLink, facts, seatName, withoutRule, inWords, knowPlayers } from "./dom.js";
import { TITLES } from "./cards.js";
import { api, ApiError } from "./api.js";
import { RENDERERS } from "./games/index.js";

const $ = id => document.getElementById(id);
// an action's seat prefix in words: "p1: discard" is "Seat 1: discard"
const bodyOf = a => a.replace(/^p(\d+):\s*/, (_, n) => `${seatName(Number(n), null)}: `);
const ID = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let DATA = null;

function fatal(title, message) {
  $("main").replaceChildren(h("div.notice", { role: "alert" }, h("h1", {}, title), h("p", {}, message),
    h("p", {}, h("a", { href: "/ambiguities" }, "The register"))));
  document.body.dataset.state = "error";
}

function entry(d) {
  document.title = `${d.id} · witness · fruitspec`;
  knowPlayers(d.players);
  $("title").textContent = `${TITLES[d.game] || d.game} · ${d.id}`;
  const sc = d.scenario;
  $("entry").replaceChildren(
    h("h1", {}, `${d.id} · ${d.option}`), h("p", {}, inWords(d.question)),
    h("ul", {}, Object.entries(d.clause_texts).map(([c, t]) => h("li", {}, ruleLink(c), " ", t))),
    facts([["game", TITLES[d.game] || d.game], ["players", d.players], ["variant", sc.variant || "base"],
           ["default", d.default], ["rulebook", d.section]]),
    h("p.small.muted", {}, `Why the default: ${d.reason}`),
    sc.description ? h("p.small", {}, inWords(sc.description)) : "");
}

function step(s, i, diffAt) {
  const cls = i === diffAt ? "li.differs" : i > (diffAt ?? Infinity) ? "li.after" : "li";
  let body;
  if (s.skipped) body = h("span.muted.outcome", {}, "not reached: an earlier step was refused");
  else if (s.refused) body = h("span.refused.outcome", {}, "refused: ", ruleLink(s.refused.rule), " ",
    inWords(withoutRule(s.refused.message, s.refused.rule)));
  else body = h("ul.log", {}, s.events.map(e => h("li", {}, ruleLink(e.rule), " ", inWords(e.text))));
  return h(cls, { "data-step": i },
    h("code", {}, bodyOf(s.action)), i === diffAt ? h("span.badge", {}, "first difference") : "", body,
    !s.skipped && !s.refused ? h("div.small.muted", {}, `scores after: ${s.scores.join(", ")}`) : "");
}

function side(sd, reading, diffAt, atStep) {
  const n = sd.steps.length;
  const end = h(diffAt === n ? "div.panel.differs" : "div.panel", { "data-end": "" },
    h("h3", {}, "At the end", diffAt === n ? h("span.badge", {}, "first difference") : ""),
    facts([["scores", sd.scores.join(", ")], ["over", sd.over ? "yes" : "no"],
           ["winners", sd.winners ? (sd.winners.length ? sd.winners.map(w => seatName(w, null)).join(", ") : "nobody") : "—"],
           ["legal next", sd.legal_at_end.length ? sd.legal_at_end.slice(0, 12).map(bodyOf).join(" · ") + (sd.legal_at_end.length > 12 ? " …" : "") : "none"]]));
  const states = [sd.start, ...sd.steps.map(s => s.view)];
  const view = states[Math.min(atStep, states.length - 1)] || states.filter(Boolean).pop();
  const board = view ? RENDERERS[DATA.game].board(view, { game: DATA.game, me: null, players: DATA.players }) : "";
  return h("section.panel", { "data-reading": sd.reading, "aria-label": `reading ${sd.reading}` },
    h("h2", {}, `${DATA.option} = ${sd.reading}`, sd.reading === DATA.default ? " (default)" : ""),
    h("p.small", {}, reading ? reading.text : ""),
    h("ol.steps", {}, sd.steps.map((s, i) => step(s, i, diffAt))), end,
    h("h3", {}, atStep === 0 ? "Board at the start" : `Board after step ${atStep}`), board);
}

function draw() {
  const d = DATA;
  const diffAt = d.first_difference;
  const n = d.sides[0].steps.length;
  const at = Number($("at-step").value);
  const readingOf = v => d.readings.find(r => r.value === v);
  $("summary").replaceChildren(h("div.panel.info", {}, diffAt === null
    ? h("p", {}, "These two readings agree on this witness.")
    : diffAt >= n ? h("p", {}, "The readings agree on every step and part ways at the end (legal moves, scores or winners).")
    : h("p", {}, `The readings part ways at step ${diffAt + 1}, `, h("code", {}, d.sides[0].steps[diffAt].action), ".")));
  $("sides").replaceChildren(...d.sides.map(sd => side(sd, readingOf(sd.reading), diffAt, at)));
  document.body.dataset.state = "ready";
  document.body.dataset.firstDifference = diffAt === null ? "none" : String(diffAt);
}

async function load(a, b) {
  try { DATA = await api.witness(ID, a, b); } catch (err) {
    if (err instanceof ApiError && err.status === 404) fatal("No witness", err.message);
    else fatal("The witness could not be replayed", err.message || String(err));
    return;
  }
  entry(DATA);
  const values = DATA.readings.map(r => r.value);
  for (const [sel, val] of [[$("reading-a"), DATA.sides[0].reading], [$("reading-b"), DATA.sides[1].reading]]) {
    sel.replaceChildren(...values.map(v => h("option", { value: v, selected: v === val || null },
      `${v}${v === DATA.default ? " (default)" : ""}`)));
  }
  const n = DATA.sides[0].steps.length;
  const diffAt = DATA.first_difference;
  const def = diffAt === null ? n : Math.min(diffAt + 1, n);
  $("at-step").replaceChildren(...Array.from({ length: n + 1 }, (_, i) => h("option",
    { value: i, selected: i === def || null }, i === 0 ? "start" : `step ${i}`)));
  draw();
}

// the chosen readings live in the address, so the page can be sent as it is
function choose() {
  const a = $("reading-a").value, b = $("reading-b").value;
  history.replaceState(null, "", `${location.pathname}?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
  load(a, b);
}
$("reading-a").addEventListener("change", choose);
$("reading-b").addEventListener("change", choose);
$("at-step").addEventListener("change", draw);
const asked = new URLSearchParams(location.search);
load(asked.get("a"), asked.get("b"));
