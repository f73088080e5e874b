"""Bartender's rules: the deal, the five steps of a turn, the answers out of turn, closing time.

A turn is a loop of steps (see :class:`Step`): ``_advance`` runs the automatic
ones (the deal, the draw at the start of a turn, step 5 at its end) until a
decision step names who decides. ``_apply`` calls it unless the same seat
simply decides again (the card after the action, another coin to bank).

Every choice is a short decision: the action and its target, then the card;
the answering seat's keep, block or bid. See docs/rules/bartender.md for every
interpretation made here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mypy_extensions import trait

from lastcall.core import Action, step_table
from lastcall.core.events import CHANCE, END, MOVE, RULE, TURN
from lastcall.games.bartender import actions as act
from lastcall.games.bartender.content import (
    BARTENDER,
    COIN,
    CUSTOMER,
    DECK,
    RAIDER,
    SHOVEL,
    card_face,
)
from lastcall.games.bartender.state import (
    ADVERTISE,
    BID,
    DEAL_SIZE,
    DIG,
    HAND_LIMIT,
    IDLE_ROUNDS,
    NO_CARD,
    PENDING,
    RAID,
    BartenderBase,
    Step,
)

NAME: Final = DECK.names
SHOWN: Final = tuple(card_face(name) for name in NAME)
"""Each card as the log shows it, as the table prints it (``K♥``)."""
NAME_OF_SHOWN: Final = dict(zip(SHOWN, NAME, strict=True))
KIND: Final = DECK.kinds
VALUE: Final = DECK.values
FACE: Final = DECK.face_of
NUM_BARTENDERS: Final = act.NUM_BARTENDERS
ACTION: Final = Step.ACTION
CARD: Final = Step.CARD
DEFEND: Final = Step.DEFEND
AUCTION: Final = Step.AUCTION
BANK: Final = Step.BANK
DISCARD: Final = Step.DISCARD
OVER: Final = Step.OVER
START: Final = Step.START
END_TURN: Final = Step.END_TURN


def names(cards: Iterable[int]) -> list[str]:
    """Cards as the log shows them (``K♥``), as an event's argument."""
    return [SHOWN[c] for c in cards]


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


@trait
class BartenderFlow(BartenderBase):
    """The rules of play, as steps and decisions."""

    __slots__ = ()

    # ----------------------------------------------------------------- steps

    def _step_deal(self) -> bool:
        """Shuffle both decks, deal five, play bar cards, find the first player (Setup)."""
        n = self.num_players
        self.rng.shuffle(self.deck)
        self.rng.shuffle(self.coin_deck)
        if n == 3:
            self.announce(
                RULE,
                "With 3 players, {cards} are out of the main deck.",
                names(sorted(DECK.three_player_removed)),
            )
        for _ in range(DEAL_SIZE):
            for p in range(n):
                self._receive(p, self.deck.pop())
        for p in range(n):
            hand = self.hands[p]
            self.tell(p, CHANCE, "You are dealt {cards}.", names(hand))
            bar = names(self.bars[p] + self.customers[p])
            if bar:
                self.announce(
                    CHANCE,
                    "{p:Seat} {p:is} dealt {n:plural:hand card} and {cards} to the bar.",
                    p,
                    len(hand),
                    bar,
                )
            else:
                self.announce(CHANCE, "{p:Seat} {p:is} dealt {n:plural:hand card}.", p, len(hand))
        self.current = self._first_player()
        self.phase = START
        return False

    def _step_start(self) -> bool:
        """Step 1: the draw, then the sideways check."""
        p = self.current
        self.turn += 1
        self.announce(TURN, "Turn {n}: {p:seat's} turn.", self.turn, p)
        self._sideways_check(p, self._draw_step(p))
        self.phase = ACTION
        return False

    def _step_current(self) -> bool:
        self.to_move = (self.current,)
        return True

    def _step_hand(self) -> bool:
        """Steps 3 and 4 wait for the current seat, and are skipped with an empty hand."""
        p = self.current
        if self.hands[p]:
            self.to_move = (p,)
            return True
        self.phase = END_TURN
        return False

    def _step_defend(self) -> bool:
        self.to_move = (self.pending[1],)
        return True

    def _step_auction(self) -> bool:
        """The next seat round the table bids, until all but the high bidder passed in a row."""
        b, high, bidder, passes = self.auction
        if passes == self.num_players - 1:
            self.market.remove(b)
            self.bars[bidder] += (b,)
            self.fresh[b] = 1
            self.auction = ()
            self.announce(
                RULE, "{p:Seat} win{p:s} {card} with {bid}.", bidder, SHOWN[b], SHOWN[high]
            )
            self._after_action()
            return False
        self.to_move = ((bidder + passes + 1) % self.num_players,)
        return True

    def _step_end_turn(self) -> bool:
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
            self.announce(RULE, "{p:Seat} turn{p:s} {cards} sideways.", p, names(turned))
        elif unpaired < 0:
            self.sideways_customers[p] = -unpaired
            self.announce(RULE, "{p:Seat} turn{p:s} {n:plural:customer} sideways.", p, -unpaired)
        if self.idle >= IDLE_ROUNDS * self.num_players:
            self.phase = OVER
            self.announce(
                END,
                "Closing time: {n} rounds without a coin banked, and the game ends.",
                IDLE_ROUNDS,
            )
            return False
        self.current = (p + 1) % self.num_players
        self.phase = START
        return False

    def _step_over(self) -> bool:
        self.to_move = ()
        return True

    def _after_action(self) -> None:
        """Step 2 is over: the current seat banks, then discards."""
        self.pending = ()
        self.phase = BANK

    # ----------------------------------------------------------------- setup

    def _first_player(self) -> int:
        """Fewest happy customers, then fewest customers, then the lowest cut."""
        keys = [(self.happy(p), len(self.customers[p])) for p in range(self.num_players)]
        best = min(keys)
        tied = [p for p in range(self.num_players) if keys[p] == best]
        while len(tied) > 1:
            revealed = [self.deck.pop(self.rng.below(len(self.deck))) for _ in tied]
            ranks = [DECK.cut_ranks[c] for c in revealed]
            for p, card in zip(tied, revealed, strict=True):
                self.announce(
                    CHANCE,
                    "{p:Seat} cut{p:s} the main deck and reveal{p:s} {card}.",
                    p,
                    SHOWN[card],
                )
            low = min(ranks)
            tied = [p for p, r in zip(tied, ranks, strict=True) if r == low]
            self.deck.extend(revealed)
            self.rng.shuffle(self.deck)
        self.announce(RULE, "{p:Seat} go{p:es} first.", tied[0])
        return tied[0]

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
                return NO_CARD
            self.deck = deck = self.discard
            self.discard = []
            self.rng.shuffle(deck)
            self.announce(
                CHANCE,
                "The main discard pile is shuffled into a new deck of {n:plural:card}.",
                len(deck),
            )
        return deck.pop()

    def _draw_coin(self) -> int:
        deck = self.coin_deck
        if not deck:
            if not self.coin_discard:
                return NO_CARD
            self.coin_deck = deck = self.coin_discard
            self.coin_discard = []
            self.rng.shuffle(deck)
            self.announce(
                CHANCE,
                "The coin discard pile is shuffled into a new coin deck of {n:plural:coin}.",
                len(deck),
            )
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
            self.shovel[b] = NO_CARD
            self.discard.append(sh)
            self.announce(
                RULE, "{shovel} leaves with {card} and is discarded.", SHOWN[sh], SHOWN[b]
            )
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

    # ----------------------------------------------------------------- steps 1 and 5

    def _draw_step(self, p: int) -> int:
        """Coins for happy customers up to a hand of 7, then main cards until 7 drawn.

        Returns how many customers were drawn: the sideways check must tell them
        from the customers that were already on the bar.
        """
        room = HAND_LIMIT - len(self.hands[p])
        coins: list[int] = []
        for _ in range(min(self.happy(p), room)):
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
            self.tell(p, CHANCE, "You draw {cards}.", names(coins + to_hand))
        drawn = len(to_bar) + len(to_hand)
        if to_bar:
            self.announce(
                CHANCE,
                "{p:Seat} draw{p:s} {n:plural:coin} and {m:plural:card}; to the bar: {cards}.",
                p,
                len(coins),
                drawn,
                names(to_bar),
            )
        else:
            self.announce(
                CHANCE,
                "{p:Seat} draw{p:s} {n:plural:coin} and {m:plural:card}.",
                p,
                len(coins),
                drawn,
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
                self.announce(
                    RULE,
                    "{p:Seat's} sideways {card} is still unpaired and goes to the market square.",
                    p,
                    SHOWN[b],
                )
                self._lose_bartender(p, b)
        count = self.sideways_customers[p]
        if count:
            self.sideways_customers[p] = 0
            customers = self.customers[p]
            leaving = min(count, len(customers) - new_customers - len(self.bars[p]))
            if leaving > 0:
                self.customers[p] = customers[:-leaving]
                self.discard.extend(customers[-leaving:])
                gone = names(customers[-leaving:])
                if leaving == 1:
                    self.announce(
                        RULE,
                        "{p:Seat's} sideways customer {card} is still unpaired: discarded.",
                        p,
                        gone[0],
                    )
                else:
                    self.announce(
                        RULE,
                        "{p:Seat's} sideways customers {cards} are still unpaired: discarded.",
                        p,
                        gone,
                    )

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
                return _unique(act.PLAY, hand, SHOVEL, -1, floor)
            if kind == ADVERTISE:
                return _unique(act.PLAY, hand, COIN, -1, 0)
            if kind == RAID:
                return _unique(act.PLAY, hand, RAIDER, -1, 0)
            return _unique(act.PLAY, hand, COIN, RAIDER, 0)
        if phase == DEFEND:
            floor = VALUE[self.pending[3]] - 1
            if self.pending[0] == ADVERTISE:
                return (act.PASS, *_unique(act.KEEP, hand, COIN, -1, floor))
            return (act.PASS, *_unique(act.BLOCK, hand, RAIDER, -1, floor))
        if phase == AUCTION:
            return (act.PASS, *_unique(act.OFFER, hand, COIN, RAIDER, VALUE[self.auction[1]]))
        if phase == BANK:
            return (act.DONE, *_unique(act.BANK, hand, COIN, -1, 0))
        return (act.DONE, *dict.fromkeys([act.DISCARD[FACE[c]] for c in hand]))

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
        out = [act.SKIP]
        if coin or raider:
            for s in range(self.num_players):
                if s == p:
                    continue
                if coin and self.customers[s]:
                    out.append(act.ADVERTISE_AT[s])
                if raider:
                    row = act.RAID_ON[s]
                    out.extend([row[b] for b in self.bars[s]])
            out.extend([act.BID_ON[b] for b in self.market])
        if best_shovel:
            shovel = self.shovel
            for b in self.bars[p]:
                sh = shovel[b]
                if sh < 0 or VALUE[sh] < best_shovel:
                    out.append(act.DIG_ON[b])
        return tuple(out)

    def _apply(self, player: int, action: Action) -> None:
        op, arg = act.CODE[action]
        phase = self.phase
        if phase == ACTION:
            if op == act.OP_SKIP:
                self.announce(MOVE, "{p:Seat} take{p:s} no action.", player)
                self._after_action()
                self._advance()
                return
            if op == act.OP_ADVERTISE:
                self.pending = (ADVERTISE, arg, NO_CARD, NO_CARD)
                self.announce(
                    MOVE, "{p:Seat} choose{p:s} to advertise to {q:seat's} customer.", player, arg
                )
            elif op == act.OP_RAID:
                seat, b = divmod(arg, NUM_BARTENDERS)
                self.pending = (RAID, seat, b, NO_CARD)
                self.announce(
                    MOVE, "{p:Seat} choose{p:s} to raid {q:seat's} {card}.", player, seat, SHOWN[b]
                )
            elif op == act.OP_DIG:
                self.pending = (DIG, player, arg, NO_CARD)
                self.announce(MOVE, "{p:Seat} choose{p:s} to dig in {card}.", player, SHOWN[arg])
            else:
                self.pending = (BID, NO_CARD, arg, NO_CARD)
                self.announce(MOVE, "{p:Seat} choose{p:s} to bid on {card}.", player, SHOWN[arg])
            self.phase = CARD  # the same seat chooses the card
            return
        if phase == CARD:
            self._play(player, self._take(player, arg))
        elif phase == DEFEND:
            self._defend(player, op, arg)
        elif phase == AUCTION:
            self._bid(player, op, arg)
        else:
            if op == act.OP_DONE:
                self.phase = DISCARD if phase == BANK else END_TURN
            elif phase == BANK:
                self._bank(player, self._take(player, arg))
            else:
                card = self._take(player, arg)
                self._throw(card)
                self.announce(MOVE, "{p:Seat} discard{p:s} {card}.", player, SHOWN[card])
            if self.phase in (BANK, DISCARD) and self.hands[player]:
                return  # the same seat goes on deciding
        self._advance()

    def _bank(self, p: int, coin: int) -> None:
        """Step 3: a coin's value is profit for good; reaching the target wins at once."""
        self.bank[p] += VALUE[coin]
        self.coin_discard.append(coin)
        self.idle = -1  # the end of this turn brings it to 0
        self.announce(MOVE, "{p:Seat} bank{p:s} {card}: {n} banked.", p, SHOWN[coin], self.bank[p])
        if self.bank[p] >= self.target:
            self.phase = OVER
            self.announce(END, "{p:Seat} reach{p:es} {n} and win{p:s}.", p, self.target)

    def _play(self, p: int, card: int) -> None:
        """The card for the chosen action is on the table."""
        kind, target, b, _ = self.pending
        if kind == ADVERTISE:
            self.pending = (ADVERTISE, target, NO_CARD, card)
            self.phase = DEFEND
            self.announce(
                MOVE,
                "{p:Seat} advertise{p:s} to {q:seat's} customer with {card}.",
                p,
                target,
                SHOWN[card],
            )
        elif kind == RAID:
            self.announce(
                MOVE,
                "{p:Seat} raid{p:s} {q:seat's} {bartender} with {card}.",
                p,
                target,
                SHOWN[b],
                SHOWN[card],
            )
            sh = self.shovel[b]
            if sh >= 0:
                if VALUE[card] <= VALUE[sh]:
                    self.discard.append(card)
                    self.announce(
                        RULE, "{card} is dug in with {shovel}: the raid fails.", SHOWN[b], SHOWN[sh]
                    )
                    self._after_action()
                    return
                self.shovel[b] = NO_CARD
                self.discard.append(sh)
                self.announce(
                    RULE,
                    "{card} beats the shovel {shovel}, which is discarded.",
                    SHOWN[card],
                    SHOWN[sh],
                )
            self.pending = (RAID, target, b, card)
            self.phase = DEFEND
        elif kind == DIG:
            old = self.shovel[b]
            self.shovel[b] = card
            if old >= 0:
                self.discard.append(old)
                self.announce(
                    MOVE,
                    "{p:Seat} replace{p:s} {old} on {bartender} with {card}.",
                    p,
                    SHOWN[old],
                    SHOWN[b],
                    SHOWN[card],
                )
            else:
                self.announce(
                    MOVE, "{p:Seat} dig{p:s} in {bartender} with {card}.", p, SHOWN[b], SHOWN[card]
                )
            self._after_action()
        else:
            self._throw(card)
            self.announce(
                MOVE,
                "{p:Seat} open{p:s} the bidding on {bartender} with {card}.",
                p,
                SHOWN[b],
                SHOWN[card],
            )
            self.pending = ()  # the auction holds the bartender and the high card
            self.auction = (b, card, p, 0)
            self.phase = AUCTION

    def _bid(self, p: int, op: int, face: int) -> None:
        b, high, bidder, passes = self.auction
        if op == act.OP_PASS:
            self.announce(MOVE, "{p:Seat} pass{p:es}.", p)
            self.auction = (b, high, bidder, passes + 1)
            return
        card = self._take(p, face)
        self._throw(card)
        self.announce(MOVE, "{p:Seat} bid{p:s} {card}.", p, SHOWN[card])
        self.auction = (b, card, p, 0)

    def _defend(self, p: int, op: int, face: int) -> None:
        kind, _, b, card = self.pending
        attacker = self.current
        if kind == ADVERTISE:
            self.coin_discard.append(card)
            if op == act.OP_KEEP:
                mine = self._take(p, face)
                self.coin_discard.append(mine)
                self.announce(MOVE, "{p:Seat} keep{p:s} the customer with {card}.", p, SHOWN[mine])
            else:
                customers = self.customers[p]
                if self.sideways_customers[p]:
                    self.sideways_customers[p] -= 1
                won = customers[-1]
                self.customers[p] = customers[:-1]
                self.customers[attacker] += (won,)
                self.announce(
                    MOVE, "{p:Seat} let{p:s} {card} go to {q:seat's} bar.", p, SHOWN[won], attacker
                )
        else:
            self.discard.append(card)
            if op == act.OP_BLOCK:
                mine = self._take(p, face)
                self.discard.append(mine)
                self.announce(MOVE, "{p:Seat} block{p:s} the raid with {card}.", p, SHOWN[mine])
            else:
                self.announce(
                    MOVE,
                    "{p:Seat} let{p:s} the raid through: {card} goes to the market square.",
                    p,
                    SHOWN[b],
                )
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
            b = act.BARTENDER_ID[str(action[1])]
            if b not in self.bars[p]:
                return ("dig in only on a bartender on your own bar", "Shovels and Digging In")
            return (
                "digging in needs a shovel higher than any already on that bartender",
                "Shovels and Digging In",
            )
        b = act.BARTENDER_ID[str(action[1])]
        if b not in self.market:
            return (f"{action[1]} is not in the market square", "Bidding")
        return ("a bid needs a coin or a raider", "Bidding")

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        return tuple(float(b) for b in self.bank)

    def first_seat(self) -> int:
        """Turns pass in seat order, so the first turn's seat follows from the current one."""
        return (self.current - self.turn + 1) % self.num_players

    def length(self) -> dict[str, int]:
        """Turns taken, and rounds begun (a round is one turn of every seat)."""
        n = self.num_players
        return {"turns": self.turn, "rounds": (self.turn + n - 1) // n}

    def score_sources(self, player: int) -> dict[str, float]:
        """The rulebook scores one thing: coins banked ("the only thing that counts as
        profit"), so the whole score is one source."""
        return {"banked coins": float(self.bank[player])}

    def offers(self) -> dict[str, tuple[int, ...]]:
        """Each bartender that reached the market square, and the seats whose bar holds it now.

        Market bartenders are the one thing a seat chooses to take (by bidding); dealt
        and drawn bartenders go to a bar blind. The ones there now are in ``market``;
        those that left it since are found in the public events that sent them there or
        that gave them to an auction's winner.
        """
        offered = {NAME[b] for b in self.market}
        cell = self.log
        while cell is not None:
            _, audience, _, template, args, cell = cell
            if audience is None and template in _MARKET_EVENTS:
                offered.add(NAME_OF_SHOWN[args[1]])
        return {
            f"bartender: {name}": tuple(
                p for p in range(self.num_players) if act.BARTENDER_ID[name] in self.bars[p]
            )
            for name in sorted(offered, key=act.BARTENDER_ID.__getitem__)
        }


BartenderFlow._steps = step_table(
    Step,
    {
        Step.ACTION: BartenderFlow._step_current,
        Step.CARD: BartenderFlow._step_current,
        Step.DEFEND: BartenderFlow._step_defend,
        Step.AUCTION: BartenderFlow._step_auction,
        Step.BANK: BartenderFlow._step_hand,
        Step.DISCARD: BartenderFlow._step_hand,
        Step.OVER: BartenderFlow._step_over,
        Step.DEAL: BartenderFlow._step_deal,
        Step.START: BartenderFlow._step_start,
        Step.END_TURN: BartenderFlow._step_end_turn,
    },
)


# The public events that send a bartender to the market square (announced in
# ``_sideways_check`` and ``_defend``) or take it out by auction (``_step_auction``):
# a seat, then the bartender's name.
_MARKET_EVENTS: Final = frozenset(
    {
        "{p:Seat's} sideways {card} is still unpaired and goes to the market square.",
        "{p:Seat} let{p:s} the raid through: {card} goes to the market square.",
        "{p:Seat} win{p:s} {card} with {bid}.",
    }
)
