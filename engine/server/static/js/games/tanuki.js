// Tanuki Market: the carts (grabbed in real time), each seat's haul, five tables and salad
// pile, and in the solo game the automaton's pile.
import { h, facts, seatName, seatTitle, playerName } from "../dom.js";
import { cardEl, cardsEl, backEl, fruitName } from "../cards.js";

const G = "tanuki-market";
const ON_TABLE = -1, AUTOMATON = -2;

function kindLabel(kind) {
  if (kind.startsWith("move-")) return `move cart (${fruitName(G, kind.slice(5))})`;
  if (kind.startsWith("salad-")) return `salad cart (${fruitName(G, kind.slice(6))})`;
  return kind === "plain" ? "cart" : `${kind} cart`;
}

function holder(who, me) {
  if (who === AUTOMATON) return "the automaton";
  return seatName(who, me);
}

export function board(v, ctx) {
  const me = ctx.me;
  const actors = new Set(v.actors || []);
  const carts = h("div.row", {}, v.carts.map((cards, i) => cart(v, i, cards, ctx)));
  const drawn = Array.isArray(v.hand) ? (v.hand.length ? cardsEl(G, v.hand) : null)
    : (v.hand ? backEl(null, "drawn card") : null);
  const kept = Array.isArray(v.kept) ? (v.kept.length ? cardsEl(G, v.kept) : null)
    : (v.kept ? backEl(v.kept, "kept card") : null);
  const seats = h("div.seats.wide", {}, v.tables.map((_, s) => seatZone(v, s, ctx, actors)));
  const secret = cards => !(Array.isArray(cards) && cards.includes("GRANNY"));
  return h("div.board", {},
    h("div.zone", {}, h("h3", {}, "Market"), facts([
      ["round", v.round + (v.last ? " (last)" : "")], ["leader", seatName(v.leader, me)],
      ["deck", `${v.deck_size ?? v.deck} cards`],
      ["Taco the Thief", tacoWhere(v, me)],
      ["Granny", v.granny === AUTOMATON ? "the automaton" : v.granny >= 0 ? seatName(v.granny, me) : "in the deck"],
      ["to act", (v.actors || []).map(s => seatName(s, me)).join(", ") || "—"]]),
      drawn || kept ? h("div.row", {},
        // the leader's drawn card, and its kept card until shown, are its secrets (TAN-2.2)
        // (Granny, and a kept card once shown, are for everyone to see)
        drawn ? h(secret(v.hand) ? "div.hand" : "div", { "data-seat": v.leader }, h("h4", {}, "Leader's drawn card"), drawn) : "",
        kept ? h(secret(v.kept) && !v.shown ? "div.hand" : "div", { "data-seat": v.leader }, h("h4", {}, "Kept by the leader"), kept) : "") : ""),
    h("div.zone", { "aria-label": "carts" }, h("h3", {}, "Carts"), carts),
    v.automaton ? automaton(v.automaton) : "",
    seats);
}

/** Where Taco the Thief is: on a cart, with a seat, with the automaton or out of play. */
function tacoWhere(v, me) {
  const onCart = (v.carts || []).findIndex(c => Array.isArray(c) && c.includes("TACO"));
  if (onCart >= 0) return `on cart ${onCart + 1}`;
  if (v.taco === AUTOMATON) return "the automaton";
  if (v.taco >= 0) return seatName(v.taco, me);
  return v.variant === "solo" ? "not used alone" : "out of the game";
}

function cart(v, i, cards, ctx) {
  const n = i + 1;
  const who = v.taken[i];
  const cap = (v.capacity || [])[i];
  const body = [
    h("h4", {}, `Cart ${n}`, h("span.muted.small", {}, ` · ${kindLabel(v.kinds[i])}${cap ? `, holds ${cap}` : ""}`)),
    cardsEl(G, cards, { small: true }),
    h("div.small", {}, who === ON_TABLE ? "free" : `taken by ${holder(who, ctx.me)}`),
  ];
  const actions = [`take ${n}`, `place ${n}`, `keep ${n}`, `taco ${n}`, `give ${n}`];
  if (ctx.me === null) return h("div.cart", { "data-cart": n }, body);
  return h("button.cart", { type: "button", "data-cart": n, "aria-label": `cart ${n}`,
    dataset: { actions: JSON.stringify(actions) } }, body);
}

function seatZone(v, s, ctx, actors) {
  const mine = s === ctx.me;
  const lay = c => [`lay ${c}`];
  const hidden = v.haul_hidden ? v.haul_hidden[s] : [];
  const salad = v.salad ? v.salad[s] : [];
  const tables = h("div.tables5", {}, v.tables[s].map((cards, t) => h("div.tcol",
    { "aria-label": `table ${t + 1}` },
    h("div.small.muted", {}, `${t + 1}`, v.tables_points ? h("span", {}, ` · ${v.tables_points[s][t]}p`) : ""),
    cardsEl(G, cards, { small: true }))));
  const cartNo = v.taken.indexOf(s);
  return h("div.zone" + (mine ? ".mine" : "") + (actors.has(s) ? ".actor" : ""),
    { "data-seat": s, "aria-label": seatTitle(s, ctx.me) },
    h("h3", {}, seatTitle(s, ctx.me)),
    facts([["cart", cartNo >= 0 ? `${cartNo + 1}` : "none yet"],
           ["score", v.running_scores ? v.running_scores[s] : null],
           ["bonus", v.bonus ? v.bonus[s] : null],
           ["move waits for a direction", v.pending && v.pending[s] ? `table ${v.pending[s]}` : null],
           ["special cart to use", v.special && v.special[s] ? kindLabel(v.special[s]) : null]]),
    h("div.haul", { "data-seat": s },
      h("h4", {}, "Haul to lay"),
      cardsEl(G, v.haul[s], { actions: mine ? lay : null }),
      (Array.isArray(hidden) ? hidden.length : hidden) ? h("div", {}, h("span.small.muted", {}, "face down: "),
        cardsEl(G, hidden, { actions: mine ? lay : null, what: "face-down card" })) : ""),
    tables,
    (Array.isArray(salad) ? salad.length : salad) ? h("div.hand", { "data-seat": s }, h("h4", {}, "Fruit salad"),
      cardsEl(G, salad, { small: true, what: "salad card" })) : "");
}

function automaton(a) {
  return h("div.zone", { "aria-label": "the automaton" }, h("h3", {}, "The automaton"),
    facts([["day", a.day], ["score", a.score], ["threshold", a.threshold]]),
    cardsEl(G, a.pile, { small: true }));
}

export function breakdown(v) {
  if (!v.tables_points) return null;
  const rows = v.tables_points.map((pts, s) => h("tr", {}, h("td", {}, playerName(s)),
    pts.map(p => h("td", {}, p)), h("td", {}, v.bonus ? v.bonus[s] : 0), h("td", {}, v.scores[s])));
  if (v.automaton) rows.push(h("tr", {}, h("td", {}, "Automaton"), [1, 2, 3, 4, 5].map(() => h("td", {}, "")),
    h("td", {}, ""), h("td", {}, v.automaton.score)));
  return h("table.grid", {},
    h("thead", {}, h("tr", {}, h("th", {}, "seat"), [1, 2, 3, 4, 5].map(t => h("th", {}, `table ${t}`)),
      h("th", {}, "bonus"), h("th", {}, "total"))), h("tbody", {}, rows));
}
