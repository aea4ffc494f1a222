// The last finished trick, read back from the event log: a trick is gone from the view the
// moment it is won, yet players want to see what was played and who took it until the next
// trick is complete.
import { h, seatName, inWords } from "./dom.js";
import { cardEl } from "./cards.js";

/** Per game: the rules whose events put a card into the trick, the one that leads it,
 *  whether an event ends the trick (won, or set aside), and the deal of a new round, after
 *  which the old round's cards are gone from the table. A Bastos! trick is over only once
 *  every seat has played: a BAS-6 event before that is a note on one card. */
const RULES = {
  "tindahan": { lead: ["TIN-3.2", "TIN-3.3"], plays: ["TIN-3.2", "TIN-3.3", "TIN-4.1", "TIN-4.2"],
                ends: e => e.rule === "TIN-4.4", deal: "TIN-7.2" },
  "bastos": { lead: ["BAS-4.2"], plays: ["BAS-4.2", "BAS-4.1", "BAS-5.4", "BAS-5.1"],
              ends: (e, played, players) => e.rule.startsWith("BAS-6.") && played === players,
              deal: "BAS-8.2" },
};

/** {plays: [{seat, card}], end: event} of the last trick that ended, or null. */
export function lastTrick(game, events, players) {
  const rules = RULES[game];
  if (!rules || !events) return null;
  let open = [], last = null;
  for (const e of events) {
    const d = e.data || {};
    const isPlay = rules.plays.includes(e.rule) && d.card !== undefined && d.seat !== undefined;
    if (e.rule === rules.deal) {
      open = []; last = null;
    } else if (isPlay) {
      if (rules.lead.includes(e.rule)) open = [];
      open.push({ seat: d.seat, card: d.card });
    } else if (open.length && rules.ends(e, open.length, players)) {
      last = { plays: open, end: e };
      open = [];
    }
  }
  return last;
}

/** The "last trick" strip: its cards with their players, the winning one marked. */
export function lastTrickZone(game, events, me, players) {
  const t = lastTrick(game, events, players);
  if (!t) return "";
  const won = t.end.data || {};
  return h("div.zone.last-trick", { "aria-label": "the last trick" }, h("h3", {}, "Last trick"),
    h("div.cards", {}, t.plays.map(p => {
      const winner = p.seat === won.seat && p.card === won.card;
      return h("div.spot" + (winner ? ".won" : ""), {}, cardEl(game, p.card, { small: true }),
        h("span", {}, seatName(p.seat, me), winner ? h("strong", {}, " · took it") : ""));
    })),
    h("p.small", { "data-rule": t.end.rule }, inWords(t.end.text, me)));
}
