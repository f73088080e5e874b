"""Bartender positions: the turn sequence, the out-of-turn answers, and what each seat sees.

Bars are kept canonically. Customers are interchangeable (their number is
ignored) and the owner may re-pair at any time, so a bar's happy customers are
``min(bartenders, customers)``; only shovels and sideways marks tell one
bartender from another. Every choice is a short decision: the action and its
target, then the card; the answering player's keep, block or bid.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from lastcall.core import Action, Kind, Rng, State
from lastcall.games.bartender.cards import BARTENDER, COIN, CUSTOMER, DECK, RAIDER, SHOVEL

NAME = DECK.names
KIND = DECK.kinds
VALUE = DECK.values
FACE = DECK.face_of
FACES = DECK.faces
NUM_BARTENDERS = len(DECK.bartenders)
HAND_LIMIT = 7
MAX_SEATS = 5
IDLE_ROUNDS = 10
"""Rounds without a single coin banked after which the bar closes (the game ends)."""

ACTION, CARD, DEFEND, AUCTION, BANK, DISCARD, OVER = range(7)
PHASES = ("action", "card", "defence", "auction", "bank", "discard", "over")
ADVERTISE, RAID, DIG, BID = range(4)
PENDING = ("advertise", "raid", "dig", "bid")

# Actions, built once: the hot paths only look them up.
SKIP = Action("skip")
PASS = Action("pass")
DONE = Action("done")
ADVERTISE_AT = tuple(Action("advertise", s) for s in range(MAX_SEATS))
RAID_ON = tuple(
    tuple(Action("raid", s, NAME[b]) for b in range(NUM_BARTENDERS)) for s in range(MAX_SEATS)
)
DIG_ON = tuple(Action("dig", NAME[b]) for b in range(NUM_BARTENDERS))
BID_ON = tuple(Action("bid", NAME[b]) for b in range(NUM_BARTENDERS))
PLAY = tuple(Action("play", f) for f in FACES)
KEEP = tuple(Action("keep", f) for f in FACES)
BLOCK = tuple(Action("block", f) for f in FACES)
OFFER = tuple(Action("offer", f) for f in FACES)
BANK_F = tuple(Action("bank", f) for f in FACES)
DISCARD_F = tuple(Action("discard", f) for f in FACES)

BARTENDER_ID = {NAME[b]: b for b in range(NUM_BARTENDERS)}
FACE_ID = {f: i for i, f in enumerate(FACES)}


def _faces_of(kinds: tuple[int, ...]) -> list[str]:
    return list(dict.fromkeys(NAME[c] for c in range(len(NAME)) if KIND[c] in kinds))


def action_space(players: int) -> tuple[Action, ...]:
    """Every action at ``players`` seats, in the documented order (docs/rules/bartender.md)."""
    return (
        SKIP,
        PASS,
        DONE,
        *ADVERTISE_AT[:players],
        *(a for row in RAID_ON[:players] for a in row),
        *DIG_ON,
        *BID_ON,
        *(PLAY[FACE_ID[f]] for f in _faces_of((COIN, RAIDER, SHOVEL))),
        *(KEEP[FACE_ID[f]] for f in _faces_of((COIN,))),
        *(BLOCK[FACE_ID[f]] for f in _faces_of((RAIDER,))),
        *(OFFER[FACE_ID[f]] for f in _faces_of((COIN, RAIDER))),
        *(BANK_F[FACE_ID[f]] for f in _faces_of((COIN,))),
        *(DISCARD_F[FACE_ID[f]] for f in _faces_of((COIN, RAIDER, SHOVEL))),
    )


ALL_ACTIONS: frozenset[Action] = frozenset(action_space(MAX_SEATS))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(NAME[c] for c in cards) or "nothing"


class BartenderState(State):
    """A Bartender position; every field is plain data (cards are ints, see ``cards.py``)."""

    __slots__ = (
        "auction",
        "bank",
        "bars",
        "coin_deck",
        "coin_discard",
        "current",
        "customers",
        "deck",
        "discard",
        "fresh",
        "hands",
        "idle",
        "market",
        "pending",
        "phase",
        "shovel",
        "sideways",
        "sideways_customers",
        "target",
        "turn",
    )

    phase: int
    current: int
    turn: int
    target: int
    idle: int
    hands: list[tuple[int, ...]]
    bars: list[tuple[int, ...]]
    customers: list[tuple[int, ...]]
    shovel: list[int]
    fresh: list[int]
    """Per bartender: 1 if it joined its bar since its owner's last step 5."""
    sideways: list[int]
    sideways_customers: list[int]
    market: list[int]
    deck: list[int]
    discard: list[int]
    coin_deck: list[int]
    coin_discard: list[int]
    bank: list[int]
    pending: tuple[int, ...]
    auction: tuple[int, ...]

    # ----------------------------------------------------------------- setup

    def setup(self, players: int, options: dict[str, Any]) -> None:
        """Shuffle both decks, deal five, play bar cards, find the first player."""
        n = players
        self.turn = 0
        self.target = DECK.targets[n]
        self.idle = 0
        self.hands = [()] * n
        self.bars = [()] * n
        self.customers = [()] * n
        self.shovel = [-1] * NUM_BARTENDERS
        self.fresh = [0] * NUM_BARTENDERS
        self.sideways = [0] * NUM_BARTENDERS
        self.sideways_customers = [0] * n
        self.market = []
        self.discard = []
        self.coin_discard = []
        self.bank = [0] * n
        self.pending = ()
        self.auction = ()
        self.phase = ACTION
        self.current = 0
        self.deck = DECK.main_deck(n, int(options["extra_heart_aces"]))
        self.coin_deck = DECK.coin_deck(int(options["coin_sets"]))
        self.rng.shuffle(self.deck)
        self.rng.shuffle(self.coin_deck)
        if n == 3:
            self._say("3 players: kc, qc, jc, 2h and 3h are out of the main deck")
        for _ in range(5):
            for p in range(n):
                card = self.deck.pop()
                self._receive(p, card)
        for p in range(n):
            self._say(f"P{p} is dealt {cards_text(self.hands[p])}", p)
            self._say(
                f"P{p} is dealt {len(self.hands[p])} hand cards; bar: "
                f"{cards_text(self.bars[p])} | {cards_text(self.customers[p])}"
            )
        first = self._first_player()
        self._start_turn(first)

    def _first_player(self) -> int:
        """Fewest happy customers, then fewest customers, then the lowest cut."""
        keys = [
            (min(len(self.bars[p]), len(self.customers[p])), len(self.customers[p]))
            for p in range(self.num_players)
        ]
        best = min(keys)
        tied = [p for p in range(self.num_players) if keys[p] == best]
        while len(tied) > 1:
            revealed = [self.deck.pop(self.rng.below(len(self.deck))) for _ in tied]
            ranks = [DECK.cut_ranks[c] for c in revealed]
            self._say(
                "Cut for first player: "
                + ", ".join(f"P{p} {NAME[c]}" for p, c in zip(tied, revealed, strict=True))
            )
            low = min(ranks)
            tied = [p for p, r in zip(tied, ranks, strict=True) if r == low]
            self.deck.extend(revealed)
            self.rng.shuffle(self.deck)
        self._say(f"P{tied[0]} goes first")
        return tied[0]

    def _say(self, text: str, audience: int | None = None, kind: Kind = Kind.CHANCE) -> None:
        """Log an event; every Bartender event counts as chance, so nothing is undone past it."""
        if audience is None:
            self.announce(kind, "{text}", text)
        else:
            self.tell(audience, kind, "{text}", text)

    # ----------------------------------------------------------------- card movement

    def _receive(self, p: int, card: int) -> bool:
        """A drawn card: bartenders and customers go straight to the bar (True)."""
        kind = KIND[card]
        if kind == BARTENDER:
            self.bars[p] += (card,)
            self.fresh[card] = 1
            return True
        if kind == CUSTOMER:
            self.customers[p] += (card,)
            return True
        self.hands[p] += (card,)
        return False

    def _draw_main(self) -> int:
        deck = self.deck
        if not deck:
            if not self.discard:
                return -1
            self.deck = deck = self.discard
            self.discard = []
            self.rng.shuffle(deck)
            self._say(f"The main discard pile is shuffled into a new deck of {len(deck)}")
        return deck.pop()

    def _draw_coin(self) -> int:
        deck = self.coin_deck
        if not deck:
            if not self.coin_discard:
                return -1
            self.coin_deck = deck = self.coin_discard
            self.coin_discard = []
            self.rng.shuffle(deck)
            self._say(f"The coin discard pile is shuffled into a new coin deck of {len(deck)}")
        return deck.pop()

    def _throw(self, card: int) -> None:
        """Discard a card to its pile (coins have their own)."""
        if KIND[card] == COIN:
            self.coin_discard.append(card)
        else:
            self.discard.append(card)

    def _take(self, p: int, face: int) -> int:
        """Remove a card with this face from a hand (equal faces are interchangeable)."""
        hand = self.hands[p]
        for i, card in enumerate(hand):
            if FACE[card] == face:
                self.hands[p] = hand[:i] + hand[i + 1 :]
                return card
        raise AssertionError("a legal action names a card in hand")

    def _lose_bartender(self, owner: int, b: int) -> None:
        """A bartender leaves its bar for the market square; its shovel is discarded."""
        bar = self.bars[owner]
        i = bar.index(b)
        self.bars[owner] = bar[:i] + bar[i + 1 :]
        self.sideways[b] = 0
        self.fresh[b] = 0
        sh = self.shovel[b]
        if sh >= 0:
            self.shovel[b] = -1
            self.discard.append(sh)
            self._say(f"{NAME[sh]} leaves with {NAME[b]} and is discarded")
        self.market.append(b)

    def _keep_order(self, p: int) -> list[int]:
        """P's bartenders, the one it would least keep paired first.

        Unshoveled before dug-in (lowest shovel first), latest arrival first:
        the owner protects its investment and its oldest bar.
        """
        bar = self.bars[p]
        shovel = self.shovel
        order = sorted(
            range(len(bar)),
            key=lambda i: (VALUE[shovel[bar[i]]] if shovel[bar[i]] >= 0 else 0, -i),
        )
        return [bar[i] for i in order]

    # ----------------------------------------------------------------- turn sequence

    def _start_turn(self, p: int) -> None:
        self.turn += 1
        self.current = p
        self._say(f"Turn {self.turn}: P{p}")
        self._sideways_check(p, self._draw_step(p))
        self.phase = ACTION
        self.to_move = (p,)

    def _draw_step(self, p: int) -> int:
        """Coins for happy customers up to a hand of 7, then main cards until 7 drawn.

        Returns how many customers were drawn: the sideways check must tell them
        from the customers that were already on the bar.
        """
        happy = min(len(self.bars[p]), len(self.customers[p]))
        room = HAND_LIMIT - len(self.hands[p])
        coins: list[int] = []
        for _ in range(min(happy, room)):
            coin = self._draw_coin()
            if coin < 0:
                break
            coins.append(coin)
        if coins:
            self.hands[p] += tuple(coins)
        hands = self.hands
        to_bar: list[int] = []
        to_hand: list[int] = []
        while len(hands[p]) + len(to_bar) < HAND_LIMIT:
            card = self._draw_main()
            if card < 0:
                break
            if self._receive(p, card):
                to_bar.append(card)
            else:
                to_hand.append(card)
        if coins or to_hand:
            self._say(f"P{p} draws {cards_text(coins + to_hand)}", p)
        self._say(
            f"P{p} draws {_count(len(coins), 'coin')} and "
            f"{_count(len(to_bar) + len(to_hand), 'card')}"
            + (f"; to the bar: {cards_text(to_bar)}" if to_bar else "")
        )
        return sum(1 for c in to_bar if KIND[c] == CUSTOMER)

    def _sideways_check(self, p: int, new_customers: int) -> None:
        """Sideways cards still unpaired after the draw leave: customers discarded,
        bartenders to the market.

        A sideways card is saved only by a partner the bar has gained since (or
        one freed by a departure). The cards that were happy keep their partners
        and the sideways ones are paired before the newcomers of their kind, so
        as many sideways cards leave as the bar's older cards of that kind
        outnumber its partners. Re-pairing cannot pass the risk on to a card that
        was happy, nor on to one that has just arrived.
        """
        flags = self.sideways
        turned = [b for b in self._keep_order(p) if flags[b]]
        if turned:
            for b in turned:
                flags[b] = 0
            bar = self.bars[p]
            older = len(bar) - sum(self.fresh[b] for b in bar)
            unpaired = older - len(self.customers[p])
            for b in turned[: max(0, unpaired)]:
                self._say(f"P{p}'s sideways {NAME[b]} is still unpaired and goes to the market")
                self._lose_bartender(p, b)
        count = self.sideways_customers[p]
        if count:
            self.sideways_customers[p] = 0
            customers = self.customers[p]
            leaving = min(count, len(customers) - new_customers - len(self.bars[p]))
            if leaving > 0:
                self.customers[p] = customers[:-leaving]
                self.discard.extend(customers[-leaving:])
                self._say(
                    f"P{p}'s sideways customers {cards_text(customers[-leaving:])} "
                    "are still unpaired: discarded"
                )

    def _after_action(self) -> None:
        """Step 2 is over: the current player banks, then discards."""
        p = self.current
        self.pending = ()
        self.to_move = (p,)
        self.phase = BANK if self.hands[p] else DISCARD
        if not self.hands[p]:
            self._end_turn()

    def _end_turn(self) -> None:
        """Step 5, then the next turn (or closing time)."""
        p = self.current
        self.idle += 1
        for b in self.bars[p]:
            self.fresh[b] = 0
        unpaired = len(self.bars[p]) - len(self.customers[p])
        if unpaired > 0:
            turned = self._keep_order(p)[:unpaired]
            for b in turned:
                self.sideways[b] = 1
            self._say(f"P{p} turns {cards_text(turned)} sideways")
        elif unpaired < 0:
            self.sideways_customers[p] = -unpaired
            self._say(f"P{p} turns {-unpaired} customer(s) sideways")
        if self.idle >= IDLE_ROUNDS * self.num_players:
            self.phase = OVER
            self.to_move = ()
            self._say(
                f"Closing time: {IDLE_ROUNDS} rounds without a coin banked; the game ends",
                kind=Kind.END,
            )
            return
        self._start_turn((p + 1) % self.num_players)

    # ----------------------------------------------------------------- decisions

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        phase = self.phase
        hand = self.hands[player]
        if phase == ACTION:
            return self._action_choices(player)
        if phase == CARD:
            kind = self.pending[0]
            if kind == DIG:
                sh = self.shovel[self.pending[2]]
                floor = VALUE[sh] if sh >= 0 else 0
                return _unique(PLAY, hand, SHOVEL, -1, floor)
            if kind == ADVERTISE:
                return _unique(PLAY, hand, COIN, -1, 0)
            if kind == RAID:
                return _unique(PLAY, hand, RAIDER, -1, 0)
            return _unique(PLAY, hand, COIN, RAIDER, 0)
        if phase == DEFEND:
            floor = VALUE[self.pending[3]] - 1
            if self.pending[0] == ADVERTISE:
                return (PASS, *_unique(KEEP, hand, COIN, -1, floor))
            return (PASS, *_unique(BLOCK, hand, RAIDER, -1, floor))
        if phase == AUCTION:
            return (PASS, *_unique(OFFER, hand, COIN, RAIDER, VALUE[self.auction[1]]))
        if phase == BANK:
            return (DONE, *_unique(BANK_F, hand, COIN, -1, 0))
        return (DONE, *dict.fromkeys([DISCARD_F[FACE[c]] for c in hand]))

    def _action_choices(self, p: int) -> tuple[Action, ...]:
        coin = raider = False
        best_shovel = 0
        for c in self.hands[p]:
            k = KIND[c]
            if k == COIN:
                coin = True
            elif k == RAIDER:
                raider = True
            elif VALUE[c] > best_shovel:
                best_shovel = VALUE[c]
        out = [SKIP]
        if coin or raider:
            for s in range(self.num_players):
                if s == p:
                    continue
                if coin and self.customers[s]:
                    out.append(ADVERTISE_AT[s])
                if raider:
                    row = RAID_ON[s]
                    out.extend([row[b] for b in self.bars[s]])
            out.extend([BID_ON[b] for b in self.market])
        if best_shovel:
            shovel = self.shovel
            for b in self.bars[p]:
                sh = shovel[b]
                if sh < 0 or VALUE[sh] < best_shovel:
                    out.append(DIG_ON[b])
        return tuple(out)

    def _apply(self, player: int, action: Action) -> None:
        phase = self.phase
        verb = action[0]
        if phase == ACTION:
            if verb == "skip":
                self._say(f"P{player} takes no action")
                self._after_action()
            elif verb == "advertise":
                self.pending = (ADVERTISE, int(action[1]), -1, -1)
                self.phase = CARD
            elif verb == "raid":
                self.pending = (RAID, int(action[1]), BARTENDER_ID[str(action[2])], -1)
                self.phase = CARD
            elif verb == "dig":
                self.pending = (DIG, player, BARTENDER_ID[str(action[1])], -1)
                self.phase = CARD
            else:
                self.pending = (BID, -1, BARTENDER_ID[str(action[1])], -1)
                self.phase = CARD
        elif phase == CARD:
            self._play(player, self._take(player, FACE_ID[str(action[1])]))
        elif phase == DEFEND:
            self._defend(player, action)
        elif phase == AUCTION:
            self._bid(player, action)
        elif phase == BANK:
            if verb == "done":
                self.phase = DISCARD
            else:
                coin = self._take(player, FACE_ID[str(action[1])])
                self.bank[player] += VALUE[coin]
                self.coin_discard.append(coin)
                self.idle = -1  # the end of this turn brings it to 0
                self._say(f"P{player} banks {NAME[coin]}: {self.bank[player]} banked")
                if self.bank[player] >= self.target:
                    self.phase = OVER
                    self.to_move = ()
                    self._say(f"P{player} reaches {self.target} and wins", kind=Kind.END)
                    return
            if not self.hands[player]:
                self._end_turn()
        elif verb == "done":
            self._end_turn()
        else:
            card = self._take(player, FACE_ID[str(action[1])])
            self._throw(card)
            self._say(f"P{player} discards {NAME[card]}")
            if not self.hands[player]:
                self._end_turn()

    def _play(self, p: int, card: int) -> None:
        """The card for the chosen action is on the table."""
        kind, target, b, _ = self.pending
        if kind == ADVERTISE:
            self.pending = (ADVERTISE, target, -1, card)
            self.phase = DEFEND
            self.to_move = (target,)
            self._say(f"P{p} advertises to P{target}'s customer with {NAME[card]}")
        elif kind == RAID:
            self._say(f"P{p} raids P{target}'s {NAME[b]} with {NAME[card]}")
            sh = self.shovel[b]
            if sh >= 0:
                if VALUE[card] <= VALUE[sh]:
                    self.discard.append(card)
                    self._say(f"{NAME[b]} is dug in with {NAME[sh]}: the raid fails")
                    self._after_action()
                    return
                self.shovel[b] = -1
                self.discard.append(sh)
                self._say(f"{NAME[card]} beats the shovel {NAME[sh]}, which is discarded")
            self.pending = (RAID, target, b, card)
            self.phase = DEFEND
            self.to_move = (target,)
        elif kind == DIG:
            old = self.shovel[b]
            self.shovel[b] = card
            if old >= 0:
                self.discard.append(old)
                self._say(f"P{p} replaces {NAME[old]} on {NAME[b]} with {NAME[card]}")
            else:
                self._say(f"P{p} digs in {NAME[b]} with {NAME[card]}")
            self._after_action()
        else:
            self._throw(card)
            self._say(f"P{p} starts a bid on {NAME[b]} with {NAME[card]}")
            self._next_bidder(b, card, p, p, 0)

    def _next_bidder(self, b: int, high: int, bidder: int, last: int, passes: int) -> None:
        if passes == self.num_players - 1:
            self.market.remove(b)
            self.bars[bidder] += (b,)
            self.fresh[b] = 1
            self.auction = ()
            self._say(f"P{bidder} wins {NAME[b]} with {NAME[high]}")
            self._after_action()
            return
        nxt = (last + 1) % self.num_players
        self.auction = (b, high, bidder, passes)
        self.phase = AUCTION
        self.to_move = (nxt,)

    def _bid(self, p: int, action: Action) -> None:
        b, high, bidder, passes = self.auction
        if action[0] == "pass":
            self._say(f"P{p} passes")
            self._next_bidder(b, high, bidder, p, passes + 1)
            return
        card = self._take(p, FACE_ID[str(action[1])])
        self._throw(card)
        self._say(f"P{p} bids {NAME[card]}")
        self._next_bidder(b, card, p, p, 0)

    def _defend(self, p: int, action: Action) -> None:
        kind, _, b, card = self.pending
        attacker = self.current
        if kind == ADVERTISE:
            self.coin_discard.append(card)
            if action[0] == "keep":
                mine = self._take(p, FACE_ID[str(action[1])])
                self.coin_discard.append(mine)
                self._say(f"P{p} keeps the customer with {NAME[mine]}")
            else:
                customers = self.customers[p]
                if self.sideways_customers[p]:
                    self.sideways_customers[p] -= 1
                won = customers[-1]
                self.customers[p] = customers[:-1]
                self.customers[attacker] += (won,)
                self._say(f"P{p} lets {NAME[won]} go to P{attacker}'s bar")
        else:
            self.discard.append(card)
            if action[0] == "block":
                mine = self._take(p, FACE_ID[str(action[1])])
                self.discard.append(mine)
                self._say(f"P{p} blocks the raid with {NAME[mine]}")
            else:
                self._say(f"P{p} lets the raid through: {NAME[b]} goes to the market")
                self._lose_bartender(p, b)
        self._after_action()

    # ----------------------------------------------------------------- explanations

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        verb = action[0]
        phase = self.phase
        step = {
            ACTION: ("take one action or skip", "Taking a Turn"),
            CARD: ("choose the card for your action", "Taking a Turn"),
            DEFEND: (
                "answer the attack (keep, block or pass)",
                "Raiders" if self.pending and self.pending[0] == RAID else "Coins and Advertising",
            ),
            AUCTION: ("offer a higher card or pass", "Bidding"),
            BANK: ("bank coins or be done", "Taking a Turn"),
            DISCARD: ("discard cards or be done", "Taking a Turn"),
        }[phase]
        if verb == "discard" and phase != DISCARD:
            return ("you may discard only in step 4 of your own turn", "Taking a Turn")
        expected = {
            ACTION: ("skip", "advertise", "raid", "dig", "bid"),
            CARD: ("play",),
            DEFEND: ("pass", "keep", "block"),
            AUCTION: ("pass", "offer"),
            BANK: ("bank", "done"),
            DISCARD: ("discard", "done"),
        }[phase]
        if verb not in expected:
            return (f"now is the time to {step[0]}", step[1])
        if phase == ACTION:
            return self._explain_action(player, action)
        face = str(action[1]) if len(action) > 1 else ""
        held = any(NAME[c] == face for c in self.hands[player])
        if not held:
            return (f"you hold no {face}", "Taking a Turn")
        if phase == CARD:
            kind = self.pending[0]
            if kind == DIG:
                return ("a shovel can be replaced only by a higher one", "Shovels and Digging In")
            need = ("a coin", "a raider", "a shovel", "a coin or a raider")[kind]
            return (f"{PENDING[kind]} needs {need}", "Taking a Turn")
        if phase == DEFEND:
            if self.pending[0] == ADVERTISE:
                if verb != "keep":
                    return ("an advertised customer is kept with a coin", "Coins and Advertising")
                return ("keeping needs a coin of equal or higher value", "Coins and Advertising")
            if verb != "block":
                return ("a raid is blocked with a raider", "Raiders")
            return ("blocking needs a raider of equal or higher value", "Raiders")
        if phase == AUCTION:
            return ("each bid must beat the one before it with a coin or raider", "Bidding")
        return ("only coins are banked", "Taking a Turn")

    def _explain_action(self, p: int, action: Action) -> tuple[str, str]:
        verb = action[0]
        kinds = {KIND[c] for c in self.hands[p]}
        if verb == "advertise":
            s = int(action[1])
            if s == p or s >= self.num_players:
                return ("advertise to another player's customer", "Coins and Advertising")
            if COIN not in kinds:
                return ("advertising needs a coin in hand", "Coins and Advertising")
            return (f"P{s} has no customer", "Coins and Advertising")
        if verb == "raid":
            s = int(action[1])
            if s == p or s >= self.num_players:
                return ("raid another player's bartender", "Raiders")
            if RAIDER not in kinds:
                return ("raiding needs a raider in hand", "Raiders")
            return (f"{action[2]} is not on P{s}'s bar", "Raiders")
        if verb == "dig":
            b = BARTENDER_ID[str(action[1])]
            if b not in self.bars[p]:
                return ("dig in only on a bartender on your own bar", "Shovels and Digging In")
            return (
                "digging in needs a shovel higher than any already on that bartender",
                "Shovels and Digging In",
            )
        b = BARTENDER_ID[str(action[1])]
        if b not in self.market:
            return (f"{action[1]} is not in the market square", "Bidding")
        return ("a bid needs a coin or a raider", "Bidding")

    # ----------------------------------------------------------------- views

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.num_players):
            bar = self.bars[s]
            hand = self.hands[s]
            seats.append(
                {
                    "seat": s,
                    "bank": self.bank[s],
                    "hand_count": len(hand),
                    "coins_in_hand": sum(1 for c in hand if KIND[c] == COIN),
                    "bartenders": [
                        {
                            "card": NAME[b],
                            "shovel": NAME[self.shovel[b]] if self.shovel[b] >= 0 else None,
                            "sideways": bool(self.sideways[b]),
                        }
                        for b in bar
                    ],
                    "customers": [NAME[c] for c in self.customers[s]],
                    "sideways_customers": self.sideways_customers[s],
                    "happy": min(len(bar), len(self.customers[s])),
                }
            )
        out: dict[str, Any] = {
            "game": "bartender",
            "viewer": player,
            "players": self.num_players,
            "turn": self.turn,
            "current": self.current,
            "phase": PHASES[self.phase],
            "to_move": list(self.to_move),
            "target": self.target,
            "seats": seats,
            "market": [NAME[b] for b in self.market],
            "deck": len(self.deck),
            "discard": [NAME[c] for c in self.discard],
            "coin_deck": len(self.coin_deck),
            "coin_discard": [NAME[c] for c in self.coin_discard],
            "idle_turns": max(self.idle, 0),
            "closing_after": IDLE_ROUNDS * self.num_players,
        }
        if self.pending:
            kind, target, b, card = self.pending
            out["pending"] = {
                "action": PENDING[kind],
                "by": self.current,
                "target": target if kind in (ADVERTISE, RAID) else None,
                "bartender": NAME[b] if b >= 0 else None,
                "card": NAME[card] if card >= 0 else None,
            }
        if self.auction:
            b, high, bidder, _ = self.auction
            out["auction"] = {"bartender": NAME[b], "high": NAME[high], "high_bidder": bidder}
        if player is not None:
            out["hand"] = [NAME[c] for c in self.hands[player]]
        return out

    # ----------------------------------------------------------------- copies

    def clone(self) -> Self:
        cls = self.__class__
        c = cls.__new__(cls)
        self._copy_base(c)
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.target = self.target
        c.idle = self.idle
        c.hands = self.hands[:]
        c.bars = self.bars[:]
        c.customers = self.customers[:]
        c.shovel = self.shovel[:]
        c.fresh = self.fresh[:]
        c.sideways = self.sideways[:]
        c.sideways_customers = self.sideways_customers[:]
        c.market = self.market[:]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.coin_deck = self.coin_deck[:]
        c.coin_discard = self.coin_discard[:]
        c.bank = self.bank[:]
        c.pending = self.pending
        c.auction = self.auction
        return c

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-deal the other hands and both decks.

        Public: every bar, the market, both discard piles, and how many coins
        and main cards each hand holds. A hidden main card in a hand is a
        raider or a shovel (bar cards are played at once), so those are dealt
        from the raiders and shovels not in sight. Pools are sorted before
        they are shuffled, so the result depends only on what ``viewer`` knows.
        """
        if viewer is None:
            self.deck.sort()
            rng.shuffle(self.deck)
            self.coin_deck.sort()
            rng.shuffle(self.coin_deck)
            return
        others = [s for s in range(self.num_players) if s != viewer]
        loose = [x for x in self.deck if KIND[x] in (RAIDER, SHOVEL)]
        fixed = [x for x in self.deck if KIND[x] not in (RAIDER, SHOVEL)]
        coins = list(self.coin_deck)
        for s in others:
            for x in self.hands[s]:
                (coins if KIND[x] == COIN else loose).append(x)
        loose.sort()
        coins.sort()
        rng.shuffle(loose)
        rng.shuffle(coins)
        for s in others:
            kinds = sorted(KIND[x] == COIN for x in self.hands[s])
            self.hands[s] = tuple(sorted(coins.pop() if coin else loose.pop() for coin in kinds))
        self.deck = sorted(fixed + loose)
        rng.shuffle(self.deck)
        self.coin_deck = coins
        if self.phase == CARD and self.current != viewer:
            self._ensure_playable(viewer, rng)

    def _ensure_playable(self, viewer: int, rng: Rng) -> None:
        """The actor who chose raid, dig in or bid showed it holds a fitting card.

        If the re-dealt hand lacks one, a fitting hidden card is swapped in for
        one of its raiders or shovels (a coin always fits where a coin may be used).
        """
        actor = self.current
        kind, _, b, _ = self.pending
        if kind == DIG:
            sh = self.shovel[b]
            floor = VALUE[sh] if sh >= 0 else 0
            wanted: tuple[int, ...] = (SHOVEL,)
        else:
            floor = 0
            wanted = (COIN,) if kind == ADVERTISE else (RAIDER, COIN) if kind == BID else (RAIDER,)
        if any(KIND[x] in wanted and VALUE[x] > floor for x in self.hands[actor]):
            return
        hand = list(self.hands[actor])
        mains = [i for i, x in enumerate(hand) if KIND[x] != COIN]
        i = mains[rng.below(len(mains))]
        donors = [-1] + [s for s in range(self.num_players) if s not in (actor, viewer)]
        for s in donors:
            zone = self.deck if s < 0 else list(self.hands[s])
            for j, x in enumerate(zone):
                if KIND[x] in wanted and KIND[x] != COIN and VALUE[x] > floor:
                    zone[j], hand[i] = hand[i], x
                    self.hands[actor] = tuple(hand)
                    if s >= 0:
                        self.hands[s] = tuple(zone)
                    return

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        return tuple(float(b) for b in self.bank)

    def evaluate(self, player: int) -> float:
        """Banked profit plus what the seat's hand and happy customers promise, against the
        field; a finished game gives the win share."""
        if self.is_over:
            return super().evaluate(player)
        worth = []
        for s in range(self.num_players):
            coins = sum(VALUE[c] for c in self.hands[s] if KIND[c] == COIN)
            happy = min(len(self.bars[s]), len(self.customers[s]))
            worth.append(self.bank[s] + 0.7 * coins + 6.0 * happy)
        mine = worth[player]
        progress = min(1.0, mine / self.target)
        share = (mine + 1.0) / (sum(worth) + self.num_players)
        return 0.5 * progress + 0.5 * share


def _unique(
    table: tuple[Action, ...], hand: tuple[int, ...], kind: int, kind2: int, floor: int
) -> tuple[Action, ...]:
    """One action per distinct face in hand of the given kinds with a value above floor."""
    out: list[Action] = []
    for c in hand:
        k = KIND[c]
        if k in (kind, kind2) and VALUE[c] > floor:
            a = table[FACE[c]]
            if a not in out:
                out.append(a)
    return tuple(out)
