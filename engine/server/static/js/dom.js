// Small DOM helpers shared by every page (no framework: the pages are plain ES modules).

/** h("div.cls", {attrs}, ...children): an element; strings become text nodes. */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className += (el.className ? " " : "") + v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** A clause ID as a link to its entry in the docs. */
export function ruleLink(rule) {
  if (!rule) return "";
  return h("a.rule", { href: `/rules/${encodeURIComponent(rule)}`, target: "_blank",
                       rel: "noopener", title: `Clause ${rule} in the rules` }, rule);
}

/** A message without the clause ID it starts with, when that ID is already shown beside it. */
export function withoutRule(message, rule) {
  if (!rule) return message;
  return message.startsWith(`${rule}: `) ? message.slice(rule.length + 2) : message;
}

/** Definition-list facts: [[label, value], ...]. */
export function facts(pairs) {
  return h("dl.facts", {}, pairs.filter(p => p && p[1] !== undefined && p[1] !== null && p[1] !== "")
    .map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v))));
}

// People's words for seats: players are "Player A", "Player B"..., and from a seat's own
// page the others are placed round the table from it (the next seat sits to its left).
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
let PLAYERS = 0;

/** The table's player count, which "to your right" and "opposite" depend on. */
export function knowPlayers(n) { PLAYERS = n; }

export function playerName(seat) {
  return `Player ${LETTERS[seat] ?? seat + 1}`;
}

export function seatName(seat, me) {
  if (seat === null || seat === undefined || seat < 0) return "nobody";
  return seat === me ? "You" : playerName(seat);
}

/** A seat's heading: its name and, seen from another seat's page, where it sits. */
export function seatTitle(seat, me) {
  if (me === null || me === undefined) return playerName(seat);
  if (seat === me) return `You (${playerName(seat)})`;
  return `${playerName(seat)}, ${whereFrom(seat, me)}`;
}

function whereFrom(seat, me) {
  const n = PLAYERS || seat + 1, d = (seat - me + n) % n;
  if (n === 2) return "across from you";
  if (d === 1) return "to your left";
  if (d === n - 1) return "to your right";
  if (n === 4) return "opposite you";
  return d === 2 ? "second to your left" : "second to your right";
}

/** The engine's texts in people's words: "seat 2" (or "seats 0, 1") names the players. */
export function inWords(text, me = null) {
  const name = d => playerName(Number(d)) + (Number(d) === me ? " (you)" : "");
  const names = list => list.match(/\d+/g).map(name).join(", ").replace(/, ([^,]*)$/, " and $1");
  const plural = (n, word) => `${n} ${word}${Number(n) === 1 ? "" : "s"}`;
  return String(text)
    .replace(/\bwinner\(s\): seat\(s\) \[([\d, ]*)\]/g, (_, list) => !list.trim() ? "no winner"
      : `${list.includes(",") ? "winners" : "winner"}: ${names(list)}`)
    .replace(/\bseat\(s\) \[([\d, ]*)\]/g, (_, list) => (list.trim() ? names(list) : "nobody"))
    .replace(/\b(\d+) (\w+)\(s\)/g, (_, n, word) => plural(n, word))
    .replace(/\b[Ss]eats? (\d+(?:(?:, | and )\d+)*)/g, (_, list) => names(list));
}

export async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    // Clipboard API refused (plain http on another host): select a temporary field instead.
    const t = h("textarea", { style: "position:fixed;left:-9999px" }, text);
    document.body.append(t); t.select(); document.execCommand("copy"); t.remove();
  }
  if (button) {
    const old = button.textContent;
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = old; }, 1200);
  }
}
