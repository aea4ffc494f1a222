"""A length guard for loops that play a game to its end.

Under some readings a game need not end (Fruit Passion ``discard-take=literal``: a seat
may take the discard and throw it back; Tanuki Market ``swap=yes``: carts may be swapped
back and forth; Tanuki Market ``leader-take=any``: a leader who takes a cart while holding
the drawn card puts it back on the deck, so a round can leave the deck as it was), so a
policy that repeats itself plays forever. No finite maximum length holds there (each
game's ``GameKind`` says so, with the reason), and under the other readings termination is a property the explorer proves
(``fruitspec explore``, check ``termination``). What a driving loop needs is to notice a
position it has already reached and report it, with the actions that lead back to it:

>>> import engine
>>> game = engine.load("fruit-passion", players=2, options={"discard-take": "literal"})
>>> s = game.new(seed=1)
>>> s = game.apply(s, "draw deck"); s = game.apply(s, "discard")
>>> def cycling(state, legal):  # take the discard back and throw it again, always
...     return next((a for a in legal if a.body in ("draw discard", "discard")), legal[0])
>>> try:
...     run(game, s, cycling)
... except CycleFound as found:
...     print(found.path[:2], len(found.path))
['p0: discard', 'p1: draw discard'] 4

:class:`LengthGuard` costs one comparison of states per action (Brent's cycle finding
keeps a single remembered state), so the loops that use it stay as fast as before; it
finds any cycle a deterministic policy falls into within twice the cycle's length after
entering it. A repeated position reached by a random policy is reported too: it shows
that the players *can* go round forever, which is the finding.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from spec.common.core import Action
from spec.common.errors import FruitspecError


class GameTooLong(FruitspecError):
    """A game went on longer than the limit its caller set."""

    def __init__(self, message: str, path: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.path = list(path)


class CycleFound(GameTooLong):
    """Play came back to a position already reached: the game need not end.

    ``path`` is the actions, in notation, that lead from that position back to itself;
    ``start`` is how many actions were played before the position was first reached.
    """

    def __init__(self, game: str, start: int, path: Sequence[str]) -> None:
        super().__init__(f"{game}: after {start} actions, these {len(path)} come back to the"
                         f" same position, so the game need not end: {' / '.join(path[:8])}"
                         + (" ..." if len(path) > 8 else ""), path)
        self.start = start


class LengthGuard:
    """Watches the positions of one game, in order; raises when play cycles or runs long.

    Call :meth:`see` with each new state and the action that made it.
    """

    def __init__(self, game: Any, state: Any, limit: int | None = None) -> None:
        self.name = game.name
        self.limit = limit
        self.count = 0
        self._saved = state  # Brent: the position at the last power of two
        self._saved_at = 0
        self._power = 1
        self._since: list[Action | str] = []  # the actions played since ``_saved``

    def see(self, state: Any, action: Action | str) -> None:
        self.count += 1
        self._since.append(action)
        if state == self._saved:
            raise CycleFound(self.name, self._saved_at, [str(a) for a in self._since])
        if len(self._since) == self._power:
            self._saved, self._saved_at = state, self.count
            self._power *= 2
            self._since = []
        if self.limit is not None and self.count >= self.limit:
            raise GameTooLong(f"{self.name}: no end after {self.count} actions",
                              [str(a) for a in self._since[-20:]])


Policy = Callable[[Any, list[Action]], Action | str]


def run(game: Any, state: Any, policy: Policy, limit: int | None = None
        ) -> tuple[Any, list[Action | str]]:
    """Play ``policy(state, legal)`` from ``state`` to the end, under a :class:`LengthGuard`.

    Returns the final state and the actions played; raises :class:`CycleFound` when play
    comes back to a position, :class:`GameTooLong` after ``limit`` actions.
    """
    guard = LengthGuard(game, state, limit)
    played: list[Action | str] = []
    while not game.is_over(state):
        action = policy(state, game.legal_actions(state))
        state = game.apply(state, action)
        played.append(action)
        guard.see(state, action)
    return state, played
