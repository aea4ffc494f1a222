"""``fruitspec play GAME --seat N``: a person plays one seat at a prompt against agents.

The person sees only their seat's view (``game.view(state, seat)``), the events as their
seat may read them (``game.events_for``) and other seats' actions only where those events
already show them. A refused action is explained by the clause that forbids it.

Turns. When only agents may act, the lowest-numbered seat that may act goes first, one
action at a time, until the person may act again. In a real-time phase (Tanuki Market's
cart grab, where several seats may act at once) the person is asked first; after the
person's action, or after ``pass``, every other seat that may still act gets one action,
in seat order, before the person is asked again. The game stays a function of the seed:
the same inputs typed give the same game.

Input comes from a terminal (with tab-completion of the legal actions, through the
standard library's ``readline`` where it exists) or from a pipe, one command a line.
"""
from __future__ import annotations

import random
import re
import secrets
import sys
from typing import Any, Callable, Sequence

from spec.common.core import Action
from spec.common.errors import FruitspecError, IllegalAction, StateError
from spec.common.rng import KEYED

from engine.core.game import fresh_seed, load
from engine.cli.show import (CARD_CODES, clause_text, draw_view, event_lines, secret_words,
                       visible_action, winners_text)

Ask = Callable[[str], "str | None"]
Say = Callable[[str], None]

COMMANDS = {
    "legal": "list the actions you may take now",
    "view": "draw the table again, as your seat sees it",
    "pass": "in a real-time phase, let the other seats act once before you",
    "help": "this list, and how actions are written",
    "quit": "leave the game unfinished",
}
_WORD = re.compile(r"[^\s,;:()\[\]{}'\".]+")
_MAX_LINE = 10_000  # a command is a few words; a longer line is read in pieces
_PREFIX = re.compile(r"p([0-9]+)\s*:")
#: Agent actions in a row without the person's turn before we call it a loop.
MAX_AGENT_ACTIONS = 100_000


class Session:
    """One interactive game; ``ask`` reads a line (None at the end of input), ``say``
    prints one."""

    def __init__(self, game: Any, seat: int, agents: Sequence[Any], seed: int | None,
                 ask: Ask, say: Say, generator: str | None = None) -> None:
        self.game, self.seat, self.agents = game, seat, list(agents)
        self.ask, self.say = ask, say
        # no seed given: a fresh deal the person cannot foresee, on the keyed generator,
        # and agents whose randomness does not come from the deal's seed either
        self.fresh = seed is None
        if seed is None:
            seed, generator = fresh_seed(), KEYED
        self.seed, self.generator = seed, generator
        self.rng = random.Random(secrets.randbits(128) if self.fresh else seed)
        self.state = game.new(seed=seed, generator=generator)
        self.count = 0
        self._drawn: Any = None

    # --- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        self.intro()
        while not self.game.is_over(self.state):
            actors = self.game.actors(self.state)
            if not actors:
                raise StateError(f"{self.game.name}: no legal action in a live state")
            if self.seat not in actors:
                self.agents_until_person()
                continue
            if not self.turn(actors):
                self.say(f"game left unfinished after {self.count} actions; running scores"
                         f" {self.game.scores(self.state)}")
                self.reveal_seed()
                return 0
        self.draw()
        self.say(f"game over after {self.count} actions: scores {self.game.scores(self.state)};"
                 f" {winners_text(self.game.winners(self.state), self.seat)}")
        self.reveal_seed()
        return 0

    def reveal_seed(self) -> None:
        """A fresh deal's seed, once the person is done: it deals the same game again."""
        if not self.fresh:
            return
        g = self.game
        again = [f"fruitspec play {g.name} --players {g.players}", f"--seat {self.seat}",
                 f"--seed {self.seed} --generator {self.generator}"]
        again[1:1] = [f"--variant {g.variant}"] if g.variant else []
        plain = load(g.name, players=g.players, variant=g.variant).options
        again[1:1] = [f"--option {k}={v}" for k, v in sorted(g.options.items())
                      if v != plain.get(k)]
        self.say(f"this deal's seed was {self.seed}; to deal it again: {' '.join(again)}")

    def turn(self, actors: list[int]) -> bool:
        """Ask the person once; False when they leave."""
        if self._drawn is not self.state:
            self.draw()
        line = self.ask(f"seat {self.seat}> ")
        if line is None:
            self.say("end of input")
            return False
        cmd = " ".join(line.split())
        word = cmd.lower()
        if not cmd:
            return True
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?"):
            self.help()
        elif word == "legal":
            self.say("you may: " + "; ".join(self.my_legal()))
        elif word in ("view", "look"):
            self.draw()
        elif word in ("pass", "wait"):
            others = [s for s in actors if s != self.seat]
            if not others:
                self.say("no other seat may act now: it is up to you (type 'legal')")
            else:
                self.others_once(others)
        else:
            self.person_acts(cmd)
        return True

    def person_acts(self, cmd: str) -> None:
        prefix = _PREFIX.match(cmd)
        if prefix:
            if prefix.group(1) != str(self.seat):
                self.say(f"refused: you play seat {self.seat}, not p{prefix.group(1)}")
                return
            text = cmd
        else:
            text = f"p{self.seat}: {cmd}"
        try:
            action = self.game.resolve(self.state, text)
        except IllegalAction as exc:
            self.refused(exc)
            return
        self.apply(action)
        others = [s for s in self.game.actors(self.state) if s != self.seat]
        if self.seat in self.game.actors(self.state) and others:
            self.others_once(others)

    def refused(self, exc: IllegalAction) -> None:
        self.say(f"refused under {exc.rule}: {exc.message}")
        text = self.rule_text(exc.rule)
        if text:
            self.say(f"  {exc.rule} says: {text}")
        self.say("  type 'legal' for your actions, 'help' for how to write them")

    # --- agents --------------------------------------------------------------------------
    def agent_acts(self, seat: int) -> None:
        mine = [a for a in self.game.legal_actions(self.state) if a.player == seat]
        if mine:
            self.apply(self.agents[seat].choose(self.game, self.state, mine, self.rng))

    def others_once(self, seats: Sequence[int]) -> None:
        """Each of ``seats`` that may still act makes one action, in seat order."""
        for s in sorted(seats):
            if self.game.is_over(self.state):
                return
            if s in self.game.actors(self.state):
                self.agent_acts(s)

    def agents_until_person(self) -> None:
        for _ in range(MAX_AGENT_ACTIONS):
            if self.game.is_over(self.state):
                return
            actors = self.game.actors(self.state)
            if self.seat in actors:
                return
            self.agent_acts(actors[0])
        raise StateError(f"{self.game.name}: the agents made {MAX_AGENT_ACTIONS} actions"
                         " in a row without the game ending or reaching your turn")

    # --- showing -------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        before = self.state
        self.state, events = self.game.step(before, action)
        self.count += 1
        mine = self.game.events_for(events, self.seat)
        self.say(f"{self.count:>4}  {visible_action(self.game, before, action, mine, self.seat)}")
        for line in event_lines(mine):
            self.say(line)

    def rule_text(self, rule: str) -> str | None:
        """A clause's text, unless one of its examples happens to name a card another
        seat holds unseen: the person could not tell an example from a leak."""
        text = clause_text(self.game.spec, rule)
        hidden: set[str] = set()
        for other in range(self.game.players):
            hidden |= secret_words(self.game, self.state, other, self.seat)
        return text if text and not hidden & set(_WORD.findall(text)) else None

    def my_legal(self) -> list[str]:
        return [a.body for a in self.game.legal_actions(self.state) if a.player == self.seat]

    def draw(self) -> None:
        self._drawn = self.state
        for line in draw_view(self.game.view(self.state, self.seat)):
            self.say(line)

    def intro(self) -> None:
        g = self.game
        others = [s for s in range(g.players) if s != self.seat]
        who = ", ".join(f"seat {s} ({self.agents[s].name})" for s in others)
        self.say(f"You play seat {self.seat} of {g.spec.title} ({g.players} players"
                 + (f", variant {g.variant}" if g.variant else "")
                 + (", a fresh deal" if self.fresh else f", seed {self.seed}")
                 + f") against {who}.")
        if g.name in CARD_CODES:
            self.say(f"Card codes: {CARD_CODES[g.name]}.")
        example = self.my_legal()
        self.say("At your prompt, type an action"
                 + (f" (e.g. '{example[0]}')" if example else "") + ", or "
                 + ", ".join(COMMANDS) + ".")

    def help(self) -> None:
        for name, what in COMMANDS.items():
            self.say(f"  {name:<6} {what}")
        rule = self.game.spec.notation_rule
        text = self.rule_text(rule)
        self.say(f"  actions are written as {rule} says" + (f": {text}" if text else ""))
        mine = self.my_legal()
        if mine:
            self.say(f"  you may leave out your seat prefix: '{mine[0]}' means"
                     f" 'p{self.seat}: {mine[0]}'")


# --- input ----------------------------------------------------------------------------------
def completions(options: Sequence[str], line: str, word: str) -> list[str]:
    """Readline completes the last ``word`` of ``line``: the rest of each option that
    starts with the whole line ('play M' + tab offers 'M2', 'M7' for 'play M2', ...)."""
    start = len(line) - len(word)
    return [o[start:] for o in options if o.startswith(line)]


def terminal_ask(session_ref: list[Session]) -> Ask:
    """``input()`` with tab-completion of the person's legal actions (readline)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        readline = None  # type: ignore[assignment]  # optional module
    if readline is not None:
        def complete(text: str, i: int) -> str | None:
            options = session_ref[0].my_legal() + list(COMMANDS) if session_ref else []
            hits = completions(options, readline.get_line_buffer(), text)
            return hits[i] if i < len(hits) else None

        readline.set_completer(complete)
        readline.parse_and_bind("tab: complete")

    def ask(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            print()
            return None

    return ask


def piped_ask(say: Say) -> Ask:
    """Read one command a line from a pipe, echoing it after the prompt."""
    def ask(prompt: str) -> str | None:
        try:
            line = sys.stdin.readline(_MAX_LINE)
        except UnicodeDecodeError:
            raise FruitspecError("standard input is not UTF-8 text") from None
        if not line:
            return None
        say(prompt + line.rstrip("\n"))
        return line

    return ask


def play(game: Any, seat: int, agents: Sequence[Any], seed: int | None,
         generator: str | None = None) -> int:
    """Run an interactive game on standard input and output."""
    if not 0 <= seat < game.players:
        raise FruitspecError(f"--seat {seat}: a {game.players}-player game has seats"
                             f" 0-{game.players - 1}")

    def say(line: str) -> None:
        print(line, flush=True)

    ref: list[Session] = []
    ask = terminal_ask(ref) if sys.stdin.isatty() else piped_ask(say)
    session = Session(game, seat, agents, seed, ask, say, generator)
    ref.append(session)
    return session.run()
