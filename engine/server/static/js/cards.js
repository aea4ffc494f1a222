// Cards in the contract's notation, drawn with their fruit letter, value and name.
import { h } from "./dom.js";

export const FRUITS = {
  "tindahan": { B: "banana", L: "lanzones", M: "mango", P: "pineapple", D: "durian" },
  "bastos": { B: "banana", L: "lanzones", M: "mango", P: "pineapple", D: "durian" },
  "tanuki-market": { S: "strawberry", F: "fig", B: "banana", P: "pineapple", W: "watermelon" },
  "fruit-passion": { CO: "coconut", PA: "papaya", FI: "fig", AV: "avocado", PI: "pineapple",
                     PG: "pomegranate", PF: "passion fruit" },
};

export const TITLES = { "tindahan": "Tindahan", "bastos": "Bastos!",
  "tanuki-market": "Tanuki Market", "fruit-passion": "Fruit Passion" };

export function fruitName(game, letter) {
  return (FRUITS[game] || {})[letter] || letter;
}

// Where a long fruit name may break on a card too narrow for it: a soft hyphen, so the whole
// name stays readable on two lines instead of ending in an ellipsis.
const BREAKS = { pineapple: "pine\u00ADapple", pomegranate: "pome\u00ADgranate",
  strawberry: "straw\u00ADberry", watermelon: "water\u00ADmelon", lanzones: "lan\u00ADzones",
  avocado: "avo\u00ADcado", coconut: "coco\u00ADnut" };

/** A fruit's name as drawn in a narrow place: breakable between its syllables. */
export function breakable(name) {
  return BREAKS[name] || name;
}

/** {code, letter, fruit, value, effect, hybrid, special} of a card in notation. */
export function parseCard(game, code) {
  if (code === "GRANNY" || code === "TACO") {
    return { code, letter: code === "GRANNY" ? "G" : "T", special: true,
             fruit: code === "GRANNY" ? "Granny" : "Taco the Thief", value: "" };
  }
  if (game === "tanuki-market") {
    const [letter, effect] = code.split("/");
    return { code, letter, fruit: fruitName(game, letter), value: "", effect: effect || "" };
  }
  if (game === "fruit-passion") {
    const hybrid = code.endsWith("*");
    const body = hybrid ? code.slice(0, -1) : code;
    const letter = body.slice(0, 2);
    return { code, letter, fruit: fruitName(game, letter), value: body.slice(2), hybrid };
  }
  return { code, letter: code[0], fruit: fruitName(game, code[0]), value: code.slice(1) };
}

export function describeCard(game, code) {
  const c = parseCard(game, code);
  if (c.special) return c.fruit;
  return [c.fruit, c.value, c.hybrid ? "hybrid" : "", c.effect ? `(${c.effect})` : ""]
    .filter(Boolean).join(" ");
}

/** A face-up card; with `actions` it is a button offering those actions. */
export function cardEl(game, code, { actions = null, small = false, label = null } = {}) {
  const c = parseCard(game, code);
  const cls = ["card", `fruit-${c.fruit.replace(/\s+/g, "-").toLowerCase()}`];
  if (c.hybrid) cls.push("hybrid");
  if (c.special) cls.push("special");
  if (c.effect) cls.push("has-effect");  // a little wider, so its effect fits in one line
  if (small) cls.push("small");
  const middle = c.value ? h("span.c-value", { "aria-hidden": "true" }, c.value)
    : c.special ? h("span.c-value", { "aria-hidden": "true" }, "★")
    : h("span.c-name", { "aria-hidden": "true" }, breakable(c.fruit));  // Tanuki cards have no number
  const parts = [
    h("span.c-letter", { "aria-hidden": "true" }, c.letter + (c.hybrid ? "*" : "")),
    middle,
    c.effect ? h("span.c-effect", { "aria-hidden": "true" }, c.effect)
      : c.value || c.special ? h("span.c-name", { "aria-hidden": "true" }, breakable(c.fruit))
      : h("span.c-name", { "aria-hidden": "true" }, ""),
  ];
  const name = label || describeCard(game, code);
  if (actions) {
    return h("button." + cls.join("."), { type: "button", "data-card": code, "aria-label": name,
      title: name, dataset: { actions: JSON.stringify(actions) } }, parts);
  }
  return h("span." + cls.join("."), { "data-card": code, role: "img", "aria-label": name,
    title: name }, parts);
}

/** A face-down card (or a face-down pile of `count`). */
export function backEl(count = null, what = "face-down card") {
  const label = count === null ? what : `${count} ${what}${count === 1 ? "" : "s"}`;
  return h("span.card.back", { role: "img", "aria-label": label, title: label },
    h("span.c-letter", { "aria-hidden": "true" }, ""),
    h("span.c-value", { "aria-hidden": "true" }, count === null ? "?" : `×${count}`),
    h("span.c-name", { "aria-hidden": "true" }, ""));
}

/** A row of cards; a number stands for that many face-down cards. */
export function cardsEl(game, cards, { actions = null, small = false, what = "face-down card" } = {}) {
  if (typeof cards === "number") {
    return h("div.cards", {}, cards ? backEl(cards, what) : h("span.muted.small", {}, "none"));
  }
  const list = (cards || []);
  if (!list.length) return h("div.cards", {}, h("span.muted.small", {}, "none"));
  return h("div.cards", {}, list.map(c => c === null ? backEl(null)
    : cardEl(game, c, { actions: actions ? actions(c) : null, small })));
}

/** A fruit's letter on its colour, with its name: for value tables and labels. */
export function fruitBadge(game, letter) {
  const name = fruitName(game, letter);
  return h(`span.badge-fruit.fruit-${name.replace(/\s+/g, "-").toLowerCase()}`, {},
    h("span.bf-letter", { "aria-hidden": "true" }, letter), h("span.bf-name", {}, name));
}
