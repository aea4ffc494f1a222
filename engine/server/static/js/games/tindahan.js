// Tindahan: hands, the trick, the stalls with their sellers and the donkey cart.
import { h, facts, seatName, seatTitle, playerName } from "../dom.js";
import { lastTrickZone } from "../trick.js";
import { cardEl, cardsEl, fruitName } from "../cards.js";

const G = "tindahan";

export function board(v, ctx) {
  const me = ctx.me;
  const actors = new Set(v.actors || []);
  const fruits = v.fruits_in_play || (v.fruits || "").split("");
  const stalls = h("div.row", {}, fruits.map(f => stall(v, f, ctx)));
  const trick = h("div.cards", {}, (v.trick || []).map((c, i) => h("div.spot", {},
    cardEl(G, c), h("span", {}, seatName(v.trick_seats[i], me)))));
  const seats = h("div.seats", {}, v.hands.map((hand, s) => seatZone(v, s, hand, ctx, actors)));
  return h("div.board", {},
    h("div.zone", {}, h("h3", {}, "Round"), facts([
      ["round", `${v.round} of ${v.players}`], ["dealer", seatName(v.dealer, me)],
      ["trump (cart at)", v.trump ? fruitName(G, v.trump) : null],
      ["led", v.led_fruit ? fruitName(G, v.led_fruit) : "—"],
      ["to act", (v.actors || []).map(s => seatName(s, me)).join(", ") || "—"]])),
    h("div.zone", {}, h("h3", {}, "Stalls"), stalls),
    h("div.trick-row", {}, h("div.zone", { "aria-label": "the trick on the table" }, h("h3", {}, "Trick"),
      (v.trick || []).length ? trick : h("span.muted.small", {}, "no card played yet")),
      lastTrickZone(G, ctx.events, me, ctx.players)),
    seats);
}

function stall(v, f, ctx) {
  const sellers = (v.sellers_on_stalls || {})[f] || [];
  const actions = [`cart ${f}`];
  if (v.led_fruit === f) actions.push("seller");
  const name = fruitName(G, f);
  const title = h("h4", {}, `${name} (${f})`, v.trump === f ? h("span.trump-mark", {}, "cart · trump") : "");
  const chips = sellers.map((n, s) => n ? h("span.chip", {}, `${seatName(s, ctx.me)}: ${n} seller${n > 1 ? "s" : ""}`) : null);
  const body = [title, h("div", {}, chips.some(Boolean) ? chips : h("span.muted.small", {}, "no sellers"))];
  if (ctx.me === null) return h("div.stall", { "data-fruit": f }, body);
  return h("button.stall", { type: "button", "data-fruit": f, "aria-label": `${name} stall`,
    dataset: { actions: JSON.stringify(actions) } }, body);
}

function seatZone(v, s, hand, ctx, actors) {
  const mine = s === ctx.me;
  const cls = "div.zone" + (mine ? ".mine" : "") + (actors.has(s) ? ".actor" : "");
  return h(cls, { "data-seat": s, "aria-label": seatTitle(s, ctx.me) },
    h("h3", {}, seatTitle(s, ctx.me)),
    h("div.hand", { "data-seat": s },
      cardsEl(G, hand, { actions: mine ? c => [`play ${c}`] : null, what: "card in hand" })),
    facts([["tricks", v.tricks_won[s]], ["sellers left", v.supply[s]],
           ["total", v.totals[s]]]));
}

export function breakdown(v) {
  const rounds = v.rounds || [];
  if (!rounds.length) return null;
  return h("table.grid", {},
    h("thead", {}, h("tr", {}, h("th", {}, "seat"), rounds.map((_, i) => h("th", {}, `round ${i + 1}`)),
      h("th", {}, "total"))),
    h("tbody", {}, (v.scores || v.totals).map((t, s) => h("tr", {}, h("td", {}, playerName(s)),
      rounds.map(r => h("td", {}, r[s])), h("td", {}, t)))));
}
