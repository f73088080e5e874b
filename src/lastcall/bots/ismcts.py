"""Information-set Monte Carlo tree search, single observer (after Cowling, Powley and Whitehouse).

Each iteration samples one world the seat cannot tell from the truth
(``seat.determinize``), walks a tree of action sequences choosing by UCB among
the actions available in that world, adds one node, plays random moves for at
most ``depth`` decisions and then asks the game's evaluation of every seat
(``evaluate_all``, one pass for all of them).
A node keeps each seat's summed reward, so the seat deciding at a node
(``to_move[0]``, the seat a simulation asks first) picks by its own interest.
Availability counts replace the parent's visits in UCB, since an action seen
in few worlds must not look under-explored.

Sealed simultaneous choices are searched as each seat would make them: during
a sealed stage every seat's decisions hang from the stage's node under that
seat alone, so no seat's statistics depend on what another committed in
secret; once the stage is over, the search goes on from a child of the stage
keyed by all the commitments together (in seat order, so the order of
commitment does not split the statistics).

Parameters: ``iters`` iterations per decision (default 200) or ``ms``
milliseconds per decision instead, ``c`` the exploration constant (default
0.7, rewards lie in [0, 1]) and ``depth`` the rollout cut-off in decisions
(default 6; a large value plays rollouts to the end).

Each parameter has a ceiling (``MAX_ITERS`` and the rest below): a budget past
it would keep a table waiting for minutes per decision or exhaust memory with
the tree, so it is refused when the bot is built.
"""

from __future__ import annotations

from time import perf_counter

from lastcall.bots.base import Bot, Seat
from lastcall.bots.params import float_param, int_param
from lastcall.bots.search import Node, grow
from lastcall.core import Action, LastcallError, Rng

# A million iterations is minutes per decision and a tree of a million nodes.
MAX_ITERS = 1_000_000
# A minute of thought per decision.
MAX_MS = 60_000.0
# Rewards lie in [0, 1]; past this the search is pure exploration.
MAX_C = 100.0
# Every game ends well within this many decisions, so it already means "to the end".
MAX_DEPTH = 1_000_000


class IsmctsBot(Bot):
    """Searches the seat's information set; never sees the true hidden state."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iters: int | str | None = None,
        ms: float | str | None = None,
        c: float | str = 0.7,
        depth: int | str = 6,
    ) -> None:
        super().__init__(seed)
        if iters is not None and ms is not None:
            raise LastcallError("bot ismcts: give iters or ms, not both")
        self.iters = int_param(self.name, "iters", 200 if iters is None else iters, 1, MAX_ITERS)
        self.ms = None if ms is None else float_param(self.name, "ms", ms, 0.001, MAX_MS)
        self.c = float_param(self.name, "c", c, 0.0, MAX_C)
        self.depth = int_param(self.name, "depth", depth, 0, MAX_DEPTH)
        self.rng = Rng(seed)
        self.last_iterations = 0

    def choose(self, seat: Seat) -> Action:
        actions = seat.legal_actions()
        if not actions:
            raise LastcallError(f"ismcts bot asked to move for P{seat.player}, who has no choice")
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        root = self._search(seat)
        player = seat.player
        mine = root.seat(player, seat.num_players) if root.seats else root
        best = actions[0]
        best_key = (-1, 0.0)
        for action in actions:
            child = mine.children.get(action)
            if child is not None:
                key = (child.visits, child.reward[player] / child.visits)
                if key > best_key:
                    best, best_key = action, key
        return best

    def _search(self, seat: Seat) -> Node:
        """Grow a tree from the seat's decision, for ``iters`` iterations or ``ms``."""
        deadline = None if self.ms is None else perf_counter() + self.ms / 1000.0
        root, self.last_iterations = grow(seat, self.rng, self.c, self.depth, self.iters, deadline)
        return root
