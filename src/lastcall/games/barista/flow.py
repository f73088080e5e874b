"""Barista's rules: the deal, setup placements, turns, action cards and the challenge.

The round is a loop of steps (see :class:`Step`): ``_advance`` runs the
automatic ones (deal, draw, end of turn) until a decision step names who
decides. See docs/rules/barista.md for every interpretation made here.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Action, step_table
from lastcall.core.events import CHANCE, END, MOVE, REVEAL, RULE, TURN
from lastcall.games.barista import actions as act
from lastcall.games.barista.content import CONTENT, SLOTS
from lastcall.games.barista.state import (
    EMPTY,
    FAILED_CHALLENGES,
    HAND_SIZE,
    PERFECT_ORDERS,
    PERFECT_TIPS,
    SUCCESSFUL_CHALLENGES,
    TIPS_TO_WIN,
    BaristaBase,
    Step,
)

_C: Final = CONTENT
WILD: Final = _C.wild
ROLL: Final = _C.roll
CHANGE: Final = _C.change
TAKE: Final = _C.take
SPILL: Final = _C.spill
CAT: Final = _C.kind_category
VAL: Final = _C.kind_value
NAMES: Final = _C.kind_names
FACES: Final = _C.die_faces
SLOT_NAMES: Final = _C.categories
SETUP: Final = Step.SETUP
PLAY: Final = Step.PLAY
FOLLOW: Final = Step.FOLLOW
TARGET: Final = Step.TARGET
DIE: Final = Step.DIE

RULE_SETUP: Final = "To Begin 6-7"
RULE_PLAY: Final = "How to Play 2"
RULE_DRINK: Final = "How to Play 2: Drink Card"
RULE_ACTION: Final = "The Cards: Action Cards"
RULE_CHALLENGE: Final = "Barista Challenge"


TITLES: Final = tuple(name.capitalize() for name in NAMES)
"""Card names as printed, for the log."""
SLOT_TITLES: Final = tuple(slot.capitalize() for slot in SLOT_NAMES)


def names(kinds: list[int]) -> list[str]:
    """Cards as the log names them: ``Mocha``, ``Wild``."""
    return [TITLES[k] for k in kinds]


def face(c: int, v: int) -> str:
    """The value die ``c`` shows as ``v``, as printed: ``Soy``."""
    return _C.values[c][v].capitalize()


@trait
class BaristaFlow(BaristaBase):
    """The rules of play, as steps and decisions."""

    __slots__ = ()

    # ----------------------------------------------------------------- steps

    def _step_deal(self) -> bool:
        """Shuffle all 52 cards, deal four each, roll the order (To Begin 1-5)."""
        n = self.num_players
        self.round_no += 1
        deck = list(_C.deck)
        self.rng.shuffle(deck)
        self.hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
        self.deck = deck
        self.discard = []
        self.placed = [[EMPTY] * SLOTS for _ in range(n)]
        self.placed_as = [[EMPTY] * SLOTS for _ in range(n)]
        self.challenger = -1
        self.final_left = 0
        self.pending = EMPTY
        self.known = []
        self.current = self.dealer
        below = self.rng.below
        self.dice = [FACES[c][below(6)] for c in range(SLOTS)]
        self.announce(
            CHANCE,
            "Round {round}: {p:Seat} deal{p:s} four cards each and roll{p:s} the order dice. "
            "The order is {order}.",
            self.round_no,
            self.dealer,
            self.order_name(),
        )
        for p in range(n):
            self.tell(p, CHANCE, "You are dealt {cards}.", names(self.hands[p]))
        self.ready = [False] * n
        self.step = SETUP
        return False

    def _step_setup(self) -> bool:
        n = self.num_players
        order = [(self.dealer + i) % n for i in range(n)]
        pending = tuple(p for p in order if not self.ready[p])
        if pending:
            self.to_move = pending
            return True
        for p in order:
            if self._perfect(p):
                self._perfect_order(p)
                return False
        self.current = self.dealer
        self.step = Step.DRAW
        return False

    def _step_draw(self) -> bool:
        p = self.current
        card = self._draw(p)
        self.announce(TURN, "{p:Seat} draw{p:s} a card.", p)
        self.tell(p, CHANCE, "You draw {card}.", TITLES[card])
        self.step = PLAY
        return False

    def _step_decide(self) -> bool:
        self.to_move = (self.current,)
        return True

    def _step_end_turn(self) -> bool:
        self.turns += 1
        n = self.num_players
        p = self.current
        for i in range(n):
            q = (p + i) % n
            if self._perfect(q):
                self._perfect_order(q)
                return False
        if self.challenger >= 0:
            if p != self.challenger:
                self.final_left -= 1
            if self.final_left == 0:
                self._resolve_challenge()
                return False
        if self._turn_limit_reached():
            return False
        self.current = (p + 1) % n
        self.step = Step.DRAW
        return False

    def _step_over(self) -> bool:
        self.to_move = ()
        return True

    def _end_turn(self) -> None:
        self.step = Step.END_TURN
        self._advance()

    # ----------------------------------------------------------------- cards

    def _draw(self, p: int) -> int:
        deck = self.deck
        if not deck:
            deck.extend(self.discard)
            self.discard.clear()
            self.rng.shuffle(deck)
            self.announce(CHANCE, "The discard pile is shuffled into a new draw pile.")
        card = deck.pop()
        self.hands[p].append(card)
        return card

    # Copies of a state share these lists (see BaristaBase.clone): a change
    # replaces the list it changes, never writes into it.

    def _set_die(self, c: int, v: int) -> None:
        dice = self.dice.copy()
        dice[c] = v
        self.dice = dice

    def _set_slot(self, p: int, c: int, k: int, v: int) -> None:
        """Put card ``k`` (or ``EMPTY``) on ``p``'s slot ``c``, placed against die value ``v``."""
        row = self.placed[p].copy()
        row[c] = k
        self.placed[p] = row
        row = self.placed_as[p].copy()
        row[c] = v
        self.placed_as[p] = row

    def _add_tips(self, p: int, amount: int, source: int) -> None:
        """Give ``p`` ``amount`` tips (negative: take them) and count them under ``source``."""
        tips = self.tips.copy()
        tips[p] += amount
        self.tips = tips
        earned = self.earned.copy()
        row = earned[p].copy()
        row[source] += amount
        earned[p] = row
        self.earned = earned

    def _card_plays(self, p: int, in_turn: bool) -> list[Action]:
        """Placements (at setup, or in a turn replacing stale cards too) and action cards."""
        hand = self.hands[p]
        placed = self.placed[p]
        dice = self.dice
        plays: list[Action] = []
        seen = 0
        for k in hand:
            if seen >> k & 1:
                continue
            seen |= 1 << k
            if k < WILD:
                c = CAT[k]
                if VAL[k] == dice[c]:
                    s = placed[c]
                    if s == EMPTY or (in_turn and s != WILD and VAL[s] != dice[c]):
                        plays.append(act.PLACE[k])
            elif k == WILD:
                for c in range(SLOTS):
                    s = placed[c]
                    if s == EMPTY or (in_turn and s != WILD and VAL[s] != dice[c]):
                        plays.append(act.PLACE_WILD[c])
            elif in_turn and (k != TAKE or self._take_targets(p)):
                plays.append(act.PLAY[k])
        return plays

    def _discard_options(self, p: int, stale_too: bool) -> list[Action]:
        """Hand cards to discard; with ``stale_too``, placed cards the order no longer wants."""
        seen = 0
        options: list[Action] = []
        for k in self.hands[p]:
            if not seen >> k & 1:
                seen |= 1 << k
                options.append(act.DISCARD[k])
        if stale_too:
            options.extend(act.DISCARD_PLACED[c] for c in range(SLOTS) if self.stale(p, c))
        return options

    def _take_targets(self, p: int) -> list[int]:
        return [q for q in range(self.num_players) if q != p and self.hands[q]]

    def _can_challenge(self, p: int) -> bool:
        return self.challenger < 0 and self.tips[p] >= 1

    # ----------------------------------------------------------------- decisions

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        step = self.step
        if step == PLAY:
            plays = self._card_plays(player, in_turn=True)
            options = plays or self._discard_options(player, stale_too=True)
            if self._can_challenge(player):
                options.append(act.CHALLENGE)
            return tuple(options)
        if step == FOLLOW:
            return tuple(self._discard_options(player, stale_too=False))
        if step == SETUP:
            return (*self._card_plays(player, in_turn=False), act.READY)
        if step == TARGET:
            if self.pending == TAKE:
                return tuple(act.TAKE[q] for q in self._take_targets(player))
            return tuple(act.SPILL[q] for q in range(self.num_players) if q != player)
        if self.pending == ROLL:
            return act.ROLL
        dice = self.dice
        return tuple(a for c in range(SLOTS) for v, a in enumerate(act.CHANGE[c]) if v != dice[c])

    def _apply(self, player: int, action: Action) -> None:
        op, arg = act.CODE[action]
        if op == act.OP_DISCARD:
            self._lose(player, arg)
            self.discard.append(arg)
            self.announce(MOVE, "{p:Seat} discard{p:s} {card}.", player, TITLES[arg])
            self._end_turn()
        elif op == act.OP_PLACE or op == act.OP_PLACE_WILD:
            if self.step == SETUP:
                self._put(player, op, arg)
            else:
                self._place(player, op, arg)
        elif op == act.OP_PLAY:
            self._lose(player, arg)
            self.discard.append(arg)
            self.pending = arg
            self.step = DIE if arg in (ROLL, CHANGE) else TARGET
            self.announce(MOVE, "{p:Seat} play{p:s} a {card} card.", player, TITLES[arg])
        elif op == act.OP_TARGET:
            self._target(player, arg)
        elif op == act.OP_ROLL:
            self.pending = EMPTY
            self._set_die(arg, FACES[arg][self.rng.below(6)])
            self.announce(
                CHANCE,
                "{p:Seat} re-roll{p:s} the {die} die and it shows {face}. The order is {order}.",
                player,
                SLOT_TITLES[arg],
                face(arg, self.dice[arg]),
                self.order_name(),
            )
            self._end_turn()
        elif op == act.OP_CHANGE:
            c, v = divmod(arg, act.VALUE_RADIX)
            self.pending = EMPTY
            self._set_die(c, v)
            self.announce(
                MOVE,
                "{p:Seat} change{p:s} the {die} die to {face}. The order is {order}.",
                player,
                SLOT_TITLES[c],
                face(c, v),
                self.order_name(),
            )
            self._end_turn()
        elif op == act.OP_DISCARD_PLACED:
            k = self.placed[player][arg]
            self._set_slot(player, arg, EMPTY, EMPTY)
            self.discard.append(k)
            self.announce(
                REVEAL,
                "{p:Seat} discard{p:s} the {card} from the {slot} slot, "
                "where it no longer matched.",
                player,
                TITLES[k],
                SLOT_TITLES[arg],
            )
            self._end_turn()
        elif op == act.OP_READY:
            ready = self.ready.copy()
            ready[player] = True
            self.ready = ready
            self._advance()
        else:  # OP_CHALLENGE
            self.challenger = player
            self.final_left = self.num_players - 1
            self.announce(
                MOVE,
                "{p:Seat} call{p:s} a Barista Challenge! Every other barista has one final turn.",
                player,
            )

    def _lose(self, p: int, k: int) -> None:
        """``p`` shows a card of kind ``k`` as it leaves the hand; knowledge of it lapses."""
        self.hands[p].remove(k)
        if self.known:
            self.known = [e for e in self.known if e[0] != p or e[2] != k]

    def _lose_face_down(self, p: int, k: int, c: int) -> None:
        """``p`` places ``k`` on slot ``c`` unseen: whoever knew of a card that could be
        the one placed no longer knows whether ``p`` still holds it."""
        self.hands[p].remove(k)
        if self.known:
            want = self.dice[c]
            self.known = [
                e
                for e in self.known
                if e[0] != p or not (e[2] == WILD or (CAT[e[2]] == c and VAL[e[2]] == want))
            ]

    def _put(self, p: int, op: int, arg: int) -> int:
        """Move a card from hand onto the order; returns the card it displaces."""
        k, c = (WILD, arg) if op == act.OP_PLACE_WILD else (arg, CAT[arg])
        replaced = self.placed[p][c]
        self._lose_face_down(p, k, c)
        self._set_slot(p, c, k, self.dice[c])
        self.announce(
            MOVE,
            "{p:Seat} place{p:s} a card face down on the {slot} slot.",
            p,
            SLOT_TITLES[c],
        )
        self.tell(p, MOVE, "You place {card} on your {slot} slot.", TITLES[k], SLOT_TITLES[c])
        return replaced

    def _place(self, p: int, op: int, arg: int) -> None:
        replaced = self._put(p, op, arg)
        if replaced == EMPTY:
            self.step = FOLLOW
            return
        self.discard.append(replaced)
        self.announce(
            REVEAL,
            "{p:Seat} discard{p:s} the {card} that the new card replaces.",
            p,
            TITLES[replaced],
        )
        self._end_turn()

    def _target(self, p: int, q: int) -> None:
        if self.pending == TAKE:
            hand = self.hands[q]
            card = hand[self.rng.below(len(hand))]
            hand.remove(card)
            if self.known:  # only the two seats saw which card moved
                self.known = [
                    e for e in self.known if e[0] != q or (e[1] in (p, q) and e[2] != card)
                ]
            self.hands[p].append(card)
            self.known = [*self.known, (p, q, card)]
            self.announce(
                CHANCE,
                "{p:Seat} take{p:s} a card from {q:seat}, and {q:seat} draw{q:s} a replacement.",
                p,
                q,
            )
            self.tell(
                (p, q),
                REVEAL,
                "{p:Seat} take{p:s} {card} from {q:seat}.",
                p,
                TITLES[card],
                q,
            )
            drawn = self._draw(q)
            self.tell(q, CHANCE, "You draw {card} to replace it.", TITLES[drawn])
            self.pending = EMPTY
            self.step = FOLLOW
            return
        lost = self.hands[q] + [k for k in self.placed[q] if k != EMPTY]
        self.discard.extend(lost)
        self.hands[q] = []
        if self.known:
            self.known = [e for e in self.known if e[0] != q]
        self.placed[q] = [EMPTY] * SLOTS
        self.placed_as[q] = [EMPTY] * SLOTS
        self.announce(
            REVEAL,
            "{p:Seat} spill{p:s} {q:seat's} drink: {cards} go to the discard pile.",
            p,
            q,
            names(lost),
        )
        for _ in range(HAND_SIZE):
            self._draw(q)
        self.tell(q, CHANCE, "You draw {cards}.", names(self.hands[q]))
        self.pending = EMPTY
        self._end_turn()

    # ----------------------------------------------------------------- rounds

    def _perfect(self, p: int) -> bool:
        if self.hands[p]:
            return False
        placed = self.placed[p]
        dice = self.dice
        for c in range(SLOTS):
            k = placed[c]
            if k == EMPTY or (k != WILD and VAL[k] != dice[c]):
                return False
        return True

    def _pay(self, p: int, amount: int, source: int) -> int:
        paid = min(amount, self.jar)
        self.jar -= paid
        self._add_tips(p, paid, source)
        return paid

    def _pay_back(self, p: int) -> None:
        self._add_tips(p, -1, FAILED_CHALLENGES)
        self.jar += 1
        self.announce(RULE, "{p:Seat's} challenge fails: {p:seat} pay{p:s} a tip token back.", p)

    def _perfect_order(self, p: int) -> None:
        self.announce(
            REVEAL,
            "{p:Seat} complete{p:s} the perfect order, {order}!",
            p,
            self.order_name(),
        )
        paid = self._pay(p, PERFECT_TIPS, PERFECT_ORDERS)
        self.announce(RULE, "{p:Seat} receive{p:s} {n:plural:tip token}.", p, paid)
        if self.challenger >= 0 and self.challenger != p:
            self._resolve_challenge()
        else:
            self._end_round()

    def _resolve_challenge(self) -> None:
        """Reveal every hand; the challenger must beat at least one other player.

        A completed order counts as full progress, so another player's perfect
        order beats the challenger, who may still beat a third player.
        """
        ch = self.challenger
        for q in range(self.num_players):
            cards = self.hands[q] + [k for k in self.placed[q] if k != EMPTY]
            self.announce(
                REVEAL,
                "{q:Seat} reveal{q:s} {cards}: {n} of the 4 dice matched.",
                q,
                names(cards),
                self.progress(q),
            )
        mine = self.progress(ch)
        if any(mine > self.progress(q) for q in range(self.num_players) if q != ch):
            paid = self._pay(ch, 1, SUCCESSFUL_CHALLENGES)
            self.announce(RULE, "{p:Seat's} challenge succeeds: {n:plural:tip token}.", ch, paid)
        else:
            self._pay_back(ch)
        self._end_round()

    def _end_round(self) -> None:
        best = max(self.tips)
        if best >= TIPS_TO_WIN:
            winner = self.tips.index(best)
            self.announce(
                END,
                "{p:Seat} {p:has} {n:plural:tip} and win{p:s} the game!",
                winner,
                best,
            )
            self.step = Step.OVER
            return
        if self._turn_limit_reached():
            return
        self.dealer = (self.dealer - 1) % self.num_players
        self.step = Step.DEAL

    def _turn_limit_reached(self) -> bool:
        """The documented end of a game nobody wins: no turn is played past the limit."""
        if self.turns < self.turn_limit:
            return False
        self.announce(END, "The turn limit ({n}) is reached: the game ends.", self.turn_limit)
        self.step = Step.OVER
        return True

    # ----------------------------------------------------------------- illegal

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        step = self.step
        verb = action.verb
        if step == SETUP:
            if verb == "place":
                return "only a card matching an open order die can be placed now", RULE_SETUP
            return (
                f"during setup you may only place matching cards or say ready, not {verb}",
                RULE_SETUP,
            )
        if step == FOLLOW:
            return "you must now discard one card from your hand", RULE_DRINK
        if step == TARGET:
            name = NAMES[self.pending]
            return f"choose an opponent for {name} (with cards in hand, for take)", RULE_ACTION
        if step == DIE:
            if self.pending == CHANGE and verb == "change":
                return "a changed die must show a different value", RULE_ACTION
            return f"choose the die for {NAMES[self.pending]}", RULE_ACTION
        if verb == "challenge":
            if self.challenger >= 0:
                return "a Barista Challenge is already under way", RULE_CHALLENGE
            return "only a barista holding a tip token can call a challenge", RULE_CHALLENGE
        if verb == "discard" and self._card_plays(player, in_turn=True):
            return "you may only discard when you have no play to make", RULE_PLAY
        if verb == "discard":
            return "that card is not yours to discard", RULE_PLAY
        if verb == "place":
            return "the card must be in your hand and match its die, on an open slot", RULE_DRINK
        if verb == "play":
            return (
                "you can only play an action card you hold (take needs a hand to take from)",
                RULE_ACTION,
            )
        return f"{verb} is not a choice at the start of a turn", RULE_PLAY

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.tips)

    def length(self) -> dict[str, int]:
        return {"rounds": self.round_no, "turns": self.turns}

    def score_sources(self, player: int) -> dict[str, float]:
        """A seat's tips by how the rulebook awards them: perfect orders (+2, or what the
        jar still held), successful challenges (+1) and failed ones (-1, paid back).

        Tips the rules did not pay (a position set up by hand) are "other", so the
        values always add up to the score.
        """
        earned = self.earned[player]
        sources = {
            "perfect orders": float(earned[PERFECT_ORDERS]),
            "successful challenges": float(earned[SUCCESSFUL_CHALLENGES]),
            "failed challenges": float(earned[FAILED_CHALLENGES]),
        }
        other = self.tips[player] - sum(earned)
        if other:
            sources["other"] = float(other)
        return sources

    def offers(self) -> dict[str, tuple[int, ...]]:
        """Nothing: no seat ever chooses which card to take. Cards come blind from the
        draw pile (the deal, the draw, a Spill's new cards), Take picks a hidden card at
        random, and the face-up discard pile is never taken from."""
        return {}


BaristaFlow._steps = step_table(
    Step,
    {
        Step.DEAL: BaristaFlow._step_deal,
        Step.SETUP: BaristaFlow._step_setup,
        Step.DRAW: BaristaFlow._step_draw,
        Step.PLAY: BaristaFlow._step_decide,
        Step.FOLLOW: BaristaFlow._step_decide,
        Step.TARGET: BaristaFlow._step_decide,
        Step.DIE: BaristaFlow._step_decide,
        Step.END_TURN: BaristaFlow._step_end_turn,
        Step.OVER: BaristaFlow._step_over,
    },
)
