"""Move-by-move obligations at the real sizes, and the agreement that lets them speak for
the engine: the model on counts gives the engine's own counts, verdicts and moves."""
from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from tests.cli.cli_support import cli
from proofs import agreement, counterexamples, obligations

GAMES = sorted(obligations.MODELS)
KEYS = {"id", "move", "invariant", "reading", "players", "status", "seconds"}


#: a variant whose obligations the suite checks at one player count only, to keep it fast
#: (``fruitspec verify`` checks every count and reading)
SUITE_COUNT = {"special-carts": 2}


@pytest.mark.parametrize("game", GAMES)
def test_default_obligations_as_expected(game: str) -> None:
    """Every obligation of the default readings ends as the manifest expects; none is
    unknown, and every counterexample among them is classified."""
    verdicts = [obligations.check(o) for o in obligations.obligations(game, readings=False)
                if o.players == SUITE_COUNT.get(o.variant or "", o.players)]
    assert verdicts
    bad = [(v.obligation.id, v.status, v.detail[:300]) for v in verdicts
           if not obligations.as_expected(v)]
    assert not bad
    recorded = obligations.expected()
    assert {v.obligation.id for v in verdicts} <= set(recorded)
    assert all(set(v.to_json()) == KEYS for v in verdicts)


def test_one_obligation_alone_by_its_id() -> None:
    oid = "TIN-O-seller.mid-TIN-I2-5p"
    ran = cli("prove", "tindahan", "--obligation", oid, "--json")
    assert ran.code == 0, ran.err
    (entry,) = json.loads(ran.out)
    assert entry["id"] == oid and entry["status"] == "proved"
    assert (entry["move"], entry["invariant"], entry["players"]) == \
        ("seller/mid", "TIN-I2", 5)


def test_a_reading_runs_alone_and_an_unknown_id_is_refused() -> None:
    oid = "TIN-O-seller.mid-bounds-3p-no-sellers=unlimited"
    ran = cli("prove", "tindahan", "--obligation", oid, "--json")
    assert ran.code == 0, ran.err  # stand-ins stay within the bound most_placed derives
    (entry,) = json.loads(ran.out)
    assert entry["status"] == "proved"
    assert entry["reading"] == "no-sellers=unlimited"
    assert "TIN-O-nothing" in cli("prove", "tindahan", "--obligation",
                                  "TIN-O-nothing").assert_user_error()


def test_a_reading_no_branch_reads_shares_the_default_proof() -> None:
    """Which options each goal's functions look up decides which readings get their own
    obligation: the scoring readings reach none of Tindahan's counts, so they share."""
    import spec

    cfg = spec.get("tindahan").configure(3, None, None)
    m = obligations.model("tindahan")
    assert m is not None
    reached = {(move, target): obligations._reached(build, cfg)
               for move, target, build in obligations._goals(m)}
    assert "no-sellers" in reached["seller/mid", "TIN-I2"]
    # a premise holds every invariant, so TIN-I2's reading reaches every goal; the round's
    # readings reach only the branches that end a round
    assert not {"cart-start", "sellers-between-rounds"} & reached["cart/drive", "TIN-I1"]
    assert "cart-start" in reached["play/round", "TIN-I4"]
    scoring = {"trump-tie", "rounding", "second-after-tie", "empty-round", "trump-stall"}
    assert not scoring & set().union(*reached.values())


@pytest.mark.parametrize("path", sorted(counterexamples.FOLDER.glob("*.json")),
                         ids=lambda p: p.stem)
def test_each_stored_counterexample_path_replays(path) -> None:
    """A reachable counterexample is a path from a real set-up that the engine replays to
    a state breaking what the obligation claims."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    finding = next(f for f in counterexamples.FINDINGS if path.stem.startswith(f.key))
    problem = counterexamples.replay(finding, doc)
    assert problem is not None
    assert ("comes back" if finding.kind == "endless" else "outside") in problem
    assert doc == counterexamples.scenario(finding, doc["players"], doc.get("variant")), \
        "stale path"


def test_a_path_is_stored_for_each_configuration_of_each_finding() -> None:
    """One stored path per finding, variant and player count with obligations it matches
    (special carts too, at 2 to 5 seats), and no other."""
    want = {counterexamples.scenario_path(f, n, variant).name
            for f in counterexamples.FINDINGS
            for variant, n in counterexamples.configurations(f)}
    assert {p.name for p in counterexamples.FOLDER.glob("*.json")} == want
    assert "TAN-swap-loop-5p-special.json" in want
    assert not any(v == "solo" for f in counterexamples.FINDINGS
                   for v, _ in counterexamples.configurations(f))


def test_each_recorded_counterexample_names_the_path_of_its_own_configuration() -> None:
    """A counterexample the manifest expects is classified by the path played in its own
    variant at its own player count, not by the base game's."""
    seen = set()
    for oid, status in obligations.expected().items():
        if status != "counterexample":
            continue
        f = next(f for f in counterexamples.FINDINGS if f.matches(oid))
        (ob,) = [o for o in obligations.obligations(f.game, only=oid) if o.id == oid]
        why = obligations.classified(obligations.Verdict(ob, status, 0.0))
        path = counterexamples.scenario_path(f, ob.players, ob.variant)
        assert why is not None and why.endswith(f"(path: {path.name})"), oid
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert (doc["players"], doc.get("variant")) == (ob.players, ob.variant), oid
        seen.add(ob.variant)
    assert seen == {None, "special-carts"}


@pytest.mark.parametrize("game", GAMES)
def test_counts_agree_with_the_engine_on_real_games(game: str) -> None:
    for variant, n in obligations.configurations(game):
        found = agreement.playouts(game, games=2, players=n, seed=n, variant=variant)
        assert found.ok, found.problems
        assert found.steps > 50


@pytest.mark.parametrize("game", GAMES)
def test_counts_agree_on_the_explorers_configurations(game: str) -> None:
    for name, found in agreement.explored(game, max_states=600):
        assert found.ok, (name, found.problems)


@pytest.mark.parametrize("game", GAMES)
def test_real_games_stay_within_the_declared_bounds(game: str) -> None:
    for variant, n in obligations.configurations(game):
        found = agreement.bounds_sample(game, n, games=15, seed=100 * n, variant=variant)
        assert found.ok, found.problems


@pytest.mark.parametrize("options", [{"play-limits": "max-and-duplicates"},
                                     {"play-limits": "max-and-duplicates",
                                      "hidden-repeats": "owner-looks"},
                                     {"play-limits": "unchecked"}], ids=str)
def test_one_player_counts_agree_under_the_readings_its_obligations_read(options) -> None:
    """Fruit Passion alone (FRP-8.1..8.5) has obligations of its own, 1p in their IDs;
    its model holds to the engine under each reading that reaches it too."""
    found = agreement.playouts("fruit-passion", games=3, players=1, seed=7,
                               options=options, variant="solo")
    assert found.ok and found.steps > 100, found.problems


def _faulty(game: str, players: int, move: str, spoil: Any, variant: str | None = None
            ) -> Any:
    """The game (of ``variant``) with one move's effect spoiled: ``spoil(before, after)``
    is the state the faulty effect leaves instead of ``after``."""
    import engine

    g = engine.load(game, players=players, variant=variant)
    honest = g._effects[move]

    def faulty(cfg: Any, s: Any, a: Any) -> Any:
        s2, events = honest(cfg, s, a)
        return spoil(s, s2), events

    g._effects[move] = faulty
    return g


def test_seeded_fault_in_an_effect_is_caught_by_the_agreement_check() -> None:
    """Tindahan: a seller placed without leaving its owner's supply (a counter not
    lowered). No obligation can see it, since the proofs read the counts' own effect; the
    agreement check does, on the very first seller placed."""
    g = _faulty("tindahan", 4, "seller", lambda s, s2: s2._replace(supply=s.supply))
    found = agreement.playouts(g, games=3, seed=4)
    assert not found.ok
    assert any("(seller/" in p and "supply[" in p for p in found.problems), found.problems


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_can_win(game: str) -> None:
    """Winnability: for every seat of every player count, a game it wins alone."""
    import engine

    for n in obligations.player_counts(game):
        found = agreement.winnable(game, n, tries=150)
        assert sorted(found) == list(range(n)), (n, found)
        g = engine.load(game, players=n)
        assert all(g.winners(agreement.random_game(g, k)) == [seat]
                   for seat, k in found.items())


def test_seeded_fault_a_discarded_card_dropped_is_caught_by_the_agreement_check() -> None:
    """Fruit Passion: a discarded card that never reaches the pile (a card dropped). The
    agreement check names the pile's count on the first discard; conservation (FRP-I1)
    breaks with it."""
    g = _faulty("fruit-passion", 3, "discard", lambda s, s2: s2._replace(discard=s.discard))
    found = agreement.playouts(g, games=2, seed=5)
    assert any("(discard/" in p and "discard:" in p for p in found.problems), found.problems
    assert any("FRP-I1" in p for p in found.problems)


def test_seeded_fault_the_other_card_of_a_pair_dropped_is_caught_by_the_agreement_check(
) -> None:
    """Fruit Passion alone: the card not played never reaches the pile (a card dropped).
    The agreement check names the pile's count on the first play; conservation (FRP-I1)
    breaks with it."""
    import engine

    g = engine.load("fruit-passion", players=1, variant="solo")
    honest = g._effects["play"]

    def faulty(cfg: Any, s: Any, a: Any) -> Any:
        s2, events = honest(cfg, s, a)
        return s2._replace(discard=s.discard), events

    g._effects["play"] = faulty
    found = agreement.playouts(g, games=2, seed=5)
    assert any("(play/" in p and "discard:" in p for p in found.problems), found.problems
    assert any("FRP-I1" in p for p in found.problems)


def test_seeded_fault_a_value_change_not_made_is_caught_by_the_agreement_check() -> None:
    """Bastos!: a seat that owes a change adjusts, but the marker does not move (a value
    not written back). The agreement check names the value on the first adjustment."""
    g = _faulty("bastos", 3, "adjust", lambda s, s2: s2._replace(values=s.values))
    found = agreement.playouts(g, games=2, seed=6)
    assert any("(adjust/" in p and "values[" in p for p in found.problems), found.problems


def test_seeded_fault_a_placed_card_dropped_is_caught_by_the_agreement_check() -> None:
    """Tanuki Market: the leader's placed card leaves its hand but never reaches the cart
    (a card dropped). The agreement check names the cart's count on the first placement,
    and conservation (TAN-I1) breaks with it."""
    g = _faulty("tanuki-market", 3, "place", lambda s, s2: s2._replace(carts=s.carts))
    found = agreement.playouts(g, games=2, seed=7)
    assert any("(place/" in p and "cart[" in p for p in found.problems), found.problems
    assert any("TAN-I1" in p for p in found.problems)


def test_tanuki_swapping_carts_loops_and_only_under_its_reading() -> None:
    """Tanuki Market: a cart put back and taken again lowers no measure. Under swap=yes the
    obligation is a counterexample classified as endless (the stored path brings the
    position back); under the default the swap branch never applies, and it is proved."""
    oid = "TAN-O-take.swap-measure-3p"
    (looping,) = obligations.run("tanuki-market", only=f"{oid}-swap=yes")
    assert looping.status == "counterexample" and obligations.as_expected(looping)
    assert "endless" in (obligations.classified(looping) or "")
    (default,) = obligations.run("tanuki-market", only=oid)
    assert default.status == "proved"


def test_tanuki_special_carts_have_obligations_of_their_own() -> None:
    """Tanuki Market with special carts (TAN-7) has a model of its own: its obligations
    name the variant after the player count, clash with no base game ID, and one runs
    alone by its ID."""
    obs = obligations.obligations("tanuki-market", readings=False)
    special = [o.id for o in obs if o.variant == "special-carts"]
    base = {o.id for o in obs if o.variant is None}
    assert special and all(i.endswith("p-special") for i in special)
    assert not base & set(special) and len(set(special)) == len(special)
    assert "TAN-O-salad.on-TAN-I1-3p-special" in special
    oid = "TAN-O-shift.end-TAN-I3-4p-special"
    ran = cli("prove", "tanuki-market", "--obligation", oid, "--json")
    assert ran.code == 0, ran.err
    (entry,) = json.loads(ran.out)
    assert (entry["id"], entry["status"], entry["move"]) == (oid, "proved", "shift/end")


@pytest.mark.parametrize("options", [{"shift-timing": "any"}, {"special-capacity": "fruit"},
                                     {"large-keep": "four-max"}, {"salad-move": "haul"}],
                         ids=str)
def test_special_cart_counts_agree_under_the_readings_its_obligations_read(options) -> None:
    """The special carts' model holds to the engine under each reading it reads (under
    salad-move=haul it follows the salad's fruit into its taker's haul)."""
    found = agreement.playouts("tanuki-market", games=3, players=4, seed=9,
                               options=options, variant="special-carts")
    assert found.ok and found.steps > 300, found.problems


def test_seeded_fault_a_salad_card_dropped_is_caught_by_the_agreement_check() -> None:
    """Tanuki Market with special carts: the card the Fruit Salad cart takes leaves its
    table but never reaches the salad (a card dropped). The agreement check names the
    salad's count, and conservation (TAN-I1) breaks with it."""
    g = _faulty("tanuki-market", 3, "salad", lambda s, s2: s2._replace(salad=s.salad),
                variant="special-carts")
    found = agreement.playouts(g, games=4, seed=3)
    assert any("(salad/" in p and "salad[" in p for p in found.problems), found.problems
    assert any("TAN-I1" in p for p in found.problems)


def test_obligations_shared_out_to_two_processes_end_as_in_one() -> None:
    """A run in worker processes gives the serial run's verdicts in its order; each
    verdict's obligation comes back by its game, move and invariant, build included."""
    units = [("tindahan", k, j) for k, j in obligations._units("tindahan")[:6]]
    work = functools.partial(obligations._checked, readings=True, timeout_ms=20000)

    def ends(jobs: int) -> list[obligations.Verdict]:
        return [v for vs in obligations.in_processes(work, units, jobs) for v in vs]

    def seen(verdicts: list[obligations.Verdict]) -> list[tuple[Any, ...]]:
        return [(v.obligation, dict(v.obligation.options), v.status, v.detail)
                for v in verdicts]

    serial, shared = ends(1), ends(2)
    assert len(serial) > len(units) and seen(shared) == seen(serial)
    again = obligations.check(shared[-1].obligation)
    assert seen([again]) == seen(serial[-1:])
