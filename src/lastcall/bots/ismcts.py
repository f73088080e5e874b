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

from math import log, sqrt
from time import perf_counter

from lastcall.bots.base import Bot, Seat
from lastcall.bots.params import float_param, int_param
from lastcall.core import Action, LastcallError, Rng

# A million iterations is minutes per decision and a tree of a million nodes.
MAX_ITERS = 1_000_000
# A minute of thought per decision.
MAX_MS = 60_000.0
# Rewards lie in [0, 1]; past this the search is pure exploration.
MAX_C = 100.0
# Every game ends well within this many decisions, so it already means "to the end".
MAX_DEPTH = 1_000_000


class _Node:
    """Statistics of one action sequence from the root, summed over the worlds it was seen in."""

    __slots__ = ("after", "avail", "children", "reward", "seats", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * seats
        self.seats: dict[int, _Node] | None = None
        self.after: dict[tuple[tuple[int, Action], ...], _Node] | None = None

    def seat(self, player: int, count: int) -> _Node:
        """Where ``player``'s own decisions of the sealed stage starting here hang."""
        if self.seats is None:
            self.seats = {}
        found = self.seats.get(player)
        if found is None:
            found = self.seats[player] = _Node(count)
        return found

    def following(self, joint: tuple[tuple[int, Action], ...], count: int) -> tuple[_Node, bool]:
        """The node after a sealed stage ended with these commitments; whether it is new."""
        if self.after is None:
            self.after = {}
        found = self.after.get(joint)
        if found is not None:
            return found, False
        found = self.after[joint] = _Node(count)
        return found, True


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

    def _search(self, seat: Seat) -> _Node:
        """Grow a tree from the seat's decision; hot loop, so names are bound locally."""
        player = seat.player
        seats = seat.num_players
        everyone = range(seats)
        determinize = seat.determinize
        next64 = self.rng.next64
        below = self.rng.below
        c = self.c
        depth = self.depth
        limit = self.iters
        deadline = None if self.ms is None else perf_counter() + self.ms / 1000.0
        root = _Node(seats)
        done = 0
        while True:
            if deadline is None:
                if done >= limit:
                    break
            elif done and perf_counter() >= deadline:
                break
            done += 1
            state = determinize(next64())
            node = root
            path = [root]
            mover = player
            stage: _Node | None = None
            revealed = False
            mark = -1
            cursors: dict[int, _Node] = {}
            joint: list[tuple[int, Action]] = []
            # Selection and expansion: descend while every available action has a node.
            while True:
                if stage is not None and (revealed or not state.sealed):
                    joint.sort(key=_by_seat)
                    node, fresh = stage.following(tuple(joint), seats)
                    path.append(node)
                    stage = None
                    revealed = False
                    if fresh:
                        break
                if state.sealed:
                    if stage is None:
                        stage, cursors, joint = node, {}, []
                    at = cursors.get(mover)
                    if at is None:
                        at = stage.seat(mover, seats)
                        path.append(at)
                    mark = state.last_event
                else:
                    at = node
                actions = state.legal_actions(mover)
                kids = at.children
                untried: list[Action] = []
                choice = actions[0]
                child = None
                best = -1.0
                for action in actions:
                    kid = kids.get(action)
                    if kid is None:
                        untried.append(action)
                        continue
                    kid.avail += 1
                    if not untried:
                        visits = kid.visits
                        value = kid.reward[mover] / visits + c * sqrt(log(kid.avail) / visits)
                        if value > best:
                            best, choice, child = value, action, kid
                expand = bool(untried)
                if expand:
                    choice = untried[below(len(untried))] if len(untried) > 1 else untried[0]
                    child = _Node(seats)
                    kids[choice] = child
                assert child is not None
                state.apply(mover, choice)
                path.append(child)
                if stage is not None:
                    cursors[mover] = child
                    joint.append((mover, choice))
                    # Sealed decisions make no public event: one means the stage revealed.
                    revealed = state.public_after(mark)
                else:
                    node = child
                to_move = state.to_move
                if expand or not to_move:
                    break
                mover = to_move[0]
            # Rollout: random decisions, cut off after ``depth`` of them.
            steps = depth
            to_move = state.to_move
            while to_move and steps:
                mover = to_move[0]
                actions = state.legal_actions(mover)
                state.apply(mover, actions[below(len(actions))])
                steps -= 1
                to_move = state.to_move
            rewards = state.evaluate_all()
            for node in path:
                node.visits += 1
                total = node.reward
                for p in everyone:
                    total[p] += rewards[p]
        self.last_iterations = done
        return root


def _by_seat(commitment: tuple[int, Action]) -> int:
    return commitment[0]
