// The lobby: pick a game, variant, players, readings, seed and agents; create the table and
// hand out one link per seat (the token rides in the fragment, which never reaches a server).
import { h, copyText, playerName } from "./dom.js";
import { api, ApiError } from "./api.js";

const $ = id => document.getElementById(id);
let CATALOGUE = null;

const game = () => CATALOGUE.games.find(g => g.name === $("game").value);
const variant = () => game().variants.find(v => String(v.name) === $("variant").value);

function fill(select, items, label, value = x => x) {
  select.replaceChildren(...items.map(it => h("option", { value: String(value(it)) }, label(it))));
}

function onGame() {
  fill($("variant"), game().variants, v => v.name || "base game", v => v.name);
  onVariant();
}

function onVariant() {
  const v = variant();
  $("variant-desc").textContent = v.description || "";
  const old = Number($("players").value);
  fill($("players"), v.players, n => `${n}`);
  if (v.players.includes(old)) $("players").value = String(old);
  onPlayers();
  readings(v);
}

function onPlayers() {
  const n = Number($("players").value);
  const names = CATALOGUE.agents;
  $("agents").replaceChildren(...Array.from({ length: n }, (_, s) => h("div.field", {},
    h("label", { for: `agent-${s}` }, playerName(s)),
    h("select", { id: `agent-${s}`, "data-seat": s },
      h("option", { value: "" }, "a person (gets a link)"),
      names.map(a => h("option", { value: a }, `built-in agent: ${a}`))))));
}

function readings(v) {
  $("readings-count").textContent = `(${v.options.length} questions)`;
  $("readings").replaceChildren(...v.options.map(o => h("div.option", { "data-option": o.name },
    h("label", { for: `opt-${o.name}` }, `${o.id} · ${o.name}`),
    h("div.q", {}, o.question, " ", h("a", { href: o.docs, target: "_blank", rel: "noopener" }, "docs"),
      o.witness ? [" · ", h("a", { href: o.witness, target: "_blank", rel: "noopener" }, "witness")] : ""),
    h("select", { id: `opt-${o.name}`, name: o.name, title: `default: ${o.default} — ${o.reason}` },
      o.readings.map(r => h("option", { value: r.value, selected: r.value === o.default || null },
        `${r.value}${r.value === o.default ? " (default)" : ""}: ${r.text}`))),
    h("div.small.muted", {}, `Default ${o.default}: ${o.reason}`))));
}

function chosenOptions() {
  const out = {};
  for (const sel of $("readings").querySelectorAll("select")) out[sel.name] = sel.value;
  return out;
}

function showError(err) {
  const msg = err instanceof ApiError ? err.message : String(err.message || err);
  $("error").replaceChildren(h("div.panel.refusal", {}, h("h2", {}, "The table was not created"), h("p", {}, msg)));
}

function seatLink(tableId, pairs) {
  const q = new URLSearchParams();
  for (const [s, t] of pairs) q.set(`s${s}`, t);
  return `${location.origin}/t/${encodeURIComponent(tableId)}#${q}`;
}

function showLinks(created) {
  $("error").replaceChildren();
  const people = created.seats.filter(s => s.token);
  const rows = created.seats.map(s => {
    if (!s.token) return h("li", { "data-seat": s.seat }, h("strong", {}, playerName(s.seat)), ` played by the ${s.agent} agent`);
    const url = seatLink(created.table, [[s.seat, s.token]]);
    const input = h("input", { type: "text", readonly: true, value: url, "aria-label": `link for ${playerName(s.seat)}` });
    return h("li", { "data-seat": s.seat }, h("strong", {}, playerName(s.seat)), input,
      h("button", { type: "button", onclick: e => copyText(url, e.target) }, "Copy"),
      h("a.button", { href: url, target: "_blank", rel: "noopener" }, "Open"));
  });
  const all = people.length ? seatLink(created.table, people.map(s => [s.seat, s.token])) : null;
  $("links").replaceChildren(
    h("p", {}, "Table ", h("code", { id: "table-id" }, created.table), " is open."),
    h("ul.seat-links", {}, rows),
    all ? h("p", {}, h("a.button.primary", { id: "play-all", href: all }, "Play every seat here"),
      " ", h("span.small.muted", {}, "(solo playtest: the page follows the turn)")) : "",
    h("p", {}, h("a", { id: "watch", href: `/t/${encodeURIComponent(created.table)}` }, "Watch as a spectator")));
}

async function create(ev) {
  ev.preventDefault();
  const n = Number($("players").value);
  const agents = Array.from({ length: n }, (_, s) => $(`agent-${s}`).value || null);
  const body = { game: game().name, players: n, variant: variant().name, options: chosenOptions() };
  // a seed stays text: JSON.parse and Number round integers past 2**53
  if ($("deal-seed").checked) body.seed = $("seed").value.trim() || "0";
  if (agents.some(Boolean)) body.agents = agents;
  try { showLinks(await api.create(body)); } catch (err) { showError(err); }
}

async function loadScenario() {
  const file = $("scenario-file").files[0];
  if (!file) { showError(new Error("choose a scenario file first")); return; }
  let scenario;
  try { scenario = JSON.parse(await file.text()); }
  catch (err) { showError(new Error(`${file.name} is not JSON: ${err.message}`)); return; }
  try { showLinks(await api.create({ scenario })); } catch (err) { showError(err); }
}

function dealChanged() {
  $("seed").disabled = !$("deal-seed").checked;
}

async function main() {
  for (const id of ["deal-fresh", "deal-seed"]) $(id).addEventListener("change", dealChanged);
  try { CATALOGUE = await api.catalogue(); } catch (err) { showError(err); return; }
  fill($("game"), CATALOGUE.games, g => g.title, g => g.name);
  $("game").addEventListener("change", onGame);
  $("variant").addEventListener("change", onVariant);
  $("players").addEventListener("change", onPlayers);
  $("create").addEventListener("submit", create);
  $("load-btn").addEventListener("click", loadScenario);
  onGame();
  document.body.dataset.state = "ready";
}

main();
