// The table page: one seat's view (or a spectator's), its legal moves as clickable things,
// the engine's refusals with their clause, the event log and live updates.
//
// Seat links carry tokens in the URL fragment (#s0=TOKEN&s1=TOKEN...), which browsers never
// send to the server; with several seats the page plays each in turn ("every seat here").
import { h, ruleLink, facts, seatName, withoutRule, inWords, knowPlayers, playerName } from "./dom.js";
import { TITLES } from "./cards.js";
import { api, Feed, ApiError } from "./api.js";
import { RENDERERS } from "./games/index.js";

const $ = id => document.getElementById(id);
const T = {
  id: decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || ""),
  creds: new Map(),      // seat -> token
  seat: null,            // the seat shown (null: spectator)
  follow: true,          // with several seats: show the one that must act
  version: -1, view: null, info: null, events: [], feed: null, busy: false,
};

function parseHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  for (const [k, v] of q) {
    const m = /^s(\d+)$/.exec(k);
    if (m && v) T.creds.set(Number(m[1]), v);
  }
  const at = q.has("at") ? Number(q.get("at")) : null;
  T.seat = at !== null && T.creds.has(at) ? at : (T.creds.size ? [...T.creds.keys()][0] : null);
  T.follow = q.get("follow") !== "0";
}

function writeHash() {
  const q = new URLSearchParams();
  for (const [s, t] of T.creds) q.set(`s${s}`, t);
  if (T.creds.size > 1) { q.set("at", String(T.seat)); if (!T.follow) q.set("follow", "0"); }
  history.replaceState(null, "", `${location.pathname}#${q}`);
}

const bodyOf = a => a.replace(/^p\d+:\s*/, "");
const token = () => (T.seat === null ? null : T.creds.get(T.seat));

// --- errors that end the page ----------------------------------------------------------------
function fatal(title, message) {
  if (T.feed) T.feed.close();
  document.title = `${title} · fruitspec`;
  $("status").textContent = "stopped";
  $("status").className = "status down";
  $("main").replaceChildren(h("div.notice", { role: "alert" }, h("h1", {}, title), h("p", {}, message),
    h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
  document.body.dataset.state = "error";
}

function fatalFor(err) {
  if (err instanceof ApiError && err.status === 404) {
    fatal("No such table", `There is no table “${T.id}” on this server. It may have been typed wrong, or created on another server.`);
  } else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
    fatal("This seat link does not open a seat",
      "The token in this link is not one of this table's seats (it may be cut short or come from another table). Ask whoever created the table for your seat's link again, or open the table without a token to watch.");
  } else {
    fatal("The table could not be loaded", err.message || String(err));
  }
}

// --- loading, catching up, live updates ----------------------------------------------------
let generation = 0;  // each enter() starts one; a stale one's answers are dropped

async function enter(seat) {
  const gen = ++generation;
  if (T.feed) { T.feed.close(); T.feed = null; }
  T.seat = seat;
  T.version = -1; T.events = []; T.view = null;
  if (T.creds.size) writeHash();
  let snap, evs;
  try {
    snap = await api.table(T.id, token());
    evs = await api.events(T.id, token(), 0);
  } catch (err) { if (gen === generation) fatalFor(err); return; }
  if (gen !== generation) return;
  T.info = snap;
  T.events = evs.events;
  if (T.prelude === undefined) {
    try { T.prelude = (await api.origin(T.id)).prelude; } catch (_) { T.prelude = 0; }
    if (gen !== generation) return;
  }
  accept(snap.version, snap.view, []);
  if (gen !== generation) return;  // following the turn moved on to another seat
  T.feed = new Feed(T.id, token(), {
    since: () => Math.max(T.version, 0),
    onMessage: msg => { if (gen === generation) accept(msg.version, msg.view, msg.events || []); },
    onStatus: s => { if (gen === generation) setStatus(s); },
    onRefused: msg => { if (gen === generation) fatalFor(new ApiError(REFUSAL_STATUS[msg.error] || 400, msg)); },
  });
  window.fruitspec.feed = T.feed;
}

const REFUSAL_STATUS = { "bad-token": 401, "unknown-table": 404 };

/** A newer version (from the API or the WebSocket); older or equal ones are dropped. */
function accept(version, view, events) {
  if (version < T.version) return;
  // events come in whole versions (an answer, a feed message, a catch-up): take only the
  // versions not held yet, so two sources never log a move twice
  const held = T.events.length ? T.events[T.events.length - 1].version : 0;
  T.events.push(...events.filter(e => e.version > held));
  const changed = version > T.version || T.view === null;
  T.version = version;
  T.view = view;
  if (changed) render();
  followTheTurn();
}

async function catchUp() {
  const before = T.version, gen = generation;
  const snap = await api.table(T.id, token());
  const evs = await api.events(T.id, token(), Math.max(before, 0));
  if (gen === generation) accept(snap.version, snap.view, evs.events);
}

function followTheTurn() {
  if (!T.follow || T.creds.size < 2 || !T.view) return;
  const actors = T.view.actors || [];
  if (actors.includes(T.seat)) return;
  const next = actors.find(s => T.creds.has(s));
  if (next !== undefined) enter(next);
}

function setStatus(s) {
  const el = $("status");
  el.textContent = { live: "live", connecting: "connecting…", down: "reconnecting…" }[s] || s;
  el.className = `status ${s === "live" ? "live" : s === "down" ? "down" : ""}`;
  document.body.dataset.feed = s;
}

// --- acting ----------------------------------------------------------------------------------
async function act(action) {
  if (T.seat === null || T.busy) return;
  T.busy = true;
  const gen = generation;  // the answer is for this seat: drop it if the page moved on
  const against = T.version;
  try {
    const res = await api.act(T.id, token(), action, against);
    if (gen !== generation) return;
    notice(null);
    accept(res.version, res.view, res.events);
  } catch (err) {
    if (!(err instanceof ApiError)) { notice("error", "The server could not be reached", err.message); }
    else if (err.status === 422) {
      notice("refusal", `“${action}” is not allowed`, err.body.message, err.rule);
    } else if (err.status === 409) {
      try { await catchUp(); } catch (_) { /* the feed catches up too */ }
      if (gen !== generation) return;
      const meanwhile = T.events.filter(e => e.version > against);
      notice("refusal", `Too late for “${action}”`,
        "The table changed before your move arrived, so it was not played. Meanwhile:",
        null, meanwhile);
    } else if (err.status === 401 || err.status === 403) {
      notice("refusal", `“${action}” was refused`, err.body.message, err.rule);
    } else {
      notice("refusal", `“${action}” failed`, err.body.message || err.message, err.rule);
    }
  } finally {
    T.busy = false;
  }
}

function notice(kind, title, message, rule = null, events = []) {
  const box = $("notice");
  if (!kind) { box.replaceChildren(); return; }
  box.replaceChildren(h(`div.panel.${kind}`, { "data-kind": kind },
    h("h2", {}, title),
    h("p", {}, rule ? [ruleLink(rule), " "] : "", inWords(withoutRule(message || "", rule), T.seat)),
    events.length ? h("ul.log", {}, events.map(logLine)) : "",
    h("button", { type: "button", onclick: () => notice(null) }, "Dismiss")));
}

// --- drawing ---------------------------------------------------------------------------------
function logLine(e) {
  return h("li", { "data-rule": e.rule }, h("span.v", {}, `#${e.version ?? ""}`), ruleLink(e.rule), " ",
    inWords(e.text, T.seat));
}

function render() {
  const v = T.view, info = T.info;
  const game = info.game;
  knowPlayers(info.players);
  document.title = `${TITLES[game] || game} · table ${T.id} · fruitspec`;
  $("title").textContent = `${TITLES[game] || game} · table ${T.id}`;
  document.body.dataset.version = String(T.version);
  document.body.dataset.game = game;
  document.body.dataset.seat = T.seat === null ? "spectator" : String(T.seat);
  document.body.dataset.over = String(!!v.over);
  document.body.dataset.state = "ready";
  seatBar();
  const ctx = { game, me: T.seat, players: info.players, events: T.events };
  const board = RENDERERS[game].board(v, ctx);
  wire(board, v);
  $("board").replaceChildren(board);
  moves(v);
  log();
  scores(v);
  $("tablefacts").replaceChildren(facts([
    ["game", TITLES[game] || game], ["players", info.players], ["variant", info.variant || "base"],
    ["version", T.version],
    ["agents", (info.agents || []).map((a, s) => a ? `${playerName(s)}: ${a}` : null).filter(Boolean).join(", ") || null]]));
  const readings = Object.entries(info.options || {});
  $("tablefacts").append(h("details", {}, h("summary", {}, `readings (${readings.length})`),
    h("ul.small", {}, readings.map(([k, r]) => h("li", {}, h("code", {}, `${k}=${r}`))))));
  const dl = $("download");
  dl.href = `/api/tables/${encodeURIComponent(T.id)}/scenario`;
  dl.setAttribute("download", `${game}-${T.id}.json`);
  dl.classList.toggle("hidden", !v.over);
  window.fruitspec.version = T.version;
  window.fruitspec.view = v;
}

/** Elements with data-actions become buttons for the legal ones among their actions. */
function wire(root, v) {
  const legal = new Set((v.legal || []).map(bodyOf));
  for (const el of root.querySelectorAll("[data-actions]")) {
    const wanted = JSON.parse(el.dataset.actions);
    const ok = wanted.filter(a => legal.has(a));
    if (ok.length) {
      el.classList.add("legal");
      el.dataset.legal = ok.join("|");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""}: ${ok.join(" or ")}`);
    } else {
      // dimmed, yet still clickable (so not disabled): a click asks the engine why, and
      // shows its clause
      el.classList.add("unusable");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""} (not now)`);
    }
    el.addEventListener("click", () => {
      if (ok.length === 1) act(ok[0]);
      else if (ok.length > 1) choose(el, ok);
      else act(wanted[0]);  // not legal: the engine says why, with its clause
    });
  }
}

function choose(anchor, options) {
  const box = h("div.chooser", { role: "group", "aria-label": "choose a move" },
    options.map(a => h("button.primary", { type: "button", "data-action": a, onclick: () => { box.remove(); act(a); } }, a)),
    h("button", { type: "button", onclick: () => box.remove() }, "Cancel"));
  document.querySelectorAll(".chooser").forEach(c => c.remove());
  anchor.after(box);
  box.querySelector("button").focus();
}

function moves(v) {
  const list = (v.legal || []).map(bodyOf);
  const el = $("moves");
  if (T.seat === null) {
    el.replaceChildren(h("p.muted.small", {}, "You are watching: open a seat link to play."));
    return;
  }
  if (!list.length) {
    el.replaceChildren(h("p.muted.small", {}, v.over ? "The game is over."
      : `Waiting for ${(v.actors || []).map(s => seatName(s, T.seat)).join(", ") || "the server"}.`));
    return;
  }
  el.replaceChildren(...list.map((a, i) => h("button", { type: "button", "data-action": a,
    "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => act(a) },
    i < 9 ? `${i + 1} · ${a}` : a)));
}

function log() {
  const ol = $("log");
  const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
  const origin = T.prelude ? [h("li.muted", { "data-origin": T.prelude },
    `This table continues a scenario: its ${T.prelude} actions were played before it opened.`)] : [];
  ol.replaceChildren(...origin, ...T.events.map(logLine));
  if (atEnd) ol.scrollTop = ol.scrollHeight;
}

function scores(v) {
  const box = $("scores");
  if (!v.over) { box.replaceChildren(); return; }
  const sc = v.scores || [];
  const best = Math.max(...sc);
  // alone without an opponent nobody wins: the score is a result to beat next time
  const alone = sc.length === 1 && !v.automaton;
  const winners = alone ? [] : v.winners || sc.map((s, i) => (s === best ? i : null)).filter(i => i !== null);
  const r = RENDERERS[T.info.game];
  const scoring = T.events.filter(e => e.version === T.version);  // the last move's events
  box.replaceChildren(h("div.panel.info.scores", { "aria-labelledby": "scores-h" },
    h("h2", { id: "scores-h" }, "Final scores"),
    h("table.grid", {}, h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"))),
      h("tbody", {}, sc.map((s, i) => h(`tr${winners.includes(i) ? ".winner" : ""}`, {},
        h("td", {}, seatName(i, T.seat) + (winners.includes(i) ? " · winner" : "")), h("td", {}, s))))),
    alone ? h("p", { "data-result": "solo" }, `A game played alone has no winner: ${sc[0]} points`
      + " is the result to beat the next time you play.") : "",
    v.automaton ? h("p", { "data-result": "automaton" }, `The automaton scores ${v.automaton.score}: `
      + (winners.length ? "you beat it." : "it wins this day.")) : "",
    h("h3", {}, "Breakdown"), r.breakdown(v) ? h("div.scroll", {}, r.breakdown(v)) : "",
    scoring.length ? [h("h3", {}, "The final scoring, as the engine reported it"),
                      h("ul.log", {}, scoring.map(logLine))] : ""));
}

function seatBar() {
  const bar = $("seatbar");
  const agents = (T.info && T.info.agents) || [];
  const items = [];
  if (T.creds.size > 1) {
    for (const s of T.creds.keys()) {
      items.push(h("button", { type: "button", "aria-pressed": String(s === T.seat),
        onclick: () => { T.follow = false; enter(s); } }, playerName(s)));
    }
    items.push(h("label", { class: "small" }, h("input", { type: "checkbox", checked: T.follow || null,
      onchange: e => { T.follow = e.target.checked; writeHash(); followTheTurn(); } }), " follow the turn"));
  } else {
    items.push(h("span", {}, T.seat === null ? "watching" : `you are ${playerName(T.seat)}`));
  }
  const bots = agents.map((a, s) => (a ? `${playerName(s)}: ${a}` : null)).filter(Boolean);
  if (bots.length) items.push(h("span.small", {}, `(agents: ${bots.join(", ")})`));
  bar.replaceChildren(...items);
}

document.addEventListener("keydown", e => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || "")) return;
  if (/^[1-9]$/.test(e.key)) {
    const btn = $("moves")?.querySelectorAll("button")[Number(e.key) - 1];
    if (btn) { e.preventDefault(); btn.click(); }
  }
});

window.fruitspec = { act, drop: ms => T.feed && T.feed.drop(ms) };
if (!T.id) fatal("No such table", "This address names no table.");
else { parseHash(); enter(T.seat); }
