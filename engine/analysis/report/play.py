"""One game played for the design report, with what the named metrics need of it.

The loop is :func:`engine.analysis.agents._play`'s (the same choice of seat in a
real-time phase, the same agents), with three differences the report needs:

* the game may start from a given state (a deal mapped under a declared symmetry) and
  the agents' randomness has its own seed, so that a reading and the default can share a
  deal while the null baseline draws fresh agent randomness;
* one seat may be *restricted*: it never takes an action of a move a barred clause
  grants or guards while another action is legal (restricted play, Jaffe et al. 2012);
* the running scores after every action are read, for lead change, drama and
  decisiveness, and a game that reaches its length cap is recorded as not completed
  instead of failing the run.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from spec.common.core import Action

from engine.analysis.agents import Agent, _willing_seat

#: where a game that need not end (its kind declares no maximum) is cut off
ENDLESS_CAP = 1_500


@dataclass
class GameRecord:
    """What one finished (or cut-off) game leaves for the metrics."""

    scores: list[int]
    winners: list[int]
    length: int
    completed: bool
    decisions: int  # actions chosen among two or more of the acting seat's options
    options: int  # legal actions the acting seat had, summed over the actions
    lead_changes: int
    drama: float  # mean shortfall of the eventual winner behind the leader (see metrics)
    decided_at: int  # the action after which the eventual winner led for good
    ending: str  # the clause of the last event: which ending fired
    clauses: dict[str, int] = field(default_factory=dict)
    taken: dict[str, int] = field(default_factory=dict)  # actions taken, per move


def guarding(spec: Any) -> dict[str, tuple[str, ...]]:
    """Each clause that grants or guards a move, and the moves it governs."""
    out: dict[str, list[str]] = {}
    for m in spec.moves:
        for rule in dict.fromkeys((m.rule, *(g.rule for g in m.guards))):
            out.setdefault(rule, []).append(m.name)
    return {k: tuple(v) for k, v in sorted(out.items())}


def activity(game: Any, deals: Sequence[int]) -> dict[str, int]:
    """How often each clause shows itself in random play-outs of ``deals``: its events, the
    actions of the moves it grants, and the candidate actions its guard is the first to
    refuse. A clause of another variant (special carts, the solo game) counts 0 here."""
    cfg, spec = game.config, game.spec
    grants = {m.name: m.rule for m in spec.moves}
    out: dict[str, int] = {}

    def seen(rule: str) -> None:
        out[rule] = out.get(rule, 0) + 1

    for sd in deals:
        rng, state = random.Random(sd), game.new(seed=sd)
        for _ in range(cap(game)):
            if game.is_over(state):
                break
            for m in spec.moves:
                if state.phase not in m.phases:
                    continue
                for seat in m.actors(cfg, state):
                    for args in m.domain(cfg, state, seat):
                        a = Action(seat, m.name, tuple(args))
                        first = next((g.rule for g in m.guards if not g.ok(cfg, state, a)), None)
                        if first is not None:
                            seen(first)
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            seen(grants[action.name])
            state, evs = game.step(state, action)
            for e in evs:
                seen(e.rule)
    return out


def cap(game: Any) -> int:
    """The most actions a game is played for: the declared maximum, else a cut-off."""
    return game.spec.kind.limit(game.config) or ENDLESS_CAP


def _sole_leader(scores: Sequence[int]) -> int | None:
    top = max(scores)
    leaders = [i for i, v in enumerate(scores) if v == top]
    return leaders[0] if len(leaders) == 1 else None


class _Trace:
    """The running scores of one game, reduced on the fly to what the metrics keep."""

    def __init__(self) -> None:
        self.leader: int | None = None
        self.lead_changes = 0
        self.seat_scores: list[list[int]] = []

    def see(self, scores: Sequence[int]) -> None:
        lead = _sole_leader(scores) if len(scores) > 1 else None
        if lead is not None and self.leader is not None and lead != self.leader:
            self.lead_changes += 1
        if lead is not None:
            self.leader = lead
        self.seat_scores.append(list(scores))

    def drama_and_decision(self, winners: Sequence[int], spread: int) -> tuple[float, int]:
        """Drama: the eventual winner's mean shortfall behind the top running score,
        over the actions where it was behind, as a share of the final spread; decided
        at: the first action from which the winner was sole leader to the end."""
        if len(winners) != 1 or not self.seat_scores or len(self.seat_scores[0]) < 2:
            return 0.0, len(self.seat_scores)
        w = winners[0]
        gaps = [max(s) - s[w] for s in self.seat_scores if max(s) > s[w]]
        drama = (sum(gaps) / len(gaps)) / max(1, spread) if gaps else 0.0
        decided = len(self.seat_scores)
        for i in range(len(self.seat_scores) - 1, -1, -1):
            if _sole_leader(self.seat_scores[i]) != w:
                break
            decided = i
        return drama, decided


def _restricted(legal: list[Action], barred: tuple[str, ...]) -> list[Action]:
    kept = [a for a in legal if a.name not in barred]
    return kept or legal


def play(game: Any, agents: list[Agent], state: Any, agent_seed: int,
         restricted_seat: int | None = None, barred: tuple[str, ...] = ()) -> GameRecord:
    """Play from ``state`` to the end (or the cap) and record the game; the restricted
    seat never takes a ``barred`` move while another action is legal."""
    rng = random.Random(agent_seed)
    legal_actions, step, is_over, scores_of = (game.legal_actions, game.step, game.is_over,
                                               game.scores)
    limit = cap(game)
    trace = _Trace()
    clauses: dict[str, int] = {}
    taken: dict[str, int] = {}
    n = decisions = options = 0
    ending = ""
    while not is_over(state) and n < limit:
        legal = legal_actions(state)
        seat = legal[0].player
        if any(a.player != seat for a in legal):  # a real-time phase: who acts is drawn
            seat = _willing_seat(game, state, agents, legal,
                                 legal[rng.randrange(len(legal))].player)
            legal = [b for b in legal if b.player == seat]
        if seat == restricted_seat:
            legal = _restricted(legal, barred)
        options += len(legal)
        decisions += len(legal) > 1
        action = agents[seat].choose(game, state, legal, rng)
        taken[action.name] = taken.get(action.name, 0) + 1
        state, evs = step(state, action)
        for e in evs:
            clauses[e.rule] = clauses.get(e.rule, 0) + 1
        if evs:
            ending = evs[-1].rule
        trace.see(scores_of(state))
        n += 1
    completed = is_over(state)
    final = scores_of(state)
    winners = game.winners(state) if completed else []
    drama, decided = trace.drama_and_decision(winners, max(final) - min(final))
    return GameRecord(scores=final, winners=winners, length=n, completed=completed,
                      decisions=decisions, options=options,
                      lead_changes=trace.lead_changes, drama=drama, decided_at=decided,
                      ending=ending if completed else "cut off", clauses=clauses,
                      taken=taken)
