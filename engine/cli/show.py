"""How the command line shows things to people: a seat's view, a game as a record,
events as a seat may read them, and what each ID (clause, property, option) means.

Nothing here decides what a seat may see: views come from ``game.view`` and events from
``game.events_for``; this module only lays them out.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable, Mapping, Sequence, TypeGuard

from spec.common.core import Action, Event

from engine.core.catalog import short_title

#: How each game writes its cards (the contract's card notation), said once per record.
CARD_CODES: dict[str, str] = {
    "tindahan": "a card is a fruit letter followed by its value from 1 to 10 (B banana,"
                " L lanzones, M mango, P pineapple, D durian)",
    "bastos": "a card is a fruit letter followed by its rank from 1 to 9 (B banana,"
              " L lanzones, M mango, P pineapple, D durian)",
    "tanuki-market": "a card is a fruit letter (S strawberry, F fig, B banana, P pineapple,"
                     " W watermelon), then '/' and its effect if it has one (move, replace,"
                     " favorite, five, bitten); GRANNY and TACO are the two special cards",
    "fruit-passion": "a card is a fruit code followed by its number (CO coconut, PA papaya,"
                     " FI fig, AV avocado, PI pineapple, PG pomegranate, PF passion fruit);"
                     " a trailing * marks a hybrid",
}
#: (The legends name no card: an example card could be one a viewer may not see.)

#: View fields that hold one entry per cart, not per seat (Tanuki Market has as many
#: carts as seats, so their length cannot tell); drawn as a table numbered from 1.
ROW_GROUPS: dict[str, dict[str, tuple[str, ...]]] = {
    "tanuki-market": {"cart": ("kinds", "carts", "taken", "capacity")},
}
#: View fields that say who and what the view is, not the table.
_META = {"game", "players", "variant", "seat", "legal", "actors", "over", "scores"}
#: View fields that hold one entry per seat and are drawn "seat 0: ..., seat 1: ...".
_HAND_KEYS = ("hands", "hand", "haul")
_TOKEN = re.compile(r"[^\s,;:()\[\]{}]+")


def winners_text(winners: Sequence[int], you: int | None = None) -> str:
    """'winner: seat 2', 'winners: seat 0, seat 1', or 'no winner' (a lost solo game)."""
    if not winners:
        return "no winner"
    names = ", ".join(f"seat {w}" + (" (you)" if w == you else "") for w in winners)
    return f"winner{'s' if len(winners) > 1 else ''}: {names}"


def seat_name(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}"


# --- values -----------------------------------------------------------------------------
def fmt(value: Any) -> str:
    """A view value in a few words: card lists as space-separated codes, counts as
    'N cards', objects as key=value."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        if not value:
            return "(none)"
        if not any(isinstance(v, (list, tuple, Mapping)) for v in value):
            return " ".join(fmt(v) for v in value)
        return " ".join((f"[{fmt(v)}]" if v else "[]") if isinstance(v, (list, tuple))
                        else fmt(v) for v in value)
    if isinstance(value, Mapping):
        if set(value) == {"top", "count"}:
            return f"{value['count']} (top {value['top']})" if value["count"] else "empty"
        return "; ".join(f"{k}: {fmt(v)}" for k, v in value.items())
    return str(value)


def fmt_hand(value: Any) -> str:
    """One seat's hand: its cards where the viewer may see them, else how many."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value} card{'s' if value != 1 else ''} (hidden)"
    return fmt(value)


def per_seat(value: object, players: int) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    return isinstance(value, (list, tuple)) and len(value) == players and players > 1


def hands_line(view: Mapping[str, Any]) -> str | None:
    """'hands: seat 0: B6 B7; seat 1: 9 cards (hidden) ...' from the view's hand field."""
    for key in _HAND_KEYS:
        value = view.get(key)
        if per_seat(value, view["players"]):
            return f"{key}: " + "; ".join(f"seat {i}{' (you)' if i == view['seat'] else ''}:"
                                          f" {fmt_hand(v)}" for i, v in enumerate(value))
    return None


def draw_view(view: Mapping[str, Any]) -> list[str]:
    """A seat's view as a person reads it: what is on the table in general, then one row
    per seat for everything the view keeps per seat (hand first), then who acts."""
    players = view["players"]
    lines = [f"{view['game']}, {players} players"
             + (f", variant {view['variant']}" if view.get("variant") else "")
             + f"; you see what {seat_name(view['seat'])} may see"]
    groups = ROW_GROUPS.get(view["game"], {})
    grouped = {k for keys in groups.values() for k in keys}
    seat_keys = [k for k in _HAND_KEYS if per_seat(view.get(k), players)]
    for key, value in view.items():
        if key in _META or key in _HAND_KEYS or key in grouped:
            continue
        if per_seat(value, players) and not all(isinstance(v, str) for v in value):
            seat_keys.append(key)
            continue
        lines.append(f"  {key.replace('_', ' ')}: {fmt(value)}")
    for label, keys in groups.items():
        present = [k for k in keys if isinstance(view.get(k), list)]
        if present:
            lines.extend(_table(label, 1, None, [k.replace("_", " ") for k in present],
                                [[fmt(v) for v in row] for row in
                                 zip(*(view[k] for k in present))]))
    lines.extend(seat_table(view, seat_keys))
    if view.get("over"):
        lines.append(f"  game over; scores: {fmt(view.get('scores'))}")
    else:
        lines.append(f"  to act: {', '.join(map(seat_name, view.get('actors', []))) or '-'}")
    return lines


def seat_table(view: Mapping[str, Any], keys: Sequence[str]) -> list[str]:
    """Per-seat fields as an aligned table: a row per seat, a column per field."""
    if not keys:
        return []
    cells = [[fmt_hand(view[k][i]) if k in _HAND_KEYS else fmt(view[k][i]) for k in keys]
             for i in range(view["players"])]
    return _table("seat", 0, view["seat"], [k.replace("_", " ") for k in keys], cells)


def _table(label: str, first: int, you: int | None, head: list[str],
           cells: list[list[str]]) -> list[str]:
    """Rows numbered from ``first`` ('(you)' on row ``you``), columns aligned."""
    rows = [[label, *head]] + [[f"{i + first}{' (you)' if i == you else ''}", *row]
                               for i, row in enumerate(cells)]
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip()
            for r in rows]


# --- events and actions as one seat may read them -------------------------------------------
def _words(view: Mapping[str, Any]) -> set[str]:
    shown = {k: v for k, v in view.items() if k not in ("legal", "actors", "seat")}
    return set(_TOKEN.findall(json.dumps(shown, default=str).replace('"', " ")))


def secret_words(game: Any, state: Any, actor: int, seat: int | None) -> set[str]:
    """What ``actor`` may see in ``state`` and ``seat`` may not (its hand's cards...)."""
    if actor == seat:
        return set()
    return _words(game.view(state, actor)) - _words(game.view(state, seat))


def visible_action(game: Any, state: Any, action: Action | str, events: Sequence[Event],
                   seat: int | None) -> str:
    """``action`` (made in ``state``) as ``seat`` may know it.

    An argument that names something only the actor could see (a card of its hidden
    hand) is written ``?`` unless the action's events, as ``seat`` reads them, name it:
    ``play B7`` stays whole (its event says "seat 1 plays B7"), ``bastos ?`` does not
    show the card a seat picked face down.
    """
    act = game.resolve(state, action) if isinstance(action, str) else action
    secret = secret_words(game, state, act.player, seat)
    if not secret:
        return str(act)
    seen = {tok for e in events for tok in _TOKEN.findall(e.text)}
    args = [a if a in seen or a not in secret else "?" for a in act.args]
    return " ".join([f"p{act.player}: {act.name}", *args])


def event_lines(events: Iterable[Event], indent: str = "        ") -> list[str]:
    return [f"{indent}{e.rule:<9} {e.text}" for e in events]


# --- a whole game as a record ---------------------------------------------------------------
def game_record(game: Any, seed: int, seat: int | None, actions: Sequence[Action | str],
                events: Sequence[Sequence[Event]], states: Sequence[Any]) -> list[str]:
    """A finished (or stopped) game as a readable record seen by ``seat``: the card codes
    once, a header per round with the hands the viewer may see, then each action with its
    events. ``states[i]`` is the state before ``actions[i]``; ``states[-1]`` the last."""
    lines = [f"{game.spec.title}: {game.players} players"
             + (f", variant {game.variant}" if game.variant else "")
             + f", seed {seed}, as {seat_name(seat)} sees it"
             + ("" if seat is not None else " (--seat N shows one seat's hand)")]
    if game.name in CARD_CODES:
        lines.append(f"Card codes: {CARD_CODES[game.name]}.")
    lines.append("Each event starts with the ID of the rule clause that made it happen.")
    current: Any = object()
    for i, (act, evs) in enumerate(zip(actions, events)):
        view = game.view(states[i], seat)
        rnd = view.get("round")
        if rnd != current:
            current = rnd
            lines.append("")
            lines.append((f"== Round {rnd} ==" if rnd is not None else "== The game ==")
                         + (f" scores so far {game.scores(states[i])}" if i else ""))
            hands = hands_line(view)
            if hands:
                lines.append(f"   {hands}")
        mine = game.events_for(list(evs), seat)
        lines.append(f"{i + 1:>4}  {visible_action(game, states[i], act, mine, seat)}")
        lines.extend(event_lines(mine))
    final = states[-1]
    lines.append("")
    if game.is_over(final):
        lines.append(f"== End == scores {game.scores(final)};"
                     f" {winners_text(game.winners(final), seat)}")
    else:
        lines.append(f"== Stopped after {len(actions)} actions == running scores"
                     f" {game.scores(final)}")
    return lines


# --- what IDs mean --------------------------------------------------------------------------
def clause_title(spec: Any, clause_id: str) -> str:
    cat = spec.catalogue
    return short_title(cat[clause_id].text) if clause_id in cat else ""


def clause_text(spec: Any, clause_id: str) -> str:
    cat = spec.catalogue
    return cat[clause_id].text if clause_id in cat else ""


def spec_of_id(any_id: str) -> Any:
    """The game spec whose prefix starts ``any_id`` (TIN-4.2, BAS-P3, TAN-A1), or None."""
    import spec as _specs

    head = any_id.split("-")[0]
    for name in _specs.available():
        sp = _specs.get(name)
        if sp.prefix == head:
            return sp
    return None


def describe_id(any_id: str) -> str:
    """What a clause, ambiguity or property ID means, in a few words ('' if unknown)."""
    sp = spec_of_id(any_id)
    if sp is None:
        return ""
    if any_id in sp.catalogue:
        return clause_title(sp, any_id)
    for o in sp.options:
        if o.id == any_id:
            return o.question
    try:
        from proofs.runner import properties
    except ImportError:  # pragma: no cover - proofs ship with the package
        return ""
    for p in properties(sp.name):
        if p.id == any_id:
            return p.statement
    return ""


# --- proofs and verification, said in words -------------------------------------------------
#: What a status means for each kind of property (kind, status) -> a phrase.
_FOUND = {
    ("proof", "proved"): "holds for every input its premises allow",
    ("proof", "refuted"): "does not hold: Z3 found a counterexample",
    ("proof", "witness"): "a case was found",
    ("witness", "witness"): "can arise: Z3 found a case, replayed by the engine",
    ("witness", "refuted"): "cannot arise: no case exists",
    ("witness", "proved"): "holds",
    ("question", "witness"): "answer: yes, it can happen (a case is shown)",
    ("question", "refuted"): "answer: no, it cannot happen",
    ("question", "proved"): "answer: it always holds",
}
_ALWAYS = {"unknown": "Z3 gave no answer in time (a failure, never a pass)",
           "error": "the check itself broke"}


def found_phrase(kind: str, status: str) -> str:
    return _ALWAYS.get(status) or _FOUND.get((kind, status), status)


def proof_outcome(r: Mapping[str, Any]) -> str:
    """'as expected: <what was found>' or 'NOT as expected: expected X, found Y'."""
    found = found_phrase(r["kind"], r["status"])
    if r["ok"]:
        return f"as expected, {found}"
    if r.get("expected") is None:
        return f"not in the manifest yet; found: {found}"
    return (f"NOT as expected: expected '{found_phrase(r['kind'], r['expected'])}',"
            f" found '{found}'")


def render_proofs(results: Sequence[Mapping[str, Any]], con: Any) -> None:
    """Each property: its ID and statement, which clauses it covers, what was expected and
    what was found, and the detail (counterexample or witness) where there is one."""
    from rich.markup import escape

    for r in results:
        mark = "[green]ok[/green]" if r["ok"] else "[red]FAIL[/red]"
        con.print(f"{mark} [bold]{r['id']}[/bold] ({r['kind']}, {r['seconds']:.2f} s)"
                  f" {escape(r['statement'])}")
        sp = spec_of_id(r["id"])
        if sp is not None and r["clauses"]:
            con.print("     covers: " + "; ".join(
                f"{c} {escape(clause_title(sp, c))}".strip() for c in r["clauses"]))
        con.print(f"     result: {escape(proof_outcome(r))}")
        if r.get("detail") and (r["status"] != "proved" or not r["ok"]):
            con.print(f"     detail: {escape(r['detail'])}")
        if r.get("scenario"):
            con.print(f"     scenario: {escape(r['scenario'])}")
    bad = [r["id"] for r in results if not r["ok"]]
    con.print(f"{len(results) - len(bad)}/{len(results)} properties as expected"
              + (f"; not as expected: {', '.join(bad)}" if bad else ""))


def verify_meaning(check: str) -> str:
    """What a `fruitspec verify` row checks, in words."""
    kind, _, target = check.partition(" ")
    if kind == "explore":
        return (f"every reachable state of the small configuration {target or '(default)'}"
                " keeps the invariants")
    if kind == "ambiguity":
        return f"the readings part ways on the witness of: {describe_id(target)}"
    return describe_id(target)


def render_verify(data: Mapping[str, Any], con: Any) -> None:
    """One block per game; each check on one line: ok/FAIL, what it is, what it checks,
    and what it found (lines, not a table: a table as wide as its longest statement is
    unreadable on a terminal and in a file alike)."""
    from rich.markup import escape

    con.print("[bold]fruitspec verify[/bold]: the Z3 properties, the ambiguity witnesses"
              " and the explorations of every game")
    game = None
    for r in data["rows"]:
        if r["game"] != game:
            game = r["game"]
            con.print(f"[bold]{escape(game)}[/bold]")
        mark = "[green]ok[/green]  " if r["ok"] else "[red]FAIL[/red]"
        meaning = r.get("meaning") or verify_meaning(r["check"])
        con.print(f"  {mark} {escape(r['check'])} ({r['seconds']:.2f} s): {escape(meaning)}")
        con.print(f"         {escape(_verify_result(r))}")
    con.print(f"{data['checks']} checks, {data['failed']} failed")


def _verify_result(row: Mapping[str, Any]) -> str:
    """A proof row's status in words ('ok refuted' would read as a contradiction)."""
    check, result = row["check"], row["result"]
    if not check.startswith("prove "):
        return result
    status, _, rest = result.partition(" ")
    pid = check.split(" ", 1)[1]
    kind = next((p.kind for p in _properties_of(pid) if p.id == pid), "proof")
    if row["ok"]:
        return f"as expected: {found_phrase(kind, status)}"
    return f"{found_phrase(kind, status)} {rest}".strip()


def _properties_of(pid: str) -> list[Any]:
    sp = spec_of_id(pid)
    if sp is None:
        return []
    from proofs.runner import properties

    return properties(sp.name)


def render_games(data: Sequence[Mapping[str, Any]], con: Any) -> None:
    """Each game, its variants and player counts, and each option as the question it
    answers, with its readings (the default first)."""
    from rich.markup import escape

    for g in data:
        con.print(f"[bold]{g['name']}[/bold]: {escape(g['title'])}"
                  f" ({g['clauses']} clauses, IDs {g['prefix']}-...)")
        for v in g["variants"]:
            name = v["name"] or "(base game)"
            players = ", ".join(map(str, v["players"]))
            desc = f": {escape(v['description'])}" if v.get("description") else ""
            con.print(f"  variant {name}, {players} players{desc}")
            for o in v["options"]:
                readings = [f"{o['default']} (default)"] + [
                    x for x in o["values"] if x != o["default"]]
                con.print(f"    option {o['name']} ({o['id']}): {escape(o['question'])}")
                con.print(f"        readings: {', '.join(readings)}")
        con.print("")
