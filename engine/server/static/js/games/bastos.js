// Bastos!: the value markers of each fruit, the Bastos! cards, the trick and the hands.
import { h, facts, seatName, seatTitle, playerName } from "../dom.js";
import { lastTrickZone } from "../trick.js";
import { cardEl, cardsEl, fruitName, fruitBadge } from "../cards.js";

const G = "bastos";

const signed = n => (n > 0 ? `+${n}` : `${n}`);

export function board(v, ctx) {
  const me = ctx.me;
  const actors = new Set(v.actors || []);
  const n = v.players;
  const values = h("div.values", {}, Object.entries(v.table || {}).map(([f, val]) => {
    const name = fruitName(G, f);
    const adjust = d => ctx.me === null ? null : h("button", { type: "button",
      "aria-label": `${name} ${d > 0 ? "up" : "down"} by one`,
      dataset: { actions: JSON.stringify([`adjust ${f}${d > 0 ? "+1" : "-1"}`]) } }, d > 0 ? "+1" : "−1");
    return h("div.value-box", { "data-fruit": f },
      h("div", {}, fruitBadge(G, f), v.trump === f ? h("span.trump-mark", {}, "trump") : ""),
      h("div.stepper", {}, adjust(-1), h("span.num", { "aria-label": `${name} value` }, signed(val)),
        adjust(+1)));
  }));
  const trick = h("div.cards", {}, (v.trick || []).map((c, i) => h("div.spot", {},
    cardEl(G, c), h("span", {}, seatName((v.leader + i) % n, me)))));
  const seats = h("div.seats", {}, v.hands.map((hand, s) => seatZone(v, s, hand, ctx, actors)));
  return h("div.board", {},
    h("div.zone", {}, h("h3", {}, "Round"), facts([
      ["round", `${v.round} of ${v.rounds}`], ["dealer", seatName(v.dealer, me)],
      ["phase", { choose: "choosing Bastos! cards", play: "playing tricks",
                  adjust: "changing a value", over: "over" }[v.phase] || v.phase],
      ["trump", v.trump ? fruitName(G, v.trump) : "none yet"],
      ["out of the game", v.removed ? fruitName(G, v.removed) : null],
      ["to act", (v.actors || []).map(s => seatName(s, me)).join(", ") || "—"]])),
    h("div.zone", {}, h("h3", {}, "Fruit values"), values),
    v.leftover ? h("div.zone", {}, h("h3", {}, "Face-up odd card"), cardEl(G, v.leftover)) : "",
    h("div.trick-row", {}, h("div.zone", { "aria-label": "the trick on the table" }, h("h3", {}, "Trick"),
      (v.trick || []).length ? trick : h("span.muted.small", {}, "no card played yet")),
      lastTrickZone(G, ctx.events, me, ctx.players)),
    seats);
}

function seatZone(v, s, hand, ctx, actors) {
  const mine = s === ctx.me;
  const choose = v.phase === "choose";
  const pick = (v.choices || [])[s];
  const shown = (v.bastos || [])[s];
  const acts = c => (choose ? [`bastos ${c}`] : [`play ${c}`, `play ${c} trump`]);
  return h("div.zone" + (mine ? ".mine" : "") + (actors.has(s) ? ".actor" : ""),
    { "data-seat": s, "aria-label": seatTitle(s, ctx.me) },
    h("h3", {}, seatTitle(s, ctx.me)),
    h("div.hand", { "data-seat": s },
      cardsEl(G, hand, { actions: mine ? acts : null, what: "card in hand" })),
    h("div.row", {},
      shown ? h("div.spot", {}, cardEl(G, shown, { small: true }), h("span", {}, "Bastos! card")) : "",
      typeof pick === "string" ? h("div.spot", {}, cardEl(G, pick, { small: true }), h("span", {}, "your pick")) : "",
      pick === true ? h("span.chip", {}, "has picked") : ""),
    facts([["tricks", Array.isArray(v.tricks[s]) ? v.tricks[s].length : v.tricks[s]],
           ["total", v.totals[s]]]));
}

export function breakdown(v) {
  return h("table.grid", {},
    h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "Bastos! colour"), h("th", {}, "total"))),
    h("tbody", {}, (v.scores || v.totals).map((t, s) => h("tr", {}, h("td", {}, playerName(s)),
      h("td", {}, v.colours && v.colours[s] ? fruitName(G, v.colours[s]) : "—"), h("td", {}, t)))));
}
