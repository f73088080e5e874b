"""The tree and the loop of the ISMCTS bot (see :mod:`lastcall.bots.ismcts`).

They live apart from the bot's class so that the compiled build can compile
them (tools/compile.py): the loop runs once per iteration, tens of thousands of
times a second, while the class's parameters are read once per bot.
"""

from __future__ import annotations

from math import log, sqrt
from time import perf_counter

from lastcall.bots.base import Seat
from lastcall.core import Action, Rng


class Node:
    """Statistics of one action sequence from the root, summed over the worlds it was seen in."""

    __slots__ = ("after", "avail", "children", "reward", "seats", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * seats
        self.seats: dict[int, Node] | None = None
        self.after: dict[tuple[tuple[int, Action], ...], Node] | None = None

    def seat(self, player: int, count: int) -> Node:
        """Where ``player``'s own decisions of the sealed stage starting here hang."""
        if self.seats is None:
            self.seats = {}
        found = self.seats.get(player)
        if found is None:
            found = self.seats[player] = Node(count)
        return found

    def following(self, joint: tuple[tuple[int, Action], ...], count: int) -> tuple[Node, bool]:
        """The node after a sealed stage ended with these commitments; whether it is new."""
        if self.after is None:
            self.after = {}
        found = self.after.get(joint)
        if found is not None:
            return found, False
        found = self.after[joint] = Node(count)
        return found, True


def grow(
    seat: Seat, rng: Rng, c: float, depth: int, limit: int, deadline: float | None
) -> tuple[Node, int]:
    """Grow a tree from the seat's decision; the root and the iterations done.

    It runs ``limit`` iterations, or until ``deadline`` (a ``perf_counter``
    time) where one is given. The generator's methods are called on it, not
    bound to locals: compiled, a call on the object is the direct one.
    """
    player = seat.player
    seats = seat.num_players
    everyone = range(seats)
    determinize = seat.determinize
    root = Node(seats)
    done = 0
    while True:
        if deadline is None:
            if done >= limit:
                break
        elif done and perf_counter() >= deadline:
            break
        done += 1
        state = determinize(rng.next64())
        node = root
        path = [root]
        mover = player
        stage: Node | None = None
        revealed = False
        mark = -1
        cursors: dict[int, Node] = {}
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
                choice = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(seats)
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
            state.apply(mover, actions[rng.below(len(actions))])
            steps -= 1
            to_move = state.to_move
        rewards = state.evaluate_all()
        for node in path:
            node.visits += 1
            total = node.reward
            for p in everyone:
                total[p] += rewards[p]
    return root, done


def _by_seat(commitment: tuple[int, Action]) -> int:
    return commitment[0]
