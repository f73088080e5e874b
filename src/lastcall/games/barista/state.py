"""Barista's rules: the deal, the order dice, turns, action cards and the challenge.

Seats are numbered in the order of play (counterclockwise round the table), so
the next player is seat + 1 and the next dealer, to the dealer's left, is
seat - 1. See docs/rules/barista.md for every interpretation made here.
"""

from __future__ import annotations

from typing import Any

from lastcall.core import Action, Rng, State, mix_seed
from lastcall.games.barista import actions as act
from lastcall.games.barista.content import CONTENT, SLOTS

_C = CONTENT
WILD = _C.wild
ROLL, CHANGE, TAKE, SPILL = _C.roll, _C.change, _C.take, _C.spill
CAT = _C.kind_category
VAL = _C.kind_value
NAMES = _C.kind_names
FACES = _C.die_faces
HAND_SIZE = 4
TIPS_TO_WIN = 5
TIP_JAR = 20
PERFECT_TIPS = 2
EMPTY = -1

# Phases of play.
SETUP, PLAY, FOLLOW, TARGET, DIE, OVER = range(6)
PHASE_NAMES = ("setup", "play", "discard", "target", "die", "over")

RULE_SETUP = "To Begin 6-7"
RULE_PLAY = "How to Play 2"
RULE_DRINK = "How to Play 2: Drink Card"
RULE_ACTION = "The Cards: Action Cards"
RULE_CHALLENGE = "Barista Challenge"


class BaristaState(State):
    """A Barista game in progress."""

    __slots__ = (
        "challenger",
        "current",
        "dealer",
        "deck",
        "dice",
        "discard",
        "final_left",
        "hands",
        "jar",
        "known",
        "pending",
        "phase",
        "placed",
        "placed_as",
        "ready",
        "round_no",
        "tips",
        "turn_limit",
        "turns",
    )

    phase: int
    current: int
    dealer: int
    dice: list[int]
    hands: list[list[int]]
    placed: list[list[int]]
    placed_as: list[list[int]]
    deck: list[int]
    discard: list[int]
    tips: list[int]
    jar: int
    known: list[tuple[int, int, int]]  # (holder, knower, kind): a taken card's victim knows it
    ready: list[bool]
    challenger: int
    final_left: int
    pending: int
    turns: int
    turn_limit: int
    round_no: int

    # ----------------------------------------------------------------- setup

    @classmethod
    def start(cls, game: Any, players: int, seed: int, options: dict[str, Any]) -> BaristaState:
        state = cls.__new__(cls)
        state._init_base(game, players, options, seed)
        state.tips = [0] * players
        state.jar = TIP_JAR
        state.turns = 0
        state.turn_limit = int(options["turn_limit"])
        state.round_no = 0
        state.dealer = 0
        state._new_round()
        return state

    def _new_round(self) -> None:
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
        self.pending = -1
        self.known = []
        self.current = self.dealer
        below = self.rng.below
        self.dice = [FACES[c][below(6)] for c in range(SLOTS)]
        self.say(f"Round {self.round_no}: P{self.dealer} deals and rolls {self.order_name()}.")
        for p in range(n):
            self.say(f"You are dealt {self._names(self.hands[p])}.", p)
        self.ready = [not self._setup_options(p) for p in range(n)]
        self.phase = SETUP
        self._after_setup_step()

    def _setup_options(self, p: int) -> list[Action]:
        """Setup placements: matching cards onto empty slots (To Begin 6-7)."""
        return self._card_plays(p, in_turn=False)

    def _after_setup_step(self) -> None:
        n = self.num_players
        order = [(self.dealer + i) % n for i in range(n)]
        pending = tuple(p for p in order if not self.ready[p])
        if pending:
            self.to_move = pending
            return
        for p in order:
            if self._perfect(p):
                self._perfect_order(p)
                return
        self._start_turn(self.dealer)

    # ----------------------------------------------------------------- turns

    def _draw(self, p: int) -> int:
        deck = self.deck
        if not deck:
            deck.extend(self.discard)
            self.discard.clear()
            self.rng.shuffle(deck)
            self.say("The discard pile is shuffled into a new draw pile.")
        card = deck.pop()
        self.hands[p].append(card)
        return card

    def _start_turn(self, p: int) -> None:
        self.current = p
        card = self._draw(p)
        self.say(f"P{p} draws a card.")
        self.say(f"You draw {NAMES[card]}.", p)
        self.phase = PLAY
        self.to_move = (p,)

    def _stale(self, p: int, c: int) -> bool:
        """A placed card the order no longer wants (its die changed after placing)."""
        k = self.placed[p][c]
        return k != EMPTY and k != WILD and VAL[k] != self.dice[c]

    def _play_options(self, p: int) -> list[Action]:
        """A turn's plays: placements (replacing stale cards too) and action cards."""
        return self._card_plays(p, in_turn=True)

    def _card_plays(self, p: int, in_turn: bool) -> list[Action]:
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
            options.extend(act.DISCARD_PLACED[c] for c in range(SLOTS) if self._stale(p, c))
        return options

    def _take_targets(self, p: int) -> list[int]:
        return [q for q in range(self.num_players) if q != p and self.hands[q]]

    def _can_challenge(self, p: int) -> bool:
        return self.challenger < 0 and self.tips[p] >= 1

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAY:
            plays = self._play_options(player)
            options = plays or self._discard_options(player, stale_too=True)
            if self._can_challenge(player):
                options.append(act.CHALLENGE)
            return tuple(options)
        if phase == FOLLOW:
            return tuple(self._discard_options(player, stale_too=False))
        if phase == SETUP:
            return (*self._setup_options(player), act.READY)
        if phase == TARGET:
            if self.pending == TAKE:
                return tuple(act.TAKE[q] for q in self._take_targets(player))
            return tuple(act.SPILL[q] for q in range(self.num_players) if q != player)
        if phase == DIE:
            if self.pending == ROLL:
                return act.ROLL
            dice = self.dice
            return tuple(
                a for c in range(SLOTS) for v, a in enumerate(act.CHANGE[c]) if v != dice[c]
            )
        return ()

    def _apply(self, player: int, action: Action) -> None:
        op, arg = act.CODE[action]
        if op == act.OP_DISCARD:
            self._lose(player, arg)
            self.discard.append(arg)
            self.say(f"P{player} discards {NAMES[arg]}.")
            self._end_turn()
        elif op == act.OP_PLACE or op == act.OP_PLACE_WILD:
            if self.phase == SETUP:
                self._put(player, op, arg)
                self.ready[player] = not self._setup_options(player)
                self._after_setup_step()
            else:
                self._place(player, op, arg)
        elif op == act.OP_PLAY:
            self._lose(player, arg)
            self.discard.append(arg)
            self.pending = arg
            self.phase = DIE if arg in (ROLL, CHANGE) else TARGET
            self.say(f"P{player} plays {NAMES[arg]}.")
        elif op == act.OP_TARGET:
            self._target(player, arg)
        elif op == act.OP_ROLL:
            self.dice[arg] = FACES[arg][self.rng.below(6)]
            self.say(f"P{player} re-rolls the {_C.categories[arg]} die: {self.order_name()}.")
            self._end_turn()
        elif op == act.OP_CHANGE:
            c, v = divmod(arg, act.VALUE_RADIX)
            self.dice[c] = v
            self.say(f"P{player} changes the {_C.categories[c]} die: {self.order_name()}.")
            self._end_turn()
        elif op == act.OP_DISCARD_PLACED:
            k = self.placed[player][arg]
            self.placed[player][arg] = EMPTY
            self.placed_as[player][arg] = EMPTY
            self.discard.append(k)
            self.say(f"P{player} discards the {NAMES[k]} placed for {_C.categories[arg]}.")
            self._end_turn()
        elif op == act.OP_READY:
            self.ready[player] = True
            self._after_setup_step()
        else:  # OP_CHALLENGE
            self.challenger = player
            self.final_left = self.num_players - 1
            self.say(f"P{player} calls a Barista Challenge!")

    def _lose(self, p: int, k: int) -> None:
        """``p`` gives up a card of kind ``k`` from hand; what others knew of it lapses."""
        self.hands[p].remove(k)
        if self.known:
            self.known = [e for e in self.known if e[0] != p or e[2] != k]

    def _put(self, p: int, op: int, arg: int) -> int:
        """Move a card from hand onto the order; returns the card it displaces."""
        k, c = (WILD, arg) if op == act.OP_PLACE_WILD else (arg, CAT[arg])
        replaced = self.placed[p][c]
        self._lose(p, k)
        self.placed[p][c] = k
        self.placed_as[p][c] = self.dice[c]
        self.say(f"P{p} places a card for {_C.categories[c]}.")
        self.say(f"You place {NAMES[k]} for {_C.categories[c]}.", p)
        return replaced

    def _place(self, p: int, op: int, arg: int) -> None:
        replaced = self._put(p, op, arg)
        if replaced == EMPTY:
            self.phase = FOLLOW
            return
        self.discard.append(replaced)
        self.say(f"P{p} discards the {NAMES[replaced]} it replaces.")
        self._end_turn()

    def _target(self, p: int, q: int) -> None:
        if self.pending == TAKE:
            hand = self.hands[q]
            card = hand[self.rng.below(len(hand))]
            self._lose(q, card)
            self.hands[p].append(card)
            self.known.append((p, q, card))
            self.say(f"P{p} takes a card from P{q}, who draws a replacement.")
            self.say(f"P{p} takes {NAMES[card]} from P{q}.", (p, q))
            drawn = self._draw(q)
            self.say(f"You draw {NAMES[drawn]} to replace it.", q)
            self.pending = -1
            self.phase = FOLLOW
            return
        lost = self.hands[q] + [k for k in self.placed[q] if k != EMPTY]
        self.discard.extend(lost)
        self.hands[q] = []
        if self.known:
            self.known = [e for e in self.known if e[0] != q]
        self.placed[q] = [EMPTY] * SLOTS
        self.placed_as[q] = [EMPTY] * SLOTS
        self.say(f"P{p} spills P{q}'s drink: {self._names(lost)} go to the discard pile.")
        for _ in range(HAND_SIZE):
            self._draw(q)
        self.say(f"You draw {self._names(self.hands[q])}.", q)
        self.pending = -1
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        n = self.num_players
        p = self.current
        for i in range(n):
            q = (p + i) % n
            if self._perfect(q):
                self._perfect_order(q)
                return
        if self.challenger >= 0:
            if p != self.challenger:
                self.final_left -= 1
            if self.final_left == 0:
                self._resolve_challenge()
                return
        if self.turns >= self.turn_limit:
            self.say(f"The turn limit ({self.turn_limit}) is reached: the game ends.")
            self._finish()
            return
        self._start_turn((p + 1) % n)

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

    def progress(self, p: int) -> int:
        """How many elements of the order this seat's four cards can fill together."""
        dice = self.dice
        matched = 0
        wilds = 0
        for k in (*self.hands[p], *self.placed[p]):
            if k == WILD:
                wilds += 1
            elif 0 <= k < WILD and VAL[k] == dice[CAT[k]]:
                matched |= 1 << CAT[k]
        return min(SLOTS, matched.bit_count() + wilds)

    def _pay(self, p: int, amount: int) -> int:
        paid = min(amount, self.jar)
        self.jar -= paid
        self.tips[p] += paid
        return paid

    def _perfect_order(self, p: int) -> None:
        self.say(f"P{p} completes the perfect order, {self.order_name()}!")
        paid = self._pay(p, PERFECT_TIPS)
        self.say(f"P{p} receives {paid} tip token{'s' if paid != 1 else ''}.")
        ch = self.challenger
        if ch >= 0 and ch != p:
            self.tips[ch] -= 1
            self.jar += 1
            self.say(f"P{ch}'s challenge fails: P{ch} pays a tip token back.")
        self._end_round()

    def _resolve_challenge(self) -> None:
        ch = self.challenger
        for q in range(self.num_players):
            cards = self._names(self.hands[q] + [k for k in self.placed[q] if k != EMPTY])
            self.say(f"P{q} reveals {cards}: {self.progress(q)} of 4.")
        mine = self.progress(ch)
        if any(mine > self.progress(q) for q in range(self.num_players) if q != ch):
            paid = self._pay(ch, 1)
            self.say(f"P{ch}'s challenge succeeds: {paid} tip token.")
        else:
            self.tips[ch] -= 1
            self.jar += 1
            self.say(f"P{ch}'s challenge fails: P{ch} pays a tip token back.")
        self._end_round()

    def _end_round(self) -> None:
        if max(self.tips) >= TIPS_TO_WIN:
            winner = self.tips.index(max(self.tips))
            self.say(f"P{winner} has {self.tips[winner]} tips and wins the game!")
            self._finish()
            return
        self.dealer = (self.dealer - 1) % self.num_players
        self._new_round()

    def _finish(self) -> None:
        self.phase = OVER
        self.to_move = ()

    # ----------------------------------------------------------------- illegal

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        phase = self.phase
        verb = action.verb
        if phase == SETUP:
            if verb == "place":
                return "only a card matching an open order die can be placed now", RULE_SETUP
            return f"during setup you may only place matching cards or say ready, not {verb}", (
                RULE_SETUP
            )
        if phase == FOLLOW:
            return "you must now discard one card from your hand", RULE_DRINK
        if phase == TARGET:
            name = NAMES[self.pending]
            return f"choose an opponent for {name} (with cards in hand, for take)", RULE_ACTION
        if phase == DIE:
            if self.pending == CHANGE and verb == "change":
                return "a changed die must show a different value", RULE_ACTION
            return f"choose the die for {NAMES[self.pending]}", RULE_ACTION
        # PLAY
        if verb == "challenge":
            if self.challenger >= 0:
                return "a Barista Challenge is already under way", RULE_CHALLENGE
            return "only a barista holding a tip token can call a challenge", RULE_CHALLENGE
        if verb == "discard" and self._play_options(player):
            return "you may only discard when you have no play to make", RULE_PLAY
        if verb == "discard":
            return "that card is not yours to discard", RULE_PLAY
        if verb == "place":
            return "the card must be in your hand and match its die, on an open slot", RULE_DRINK
        if verb == "play":
            return "you can only play an action card you hold (take needs a hand to take from)", (
                RULE_ACTION
            )
        return f"{verb} is not a choice at the start of a turn", RULE_PLAY

    # ----------------------------------------------------------------- copies

    def clone(self) -> BaristaState:
        c = BaristaState.__new__(BaristaState)
        self._copy_base(c)
        c.phase = self.phase
        c.current = self.current
        c.dealer = self.dealer
        c.dice = self.dice[:]
        c.hands = [h[:] for h in self.hands]
        c.placed = [s[:] for s in self.placed]
        c.placed_as = [s[:] for s in self.placed_as]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.tips = self.tips[:]
        c.jar = self.jar
        c.known = self.known[:]
        c.ready = self.ready[:]
        c.challenger = self.challenger
        c.final_left = self.final_left
        c.pending = self.pending
        c.turns = self.turns
        c.turn_limit = self.turn_limit
        c.round_no = self.round_no
        return c

    def determinize(self, player: int, seed: int) -> BaristaState:
        """Re-deal what ``player`` cannot see: other hands, their face-down cards, the deck.

        A face-down card was placed on a slot when its die showed some value,
        so it is re-dealt as a card of that value or a wild.
        """
        c = self.clone()
        c.rng = Rng(mix_seed(seed, player))
        pool = list(self.deck)
        others = [q for q in range(self.num_players) if q != player]
        for q in others:
            pool.extend(self.hands[q])
            pool.extend(k for k in self.placed[q] if k != EMPTY)
        c.rng.shuffle(pool)
        if not self._redeal_placed(c, others, pool):
            # No consistent re-deal was found by the random pass; the true
            # placement is always consistent, so keep it and re-deal the rest.
            c.placed = [s[:] for s in self.placed]
            pool = list(self.deck)
            for q in others:
                pool.extend(self.hands[q])
            c.rng.shuffle(pool)
        for q in others:
            c.hands[q] = []
        for holder, knower, kind in self.known:
            if knower == player and holder != player and kind in pool:
                pool.remove(kind)
                c.hands[holder].append(kind)
        for q in others:
            hand = c.hands[q]
            size = len(self.hands[q]) - len(hand)
            if size:
                hand.extend(pool[-size:])
                del pool[-size:]
        c.deck = pool
        c._legal = None
        return c

    def _redeal_placed(self, copy: BaristaState, others: list[int], pool: list[int]) -> bool:
        """Fill others' face-down slots from ``pool`` (removing what is used)."""
        slots = [(q, s) for q in others for s in range(SLOTS) if self.placed[q][s] != EMPTY]
        for q, s in slots:
            want = self.placed_as[q][s]
            for i in range(len(pool) - 1, -1, -1):
                k = pool[i]
                if k == WILD or (k < WILD and CAT[k] == s and VAL[k] == want):
                    copy.placed[q][s] = pool.pop(i)
                    break
            else:
                return False
        return True

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.tips)

    def evaluate(self, player: int) -> float:
        """Tips, plus the order's progress valued at a share of the two-tip prize."""
        if self.is_over:
            return super().evaluate(player)
        strength = [t + 0.45 * self.progress(q) + 0.5 for q, t in enumerate(self.tips)]
        return strength[player] / sum(strength)

    # ----------------------------------------------------------------- views

    def order_name(self) -> str:
        return " ".join(_C.values[c][self.dice[c]].capitalize() for c in range(SLOTS))

    def _names(self, kinds: list[int]) -> str:
        return ", ".join(NAMES[k] for k in kinds) if kinds else "nothing"

    def view(self, player: int | None) -> dict[str, Any]:
        order = {_C.categories[c]: _C.values[c][self.dice[c]] for c in range(SLOTS)}
        seats = []
        for q in range(self.num_players):
            seat: dict[str, Any] = {
                "seat": q,
                "tips": self.tips[q],
                "hand_size": len(self.hands[q]),
                "placed_slots": [
                    _C.categories[c] for c in range(SLOTS) if self.placed[q][c] != EMPTY
                ],
            }
            if q == player:
                seat["hand"] = sorted(NAMES[k] for k in self.hands[q])
                seat["placed"] = {
                    _C.categories[c]: NAMES[k] for c, k in enumerate(self.placed[q]) if k != EMPTY
                }
                seat["stale_slots"] = [_C.categories[c] for c in range(SLOTS) if self._stale(q, c)]
            seats.append(seat)
        view: dict[str, Any] = {
            "game": "barista",
            "viewer": player,
            "round": self.round_no,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "dealer": self.dealer,
            "current": self.current,
            "phase": PHASE_NAMES[self.phase],
            "to_move": list(self.to_move),
            "order": order,
            "order_name": self.order_name(),
            "draw_pile": len(self.deck),
            "discard_pile": [NAMES[k] for k in self.discard],
            "tip_jar": self.jar,
            "seats": seats,
            "challenge": None
            if self.challenger < 0
            else {"challenger": self.challenger, "final_turns_left": self.final_left},
            "pending": None if self.pending < 0 else NAMES[self.pending],
        }
        if self.phase == SETUP:
            view["ready"] = list(self.ready)
        return view
