"""On The Rocks's rules: the turn's steps, the decisions, tips, spills and the final count.

The turn is a loop of steps (see :class:`Step`): ``_advance`` runs the
automatic ones until a step waits for a decision, whose kind ``phase`` names.
A decision sets the next step (or stays in its own) and calls ``_advance``.
See docs/rules/on-the-rocks.md for every interpretation made here.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Action, Kind, replaced, step_table
from lastcall.core.events import CHANCE, END, MOVE, RULE, TURN
from lastcall.games.on_the_rocks import actions as acts
from lastcall.games.on_the_rocks.content import (
    ADDITIONAL,
    BONUS_COINS,
    BUY,
    CLUMSY,
    COASTER_GOLD_SLOTS,
    COASTER_SPILL_SLOTS,
    GLASS_TITLES,
    GOLD,
    KIND_NAMES,
    PREMIUM,
    RECIPE_GLASS,
    RECIPE_NAMES,
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
    TIP_KINDS,
    TIP_TITLES,
    TIP_USES,
    TIP_VALUES,
    TIPSY2,
    TIPSY3,
    WEAK,
    WILD,
    spill_title,
)
from lastcall.games.on_the_rocks.state import (
    LEMONS,
    NT,
    PHASE_NAMES,
    ROUND_LIMIT,
    SHELF_SIZE,
    Decision,
    OnTheRocksBase,
    Placing,
    Removal,
    Step,
    seat_score,
    with_entry,
)

ORDER: Final = Decision.ORDER
ROLL: Final = Decision.ROLL
START: Final = Decision.START
MIX: Final = Decision.MIX
SELECT: Final = Decision.SELECT
SHAKE_UP: Final = Decision.SHAKE
KEEP: Final = Decision.KEEP
PLACE: Final = Decision.PLACE
SAVE: Final = Decision.SAVE
TIPS: Final = Decision.TIPS
TARGET: Final = Decision.TARGET
DRINK: Final = Decision.DRINK
REMOVE: Final = Decision.REMOVE
NONE: Final = Decision.NONE
# Enum members under module names: hot paths read a global six times faster than
# an enum's attribute.
AT_SETUP: Final = Step.SETUP
AT_COMPLAINTS: Final = Step.COMPLAINTS
AT_ROLL: Final = Step.ROLL
AT_MIX: Final = Step.MIX
AT_SELECT: Final = Step.SELECT
AT_PLACE: Final = Step.PLACE
AT_SAVE: Final = Step.SAVE
AT_RESOLVE: Final = Step.RESOLVE
AT_TIPS: Final = Step.TIPS
AT_END: Final = Step.END
AT_NEW_ORDER: Final = Step.NEW_ORDER
AT_OVER: Final = Step.OVER
P_TURN: Final = Placing.TURN
P_RESOLVE: Final = Placing.RESOLVE
P_TIP: Final = Placing.TIP
P_BUY: Final = Placing.BUY
P_GIFT: Final = Placing.GIFT
P_EXTRAS: Final = Placing.EXTRAS
P_LEFTOVER: Final = Placing.LEFTOVER
R_ANY: Final = Removal.ANY
R_TOP: Final = Removal.TOP
R_EACH: Final = Removal.EACH
R_BOARD: Final = Removal.BOARD
INGREDIENTS: Final = acts.INGREDIENTS
CODE: Final = acts.CODE
# Whether a tip card is kept (played for its own use) rather than passed or shared.
KEEP_TIP: Final = tuple(TIP_USES[k] == "keep" for k in TIP_KINDS)

RULE_OF_DECISION: Final = (
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


@trait
class OnTheRocksFlow(OnTheRocksBase):
    """The rules of play, as steps and decisions."""

    __slots__ = ()

    # ----------------------------------------------------------------- the opening

    def _start(self) -> None:
        """After Prep: the bowls are shown, the dice choose the first player, orders follow."""
        for b in range(len(self.bowls) // 8):
            self.announce(CHANCE, "Bowl {bowl} is filled with {marbles}.", b + 1, self._names(b))
        self.current = self._first_player()
        self._advance()

    def _first_player(self) -> int:
        """All roll both dice; the highest goes first, ties roll again."""
        contenders = list(range(self.num_players))
        while True:
            rolls = [self.rng.below(6) + self.rng.below(6) + 2 for _ in contenders]
            for p, total in zip(contenders, rolls, strict=True):
                self.announce(CHANCE, "{p:Seat} roll{p:s} {total} for the first turn.", p, total)
            best = max(rolls)
            contenders = [p for p, r in zip(contenders, rolls, strict=True) if r == best]
            if len(contenders) == 1:
                self.announce(RULE, "{p:Seat} go{p:es} first.", contenders[0])
                return contenders[0]

    def _names(self, bowl: int) -> list[str]:
        """The marbles of a bowl (-1: the sign), by name, for events."""
        counts = self.tray if bowl < 0 else self.bowls[8 * bowl : 8 * bowl + 8]
        return [KIND_NAMES[k] for k in range(8) for _ in range(counts[k])]

    # ----------------------------------------------------------------- steps

    def _step_setup(self) -> bool:
        """Each seat in turn takes its first order; then the first player's turn begins."""
        recipes = self.recipes
        for q in range(self.num_players):
            if max(recipes[4 * q : 4 * q + 4]) < 0:
                self._ask(ORDER, q)
                return True
        self._begin_turn()
        return False

    def _begin_turn(self) -> None:
        self.step = AT_COMPLAINTS
        self.announce(
            TURN,
            "Round {round}: {p:seat's} turn.",
            self.turns // self.num_players + 1,
            self.current,
        )

    def _step_complaints(self) -> bool:
        """Complaints are resolved one by one, oldest first; then the dice are rolled."""
        p = self.current
        if not self.complaints[p]:
            self.dice = [self.rng.below(6) + 1, self.rng.below(6) + 1]
            self.flipped = [False, False]
            self.announce(CHANCE, "{p:Seat} roll{p:s} {a} and {b}.", p, self.dice[0], self.dice[1])
            self.step = AT_ROLL
            return False
        kind, giver = self.complaints[p][0]
        self.complaints = with_entry(self.complaints, p, self.complaints[p][1:])
        self._discard(giver * NT + kind)
        self.announce(
            RULE,
            "{p:Seat} resolve{p:s} the complaint {tip} from {q:seat}.",
            p,
            TIP_TITLES[kind],
            giver,
        )
        if kind == CLUMSY:
            return self._spill()
        if kind == SHOTS:
            self.shots = True
        elif kind == WEAK:
            self._removal(-1, -1, R_BOARD)
            self.rm_left = 3
            if self._can_remove(p):
                self._ask(REMOVE, giver)
                return True
        return False

    def _step_roll(self) -> bool:
        self._ask(ROLL, self.current)
        return True

    def _step_mix(self) -> bool:
        """One marble into each bowl in turn; the player chooses while kinds differ."""
        hand = self.hand
        while sum(hand):
            kinds = [k for k in range(8) if hand[k]]
            if len(kinds) > 1:
                self._ask(MIX, self.current)
                return True
            self._mix_one(kinds[0], RULE)
        self.step = AT_SELECT
        return False

    def _step_select(self) -> bool:
        self._ask(SELECT, self.current)
        return True

    def _step_place(self) -> bool:
        self.pmode = P_TURN
        self._ask(PLACE, self.current)
        return True

    def _step_save(self) -> bool:
        """Save to the shelf; then gold grants its picks (step 7)."""
        p = self.current
        if self._saveable():
            self._ask(SAVE, p)
            return True
        self._settle_tray()
        self.step = AT_RESOLVE
        if self.gold_wait:
            self.picks += 2 * self.gold_wait
            self.announce(
                RULE,
                "{p:Seat} resolve{p:s} {n:plural:gold marble}: {picks} picks from the bag.",
                p,
                self.gold_wait,
                self.picks,
            )
            self._coaster(0, self.gold_wait)
            self.gold_wait = 0
        if self.picks:
            self.pmode = P_RESOLVE
            self._ask(PLACE, p)
            return True
        return False

    def _step_resolve(self) -> bool:
        """Full recipes are completed, unless a spill still waits this turn."""
        if not self.pending_spill:
            self._complete_filled(self.current)
        self.step = AT_TIPS
        return False

    def _step_tips(self) -> bool:
        self._ask(TIPS, self.current)
        return True

    def _step_end(self) -> bool:
        """Spills, then held recipes, then a completed order; then the next player."""
        p = self.current
        if self.pending_spill:
            self.pending_spill -= 1
            self._coaster(1, 0)
            return self._spill()
        self._complete_filled(p)
        if self._end_order(p):
            return True
        self._next_turn()
        return False

    def _step_new_order(self) -> bool:
        """The new order's extras and leftovers are placed: full recipes complete, turn over."""
        self._complete_filled(self.current)
        self._next_turn()
        return False

    def _step_over(self) -> bool:
        """Nobody decides any more (``_finish`` emptied ``to_move``)."""
        return True

    def _ask(self, phase: Decision, decider: int) -> None:
        self.phase = phase
        self.to_move = (decider,)

    # ----------------------------------------------------------------- marbles

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
            self.announce(RULE, "The coaster's spill slots are full: the spill marbles go back.")
        if self.coaster_gold >= COASTER_GOLD_SLOTS:
            self.bag[GOLD] += self.coaster_gold
            self.coaster_gold = 0
            self.announce(RULE, "The coaster's gold slots are full: the gold marbles go back.")

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

    def _mix_one(self, kind: int, chosen: Kind) -> None:
        """One marble into the next bowl: a ``MOVE`` when chosen, a ``RULE`` when forced."""
        self.hand[kind] -= 1
        self.bowls[8 * self.cursor + kind] += 1
        self.announce(
            chosen,
            "{p:Seat} put{p:s} a {marble} marble into bowl {bowl}.",
            self.current,
            KIND_NAMES[kind],
            self.cursor + 1,
        )
        self.cursor = (self.cursor + 1) % (len(self.bowls) // 8)

    def _saveable(self) -> bool:
        tray = self.tray
        return any(tray[k] for k in INGREDIENTS)

    def _settle_tray(self) -> None:
        """After saving, the bowl's other ingredients go back to the bag (Save step).

        Only when the order is already filled at the Save step, so that it is
        completed at the end of the turn, do they wait on the sign for the new
        order (order step 5); if a spill then keeps the order open they go
        back at the turn's end. At a new order's own save step, what is left
        goes back at once.
        """
        if self.step == AT_SAVE and self._order_filled(self.current):
            held, tray = self.held, self.tray
            for k in INGREDIENTS:
                held[k] += tray[k]
                tray[k] = 0
        self._to_bag(self.tray)

    # ----------------------------------------------------------------- the board

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

    def _removal(self, glass: int, colour: int, mode: Removal) -> None:
        """Set up a removal: from one glass or any (-1), of one colour or any (-1)."""
        self.rm_glass = glass
        self.rm_colour = colour
        self.rm_mode = mode
        self.rm_mask = 0

    def _removable(self, p: int) -> list[tuple[int, int, int]]:
        """Marbles the current removal may take, as distinct ``(glass, row, colour)``."""
        out: list[tuple[int, int, int]] = []
        for g in range(4):
            if not self._active(p, g):
                continue
            if self.rm_glass >= 0 and g != self.rm_glass:
                continue
            if self.rm_mode == R_EACH and self.rm_mask >> g & 1:
                continue
            base, cells = self._cells(p, g)
            sl = self.slots[base : base + len(cells)]
            top = 0
            if self.rm_mode == R_TOP:
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
            self.done = replaced(self.done, 4 * p + g, True)
            base, cells = self._cells(p, g)
            for i, cell in enumerate(cells):
                self.bag[WILD if self.slots[base + i] == 2 else cell[1]] += 1
                self.slots[base + i] = 0
            self.completed = with_entry(self.completed, p, (*self.completed[p], card))
            self.announce(
                RULE,
                "{p:Seat} complete{p:s} {recipe} (${value}).",
                p,
                RECIPE_NAMES[card],
                RECIPE_VALUE[card],
            )
            if self.tip_deck:
                tip = self.tip_deck[-1]
                self.tip_deck = self.tip_deck[:-1]
                at = p * NT + tip
                self.tips = replaced(self.tips, at, self.tips[at] + 1)
                self.announce(CHANCE, "{p:Seat} collect{p:s} a tip: {tip}.", p, TIP_TITLES[tip])

    def _shelf_fits(self, p: int) -> bool:
        shelf = self.shelf[8 * p : 8 * p + 8]
        return any(shelf[WILD] or shelf[c] for _, _, c in self._open_targets(p))

    # ----------------------------------------------------------------- orders and the end

    def _end_order(self, p: int) -> bool:
        """When completing an order: lemon, Last Call, the next order; True if a choice waits."""
        if not self._order_filled(p):
            self._to_bag(self.held)
            return False
        recipes, done = self.recipes.copy(), self.done.copy()
        recipes[4 * p : 4 * p + 4] = [-1] * 4
        done[4 * p : 4 * p + 4] = [False] * 4
        self.recipes, self.done = recipes, done
        self.lemons = with_entry(self.lemons, p, self.lemons[p] + 1)
        target = LEMONS[self.options["length"]]
        self.announce(
            RULE,
            "{p:Seat} complete{p:s} an order and place{p:s} lemon {n}.",
            p,
            self.lemons[p],
        )
        if self.lemons[p] >= target:
            self.finishers = (*self.finishers, p)
            if self.last_call < 0:
                self.last_call = p
                self.announce(
                    RULE, "{p:Seat} call{p:s} Last Call! Everyone else has one final turn.", p
                )
        if self.lemons[p] >= target or self.last_call >= 0:
            self._to_bag(self.held)
            return False
        self.step = AT_NEW_ORDER
        self._ask(ORDER, p)
        return True

    def _order(self, p: int, skip: int) -> None:
        """Take the top recipe of each glass but ``skip`` (-1: all four)."""
        names = []
        for g in range(4):
            if g == skip or not self.recipe_decks[g]:
                continue
            card = self.recipe_decks[g][-1]
            self.recipe_decks = with_entry(self.recipe_decks, g, self.recipe_decks[g][:-1])
            self.recipes = replaced(self.recipes, p * 4 + g, card)
            names.append(RECIPE_NAMES[card])
        self.announce(CHANCE, "{p:Seat} take{p:s} an order: {recipes}.", p, names)
        if self.step == AT_SETUP:
            self._advance()
        elif self._shelf_fits(p):
            self.pmode = P_EXTRAS
            self._ask(PLACE, p)
        else:
            self._to_leftovers(p)

    def _to_leftovers(self, p: int) -> None:
        """Step 5 of a new order: the unused marbles waiting on the sign may go on the board."""
        self.tray = self.held
        self.held = [0] * 8
        if self._saveable():
            self.pmode = P_LEFTOVER
            self._ask(PLACE, p)
        else:
            self._to_bag(self.tray)
            self._advance()

    def _next_turn(self) -> None:
        """Pass the dice on; the night ends when Last Call comes back round, or at the limit.

        Once Last Call is called every other player has their final turn, even
        past the round limit, which only closes a bar where nobody called it.
        """
        self.turns += 1
        nxt = (self.current + 1) % self.num_players
        rounds = ROUND_LIMIT[self.options["length"]]
        if self.last_call >= 0:
            if nxt == self.last_call:
                self._finish()
                return
        elif self.turns >= rounds * self.num_players:
            self.announce(
                RULE, "The bar closes: the round limit of {rounds} rounds is reached.", rounds
            )
            self._finish()
            return
        self.current = nxt
        self.shots = False
        self.tipsy_used = 0
        self._begin_turn()

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
                self.announce(
                    RULE, "{p:Seat} receive{p:s} ${coin} in bonus coins.", p, self.bonus[p]
                )
        self.step = AT_OVER
        self.phase = NONE
        self.to_move = ()
        scores = self.scores()
        for p in range(self.num_players):
            self.announce(RULE, "{p:Seat} end{p:s} the night with ${score}.", p, int(scores[p]))
        best = self.ranking()[0]
        if len(best) == 1:
            self.announce(END, "The night is over: {p:Seat} win{p:s}!", best[0])
        else:
            self.announce(END, "The night is over: {n} players share the win.", len(best))

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
        self.announce(CHANCE, "{p:Seat} draw{p:s} the spill card {card}.", p, spill_title(card))
        self._removal(-1, colour if effect in (S_ALL, S_DOUBLE) else -1, R_ANY)
        targets = self._removable(p)
        if not targets or effect in (S_TOP, S_WILD, S_REMOVE):
            self.spill_deck = (*self.spill_deck, card)
            self.spill_known += 1
            if not targets:
                self.announce(RULE, "Nothing to spill: the card goes to the bottom face up.")
                return False
        else:
            self.spill_discard = (*self.spill_discard, card)
        if effect in (S_ALL, S_TOP, S_REMOVE):
            self._ask(DRINK, p)
        elif effect == S_DOUBLE:
            self.rm_left = 2
            self._ask(REMOVE, p)
        else:
            self.rm_mode = R_EACH
            self.rm_left = sum(1 for g in range(4) if self._active(p, g) and self._filled(p, g))
            self._ask(REMOVE, p)
        return True

    def _drink(self, p: int, g: int) -> None:
        """The victim names the drink a Spill All, Top Shelf or Remove card falls on."""
        effect, colour, amount = SPILL_CARDS[self.spill_card]
        if effect == S_ALL:
            base, cells = self._cells(p, g)
            sl = self.slots
            for i, cell in enumerate(cells):
                s = sl[base + i]
                if s and cell[1] == colour:
                    self.bag[WILD if s == 2 else colour] += 1
                    sl[base + i] = 0
            self.announce(
                MOVE,
                "{p:Seat} spill{p:s} all {colour} from the {glass}.",
                p,
                KIND_NAMES[colour],
                GLASS_TITLES[g],
            )
            self._advance()
            return
        self.rm_glass = g
        self.rm_mode = R_TOP if effect == S_TOP else R_ANY
        self.rm_left = 2 if effect == S_TOP else amount
        self._ask(REMOVE, p)

    def _can_remove(self, p: int) -> bool:
        """Whether the current removal finds anything on ``p``'s board."""
        if self.rm_mode == R_BOARD and any(self.shelf[8 * p : 8 * p + 8]):
            return True
        return bool(self._removable(p))

    def _remove_extra(self, player: int, k: int) -> None:
        """Weak Drink takes an extra ingredient off the current player's shelf."""
        p = self.current
        self.shelf[8 * p + k] -= 1
        self.bag[k] += 1
        self.announce(
            MOVE,
            "{p:Seat} remove{p:s} an extra {marble} marble from {q:seat's} shelf.",
            player,
            KIND_NAMES[k],
            p,
        )
        self._removed()

    def _remove(self, player: int, g: int, r: int, c: int) -> None:
        """One marble of a removal leaves the current player's glass."""
        p = self.current
        self._take_off(p, g, r, c)
        if player == p:
            self.announce(
                MOVE,
                "{p:Seat} take{p:s} a {colour} ingredient off the {glass}, row {row}.",
                player,
                KIND_NAMES[c],
                GLASS_TITLES[g],
                r,
            )
        else:
            self.announce(
                MOVE,
                "{p:Seat} remove{p:s} a {colour} ingredient from {q:seat's} {glass}, row {row}.",
                player,
                KIND_NAMES[c],
                p,
                GLASS_TITLES[g],
                r,
            )
        self.rm_mask |= 1 << g
        self._removed()

    def _removed(self) -> None:
        """A marble of a removal is gone: the next one, the die it paid for, or the turn goes on."""
        p = self.current
        self.rm_left -= 1
        if self.rm_left > 0 and self._can_remove(p):
            return
        if self.flip_die >= 0:
            d = self.flip_die
            self.flip_die = -1
            self.flipped = replaced(self.flipped, d, True)
            self.dice = replaced(self.dice, d, 7 - self.dice[d])
            self.announce(MOVE, "{p:Seat} turn{p:s} die {die} to {value}.", p, d + 1, self.dice[d])
        self._advance()

    # ----------------------------------------------------------------- legal actions

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        ph = self.phase
        p = self.current
        if ph == PLACE:
            return tuple(self._place_actions(player))
        if ph == MIX:
            hand = self.hand
            return tuple(acts.MIX[k] for k in range(8) if hand[k])
        if ph == REMOVE:
            out = [acts.REMOVE[g][r][c] for g, r, c in self._removable(p)]
            if self.rm_mode == R_BOARD:
                shelf = self.shelf
                out += [acts.REMOVE_EXTRA[k] for k in INGREDIENTS if shelf[8 * p + k]]
            return tuple(out)
        if ph == ROLL:
            out = [acts.DRAFT]
            if any(self._filled(p, g) for g in range(4) if self._active(p, g)):
                out += [acts.FLIP[d] for d in (0, 1) if not self.flipped[d]]
            return tuple(out)
        if ph == SELECT:
            return acts.SELECT[: len(self.bowls) // 8]
        if ph == START:
            return acts.START[: len(self.bowls) // 8]
        if ph == SAVE:
            tray, shelf = self.tray, self.shelf[8 * p : 8 * p + 8]
            out = [acts.DONE]
            if sum(shelf) < SHELF_SIZE:
                out += [acts.SAVE[k] for k in INGREDIENTS if tray[k]]
            else:
                out += [
                    acts.SWAP[a][b]
                    for a in INGREDIENTS
                    if shelf[a]
                    for b in INGREDIENTS
                    if tray[b] and b != a
                ]
            return tuple(out)
        if ph == TIPS:
            mine = self.tips[NT * p : NT * p + NT]
            out = [acts.DONE]
            for k in range(NT):
                if mine[k] and k != SHAKE and (self.tipsy_used < 2 or k not in (TIPSY2, TIPSY3)):
                    out.append(acts.PLAY[k])
            if self.picks:  # gold and Premium picks last "anytime during your turn"
                bag = self.bag
                out += [acts.PICK[g][r][c] for g, r, c in self._open_targets(p) if bag[c]]
            return tuple(out)
        if ph == TARGET:
            return tuple(acts.TARGET[q] for q in range(self.num_players) if q != p)
        if ph == DRINK:
            found = self._removable(p)
            if SPILL_CARDS[self.spill_card][0] == S_TOP:
                # The rulebook's example: the drink whose ingredients sit highest loses them.
                high = max(r for _, r, _ in found)
                found = [t for t in found if t[1] == high]
            return tuple(acts.DRINK[g] for g in sorted({g for g, _, _ in found}))
        if ph == KEEP:
            return tuple(acts.KEEP[k] for k in INGREDIENTS if self.tray[k])
        if ph == SHAKE_UP:
            return (acts.TAKE, acts.PLAY[SHAKE])
        if ph == ORDER:
            return (acts.ORDER_ALL, *acts.ORDER_WITHOUT)
        return ()

    def _place_actions(self, d: int) -> list[Action]:
        mode = self.pmode
        tray = self.tray
        if mode == P_GIFT:
            avail = tray
        else:
            shelf = self.shelf[8 * d : 8 * d + 8]
            avail = [tray[k] + shelf[k] for k in range(6)]
        wild = avail[WILD]
        picks = self.picks if mode != P_GIFT else 0  # the buyer's picks are the buyer's
        bag = self.bag
        out: list[Action] = []
        for g, r, c in self._open_targets(d):
            if avail[c]:
                out.append(acts.PLACE[c][g][r])
            if wild:
                out.append(acts.PLACE_WILD[g][r][c])
            if picks and bag[c]:
                out.append(acts.PICK[g][r][c])
        if mode != P_EXTRAS or not self._shelf_fits(d):
            out.append(acts.DONE)
        return out

    # ----------------------------------------------------------------- apply

    def _apply(self, player: int, action: Action) -> None:
        code = CODE[action]
        op = code[0]
        p = self.current
        if op == acts.OP_PLACE:
            _, k, g, r, c = code
            self._place(player, k, g, r, c)
        elif op == acts.OP_MIX:
            self._mix_one(code[1], MOVE)
            self._advance()
        elif op == acts.OP_DONE:
            self._done()
        elif op == acts.OP_REMOVE:
            _, g, r, c = code
            self._remove(player, g, r, c)
        elif op == acts.OP_REMOVE_EXTRA:
            self._remove_extra(player, code[1])
        elif op == acts.OP_PICK:
            _, g, r, c = code
            self._pick(player, g, r, c)
        elif op == acts.OP_FLIP:
            self.flip_die = code[1]
            self._removal(-1, -1, R_ANY)
            self.rm_left = 1
            self._ask(REMOVE, p)
        elif op == acts.OP_DRAFT:
            total = self.dice[0] + self.dice[1]
            drawn = self._draw(total, self.hand)
            self.announce(
                CHANCE, "{p:Seat} draft{p:s} {marbles}.", p, [KIND_NAMES[k] for k in drawn]
            )
            self.step = AT_MIX
            if self.last_emptied < 0:
                self._ask(START, p)
            else:
                self.cursor = self.last_emptied
                self._advance()
        elif op == acts.OP_START:
            self.cursor = code[1]
            self.announce(MOVE, "{p:Seat} start{p:s} mixing at bowl {bowl}.", p, code[1] + 1)
            self._advance()
        elif op == acts.OP_SELECT:
            self._select(p, code[1])
        elif op == acts.OP_SAVE:
            k = code[1]
            self.tray[k] -= 1
            self.shelf[p * 8 + k] += 1
            self.announce(
                MOVE, "{p:Seat} save{p:s} a {marble} marble on the shelf.", p, KIND_NAMES[k]
            )
            if not self._saveable():
                self._done()
        elif op == acts.OP_SWAP:
            _, a, b = code
            self.shelf[p * 8 + a] -= 1
            self.bag[a] += 1
            self.tray[b] -= 1
            self.shelf[p * 8 + b] += 1
            self.announce(
                MOVE,
                "{p:Seat} swap{p:s} the extra {old} marble for a {new} one.",
                p,
                KIND_NAMES[a],
                KIND_NAMES[b],
            )
        elif op == acts.OP_PLAY:
            self._play(p, code[1])
        elif op == acts.OP_TARGET:
            self._target(p, code[1])
        elif op == acts.OP_DRINK:
            self._drink(p, code[1])
        elif op == acts.OP_KEEP:
            k = code[1]
            self.tray[k] -= 1
            self.aside[k] += 1
            if sum(self.aside) >= 2 or not self._saveable():
                self._shots_done()
        elif op == acts.OP_TAKE:
            self._take(p)
        else:  # OP_ORDER
            self._order(player, code[1])

    def _place(self, player: int, k: int, g: int, r: int, c: int) -> None:
        """A marble of kind ``k`` from the sign or the shelf onto a spot wanting colour ``c``."""
        source = "sign" if self.tray[k] else "shelf"
        if self.tray[k]:
            self.tray[k] -= 1
        else:
            self.shelf[player * 8 + k] -= 1
        self._put(player, g, r, c, 2 if k == WILD else 1)
        if k == WILD:
            self.announce(
                MOVE,
                "{p:Seat} place{p:s} a wild marble from the {source} as {colour} "
                "in the {glass}, row {row}.",
                player,
                source,
                KIND_NAMES[c],
                GLASS_TITLES[g],
                r,
            )
        else:
            self.announce(
                MOVE,
                "{p:Seat} place{p:s} a {marble} marble from the {source} "
                "in the {glass}, row {row}.",
                player,
                KIND_NAMES[k],
                source,
                GLASS_TITLES[g],
                r,
            )

    def _pick(self, player: int, g: int, r: int, c: int) -> None:
        """A marble of choice from the bag straight onto the board (gold, Premium)."""
        self.bag[c] -= 1
        self.picks -= 1
        self._put(player, g, r, c, 1)
        self.announce(
            MOVE,
            "{p:Seat} pick{p:s} a {colour} ingredient from the bag for the {glass}, row {row}.",
            player,
            KIND_NAMES[c],
            GLASS_TITLES[g],
            r,
        )
        if self.phase == TIPS and not self.pending_spill:
            self._complete_filled(self.current)
        elif not self.picks and self.pmode == P_RESOLVE:
            self._advance()

    def _select(self, p: int, b: int) -> None:
        self.tray = self.bowls[8 * b : 8 * b + 8]
        self.bowls[8 * b : 8 * b + 8] = [0] * 8
        self.last_emptied = b
        self.announce(
            MOVE, "{p:Seat} select{p:s} bowl {bowl}: {marbles}.", p, b + 1, self._names(-1)
        )
        self.step = AT_PLACE
        if self.tips[p * NT + SHAKE]:
            self._ask(SHAKE_UP, p)
        else:
            self._take(p)

    def _take(self, p: int) -> None:
        """The bowl's marbles are final: set the specials aside, then Shots! if complained."""
        tray = self.tray
        self.gold_wait += tray[GOLD]
        self.pending_spill += tray[SPILL]
        tray[GOLD] = tray[SPILL] = 0
        if self.shots and sum(tray) > 2:
            self._ask(KEEP, p)
            return
        self._advance()

    def _shots_done(self) -> None:
        self._to_bag(self.tray)
        self.tray = self.aside
        self.aside = [0] * 8
        self.announce(
            MOVE,
            "{p:Seat} keep{p:s} only {marbles} (Shots! Shots!).",
            self.current,
            self._names(-1),
        )
        self._advance()

    def _done(self) -> None:
        """``done`` ends the current decision: what follows depends on what was being done."""
        ph = self.phase
        p = self.current
        if ph == SAVE:  # the Save step, or a new order's step 6
            self._settle_tray()
            self._advance()
            return
        if ph == TIPS:
            self.picks = 0  # unused picks end with the turn, before any spill
            self.step = AT_END
            self._advance()
            return
        mode = self.pmode
        if mode == P_TURN:
            self.step = AT_SAVE
            self._advance()
        elif mode == P_RESOLVE:
            self._advance()
        elif mode == P_TIP:  # only the bowl's marbles may be saved: the rest go back
            self._to_bag(self.tray)
            self._tip_settled()
        elif mode == P_BUY:
            self._to_bag(self.tray)
            self.tray = self.aside
            self.aside = [0] * 8
            self.pmode = P_GIFT
            self._ask(PLACE, self.gift_to)
        elif mode == P_GIFT:
            self._to_bag(self.tray)
            self._complete_filled(self.gift_to)
            self.gift_to = -1
            self._tip_settled()
        elif mode == P_EXTRAS:
            self._to_leftovers(p)
        else:  # P_LEFTOVER: what the new order could not use may be saved
            if self._saveable():
                self._ask(SAVE, p)
            else:
                self._to_bag(self.tray)
                self._advance()

    def _tip_settled(self) -> None:
        """Back to the tips menu; a recipe a tip filled completes unless a spill waits."""
        if not self.pending_spill:
            self._complete_filled(self.current)
        self._advance()

    # ----------------------------------------------------------------- tips

    def _discard(self, at: int) -> None:
        """One more tip card of a seat's kind (index ``at`` of ``discards``) is spent."""
        self.discards = replaced(self.discards, at, self.discards[at] + 1)

    def _play(self, p: int, tip: int) -> None:
        at = p * NT + tip
        self.tips = replaced(self.tips, at, self.tips[at] - 1)
        self.announce(MOVE, "{p:Seat} play{p:s} {tip}.", p, TIP_TITLES[tip])
        if tip == SHAKE:
            self._discard(p * NT + tip)
            n = sum(self.tray)
            self._to_bag(self.tray)
            drawn = self._draw(n, self.tray)
            self.announce(
                CHANCE, "{p:Seat} redraft{p:s} {marbles}.", p, [KIND_NAMES[k] for k in drawn]
            )
            if not self.tips[p * NT + SHAKE]:
                self._take(p)
            return
        if not KEEP_TIP[tip]:
            self.target_tip = tip
            self._ask(TARGET, p)
            return
        self._discard(p * NT + tip)
        if tip == PREMIUM:
            self.picks += 1
        else:
            if tip == ADDITIONAL:
                count = self.rng.below(6) + 1
                self.announce(
                    CHANCE, "{p:Seat} roll{p:s} {n} for Additional Ingredients.", p, count
                )
            else:
                self.tipsy_used += 1
                count = 2 if tip == TIPSY2 else 3
            drawn = self._draw(count, self.tray)
            self.announce(
                CHANCE, "{p:Seat} draw{p:s} {marbles}.", p, [KIND_NAMES[k] for k in drawn]
            )
            self._special_from_tray()
        self.pmode = P_TIP
        self._ask(PLACE, p)

    def _target(self, p: int, q: int) -> None:
        tip = self.target_tip
        self.target_tip = -1
        if tip != BUY:
            self.complaints = with_entry(self.complaints, q, (*self.complaints[q], (tip, p)))
            self.announce(MOVE, "{p:Seat} pass{p:es} {tip} to {q:seat}.", p, TIP_TITLES[tip], q)
            self._advance()
            return
        self._discard(p * NT + tip)
        mine = self._draw(3, self.tray)
        theirs = self._draw(1, self.aside)
        self.announce(
            CHANCE,
            "{p:Seat} buy{p:s} {q:seat} a drink: "
            "{p:seat} draw{p:s} {mine}, {q:seat} draw{q:s} {theirs}.",
            p,
            q,
            [KIND_NAMES[k] for k in mine],
            [KIND_NAMES[k] for k in theirs],
        )
        self.gift_to = q
        self.pmode = P_BUY
        self._ask(PLACE, p)

    # ----------------------------------------------------------------- explanations

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        verb = action.verb
        ph = self.phase
        if verb == "flip" and ph == ROLL:
            return ("each die may be turned once, paying a marble from a glass", "2: Roll")
        if verb == "play" and ph == TIPS:
            tip = CODE[action][1]
            if not self.tips[self.current * NT + tip]:
                return (f"P{player} holds no {TIP_TITLES[tip]} tip card", "Tip Cards Descriptions")
            if tip == SHAKE:
                return ("Shake it Up redrafts the selected bowl, before placing", "Shake it Up")
            return ("at most two Feeling Tipsy cards may be played in a turn", "Feeling Tipsy")
        if verb == "save" and ph == SAVE:
            return ("the shelf holds 3 extra ingredients, never gold or spill", "Extra Ingredients")
        if verb in ("place", "pick") and ph == PLACE:
            if self.pmode == P_GIFT:
                return ("a guest places only the drink bought for them", "Buy a Drink")
            if verb == "pick" and not self.picks:
                return ("no gold marble or Premium lets you pick from the bag", "Gold Marble")
            return (
                "a marble goes only on an empty recipe spot of its colour",
                "Recipe Card Overview",
            )
        if verb == "done" and ph == PLACE and self.pmode == P_EXTRAS:
            return (
                "extra ingredients must be placed on the new order first",
                "When Completing an Order",
            )
        if verb == "remove" and ph == REMOVE:
            if action[1] == "extra":
                if self.rm_mode == R_BOARD:
                    return ("that seat has no such extra ingredient", "Weak Drink")
                return ("extra ingredients are safe from all spill cards", "Extra Ingredients")
            return ("that marble is not one this effect may remove", "Spill Cards Descriptions")
        if verb == "drink" and ph == DRINK:
            if SPILL_CARDS[self.spill_card][0] == S_TOP:
                return ("Top Shelf spills the drink whose ingredients sit highest", "Top Shelf")
            return ("that drink has nothing this spill card removes", "Spill Cards Descriptions")
        if verb == "target" and ph == TARGET:
            return ("a tip card is given to another player", "Tip Card Overview")
        return (f"now is the {PHASE_NAMES[ph]} decision, not {verb!r}", RULE_OF_DECISION[ph])

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        """Completed recipes + unused tips + bonus coins - $2 per incomplete recipe."""
        recipes, done, tips = self.recipes, self.done, self.tips
        return tuple(
            seat_score(
                self.completed[p],
                tips[NT * p : NT * p + NT],
                self.bonus[p],
                # A glass is done only while it holds a recipe: the face-up ones are the rest.
                4 - recipes[4 * p : 4 * p + 4].count(-1) - sum(done[4 * p : 4 * p + 4]),
            )
            for p in range(self.num_players)
        )

    def score_sources(self, player: int) -> dict[str, float]:
        """The rulebook's four lines of the final count, so they add up to ``scores()``:
        completed recipes, unused tip cards, bonus coins, and -$2 per incomplete recipe."""
        p = player
        recipes, done = self.recipes[4 * p : 4 * p + 4], self.done[4 * p : 4 * p + 4]
        face_up = sum(1 for card, down in zip(recipes, done, strict=True) if card >= 0 and not down)
        tips = self.tips[NT * p : NT * p + NT]
        return {
            "completed recipes": float(sum(RECIPE_VALUE[card] for card in self.completed[p])),
            "unused tips": float(sum(v * n for v, n in zip(TIP_VALUES, tips, strict=True))),
            "bonus coins": float(self.bonus[p]),
            "incomplete recipes": float(-2 * face_up),
        }

    def offers(self) -> dict[str, tuple[int, ...]]:
        """Each glass, as ``"glass: <title>"``, with the seats that took a recipe for it.

        The glasses of an order are a seat's one choice of what to take ("order
        without <glass>" leaves one out); the recipe itself is the top card of the
        glass's face-down stack, drawn blind. Every seat orders at setup, so every
        glass is always on offer. A seat took a glass if one of its completed
        recipes is of that glass or its order in hand has a recipe on it.
        """
        taken: list[set[int]] = [set() for _ in GLASS_TITLES]
        for p in range(self.num_players):
            cards = (*self.completed[p], *self.recipes[4 * p : 4 * p + 4])
            for card in cards:
                if card >= 0:
                    taken[RECIPE_GLASS[card]].add(p)
        return {
            f"glass: {title}": tuple(sorted(seats))
            for title, seats in zip(GLASS_TITLES, taken, strict=True)
        }

    def rank_key(self, player: int) -> tuple[float, ...]:
        """Ties go to the most completed recipes."""
        return (self.scores()[player], float(len(self.completed[player])))

    def first_seat(self) -> int:
        """The seat the dice chose: the current player less the turns taken since."""
        over = self.step == AT_OVER  # the last turn ended without passing the dice on
        return (self.current - self.turns + over) % self.num_players

    def length(self) -> dict[str, int]:
        """Turns begun, and rounds (every player one turn, from the first player) begun."""
        turns = self._turns_begun()
        return {"rounds": -(-turns // self.num_players), "turns": turns}


OnTheRocksFlow._steps = step_table(
    Step,
    {
        Step.SETUP: OnTheRocksFlow._step_setup,
        Step.COMPLAINTS: OnTheRocksFlow._step_complaints,
        Step.ROLL: OnTheRocksFlow._step_roll,
        Step.MIX: OnTheRocksFlow._step_mix,
        Step.SELECT: OnTheRocksFlow._step_select,
        Step.PLACE: OnTheRocksFlow._step_place,
        Step.SAVE: OnTheRocksFlow._step_save,
        Step.RESOLVE: OnTheRocksFlow._step_resolve,
        Step.TIPS: OnTheRocksFlow._step_tips,
        Step.END: OnTheRocksFlow._step_end,
        Step.NEW_ORDER: OnTheRocksFlow._step_new_order,
        Step.OVER: OnTheRocksFlow._step_over,
    },
)
