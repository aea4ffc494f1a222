// Fruit Passion: the draw deck(s), the discard pile's top, the drawn card and every seat's
// seven stacks, of which only the top card shows until the end.
import { h, facts, seatName, seatTitle, playerName } from "../dom.js";
import { cardEl, backEl, cardsEl, fruitName, breakable } from "../cards.js";

const G = "fruit-passion";
const ORDER = ["CO", "PA", "FI", "AV", "PI", "PG", "PF"];

function pile(label, content, actions, ctx, attrs = {}) {
  const body = [h("h4", {}, label), content];
  if (ctx.me === null || !actions) return h("div.pile", attrs, body);
  return h("button.pile", { type: "button", "aria-label": label, ...attrs,
    dataset: { actions: JSON.stringify(actions) } }, body);
}

export function board(v, ctx) {
  const me = ctx.me;
  const solo = v.variant === "solo";
  const actors = new Set(v.actors || []);
  const discard = v.discard || { top: null, count: 0 };
  const top = discard.top ? cardEl(G, discard.top) : h("span.muted.small", {}, "empty");
  const piles = [];
  if (solo) {
    const drawn = Array.isArray(v.drawn) ? v.drawn : [];
    ["left", "right"].forEach((side, i) => {
      piles.push(pile(`${side} deck · ${v.decks[i]} left`,
        drawn[i] ? cardEl(G, drawn[i]) : backEl(v.decks[i], "card"), [`play ${side}`], ctx,
        { "data-side": side }));
    });
    piles.push(pile(`Discard pile · ${discard.count}`, top, ["discard both"], ctx, { "data-pile": "discard" }));
  } else {
    piles.push(pile(`Draw deck · ${v.decks[0]} left`, backEl(v.decks[0], "card"), ["draw deck"], ctx,
      { "data-pile": "deck" }));
    piles.push(pile(`Discard pile · ${discard.count}`, top, ["draw discard", "discard"], ctx,
      { "data-pile": "discard" }));
    const drawn = v.drawn;
    const shown = Array.isArray(drawn) ? drawn : [];
    if (shown.length || (typeof drawn === "number" && drawn > 0)) {
      // a card drawn from the deck is its drawer's secret until played (FRP-3.2)
      const secret = v.from_discard ? {} : { class: "hand", "data-seat": v.turn };
      piles.push(pile(`Drawn by ${seatName(v.turn, me)}`,
        shown.length ? cardsEl(G, shown) : backEl(drawn, "drawn card"), ["play"], ctx,
        { "data-pile": "drawn", ...secret }));
    }
  }
  return h("div.board", {},
    h("div.zone", {}, h("h3", {}, "Turn"), facts([
      ["to act", (v.actors || []).map(s => seatName(s, me)).join(", ") || "—"],
      ["phase", { draw: "draw a card", place: "play or discard it", pair: "play one of the pair",
                  over: "over" }[v.phase] || v.phase],
      ["last turn", v.final ? "yes: the deck is empty" : null]])),
    h("div.zone", { "aria-label": "decks and discard pile" }, h("h3", {}, "Piles"), h("div.row", {}, piles)),
    h("div.seats", {}, v.stacks.map((mine, s) => seatZone(v, s, mine, ctx, actors))));
}

function seatZone(v, s, stacks, ctx, actors) {
  const limits = v.stack_limits || {};
  const over = v.phase === "over";
  return h("div.zone" + (s === ctx.me ? ".mine" : "") + (actors.has(s) ? ".actor" : ""),
    { "data-seat": s, "aria-label": seatTitle(s, ctx.me), style: "grid-column: 1 / -1" },
    h("h3", {}, seatTitle(s, ctx.me)),
    h("div.stacks7", {}, stacks.map((st, i) => {
      const f = ORDER[i];
      const count = over ? st.length : st.count;
      const label = `${breakable(fruitName(G, f))} ${count}/${limits[f] ?? "?"}`;
      const cards = over ? cardsEl(G, st, { small: true })
        : (st.top ? cardEl(G, st.top, { small: true }) : h("span.muted.small", {}, "empty"));
      return h("div.stack", { "data-fruit": f, "aria-label": `${fruitName(G, f)} stack, ${count} cards` },
        h("div.small", {}, label), cards);
    })));
}

export function breakdown(v) {
  if (!v.breakdown) return null;
  const keys = [...ORDER, "hybrids"];
  return h("table.grid", {},
    h("thead", {}, h("tr", {}, h("th", {}, "seat"),
      keys.map(k => h("th", { title: k === "hybrids" ? "hybrid sequence" : fruitName(G, k) },
        k === "hybrids" ? "hybrids" : k)), h("th", {}, "total"))),
    h("tbody", {}, v.breakdown.map((b, s) => h("tr", {}, h("td", {}, playerName(s)),
      keys.map(k => h("td", {}, b[k] ?? 0)), h("td", {}, v.scores[s])))));
}
