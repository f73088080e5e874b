"""The rules of On The Rocks as a phase machine of small decisions.

A turn walks the rulebook's nine steps (``step``); whenever a person must
choose, ``phase`` names the kind of choice and ``decider`` who makes it
(usually the player whose turn it is; the giver of a Weak Drink and the guest
of a Buy a Drink answer out of turn). ``_advance`` carries out everything
automatic until the next choice.
"""

from __future__ import annotations

from typing import Any, Self

from lastcall.core import Action, Kind, Rng, State
from lastcall.games.on_the_rocks import actions as acts
from lastcall.games.on_the_rocks.content import (
    ADDITIONAL,
    BONUS_COINS,
    BOWLS_BY_PLAYERS,
    BUY,
    CLUMSY,
    COASTER_GOLD_SLOTS,
    COASTER_SPILL_SLOTS,
    GLASS_NAMES,
    GLASS_ROWS,
    GLASS_TITLES,
    GOLD,
    KIND_NAMES,
    KIND_OF,
    MARBLE_COUNTS,
    PREMIUM,
    RECIPE_GLASS,
    RECIPE_NAMES,
    RECIPE_SLOTS,
    RECIPE_VALUE,
    S_ALL,
    S_DOUBLE,
    S_REMOVE,
    S_TOP,
    S_WILD,
    SHAKE,
    SHOTS,
    SPILL,
    SPILL_CARDS,
    TIP_COUNTS,
    TIP_KINDS,
    TIP_OF,
    TIP_TITLES,
    TIP_USES,
    TIP_VALUES,
    TIPSY2,
    TIPSY3,
    WEAK,
    WILD,
    spill_title,
)

# Steps of a turn (and of setup).
ST_SETUP, ST_COMPLAINTS, ST_ROLL, ST_MIX, ST_SELECT, ST_PLACE = range(6)
ST_SAVE, ST_RESOLVE, ST_TIPS, ST_END, ST_NEWORDER, ST_OVER = range(6, 12)
STEP_NAMES = (
    "setup",
    "complaints",
    "roll",
    "mix",
    "select",
    "place",
    "save",
    "resolve",
    "tips",
    "end",
    "new order",
    "over",
)
# Kinds of decision.
PH_ORDER, PH_ROLL, PH_START, PH_MIX, PH_SELECT, PH_SHAKE, PH_KEEP = range(7)
PH_PLACE, PH_SAVE, PH_TIPS, PH_TARGET, PH_DRINK, PH_REMOVE, PH_NONE = range(7, 14)
PHASE_NAMES = (
    "order",
    "roll",
    "start",
    "mix",
    "select",
    "shake",
    "keep",
    "place",
    "save",
    "tips",
    "target",
    "drink",
    "remove",
    "none",
)
# What a placing phase draws on and what follows it.
PM_TURN, PM_RESOLVE, PM_TIP, PM_BUY, PM_GIFT, PM_EXTRAS, PM_LEFTOVER = range(7)
# Removal modes: any marble, the top-most row of one drink, one from each drink.
RM_ANY, RM_TOP, RM_EACH = range(3)
SHELF_SIZE = 3
NT = len(TIP_KINDS)
# Each seat's board is one run of slots: Old Fashioned 6, Martini 6, Hurricane 8, Highball 8.
GLASS_OFFSET = (0, 6, 12, 20)
SLOTS_PER_PLAYER = 28
# A documented end condition: the bar closes after this many rounds.
ROUND_LIMIT = {"full": 40, "short": 30}
LEMONS = {"full": 3, "short": 2}

_RULE_OF_PHASE = (
    "Drink Orders",
    "2: Roll",
    "4: Mix",
    "4: Mix",
    "5: Select & Place",
    "Shake it Up",
    "Shots! Shots!",
    "5: Select & Place",
    "6: Save",
    "8: Tip Cards",
    "Tip Card Overview",
    "Spill Cards Descriptions",
    "Spill Cards Descriptions",
    "turns",
)


class OnTheRocksState(State):
    """A position: bag, bowls, boards, cards, and where the current turn stands."""

    __slots__ = (
        "aside",
        "bag",
        "bonus",
        "bowls",
        "coaster_gold",
        "coaster_spill",
        "complaints",
        "completed",
        "current",
        "cursor",
        "decider",
        "dice",
        "discards",
        "done",
        "finishers",
        "flip_die",
        "flipped",
        "gift_to",
        "gold_wait",
        "hand",
        "held",
        "last_call",
        "last_emptied",
        "lemons",
        "pending_spill",
        "phase",
        "picks",
        "pmode",
        "recipe_decks",
        "recipes",
        "rm_colour",
        "rm_glass",
        "rm_left",
        "rm_mask",
        "rm_mode",
        "shelf",
        "shots",
        "slots",
        "spill_card",
        "spill_deck",
        "spill_discard",
        "spill_known",
        "step",
        "target_tip",
        "tip_deck",
        "tips",
        "tipsy_used",
        "tray",
        "turns",
    )

    aside: list[int]
    bag: list[int]
    bonus: tuple[int, ...]
    bowls: list[int]
    coaster_gold: int
    coaster_spill: int
    complaints: tuple[tuple[tuple[int, int], ...], ...]
    completed: tuple[tuple[int, ...], ...]
    current: int
    cursor: int
    decider: int
    dice: list[int]
    discards: list[int]
    done: list[bool]
    finishers: tuple[int, ...]
    flip_die: int
    flipped: list[bool]
    gift_to: int
    gold_wait: int
    hand: list[int]
    held: list[int]
    last_call: int
    last_emptied: int
    lemons: tuple[int, ...]
    pending_spill: int
    phase: int
    picks: int
    pmode: int
    recipe_decks: tuple[tuple[int, ...], ...]
    recipes: list[int]
    rm_colour: int
    rm_glass: int
    rm_left: int
    rm_mask: int
    rm_mode: int
    shelf: list[int]
    shots: bool
    slots: list[int]
    spill_card: int
    spill_deck: tuple[int, ...]
    spill_discard: tuple[int, ...]
    spill_known: int
    step: int
    target_tip: int
    tip_deck: tuple[int, ...]
    tips: list[int]
    tipsy_used: int
    tray: list[int]
    turns: int

    # ----------------------------------------------------------------- setup

    def setup(self, game: Any, players: int, seed: int, options: dict[str, Any]) -> None:
        """Prep: bag, bowls of 3 ordinary marbles, decks; then each seat picks an order."""
        self._init_base(game, players, options, seed)
        n = players
        self.bag = list(MARBLE_COUNTS)
        nb = BOWLS_BY_PLAYERS[n]
        self.bowls = [0] * (8 * nb)
        for b in range(nb):
            for _ in range(3):
                self.bowls[8 * b + self._draw_ordinary()] += 1
        self._say(
            "Setup: " + "; ".join(f"bowl {b + 1}: {_kinds(self._bowl(b))}" for b in range(nb))
        )
        self.tip_deck = _shuffled(
            self.rng, [k for k, count in enumerate(TIP_COUNTS) for _ in range(count)]
        )
        self.spill_deck = _shuffled(self.rng, list(range(len(SPILL_CARDS))))
        self.spill_known = 0
        self.spill_discard = ()
        self.recipe_decks = tuple(
            _shuffled(self.rng, [c for c in range(len(RECIPE_GLASS)) if RECIPE_GLASS[c] == g])
            for g in range(4)
        )
        self.recipes = [-1] * (4 * n)
        self.done = [False] * (4 * n)
        self.slots = [0] * (SLOTS_PER_PLAYER * n)
        self.shelf = [0] * (8 * n)
        self.tips = [0] * (NT * n)
        self.discards = [0] * (NT * n)
        self.complaints = ((),) * n
        self.completed = ((),) * n
        self.lemons = (0,) * n
        self.bonus = (0,) * n
        self.finishers = ()
        self.last_call = -1
        self.last_emptied = -1
        self.coaster_spill = 0
        self.coaster_gold = 0
        self.hand = [0] * 8
        self.tray = [0] * 8
        self.held = [0] * 8
        self.aside = [0] * 8
        self.dice = [0, 0]
        self.flipped = [False, False]
        self.flip_die = -1
        self.cursor = 0
        self.picks = 0
        self.pmode = PM_TURN
        self.pending_spill = 0
        self.gold_wait = 0
        self.shots = False
        self.tipsy_used = 0
        self.gift_to = -1
        self.target_tip = -1
        self.spill_card = -1
        self.rm_left = self.rm_glass = self.rm_colour = self.rm_mode = self.rm_mask = 0
        self.turns = 0
        self.current = self._first_player()
        self.step = ST_SETUP
        self.phase = PH_ORDER
        self.decider = 0
        self.to_move = (0,)

    def _first_player(self) -> int:
        """All roll both dice; the highest goes first, ties roll again."""
        contenders = list(range(self.num_players))
        while True:
            rolls = [self.rng.below(6) + self.rng.below(6) + 2 for _ in contenders]
            self._say(
                "First player roll: "
                + ", ".join(f"P{p} {r}" for p, r in zip(contenders, rolls, strict=True))
            )
            best = max(rolls)
            contenders = [p for p, r in zip(contenders, rolls, strict=True) if r == best]
            if len(contenders) == 1:
                self._say(f"P{contenders[0]} goes first")
                return contenders[0]

    def _say(self, text: str, kind: Kind = Kind.CHANCE) -> None:
        """Log a public event; every event counts as chance, so nothing is undone past it."""
        self.announce(kind, "{text}", text)

    # ----------------------------------------------------------------- marbles

    def _draw_ordinary(self) -> int:
        """Setup draws: a spill or gold drawn goes straight back, so draw among the rest."""
        bag = self.bag
        r = self.rng.below(sum(bag[:6]))
        for k in range(6):
            r -= bag[k]
            if r < 0:
                bag[k] -= 1
                return k
        raise AssertionError("empty bag")

    def _draw(self, count: int, into: list[int]) -> list[int]:
        """Draw up to ``count`` marbles at random into ``into``; the kinds drawn, in order."""
        bag = self.bag
        total = sum(bag)
        below = self.rng.below
        drawn: list[int] = []
        for _ in range(min(count, total)):
            r = below(total)
            k = 0
            while r >= bag[k]:
                r -= bag[k]
                k += 1
            bag[k] -= 1
            into[k] += 1
            total -= 1
            drawn.append(k)
        return drawn

    def _to_bag(self, source: list[int], kinds: range | tuple[int, ...] = range(8)) -> None:
        bag = self.bag
        for k in kinds:
            bag[k] += source[k]
            source[k] = 0

    def _coaster(self, spill: int, gold: int) -> None:
        """Spent spill and gold marbles rest on the coaster; a full row goes back to the bag."""
        self.coaster_spill += spill
        self.coaster_gold += gold
        if self.coaster_spill >= COASTER_SPILL_SLOTS:
            self.bag[SPILL] += self.coaster_spill
            self.coaster_spill = 0
            self._say("The coaster's spill slots are full: the spill marbles go back into the bag")
        if self.coaster_gold >= COASTER_GOLD_SLOTS:
            self.bag[GOLD] += self.coaster_gold
            self.coaster_gold = 0
            self._say("The coaster's gold slots are full: the gold marbles go back into the bag")

    def _special_from_tray(self) -> None:
        """Drafted by a tip: gold grants its picks at once, spill waits for the turn's end."""
        tray = self.tray
        if tray[GOLD]:
            self.picks += 2 * tray[GOLD]
            gold = tray[GOLD]
            tray[GOLD] = 0
            self._coaster(0, gold)
        if tray[SPILL]:
            self.pending_spill += tray[SPILL]
            tray[SPILL] = 0

    # ----------------------------------------------------------------- the board

    def _bowl(self, b: int) -> list[int]:
        return self.bowls[8 * b : 8 * b + 8]

    def _cells(self, p: int, g: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Where a glass's slots start in ``slots``, and its recipe's ``(row, colour)`` cells."""
        return p * SLOTS_PER_PLAYER + GLASS_OFFSET[g], RECIPE_SLOTS[self.recipes[p * 4 + g]]

    def _filled(self, p: int, g: int) -> int:
        base, cells = self._cells(p, g)
        return len(cells) - self.slots[base : base + len(cells)].count(0)

    def _full(self, p: int, g: int) -> bool:
        base, cells = self._cells(p, g)
        return 0 not in self.slots[base : base + len(cells)]

    def _active(self, p: int, g: int) -> bool:
        return self.recipes[p * 4 + g] >= 0 and not self.done[p * 4 + g]

    def _order_filled(self, p: int) -> bool:
        """Every recipe of the order is face down or has all its marbles."""
        recipes, done = self.recipes, self.done
        q = 4 * p
        return any(recipes[q + g] >= 0 for g in range(4)) and all(
            recipes[q + g] < 0 or done[q + g] or self._full(p, g) for g in range(4)
        )

    def _open_targets(self, p: int) -> list[tuple[int, int, int]]:
        """Distinct empty slots ``(glass, row, colour)`` on ``p``'s face-up recipes."""
        out: list[tuple[int, int, int]] = []
        recipes, done, slots = self.recipes, self.done, self.slots
        q = 4 * p
        for g in range(4):
            card = recipes[q + g]
            if card < 0 or done[q + g]:
                continue
            base = p * SLOTS_PER_PLAYER + GLASS_OFFSET[g]
            for i, cell in enumerate(RECIPE_SLOTS[card]):
                if not slots[base + i]:
                    r, c = cell
                    t = (g, r, c)
                    if t not in out:
                        out.append(t)
        return out

    def _put(self, p: int, g: int, r: int, c: int, value: int) -> None:
        """Fill the first empty slot of row ``r`` wanting colour ``c`` (value 1 real, 2 wild)."""
        base, cells = self._cells(p, g)
        sl = self.slots
        for i, cell in enumerate(cells):
            if not sl[base + i] and cell == (r, c):
                sl[base + i] = value
                return
        raise AssertionError("no such slot")

    def _take_off(self, p: int, g: int, r: int, c: int) -> None:
        """Remove a placed marble to the bag: a real one before a wild placed as that colour."""
        base, cells = self._cells(p, g)
        sl = self.slots
        best = -1
        for i, cell in enumerate(cells):
            s = sl[base + i]
            if s and cell == (r, c) and (best < 0 or s == 1):
                best = base + i
        self.bag[WILD if sl[best] == 2 else c] += 1
        sl[best] = 0

    def _removable(self, p: int) -> list[tuple[int, int, int]]:
        """Marbles the current removal may take, as distinct ``(glass, row, colour)``."""
        out: list[tuple[int, int, int]] = []
        for g in range(4):
            if not self._active(p, g):
                continue
            if self.rm_glass >= 0 and g != self.rm_glass:
                continue
            if self.rm_mode == RM_EACH and self.rm_mask >> g & 1:
                continue
            base, cells = self._cells(p, g)
            sl = self.slots[base : base + len(cells)]
            top = 0
            if self.rm_mode == RM_TOP:
                top = max((cells[i][0] for i, s in enumerate(sl) if s), default=0)
            for i, s in enumerate(sl):
                if s:
                    r, c = cells[i]
                    if (self.rm_colour < 0 or c == self.rm_colour) and (not top or r == top):
                        t = (g, r, c)
                        if t not in out:
                            out.append(t)
        return out

    def _complete_filled(self, p: int) -> None:
        """Flip every full recipe face down, its marbles to the bag, and collect a tip for each."""
        for g in range(4):
            card = self.recipes[4 * p + g]
            if card < 0 or self.done[4 * p + g] or not self._full(p, g):
                continue
            self.done[4 * p + g] = True
            base, cells = self._cells(p, g)
            for i, cell in enumerate(cells):
                self.bag[WILD if self.slots[base + i] == 2 else cell[1]] += 1
                self.slots[base + i] = 0
            self.completed = _with(self.completed, p, (*self.completed[p], card))
            self._say(f"P{p} completes {RECIPE_NAMES[card]} (${RECIPE_VALUE[card]})")
            if self.tip_deck:
                tip = self.tip_deck[-1]
                self.tip_deck = self.tip_deck[:-1]
                self.tips[p * NT + tip] += 1
                self._say(f"P{p} collects a tip: {TIP_TITLES[tip]}")

    # ----------------------------------------------------------------- the machine

    def _ask(self, phase: int, decider: int) -> None:
        self.phase = phase
        self.decider = decider
        self.to_move = (decider,)

    def _advance(self) -> None:
        """Carry out the automatic parts of the turn until someone must decide."""
        while True:
            p = self.current
            step = self.step
            if step == ST_COMPLAINTS:
                if not self.complaints[p]:
                    self.step = ST_ROLL
                    self.dice = [self.rng.below(6) + 1, self.rng.below(6) + 1]
                    self.flipped = [False, False]
                    self._say(f"P{p} rolls {self.dice[0]} and {self.dice[1]}")
                    self._ask(PH_ROLL, p)
                    return
                kind, giver = self.complaints[p][0]
                self.complaints = _with(self.complaints, p, self.complaints[p][1:])
                self.discards[giver * NT + kind] += 1
                self._say(f"P{p} resolves the complaint {TIP_TITLES[kind]} from P{giver}")
                if kind == CLUMSY:
                    if self._spill():
                        return
                elif kind == SHOTS:
                    self.shots = True
                elif kind == WEAK:
                    self.rm_glass, self.rm_colour, self.rm_mode, self.rm_mask = -1, -1, RM_ANY, 0
                    self.rm_left = 3
                    if self._removable(p):
                        self._ask(PH_REMOVE, giver)
                        return
            elif step == ST_MIX:
                hand = self.hand
                while sum(hand):
                    kinds = [k for k in range(8) if hand[k]]
                    if len(kinds) > 1:
                        self._ask(PH_MIX, p)
                        return
                    self._mix_one(kinds[0])
                self.step = ST_SELECT
                self._ask(PH_SELECT, p)
                return
            elif step == ST_PLACE:
                self.pmode = PM_TURN
                self._ask(PH_PLACE, p)
                return
            elif step == ST_SAVE:
                if self._saveable():
                    self._ask(PH_SAVE, p)
                    return
                self._settle_tray()
                self.step = ST_RESOLVE
                if self.gold_wait:
                    self.picks += 2 * self.gold_wait
                    self._say(f"P{p} resolves {self.gold_wait} gold marble(s)")
                    self._coaster(0, self.gold_wait)
                    self.gold_wait = 0
                if self.picks:
                    self.pmode = PM_RESOLVE
                    self._ask(PH_PLACE, p)
                    return
            elif step == ST_RESOLVE:
                if not self.pending_spill:
                    self._complete_filled(p)
                self.step = ST_TIPS
            elif step == ST_TIPS:
                self._ask(PH_TIPS, p)
                return
            elif step == ST_END:
                if self.pending_spill:
                    self.pending_spill -= 1
                    self._coaster(1, 0)
                    if self._spill():
                        return
                    continue
                self._complete_filled(p)
                if self._end_order(p):
                    return
                self._next_turn()
                if self.step == ST_OVER:
                    return
            else:  # ST_NEWORDER: placing extras and leftovers for the new order
                self._complete_filled(p)
                self._next_turn()
                if self.step == ST_OVER:
                    return

    def _mix_one(self, kind: int) -> None:
        self.hand[kind] -= 1
        self.bowls[8 * self.cursor + kind] += 1
        self._say(f"P{self.current} puts {KIND_NAMES[kind]} into bowl {self.cursor + 1}")
        self.cursor = (self.cursor + 1) % (len(self.bowls) // 8)

    def _saveable(self) -> bool:
        tray = self.tray
        return any(tray[k] for k in acts.INGREDIENTS)

    def _settle_tray(self) -> None:
        """Unsaved ingredients go back to the bag, or wait on the sign for a new order."""
        p = self.current
        if self.step != ST_NEWORDER and self._order_filled(p):
            for k in acts.INGREDIENTS:
                self.held[k] += self.tray[k]
                self.tray[k] = 0
        self._to_bag(self.tray)

    def _end_order(self, p: int) -> bool:
        """When completing an order: lemon, Last Call, the next order; True if a choice waits."""
        if not self._order_filled(p):
            self._to_bag(self.held)
            return False
        self.recipes[4 * p : 4 * p + 4] = [-1] * 4
        self.done[4 * p : 4 * p + 4] = [False] * 4
        self.lemons = _with(self.lemons, p, self.lemons[p] + 1)
        target = LEMONS[self.options["length"]]
        self._say(f"P{p} completes an order and places lemon {self.lemons[p]}")
        if self.lemons[p] >= target:
            self.finishers = (*self.finishers, p)
            if self.last_call < 0:
                self.last_call = p
                self._say(f"P{p} calls Last Call! Everyone else has one final turn")
        if self.lemons[p] >= target or self.last_call >= 0:
            self._to_bag(self.held)
            return False
        self.step = ST_NEWORDER
        self._ask(PH_ORDER, p)
        return True

    def _after_order(self, p: int) -> None:
        """Steps 4 to 7 of completing an order: extras first, then the leftovers."""
        if self.step == ST_SETUP:
            nxt = p + 1
            if nxt < self.num_players:
                self._ask(PH_ORDER, nxt)
                return
            self.step = ST_COMPLAINTS
            self._advance()
            return
        if self._shelf_fits(p):
            self.pmode = PM_EXTRAS
            self._ask(PH_PLACE, p)
        else:
            self._to_leftovers(p)

    def _to_leftovers(self, p: int) -> None:
        """Step 5 of a new order: the unused marbles waiting on the sign may go on the board."""
        self.tray = self.held
        self.held = [0] * 8
        if self._saveable():
            self.pmode = PM_LEFTOVER
            self._ask(PH_PLACE, p)
        else:
            self._to_bag(self.tray)
            self._advance()

    def _next_turn(self) -> None:
        self.turns += 1
        nxt = (self.current + 1) % self.num_players
        limit = ROUND_LIMIT[self.options["length"]] * self.num_players
        if (self.last_call >= 0 and nxt == self.last_call) or self.turns >= limit:
            if self.last_call < 0:
                self._say("The bar closes: the round limit is reached")
            self._finish()
            return
        self.current = nxt
        self.shots = False
        self.tipsy_used = 0
        self.step = ST_COMPLAINTS

    def _finish(self) -> None:
        """Award the bonus coins and end the game."""
        coins = list(BONUS_COINS[self.num_players])
        if not self.finishers:
            coins.pop(0)  # the first coin is for calling Last Call: the bar closed without one
        bonus = [0] * self.num_players
        for p in self.finishers:
            if coins:
                bonus[p] += coins.pop(0)
        rest = [p for p in range(self.num_players) if p not in self.finishers]
        while coins and rest:
            most = max(len(self.completed[p]) for p in rest)
            group = [p for p in rest if len(self.completed[p]) == most]
            coin = coins.pop(0)
            for p in group:
                bonus[p] += coin
            rest = [p for p in rest if p not in group]
        self.bonus = tuple(bonus)
        for p in range(self.num_players):
            if self.bonus[p]:
                self._say(f"P{p} receives ${self.bonus[p]} in bonus coins")
        self.step = ST_OVER
        self.phase = PH_NONE
        self.to_move = ()
        self._say(
            "Final scores: " + ", ".join(f"P{p} ${s:g}" for p, s in enumerate(self.scores())),
            Kind.END,
        )

    # ----------------------------------------------------------------- spills

    def _spill(self) -> bool:
        """Draw the top spill card for the current player; True if a choice waits."""
        p = self.current
        # Never empty: Top Shelf, Wild and the Remove cards always go back to
        # the bottom, and the card data must hold every effect.
        card = self.spill_deck[0]
        self.spill_deck = self.spill_deck[1:]
        if self.spill_known > len(self.spill_deck):
            self.spill_known = len(self.spill_deck)
        effect, colour, _ = SPILL_CARDS[card]
        self.spill_card = card
        self._say(f"P{p} draws the spill card {spill_title(card)}")
        self.rm_glass, self.rm_colour, self.rm_mode, self.rm_mask = -1, -1, RM_ANY, 0
        if effect in (S_ALL, S_DOUBLE):
            self.rm_colour = colour
        targets = self._removable(p)
        if not targets or effect in (S_TOP, S_WILD, S_REMOVE):
            self.spill_deck = (*self.spill_deck, card)
            self.spill_known += 1
            if not targets:
                self._say("Nothing to spill: the card goes to the bottom face up")
                return False
        else:
            self.spill_discard = (*self.spill_discard, card)
        if effect in (S_ALL, S_TOP, S_REMOVE):
            self._ask(PH_DRINK, p)
        elif effect == S_DOUBLE:
            self.rm_left = 2
            self._ask(PH_REMOVE, p)
        else:
            self.rm_mode = RM_EACH
            self.rm_left = sum(1 for g in range(4) if self._active(p, g) and self._filled(p, g))
            self._ask(PH_REMOVE, p)
        return True

    # ----------------------------------------------------------------- legal actions

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        ph = self.phase
        p = self.current
        if ph == PH_PLACE:
            return tuple(self._place_actions(player))
        if ph == PH_MIX:
            hand = self.hand
            return tuple(acts.MIX[k] for k in range(8) if hand[k])
        if ph == PH_REMOVE:
            return tuple(acts.REMOVE[g][r][c] for g, r, c in self._removable(p))
        if ph == PH_ROLL:
            out = [acts.DRAFT]
            if any(self._filled(p, g) for g in range(4) if self._active(p, g)):
                out += [acts.FLIP[d] for d in (0, 1) if not self.flipped[d]]
            return tuple(out)
        if ph == PH_SELECT:
            return acts.SELECT[: len(self.bowls) // 8]
        if ph == PH_START:
            return acts.START[: len(self.bowls) // 8]
        if ph == PH_SAVE:
            tray, shelf = self.tray, self.shelf[8 * p : 8 * p + 8]
            out = [acts.DONE]
            if sum(shelf) < SHELF_SIZE:
                out += [acts.SAVE[k] for k in acts.INGREDIENTS if tray[k]]
            else:
                out += [
                    acts.SWAP[a][b]
                    for a in acts.INGREDIENTS
                    if shelf[a]
                    for b in acts.INGREDIENTS
                    if tray[b] and b != a
                ]
            return tuple(out)
        if ph == PH_TIPS:
            mine = self.tips[NT * p : NT * p + NT]
            out = [acts.DONE]
            for k in range(len(TIP_KINDS)):
                if mine[k] and k != SHAKE and (self.tipsy_used < 2 or k not in (TIPSY2, TIPSY3)):
                    out.append(acts.PLAY[k])
            if self.picks:  # gold and Premium picks last "anytime during your turn"
                bag = self.bag
                out += [acts.PICK[g][r][c] for g, r, c in self._open_targets(p) if bag[c]]
            return tuple(out)
        if ph == PH_TARGET:
            return tuple(acts.TARGET[q] for q in range(self.num_players) if q != p)
        if ph == PH_DRINK:
            found = self._removable(p)
            if SPILL_CARDS[self.spill_card][0] == S_TOP:
                # The rulebook's example: the drink whose ingredients sit highest loses them.
                high = max(r for _, r, _ in found)
                found = [t for t in found if t[1] == high]
            return tuple(acts.DRINK[g] for g in sorted({g for g, _, _ in found}))
        if ph == PH_KEEP:
            return tuple(acts.KEEP[k] for k in acts.INGREDIENTS if self.tray[k])
        if ph == PH_SHAKE:
            return (acts.TAKE, acts.PLAY[SHAKE])
        if ph == PH_ORDER:
            return (acts.ORDER_ALL, *acts.ORDER_WITHOUT)
        return ()

    def _place_actions(self, d: int) -> list[Action]:
        mode = self.pmode
        tray = self.tray
        if mode == PM_GIFT:
            avail = tray
        else:
            shelf = self.shelf[8 * d : 8 * d + 8]
            avail = [tray[k] + shelf[k] for k in range(6)]
        wild = avail[WILD]
        picks = self.picks if mode != PM_GIFT else 0  # the buyer's picks are the buyer's
        bag = self.bag
        out: list[Action] = []
        for g, r, c in self._open_targets(d):
            if avail[c]:
                out.append(acts.PLACE[c][g][r])
            if wild:
                out.append(acts.PLACE_WILD[g][r][c])
            if picks and bag[c]:
                out.append(acts.PICK[g][r][c])
        if mode != PM_EXTRAS or not self._shelf_fits(d):
            out.append(acts.DONE)
        return out

    def _shelf_fits(self, p: int) -> bool:
        shelf = self.shelf[8 * p : 8 * p + 8]
        return any(shelf[WILD] or shelf[c] for _, _, c in self._open_targets(p))

    # ----------------------------------------------------------------- apply

    def _apply(self, player: int, action: Action) -> None:
        verb = action[0]
        p = self.current
        if verb == "place":
            self._do_place(player, action)
        elif verb == "mix":
            self._mix_one(KIND_OF[str(action[1])])
            self._advance()
        elif verb == "done":
            self._done(player)
        elif verb == "remove":
            g, r, c = GLASS_NAMES.index(str(action[1])), int(action[2]), KIND_OF[str(action[3])]
            self._take_off(p, g, r, c)
            self._say(f"P{player} removes {KIND_NAMES[c]} from P{p}'s {GLASS_TITLES[g]} row {r}")
            self.rm_left -= 1
            self.rm_mask |= 1 << g
            if self.rm_left > 0 and self._removable(p):
                return
            if self.flip_die >= 0:
                d = self.flip_die
                self.flip_die = -1
                self.flipped[d] = True
                self.dice[d] = 7 - self.dice[d]
                self._say(f"P{p} turns die {d + 1} to {self.dice[d]}")
                self._ask(PH_ROLL, p)
                return
            self._advance()
        elif verb == "pick":
            g, r, c = GLASS_NAMES.index(str(action[1])), int(action[2]), KIND_OF[str(action[3])]
            self.bag[c] -= 1
            self.picks -= 1
            self._put(player, g, r, c, 1)
            self._say(f"P{player} takes {KIND_NAMES[c]} from the bag onto the {GLASS_TITLES[g]}")
            if self.phase == PH_TIPS and not self.pending_spill:
                self._complete_filled(p)
            elif not self.picks and self.pmode == PM_RESOLVE:
                self._advance()
        elif verb == "flip":
            self.flip_die = int(action[1]) - 1
            self.rm_glass, self.rm_colour, self.rm_mode, self.rm_mask = -1, -1, RM_ANY, 0
            self.rm_left = 1
            self._ask(PH_REMOVE, p)
        elif verb == "draft":
            total = self.dice[0] + self.dice[1]
            drawn = self._draw(total, self.hand)
            self._say(f"P{p} drafts {total}: {', '.join(KIND_NAMES[k] for k in drawn)}")
            self.step = ST_MIX
            if self.last_emptied < 0:
                self._ask(PH_START, p)
            else:
                self.cursor = self.last_emptied
                self._advance()
        elif verb == "start":
            self.cursor = int(action[1]) - 1
            self.step = ST_MIX
            self._advance()
        elif verb == "select":
            self._select(p, int(action[1]) - 1)
        elif verb == "save":
            k = KIND_OF[str(action[1])]
            self.tray[k] -= 1
            self.shelf[p * 8 + k] += 1
            self._say(f"P{p} saves {KIND_NAMES[k]} as an extra ingredient")
            if not self._saveable():
                self._done(player)
        elif verb == "swap":
            a, b = KIND_OF[str(action[1])], KIND_OF[str(action[2])]
            self.shelf[p * 8 + a] -= 1
            self.bag[a] += 1
            self.tray[b] -= 1
            self.shelf[p * 8 + b] += 1
            self._say(f"P{p} swaps extra {KIND_NAMES[a]} for {KIND_NAMES[b]}")
        elif verb == "play":
            self._play(p, TIP_OF[str(action[1])])
        elif verb == "target":
            self._target(p, int(action[1]))
        elif verb == "drink":
            self._drink(p, GLASS_NAMES.index(str(action[1])))
        elif verb == "keep":
            k = KIND_OF[str(action[1])]
            self.tray[k] -= 1
            self.aside[k] += 1
            if sum(self.aside) >= 2 or not self._saveable():
                self._shots_done()
        elif verb == "take":
            self._take(p)
        else:  # order
            self._order(player, action)

    def _do_place(self, player: int, action: Action) -> None:
        k = KIND_OF[str(action[1])]
        g, r = GLASS_NAMES.index(str(action[2])), int(action[3])
        c = KIND_OF[str(action[4])] if k == WILD else k
        if self.tray[k]:
            self.tray[k] -= 1
        else:
            self.shelf[player * 8 + k] -= 1
        self._put(player, g, r, c, 2 if k == WILD else 1)
        as_colour = f" as {KIND_NAMES[c]}" if k == WILD else ""
        self._say(f"P{player} places {KIND_NAMES[k]}{as_colour} in the {GLASS_TITLES[g]} row {r}")

    def _order(self, p: int, action: Action) -> None:
        skip = GLASS_NAMES.index(str(action[2])) if action[1] == "without" else -1
        names = []
        for g in range(4):
            if g == skip or not self.recipe_decks[g]:
                continue
            card = self.recipe_decks[g][-1]
            self.recipe_decks = _with(self.recipe_decks, g, self.recipe_decks[g][:-1])
            self.recipes[p * 4 + g] = card
            names.append(f"{RECIPE_NAMES[card]} ({GLASS_TITLES[g]}, ${RECIPE_VALUE[card]})")
        self._say(f"P{p} takes the order: " + "; ".join(names))
        self._after_order(p)

    def _select(self, p: int, b: int) -> None:
        self.tray = self.bowls[8 * b : 8 * b + 8]
        self.bowls[8 * b : 8 * b + 8] = [0] * 8
        self.last_emptied = b
        self._say(f"P{p} selects bowl {b + 1}: {_kinds(self.tray)}")
        self.step = ST_PLACE
        if self.tips[p * NT + SHAKE]:
            self._ask(PH_SHAKE, p)
        else:
            self._take(p)

    def _take(self, p: int) -> None:
        """The bowl's marbles are final: set the specials aside, then Shots! if complained."""
        tray = self.tray
        self.gold_wait += tray[GOLD]
        self.pending_spill += tray[SPILL]
        tray[GOLD] = tray[SPILL] = 0
        if self.shots and sum(tray) > 2:
            self._ask(PH_KEEP, p)
            return
        self._advance()

    def _shots_done(self) -> None:
        self._to_bag(self.tray)
        self.tray = self.aside
        self.aside = [0] * 8
        self._say(f"P{self.current} keeps only {_kinds(self.tray)} (Shots! Shots!)")
        self._advance()

    def _done(self, player: int) -> None:
        ph = self.phase
        p = self.current
        if ph == PH_SAVE:
            self._settle_tray()
            if self.step in (ST_SAVE, ST_NEWORDER):
                self._advance()
            else:
                self._tip_settled()
            return
        if ph == PH_TIPS:
            self.picks = 0  # unused picks end with the turn, before any spill
            self.step = ST_END
            self._advance()
            return
        mode = self.pmode
        if mode == PM_TURN:
            self.step = ST_SAVE
            self._advance()
        elif mode == PM_RESOLVE:
            self._advance()
        elif mode == PM_TIP:
            if self._saveable():
                self._ask(PH_SAVE, p)
            else:
                self._settle_tray()
                self._tip_settled()
        elif mode == PM_BUY:
            self._to_bag(self.tray)
            self.tray = self.aside
            self.aside = [0] * 8
            self.pmode = PM_GIFT
            self._ask(PH_PLACE, self.gift_to)
        elif mode == PM_GIFT:
            self._to_bag(self.tray)
            self._complete_filled(self.gift_to)
            self.gift_to = -1
            self._tip_settled()
        elif mode == PM_EXTRAS:
            self._to_leftovers(p)
        else:  # PM_LEFTOVER
            if self._saveable():
                self._ask(PH_SAVE, p)
            else:
                self._to_bag(self.tray)
                self._advance()

    def _tip_settled(self) -> None:
        p = self.current
        if not self.pending_spill:
            self._complete_filled(p)
        self._ask(PH_TIPS, p)

    def _play(self, p: int, tip: int) -> None:
        self.tips[p * NT + tip] -= 1
        self._say(f"P{p} plays {TIP_TITLES[tip]}")
        if tip == SHAKE:
            self.discards[p * NT + tip] += 1
            n = sum(self.tray)
            self._to_bag(self.tray)
            drawn = self._draw(n, self.tray)
            self._say(f"P{p} redrafts {n}: {', '.join(KIND_NAMES[k] for k in drawn)}")
            if not self.tips[p * NT + SHAKE]:
                self._take(p)
            return
        if TIP_USES[TIP_KINDS[tip]] != "keep":
            self.target_tip = tip
            self._ask(PH_TARGET, p)
            return
        self.discards[p * NT + tip] += 1
        if tip == PREMIUM:
            self.picks += 1
        else:
            if tip == ADDITIONAL:
                count = self.rng.below(6) + 1
                self._say(f"P{p} rolls {count} for Additional Ingredients")
            else:
                self.tipsy_used += 1
                count = 2 if tip == TIPSY2 else 3
            drawn = self._draw(count, self.tray)
            self._say(f"P{p} drafts {', '.join(KIND_NAMES[k] for k in drawn) or 'nothing'}")
            self._special_from_tray()
        self.pmode = PM_TIP
        self._ask(PH_PLACE, p)

    def _target(self, p: int, q: int) -> None:
        tip = self.target_tip
        self.target_tip = -1
        if tip != BUY:
            self.complaints = _with(self.complaints, q, (*self.complaints[q], (tip, p)))
            self._say(f"P{p} passes {TIP_TITLES[tip]} to P{q}")
            self._ask(PH_TIPS, p)
            return
        self.discards[p * NT + tip] += 1
        mine = self._draw(3, self.tray)
        theirs = self._draw(1, self.aside)
        self._say(f"P{p} buys P{q} a drink: P{p} draws {_names(mine)}, P{q} draws {_names(theirs)}")
        self.gift_to = q
        self.pmode = PM_BUY
        self._ask(PH_PLACE, p)

    def _drink(self, p: int, g: int) -> None:
        effect, colour, amount = SPILL_CARDS[self.spill_card]
        if effect == S_ALL:
            base, cells = self._cells(p, g)
            sl = self.slots
            for i, cell in enumerate(cells):
                s = sl[base + i]
                if s and cell[1] == colour:
                    self.bag[WILD if s == 2 else colour] += 1
                    sl[base + i] = 0
            self._say(f"P{p} spills all {KIND_NAMES[colour]} from the {GLASS_TITLES[g]}")
            self._advance()
            return
        self.rm_glass = g
        self.rm_mode = RM_TOP if effect == S_TOP else RM_ANY
        self.rm_left = 2 if effect == S_TOP else amount
        self._ask(PH_REMOVE, p)

    # ----------------------------------------------------------------- explanations

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        verb = action[0]
        ph = self.phase
        expected = PHASE_NAMES[ph]
        rule = _RULE_OF_PHASE[ph]
        if verb == "flip" and ph == PH_ROLL:
            return ("each die may be turned once, paying a marble from a glass", "2: Roll")
        if verb == "play" and ph == PH_TIPS:
            tip = TIP_OF[str(action[1])]
            if not self.tips[self.current * NT + tip]:
                return (f"P{player} holds no {TIP_TITLES[tip]} tip card", "Tip Cards Descriptions")
            if tip == SHAKE:
                return ("Shake it Up redrafts the selected bowl, before placing", "Shake it Up")
            return ("at most two Feeling Tipsy cards may be played in a turn", "Feeling Tipsy")
        if verb == "save" and ph == PH_SAVE:
            return ("the shelf holds 3 extra ingredients, never gold or spill", "Extra Ingredients")
        if verb in ("place", "pick") and ph == PH_PLACE:
            if self.pmode == PM_GIFT:
                return ("a guest places only the drink bought for them", "Buy a Drink")
            if verb == "pick" and not self.picks:
                return ("no gold marble or Premium lets you pick from the bag", "Gold Marble")
            return (
                "a marble goes only on an empty recipe spot of its colour",
                "Recipe Card Overview",
            )
        if verb == "done" and ph == PH_PLACE and self.pmode == PM_EXTRAS:
            return (
                "extra ingredients must be placed on the new order first",
                "When Completing an Order",
            )
        if verb == "remove" and ph == PH_REMOVE:
            return ("that marble is not one this effect may remove", "Spill Cards Descriptions")
        if verb == "drink" and ph == PH_DRINK:
            if SPILL_CARDS[self.spill_card][0] == S_TOP:
                return ("Top Shelf spills the drink whose ingredients sit highest", "Top Shelf")
            return ("that drink has nothing this spill card removes", "Spill Cards Descriptions")
        if verb == "target" and ph == PH_TARGET:
            return ("a tip card is given to another player", "Tip Card Overview")
        return (f"now is the {expected} decision, not {verb!r}", rule)

    # ----------------------------------------------------------------- views

    def _view(self, player: int | None) -> dict[str, Any]:
        n = self.num_players
        players = []
        for p in range(n):
            glasses = []
            for g in range(4):
                card = self.recipes[p * 4 + g]
                if card < 0:
                    continue
                base, cells = self._cells(p, g)
                rows: list[list[str]] = [[] for _ in GLASS_ROWS[g]]
                for i, s in enumerate(self.slots[base : base + len(cells)]):
                    name = KIND_NAMES[cells[i][1]]
                    rows[cells[i][0] - 1].append(
                        name.upper() + ("*" if s == 2 else "") if s else name
                    )
                while not rows[-1]:  # rows above the recipe's top are not part of it
                    rows.pop()
                glasses.append(
                    {
                        "glass": GLASS_NAMES[g],
                        "recipe": RECIPE_NAMES[card],
                        "value": RECIPE_VALUE[card],
                        "complete": self.done[p * 4 + g],
                        "rows": rows,
                    }
                )
            players.append(
                {
                    "seat": p,
                    "lemons": self.lemons[p],
                    "glasses": glasses,
                    "extras": _count_dict(self.shelf[8 * p : 8 * p + 8]),
                    "tips": {
                        TIP_KINDS[k]: self.tips[NT * p + k]
                        for k in range(NT)
                        if self.tips[NT * p + k]
                    },
                    "discarded_tips": sum(self.discards[NT * p : NT * p + NT]),
                    "complaints": [[TIP_KINDS[k], g] for k, g in self.complaints[p]],
                    "completed": [RECIPE_NAMES[c] for c in self.completed[p]],
                    "bonus": self.bonus[p],
                    "score": self.scores()[p],
                }
            )
        known = self.spill_deck[len(self.spill_deck) - self.spill_known :]
        return {
            "game": self.game.id,
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": PHASE_NAMES[self.phase],
            "seats": players,
            "length": self.options["length"],
            "turn": self.current,
            "step": STEP_NAMES[self.step],
            "dice": list(self.dice),
            "bowls": [_count_dict(self._bowl(b)) for b in range(len(self.bowls) // 8)],
            "bag": _count_dict(self.bag),
            "drafted": _count_dict(self.hand),
            "sign": _count_dict(self.tray),
            "waiting": _count_dict(self.held),
            "picks": self.picks,
            "pending_spills": self.pending_spill,
            "coaster": {"spill": self.coaster_spill, "gold": self.coaster_gold},
            "tip_deck": len(self.tip_deck),
            "recipe_decks": {GLASS_NAMES[g]: len(d) for g, d in enumerate(self.recipe_decks)},
            "spill_deck": len(self.spill_deck),
            "spill_deck_face_up": [spill_title(c) for c in known],
            "spill_discard": [spill_title(c) for c in self.spill_discard],
            "last_call": self.last_call,
        }

    # ----------------------------------------------------------------- copies

    def clone(self) -> Self:
        cls = self.__class__
        c = cls.__new__(cls)
        self._copy_base(c)
        c.aside = self.aside[:]
        c.bag = self.bag[:]
        c.bonus = self.bonus
        c.bowls = self.bowls[:]
        c.coaster_gold = self.coaster_gold
        c.coaster_spill = self.coaster_spill
        c.complaints = self.complaints
        c.completed = self.completed
        c.current = self.current
        c.cursor = self.cursor
        c.decider = self.decider
        c.dice = self.dice[:]
        c.discards = self.discards[:]
        c.done = self.done[:]
        c.finishers = self.finishers
        c.flip_die = self.flip_die
        c.flipped = self.flipped[:]
        c.gift_to = self.gift_to
        c.gold_wait = self.gold_wait
        c.hand = self.hand[:]
        c.held = self.held[:]
        c.last_call = self.last_call
        c.last_emptied = self.last_emptied
        c.lemons = self.lemons
        c.pending_spill = self.pending_spill
        c.phase = self.phase
        c.picks = self.picks
        c.pmode = self.pmode
        c.recipe_decks = self.recipe_decks
        c.recipes = self.recipes[:]
        c.rm_colour = self.rm_colour
        c.rm_glass = self.rm_glass
        c.rm_left = self.rm_left
        c.rm_mask = self.rm_mask
        c.rm_mode = self.rm_mode
        c.shelf = self.shelf[:]
        c.shots = self.shots
        c.slots = self.slots[:]
        c.spill_card = self.spill_card
        c.spill_deck = self.spill_deck
        c.spill_discard = self.spill_discard
        c.spill_known = self.spill_known
        c.step = self.step
        c.target_tip = self.target_tip
        c.tip_deck = self.tip_deck
        c.tips = self.tips[:]
        c.tipsy_used = self.tipsy_used
        c.tray = self.tray[:]
        c.turns = self.turns
        return c

    def _resample(self, viewer: int | None, rng: Rng) -> None:
        """Re-shuffle what nobody sees: the tip deck, the recipe stacks, the face-down spills.

        Everything else (the bag's contents, every board, every tip card in
        hand) is public, so every seat's world is drawn the same way.
        """
        self.tip_deck = _shuffled(rng, sorted(self.tip_deck))
        self.recipe_decks = tuple(_shuffled(rng, sorted(d)) for d in self.recipe_decks)
        hidden = len(self.spill_deck) - self.spill_known
        self.spill_deck = (
            _shuffled(rng, sorted(self.spill_deck[:hidden])) + self.spill_deck[hidden:]
        )

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        """Completed recipes + unused tips + bonus coins - $2 per incomplete recipe."""
        out = []
        for p in range(self.num_players):
            total = sum(RECIPE_VALUE[c] for c in self.completed[p])
            total += sum(TIP_VALUES[k] * self.tips[NT * p + k] for k in range(NT))
            total += self.bonus[p]
            total -= 2 * sum(1 for g in range(4) if self._active(p, g))
            out.append(float(total))
        return tuple(out)

    def rank_key(self, player: int) -> tuple[float, ...]:
        """Ties go to the most completed recipes."""
        return (self.scores()[player], float(len(self.completed[player])))

    def evaluate(self, player: int) -> float:
        """Share of the projected income: banked money plus the filled part of open recipes."""
        if self.is_over:
            return super().evaluate(player)
        target = LEMONS[self.options["length"]]
        projected = []
        scores = self.scores()
        for p in range(self.num_players):
            est = scores[p] + 4.0 * self.lemons[p] / target
            for g in range(4):
                card = self.recipes[p * 4 + g]
                if card >= 0 and not self.done[p * 4 + g]:
                    share = self._filled(p, g) / len(RECIPE_SLOTS[card])
                    est += (RECIPE_VALUE[card] + 2.0) * share
            est += 0.5 * sum(self.shelf[8 * p : 8 * p + 8])
            projected.append(max(est, 0.0))
        total = sum(projected) + self.num_players
        return (projected[player] + 1.0) / total


def _count_dict(counts: list[int]) -> dict[str, int]:
    return {KIND_NAMES[k]: v for k, v in enumerate(counts) if v}


def _kinds(counts: list[int]) -> str:
    return ", ".join(f"{v} {KIND_NAMES[k]}" for k, v in enumerate(counts) if v) or "nothing"


def _names(kinds: list[int]) -> str:
    return ", ".join(KIND_NAMES[k] for k in kinds) or "nothing"


def _with(rows: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """A copy of a shared tuple with entry ``i`` replaced (copy on write keeps clones cheap)."""
    return (*rows[:i], value, *rows[i + 1 :])


def _shuffled(rng: Rng, items: list[int]) -> tuple[int, ...]:
    rng.shuffle(items)
    return tuple(items)
