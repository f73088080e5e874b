"""The Mix's rules: setup choices, action turns, gains, Bar Setups, the Clients Track, the end.

A turn is a loop of steps (see :class:`Step`): ``_advance`` runs the automatic
ones until a decision step names who decides. Every compound action is a
sequence of short choices (one with a single option is asked too: the terminal
and the bots take it at once). Gains that need a choice (ingredients, advances,
experience tiles, dice taken from others) wait in ``pending`` and are resolved
in order, each by the participant who gains it. See docs/rules/the-mix.md for
every reading made here.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.core import Action, replaced
from lastcall.core.events import CHANCE, END, MOVE, REVEAL, RULE, TURN
from lastcall.games.the_mix import actions as act
from lastcall.games.the_mix.automaton import automaton_round_start, automaton_turn
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.presentation import (
    EXP_NAME,
    INGREDIENT_A,
    INGREDIENT_PLURAL,
    SPACE_NAME,
    effects_text,
)
from lastcall.games.the_mix.state import (
    BAR_TILE,
    BARS,
    COMPLETED,
    COMPLETED_MONEY,
    DIE,
    DOUBLE_TIPS,
    EXPERIENCE,
    EXTRA_DICE,
    FINISHED,
    K_ADVANCE,
    K_BAR,
    K_EXPERIENCE,
    K_INCREASE,
    K_MONEY,
    K_ROLL_TIP,
    K_SHAKER,
    K_STORE,
    K_TIP_DIE,
    K_VP,
    MIXOLOGIST,
    MONEY,
    N_ING,
    NONE,
    PENALTIES,
    PLACED,
    POS,
    RECIPE_COUNT,
    REFRESHED_BAR,
    REFRESHED_CLIENTS,
    REFRESHES,
    RESERVED,
    ROUND_LIMIT,
    SETUP_VP,
    SETUPS,
    SHAKERS,
    TILE_VP,
    USED_TILES,
    VP,
    WORKERS,
    Gains,
    MixBase,
    Step,
    W,
    gains,
)

S_ACTION: Final = Step.ACTION
S_AUTOMATON: Final = Step.AUTOMATON
S_BARSPACE: Final = Step.BARSPACE
S_BAR_SETUP: Final = Step.BAR_SETUP
S_BUY: Final = Step.BUY
S_CLIENT: Final = Step.CLIENT
S_DICE: Final = Step.DICE
S_END_TURN: Final = Step.END_TURN
S_OVER: Final = Step.OVER
S_PENDING: Final = Step.PENDING
S_REFILL: Final = Step.REFILL
S_RESERVE: Final = Step.RESERVE
S_RETURN: Final = Step.RETURN
S_SERVE: Final = Step.SERVE
S_SETUP: Final = Step.SETUP
S_SHAKERS: Final = Step.SHAKERS
S_SLOT: Final = Step.SLOT
S_TECHNIQUE: Final = Step.TECHNIQUE
S_TURN_START: Final = Step.TURN_START
S_UPKEEP: Final = Step.UPKEEP
CODE: Final = act.CODE
OP_ADVANCE: Final = act.OP_ADVANCE
OP_BARSPACE: Final = act.OP_BARSPACE
OP_BUY: Final = act.OP_BUY
OP_CLIENT: Final = act.OP_CLIENT
OP_DICE: Final = act.OP_DICE
OP_DONE: Final = act.OP_DONE
OP_END: Final = act.OP_END
OP_EXCHANGE: Final = act.OP_EXCHANGE
OP_EXTRA: Final = act.OP_EXTRA
OP_FROM: Final = act.OP_FROM
OP_GAIN: Final = act.OP_GAIN
OP_MOVE: Final = act.OP_MOVE
OP_PLACE: Final = act.OP_PLACE
OP_REFILL: Final = act.OP_REFILL
OP_REPLACE: Final = act.OP_REPLACE
OP_RESERVE: Final = act.OP_RESERVE
OP_SERVE: Final = act.OP_SERVE
OP_SHAKERS: Final = act.OP_SHAKERS
OP_SLOT: Final = act.OP_SLOT
OP_TAKE: Final = act.OP_TAKE
OP_TECHNIQUE: Final = act.OP_TECHNIQUE
OP_USE: Final = act.OP_USE
_C: Final = CONTENT
RULES: Final = _C.rules
COSTS: Final = RULES.costs
LIMITS: Final = RULES.limits
UPKEEP: Final = RULES.upkeep
RESERVE_MAX: Final = LIMITS.reserve
DIE_MAX: Final = LIMITS.technique_die_max
TECH_SLOTS: Final = LIMITS.technique_slots
STORE_PRICE: Final = COSTS.store_ingredient
SHAKER_PRICE: Final = COSTS.shaker
REFRESH_VP: Final = RULES.rewards.refresh_vp
FACES: Final = RULES.tip_die_faces
UNLOCK_AT: Final = RULES.start.unlock_at_experience
CLIENT_NAMES: Final = tuple(c.name for c in _C.clients)
CLIENT_TECHNIQUE: Final = tuple(c.technique for c in _C.clients)
CLIENT_LEVEL: Final = tuple(c.level for c in _C.clients)
CLIENT_SIZE: Final = tuple(len(c.recipe) for c in _C.clients)
CLIENT_INSTANT: Final = tuple(gains(c.instant) for c in _C.clients)
CLIENT_SETUP: Final = tuple(gains(c.bar_setup) for c in _C.clients)
TECH_NAMES: Final = tuple(t.name for t in _C.techniques)
TECH_SETUP: Final = tuple(gains(t.bar_setup) for t in _C.techniques)
TECH_INCREASE: Final = tuple(t.increase for t in _C.techniques)
BAR_TILE_NAMES: Final = tuple(t.name for t in _C.bar_spaces)
BAR_TILE_SETUP: Final = tuple(gains(t.bar_setup) for t in _C.bar_spaces)
MIX_NAMES: Final = tuple(m.name for m in _C.mixologists)
MIX_TRIGGER: Final = tuple(m.trigger for m in _C.mixologists)
MIX_GAINS: Final = tuple(gains(m.effects) for m in _C.mixologists)
EXP_KEYS: Final = tuple(t.key for t in _C.experience)
EXP_NAMES: Final = tuple(EXP_NAME[key] for key in EXP_KEYS)
EXP_GAINS_TEXT: Final = tuple(effects_text(t.effects) for t in _C.experience)
CLIENT_INSTANT_TEXT: Final = tuple(effects_text(c.instant) for c in _C.clients)
CLIENT_SETUP_TEXT: Final = tuple(effects_text(c.bar_setup) for c in _C.clients)
TECH_SETUP_TEXT: Final = tuple(effects_text(t.bar_setup) for t in _C.techniques)
BAR_TILE_SETUP_TEXT: Final = tuple(effects_text(t.bar_setup) for t in _C.bar_spaces)
MIX_GAINS_TEXT: Final = tuple(effects_text(m.effects) for m in _C.mixologists)
INDIVIDUAL_TEXT: Final = {
    space: effects_text(bonus) for space, bonus in _C.clients_track.individual
}
TRACK_TILE_TEXT: Final = tuple(effects_text(t.bonus) for t in _C.clients_track.tiles)
ING_A: Final = tuple(INGREDIENT_A[key] for key in act.INGREDIENTS)
ING_PLURAL: Final = tuple(INGREDIENT_PLURAL[key] for key in act.INGREDIENTS)
"""What the log calls each card's, tile's and space's rewards and each ingredient."""
EXP_LEVEL: Final = tuple(t.level for t in _C.experience)
EXP_TRIGGER: Final = tuple(t.trigger for t in _C.experience)
EXP_GAINS: Final = tuple(gains(t.effects) for t in _C.experience)
EXP_ONCE: Final = tuple(t.effects[0].kind if t.once else "" for t in _C.experience)
ONCE_INDEX: Final = {key: i for i, key in enumerate(act.ONCE_TILES)}
"""A level-3 tile's bit in the ``USED_TILES`` mask, by its key."""
ONCE_BIT: Final = tuple(ONCE_INDEX.get(key, -1) for key in EXP_KEYS)
"""The same bit, by tile index (``-1`` for the tiles that are not used once)."""
EXP_LEVELS: Final = LIMITS.experience_levels
BAR_FULL: Final = (
    0,
    *(RULES.for_players(n).bar_supply_per_type for n in range(1, RULES.max_players + 1)),
)
"""Tokens of each ingredient in a full Bar Supply, by player count."""
_COUNTS: Final = tuple(RULES.for_players(n) for n in range(1, RULES.max_players + 1))
PER_COLUMN: Final = (0, *(c.client_cards_per_column for c in _COUNTS))
FACE_UP: Final = (0, *(c.technique_cards_face_up for c in _COUNTS))
END_ORDERS: Final = (0, *(c.end_orders for c in _COUNTS))
"""Face-up clients per column, face-up techniques and the orders that end the game, by
player count."""
TRACK_TILE_GAINS: Final = tuple(gains(t.bonus) for t in _C.clients_track.tiles)
INDIVIDUAL: Final = {space: gains(bonus) for space, bonus in _C.clients_track.individual}
COLLECTIVE: Final = _C.clients_track.collective_spaces
TILE_GAINS: Final = tuple(tuple(gains(s.bonus) for s in side.spaces) for side in _C.tiles)
TILE_SPACES: Final = tuple(tuple(s.key for s in side.spaces) for side in _C.tiles)
TILE_SPACE_NAMES: Final = tuple(tuple(SPACE_NAME[s.key] for s in side.spaces) for side in _C.tiles)
TILE_GAINS_TEXT: Final = tuple(
    tuple(effects_text(s.bonus) for s in side.spaces) for side in _C.tiles
)
REACH: Final = tuple(
    tuple(tuple(side.reachable(o, n) for n in range(4)) for o in range(len(side.spaces)))
    for side in _C.tiles
)
"""``REACH[side][origin][n]``: spaces a move of up to ``n`` may end on."""
ADVANCE_AT: Final = tuple(act.ADVANCE_AT[side.key] for side in _C.tiles)
ADVANCE_ROW: Final = tuple(act.ADVANCE[side.key] for side in _C.tiles)
PLACE_CLIENT: Final = act.PLACE[act.M_CLIENT]
PLACE_INGREDIENTS: Final = act.PLACE[act.M_INGREDIENTS]
PLACE_COCKTAIL: Final = act.PLACE[act.M_COCKTAIL]
PLACE_TIPDIE: Final = act.PLACE[act.M_TIPDIE]
PLACE_TECHNIQUE: Final = act.PLACE[act.M_TECHNIQUE]
PLACE_SHAKER: Final = act.PLACE[act.M_SHAKER]
PLACE_REFRESH_CLIENTS: Final = act.PLACE[act.M_REFRESH_CLIENTS]
PLACE_REFRESH_BAR: Final = act.PLACE[act.M_REFRESH_BAR]
PLACE_BARSPACE: Final = act.PLACE[act.M_BARSPACE]
EXTRA_BUY: Final = act.EXTRA_ACTIONS[act.X_BUY]
EXTRA_INGREDIENTS: Final = act.EXTRA_ACTIONS[act.X_INGREDIENTS]
EXTRA_REFRESH_CLIENTS: Final = act.EXTRA_ACTIONS[act.X_REFRESH_CLIENTS]
EXTRA_REFRESH_BAR: Final = act.EXTRA_ACTIONS[act.X_REFRESH_BAR]
EXTRA_SHAKERS: Final = act.EXTRA_ACTIONS[act.X_SHAKERS]
EXTRA_BARSPACE: Final = act.EXTRA_ACTIONS[act.X_BARSPACE]
EXTRA_TIPDIE: Final = act.EXTRA_ACTIONS[act.X_TIPDIE]
"""The menu's actions, in the order the menu lists them."""
MAIN_COCKTAIL_SHAKERS: Final = COSTS.prepare_shakers
MAIN_TECHNIQUE_SHAKERS: Final = COSTS.technique_shakers
MAIN_BARSPACE_SHAKERS: Final = COSTS.bar_space_main_shakers
EXTRA_INGREDIENTS_SHAKERS: Final = COSTS.ingredients_extra_shakers
EXTRA_REFRESH_SHAKERS: Final = COSTS.refresh_extra_shakers
EXTRA_BARSPACE_SHAKERS: Final = COSTS.bar_space_extra_shakers
EXTRA_TIPDIE_SHAKERS: Final = COSTS.tip_die_extra_shakers
BAR_SPACE_EXPERIENCE: Final = COSTS.bar_space_experience

SOURCES: list[str] = [""]
"""What asks each waiting gain, in words; a gain's number here rides in its ``pending`` entry."""


def _source(words: str) -> int:
    SOURCES.append(words)
    return len(SOURCES) - 1


SRC_INSTANT: Final = tuple(_source(f"Instant bonus of {name}") for name in CLIENT_NAMES)
SRC_CLIENT_SETUP: Final = tuple(_source(f"Bar Setup reward of {name}") for name in CLIENT_NAMES)
SRC_TECH_SETUP: Final = tuple(_source(f"Bar Setup reward of {name}") for name in TECH_NAMES)
SRC_TILE_SETUP: Final = tuple(_source(f"Bar Setup reward of the {name}") for name in BAR_TILE_NAMES)
SRC_MIX: Final = tuple(_source(name) for name in MIX_NAMES)
SRC_EXP: Final = tuple(_source(f"Experience tile {name}") for name in EXP_NAMES)
SRC_INDIVIDUAL: Final = {space: _source(f"Clients Track, space {space}") for space in INDIVIDUAL}
SRC_COLLECTIVE: Final = tuple(
    _source(f"Clients Track bonus tile {t.name}") for t in _C.clients_track.tiles
)
SRC_SPACE: Final = tuple(
    tuple(_source(f"The {name} space of the technique tile") for name in names)
    for names in TILE_SPACE_NAMES
)
SETUP_SOURCES: Final = frozenset(
    (
        *SRC_CLIENT_SETUP,
        *SRC_TECH_SETUP,
        *SRC_TILE_SETUP,
        *(s for s, trigger in zip(SRC_MIX, MIX_TRIGGER, strict=True) if trigger == "bar_setup"),
    )
)
"""The sources whose VP count under Bar Setups in the final scoring's breakdown."""
TILE_SOURCES: Final = frozenset(s for side in SRC_SPACE for s in side)
SRC_INGREDIENTS: Final = _source("Take 2 different Ingredients from the Bar Supply")
SRC_EXCHANGE: Final = _source("Exchange 2 identical Ingredients")
SRC_TIP_DIE: Final = _source("Add 1 Extra Tip Die")
SPAN: Final = 16
"""A ``pending`` entry's last number is ``source * SPAN + 1 +`` the ingredient a gain of
different Bar Supply ingredients may not take again (``-1``: none yet)."""


def excluded(detail: int) -> int:
    """The ingredient a waiting Bar Supply gain may not take again, or ``NONE``."""
    return detail % SPAN - 1 if detail >= 0 else NONE


def source_of(detail: int) -> str:
    """The words for what asks a waiting gain."""
    return SOURCES[detail // SPAN] if detail >= 0 else ""


RULE_TURN: Final = "Turn Overview"
RULE_MAIN: Final = "Main Actions"
RULE_EXTRA: Final = "Additional Actions"
RULE_EXCHANGE: Final = "Unlimited Action"
RULE_EXPERIENCE: Final = "Experience: Usage"
RULE_SETUP: Final = "Player Setup"
RULE_BAR_SETUP: Final = "Phase: Individual Bar Setup"

# The level-3 tiles' once-per-game effects with a rule of their own (the two-shakers tile is
# a plain gain).
ONCE_COCKTAIL: Final = "cocktail"
ONCE_TECHNIQUE: Final = "technique_card"
ONCE_RECALL: Final = "recall"
ONCE_RESERVE: Final = "reserve_client"
ONCE_DOUBLE: Final = "double_tips"


def _fits(supply: list[int], room: bool, missing: list[tuple[int, list[int]]]) -> bool:
    """Whether an ingredient of ``supply`` has somewhere to go (reserve room or a glass)."""
    if room:
        return any(supply)
    for _, need in missing:
        for i in range(N_ING):
            if supply[i] and need[i] > 0:
                return True
    return False


@trait
class MixFlow(MixBase):
    """The rules of play, as steps and decisions."""

    __slots__ = ()

    @property
    def sealed(self) -> bool:
        """The setup's Mixologist Cards are kept secretly and simultaneously."""
        return self.step == S_SETUP

    # ----------------------------------------------------------------- steps

    def _advance(self) -> None:
        """Carry out automatic steps until one waits for a decision.

        Each step's handler returns ``True`` once it waits (having set ``to_move``)
        or ``False`` after moving ``self.step`` on. The handlers are called by
        name, the commonest steps first, rather than from a table of functions:
        compiled, that is a direct call instead of a call through Python's protocol.
        """
        while True:
            step = self.step
            if step == S_TURN_START:
                waits = self._step_turn_start()
            elif step == S_ACTION:
                waits = self._step_menu()
            elif step == S_END_TURN:
                waits = self._step_end_turn()
            elif step == S_AUTOMATON:
                waits = self._step_automaton()
            elif step == S_PENDING:
                waits = self._step_pending()
            elif S_CLIENT <= step <= S_RESERVE:
                waits = self._step_decide()
            elif step == S_BAR_SETUP:
                waits = self._step_bar_setup()
            elif step == S_UPKEEP:
                waits = self._step_upkeep()
            elif step == S_RETURN:
                waits = self._step_return()
            elif step == S_REFILL:
                waits = self._step_refill()
            elif step == S_SETUP:
                waits = self._step_setup()
            else:
                waits = self._step_over()
            if waits:
                return

    def _step_setup(self) -> bool:
        """The sealed stage: every seat keeps one of its two Mixologist Cards."""
        self.to_move = tuple(p for p in range(self.num_players) if self.choices[p] < 0)
        return True

    def _step_turn_start(self) -> bool:
        p = self.current
        if p >= self.num_players:
            self.step = S_AUTOMATON
            return False
        pv = self.pv
        b = p * W
        if pv[b + PLACED] >= pv[b + WORKERS] or p == self.closer:
            self.announce(TURN, "{p:Seat} perform{p:s} a Bar Setup.", p)
            self.step = S_BAR_SETUP
            return False
        self.main_done = self.extra_done = False
        self.announce(TURN, "{p:Seat's} turn.", p)
        self.step = S_ACTION
        return False

    def _step_menu(self) -> bool:
        """The current seat's turn menu (the most frequent decision, so asked directly)."""
        p = self.current
        self.to_move = (p,)
        self._legal = (p, self._action_menu(p))
        return True

    def _step_decide(self) -> bool:
        """A decision of the current seat."""
        p = self.current
        actions = self._legal_actions(p)
        self.to_move = (p,)
        self._legal = (p, actions)
        return True

    def _step_pending(self) -> bool:
        """Resolve waiting gains in order; each waits for its participant's choice."""
        pending = self.pending
        while pending:
            p = pending[0][0]
            actions = self._pending_options(p)
            if not actions:
                pending.pop(0)
                continue
            self.to_move = (p,)
            self._legal = (p, actions)
            return True
        self.step = self.after
        return False

    def _step_bar_setup(self) -> bool:
        """Steps 1-3: completed Client Cards, the Bar Space tile, Technique Cards pay."""
        p = self.current
        for c in self.completed[p]:
            self.announce(
                RULE,
                "Bar Setup: {source} pays {p:seat} {gains}.",
                CLIENT_NAMES[c],
                p,
                CLIENT_SETUP_TEXT[c],
            )
            self._gains(p, CLIENT_SETUP[c], SRC_CLIENT_SETUP[c])
        tile = self.pv[p * W + BAR_TILE]
        if tile >= 0:
            self.announce(
                RULE,
                "Bar Setup: {source} pays {p:seat} {gains}.",
                BAR_TILE_NAMES[tile],
                p,
                BAR_TILE_SETUP_TEXT[tile],
            )
            self._gains(p, BAR_TILE_SETUP[tile], SRC_TILE_SETUP[tile])
        for t in self.techniques[p]:
            self.announce(
                RULE,
                "Bar Setup: {source} pays {p:seat} {gains}.",
                TECH_NAMES[t],
                p,
                TECH_SETUP_TEXT[t],
            )
            self._gains(p, TECH_SETUP[t], SRC_TECH_SETUP[t])
        self.after = S_UPKEEP
        self.step = S_PENDING
        return False

    def _step_upkeep(self) -> bool:
        """Step 4, upkeep, then step 5: the Mixologist Card's Bar Setup reward."""
        p = self.current
        pv = self.pv
        b = p * W
        at = p * BARS
        items = sum(1 for card in self.glass_card[at : at + BARS] if card >= 0) * [
            UPKEEP.bar_space_with_client
        ]
        if len(self.techniques[p]) >= TECH_SLOTS:
            items.append(UPKEEP.third_technique_card)
        if len(self.reserve[p]) >= RESERVE_MAX:
            items.append(UPKEEP.third_reserve_ingredient)
        paid = penalties = 0
        for cost in items:
            if pv[b + MONEY] >= cost:
                pv[b + MONEY] -= cost
                paid += cost
            else:
                pv[b + PENALTIES] += UPKEEP.penalty_tokens_per_item
                penalties += UPKEEP.penalty_tokens_per_item
        if penalties:
            self.announce(
                RULE,
                "{p:Seat} pay{p:s} ${paid} upkeep and take{p:s} {n:plural:penalty token}.",
                p,
                paid,
                penalties,
            )
        elif items:
            self.announce(RULE, "{p:Seat} pay{p:s} ${paid} upkeep.", p, paid)
        self._trigger(p, "bar_setup")
        self.after = S_RETURN
        self.step = S_PENDING
        return False

    def _step_return(self) -> bool:
        """Step 6: Mixologists and refresh cubes come back."""
        b = self.current * W
        pv = self.pv
        pv[b + PLACED] = 0
        pv[b + REFRESHED_CLIENTS] = pv[b + REFRESHED_BAR] = 0
        self.step = S_REFILL
        return False

    def _step_refill(self) -> bool:
        """Step 7: refill one short ingredient type of the Bar Supply (the seat chooses)."""
        p = self.current
        actions = self._refill_options()
        if not actions:
            self._finish_bar_setup(p)
            return False
        self.to_move = (p,)
        self._legal = (p, actions)
        return True

    def _step_end_turn(self) -> bool:
        self.turns += 1
        pv = self.pv
        everyone = self.participants
        p = self.current
        for i in range(1, everyone + 1):
            q = (p + i) % everyone
            if not pv[q * W + FINISHED]:
                self.current = q
                self.step = S_TURN_START
                return False
        self._final_scoring()
        return False

    def _step_automaton(self) -> bool:
        automaton_turn(self)
        self.step = S_END_TURN
        return False

    def _step_over(self) -> bool:
        self.to_move = ()
        return True

    # ----------------------------------------------------------------- what is legal

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        step = self.step
        if step == S_ACTION:
            return self._action_menu(player)
        if step == S_PENDING:
            return self._pending_options(player)
        if step == S_SETUP:
            return tuple(a for m in self.dealt[player] for a in act.KEEP[m])
        if step == S_CLIENT:
            return tuple(act.CLIENT[c] for c in self._eligible_clients(player))
        if step == S_SERVE:
            return tuple(act.SERVE[b] for b in range(BARS) if self.ready(player, b))
        if step == S_DICE:
            extra = self.pv[player * W + EXTRA_DICE]
            return act.DICE[: min(extra, act.MAX_EXTRA_DICE) + 1]
        if step == S_TECHNIQUE:
            return tuple(act.TECHNIQUE[t] for t in self.tech_row)
        if step == S_SLOT:
            held = self.techniques[player]
            slot = (act.SLOT,) if len(held) < TECH_SLOTS else ()
            return (*slot, *(act.REPLACE[t] for t in held))
        if step == S_BARSPACE:
            return tuple(act.BARSPACE[t] for t in self.bar_tiles)
        if step == S_BUY:
            options = self._ingredient_options(player, self.store, act.BUY, NONE)
            if self.pv[player * W + MONEY] < STORE_PRICE:
                options = []
            if self.buying:
                options.append(act.DONE)
            return tuple(options)
        if step == S_SHAKERS:
            most = min(self.pv[player * W + MONEY] // SHAKER_PRICE, act.MAX_SHAKERS_BOUGHT)
            return act.SHAKERS[:most]
        if step == S_RESERVE:
            return tuple(act.RESERVE_CLIENT[c] for column in self.columns for c in column)
        if step == S_REFILL:
            return self._refill_options()
        return ()

    def _action_menu(self, p: int) -> tuple[Action, ...]:
        """The turn's menu: Main and Additional Actions, free steps, the turn's end.

        A hot path: each condition is worked out only when an action needs it.
        """
        pv = self.pv
        b = p * W
        shakers = pv[b + SHAKERS]
        menu: list[Action] = []
        missing, ready, empty = self._glasses(p)
        room = len(self.reserve[p]) < RESERVE_MAX
        main = not self.main_done
        extra = not self.extra_done
        can_take_bar = (main or (extra and shakers >= EXTRA_INGREDIENTS_SHAKERS)) and _fits(
            self.bar, room, missing
        )
        refresh = main or (extra and shakers >= EXTRA_REFRESH_SHAKERS)
        columns = self.columns
        clients_open = (
            refresh
            and not pv[b + REFRESHED_CLIENTS]
            and bool(columns[0] or columns[1] or columns[2])
        )
        bar_open = refresh and not pv[b + REFRESHED_BAR] and self._bar_refillable()
        dice = (main or (extra and shakers >= EXTRA_TIPDIE_SHAKERS)) and self._dice_available(p)
        # Add 1 Bar Space, but for its shakers: no tile yet, experience, a tile left.
        tile_open = (
            pv[b + BAR_TILE] < 0
            and pv[b + EXPERIENCE] >= BAR_SPACE_EXPERIENCE
            and bool(self.bar_tiles)
        )
        if main:
            if empty and self._has_eligible(p):
                menu.append(PLACE_CLIENT)
            if can_take_bar:
                menu.append(PLACE_INGREDIENTS)
            if ready and shakers >= MAIN_COCKTAIL_SHAKERS:
                menu.append(PLACE_COCKTAIL)
            if dice:
                menu.append(PLACE_TIPDIE)
            if shakers >= MAIN_TECHNIQUE_SHAKERS and self.tech_row:
                menu.append(PLACE_TECHNIQUE)
            menu.append(PLACE_SHAKER)
            if clients_open:
                menu.append(PLACE_REFRESH_CLIENTS)
            if bar_open:
                menu.append(PLACE_REFRESH_BAR)
            if tile_open and shakers >= MAIN_BARSPACE_SHAKERS:
                menu.append(PLACE_BARSPACE)
        if extra:
            money = pv[b + MONEY]
            if money >= STORE_PRICE and _fits(self.store, room, missing):
                menu.append(EXTRA_BUY)
            if shakers >= EXTRA_INGREDIENTS_SHAKERS and can_take_bar:
                menu.append(EXTRA_INGREDIENTS)
            if shakers >= EXTRA_REFRESH_SHAKERS:
                if clients_open:
                    menu.append(EXTRA_REFRESH_CLIENTS)
                if bar_open:
                    menu.append(EXTRA_REFRESH_BAR)
            if money >= SHAKER_PRICE:
                menu.append(EXTRA_SHAKERS)
            if tile_open and shakers >= EXTRA_BARSPACE_SHAKERS:
                menu.append(EXTRA_BARSPACE)
            if shakers >= EXTRA_TIPDIE_SHAKERS and dice:
                menu.append(EXTRA_TIPDIE)
        reserve = self.reserve[p]
        if reserve:
            if missing:
                seen = -1
                for i in reserve:
                    if i != seen:
                        seen = i
                        for where, need in missing:
                            if need[i] > 0:
                                menu.append(act.MOVE[i][where])
            if len(reserve) > 1 and any(self.store):
                seen = -1
                for k in range(len(reserve) - 1):
                    i = reserve[k]
                    if i == reserve[k + 1] and i != seen:
                        seen = i
                        menu.append(act.EXCHANGE[i])
        held = self.tiles_held[p]
        if len(held) == EXP_LEVELS:
            used = pv[b + USED_TILES]
            t = held[-1]
            index = ONCE_BIT[t]
            if not used >> index & 1 and self._tile_usable(p, EXP_ONCE[t]):
                menu.append(act.USE[index])
        if self.main_done:
            menu.append(act.END)
        return tuple(menu)

    def _missing(self, p: int) -> list[tuple[int, list[int]]]:
        """For each glass with a card: ``(bar, ingredients its recipe still needs, by type)``."""
        return self._glasses(p)[0]

    def _glasses(self, p: int) -> tuple[list[tuple[int, list[int]]], bool, bool]:
        """What each glass still needs (see ``_missing``), whether one is complete, and
        whether a Bar Space is empty."""
        found = []
        ready = empty = False
        at = p * BARS
        glass = self.glass
        for bar in range(2 if self.pv[p * W + BAR_TILE] >= 0 else 1):
            c = self.glass_card[at + bar]
            if c < 0:
                empty = True
                continue
            held = glass[at + bar]
            if len(held) == CLIENT_SIZE[c]:
                ready = True
                continue
            need = list(RECIPE_COUNT[c])
            for i in held:
                need[i] -= 1
            found.append((bar, need))
        return found, ready, empty

    def _tile_usable(self, p: int, effect: str) -> bool:
        pv = self.pv
        b = p * W
        if effect == ONCE_COCKTAIL:
            return self._any_ready(p)
        if effect == ONCE_TECHNIQUE:
            return bool(self.tech_row)
        if effect == ONCE_RECALL:
            return pv[b + PLACED] > 0 and p != self.closer
        if effect == ONCE_RESERVE:
            return pv[b + RESERVED] < 0 and any(self.columns)
        if effect == ONCE_DOUBLE:
            return not pv[b + DOUBLE_TIPS]
        return True

    def _pending_options(self, p: int) -> tuple[Action, ...]:
        _, kind, amount, detail = self.pending[0]
        if kind == K_STORE:
            return tuple(self._ingredient_options(p, self.store, act.GAIN, NONE))
        if kind == K_BAR:
            return tuple(self._ingredient_options(p, self.bar, act.TAKE, excluded(detail)))
        if kind == K_ADVANCE:
            side = self.tile_side
            row = ADVANCE_ROW[side]
            return tuple(row[s] for s in REACH[side][self.pv[p * W + POS]][amount])
        if kind == K_EXPERIENCE:
            level = self.pv[p * W + EXPERIENCE] + 1
            return tuple(act.EXPERIENCE[t] for t in self.experience_pool if EXP_LEVEL[t] == level)
        # K_TIP_DIE: the Main Board is empty; take another participant's extra die.
        pv = self.pv
        return tuple(
            act.FROM[q] for q in range(self.participants) if q != p and pv[q * W + EXTRA_DICE] > 0
        )

    def _ingredient_options(
        self, p: int, supply: list[int], table: tuple[tuple[Action, ...], ...], other_than: int
    ) -> list[Action]:
        """``table[i][where]`` for each ingredient in ``supply`` and each place it may go."""
        room = len(self.reserve[p]) < RESERVE_MAX
        missing = self._missing(p)
        options: list[Action] = []
        for i in range(N_ING):
            if not supply[i] or i == other_than:
                continue
            row = table[i]
            if room:
                options.append(row[act.RESERVE])
            for bar, need in missing:
                if need[i] > 0:
                    options.append(row[bar + 1])
        return options

    def _has_eligible(self, p: int) -> bool:
        """Whether a face-up card (or one's reserved card) is within the seat's technique."""
        die = self.pv[p * W + DIE]
        for column in self.columns:
            for c in column:
                if CLIENT_TECHNIQUE[c] <= die:
                    return True
        reserved = self.pv[p * W + RESERVED]
        return reserved >= 0 and CLIENT_TECHNIQUE[reserved] <= die

    def _eligible_clients(self, p: int) -> list[int]:
        die = self.pv[p * W + DIE]
        found = [c for column in self.columns for c in column if CLIENT_TECHNIQUE[c] <= die]
        reserved = self.pv[p * W + RESERVED]
        if reserved >= 0 and CLIENT_TECHNIQUE[reserved] <= die:
            found.append(reserved)
        return found

    def _empty_bar(self, p: int) -> int:
        """The first empty Bar Space of seat ``p`` (0-based), or ``NONE``."""
        at = p * BARS
        for bar in range(self.bar_spaces(p)):
            if self.glass_card[at + bar] < 0:
                return bar
        return NONE

    def _any_ready(self, p: int) -> bool:
        return self.ready(p, 0) or self.ready(p, 1)

    def _dice_available(self, p: int) -> bool:
        if self.main_dice:
            return True
        pv = self.pv
        for q in range(self.participants):  # noqa: SIM110 (a hot path: no generator)
            if q != p and pv[q * W + EXTRA_DICE]:
                return True
        return False

    def _bar_refillable(self) -> bool:
        """The Bar Supply is not full and the Store can refill part of it."""
        full = BAR_FULL[self.num_players]
        bar = self.bar
        store = self.store
        for i in range(N_ING):  # noqa: SIM110 (a hot path: no generator)
            if bar[i] < full and store[i]:
                return True
        return False

    def _refill_options(self) -> tuple[Action, ...]:
        full = BAR_FULL[self.num_players]
        bar = self.bar
        store = self.store
        return tuple(act.REFILL[i] for i in range(N_ING) if bar[i] < full and store[i])

    # ----------------------------------------------------------------- carrying out

    def _apply(self, player: int, action: Action) -> None:
        self._act(player, action)
        self._advance()

    def _act(self, p: int, action: Action) -> None:
        """Carry out one decision and set the step that follows (no advancing)."""
        op, a, b = CODE[action]
        step = self.step
        if step == S_PENDING:
            self._resolve_pending(p, op, a, b, action)
            return
        if op == OP_PLACE:
            self._main(p, a)
        elif op == OP_EXTRA:
            self._extra(p, a)
        elif op == OP_END:
            self.step = S_END_TURN
        elif op == OP_MOVE:
            self._lose_reserve(p, a, 1)
            self._put(p, a, b)
            self.announce(
                MOVE,
                "{p:Seat} move{p:s} {ingredient} from the reserve to a glass.",
                p,
                ING_A[a],
            )
            self.step = S_ACTION
        elif op == OP_EXCHANGE:
            self._lose_reserve(p, a, COSTS.exchange_give)
            self.store[a] += COSTS.exchange_give
            self.announce(
                MOVE,
                "{p:Seat} exchange{p:s} 2 {ingredients} for an ingredient of the Store.",
                p,
                ING_PLURAL[a],
            )
            self._queue(p, K_STORE, COSTS.exchange_get, SRC_EXCHANGE)
            self._then(S_ACTION)
        elif op == OP_USE:
            self._use_tile(p, a)
        elif op == OP_CLIENT:
            self._take_client(p, a)
        elif op == OP_RESERVE:
            self._reserve_client(p, a)
        elif op == OP_BUY:
            self.pv[p * W + MONEY] -= STORE_PRICE
            self.store[a] -= 1
            self._put(p, a, b)
            self.buying += 1
            self.announce(MOVE, "{p:Seat} buy{p:s} {ingredient} for $5.", p, ING_A[a])
        elif op == OP_DONE:
            self._trigger(p, "store_purchase")
            self._then(S_ACTION)
        elif op == OP_SHAKERS:
            pv = self.pv
            pv[p * W + MONEY] -= SHAKER_PRICE * a
            pv[p * W + SHAKERS] += a
            self.announce(
                MOVE, "{p:Seat} buy{p:s} {n:plural:shaker} for ${price}.", p, a, SHAKER_PRICE * a
            )
            self.step = S_ACTION
        elif op == OP_SERVE:
            self.serving = a - 1
            self._to_dice(p)
        elif op == OP_DICE:
            self._complete(p, self.serving, a)
        elif op == OP_TECHNIQUE:
            self.serving = a
            self.step = S_SLOT
        elif op == OP_SLOT:
            self._take_technique(p, self.serving, NONE)
        elif op == OP_REPLACE:
            self._take_technique(p, self.serving, a)
        elif op == OP_BARSPACE:
            self._add_bar_space(p, a)
        elif op == OP_REFILL:
            self._refill(p, a)
        else:  # OP_KEEP
            self._keep(p, a, b)

    def _then(self, step: Step) -> None:
        """Resolve waiting gains, then go on with ``step`` (at once when none wait)."""
        self.after = step
        self.step = S_PENDING if self.pending else step

    # ----------------------------------------------------------------- setup

    def _keep(self, p: int, card: int, start: int) -> None:
        self.choices = replaced(self.choices, p, card * 2 + start)
        if any(c < 0 for c in self.choices):
            # Sealed until everyone has chosen; the reveal then tells each seat its own.
            self.step = S_SETUP
            return
        starts = RULES.start.ingredient_choices
        for q in range(self.num_players):
            card, start = divmod(self.choices[q], 2)
            ingredient = starts[start]
            self.pv[q * W + MIXOLOGIST] = card
            self.reserve[q] = (ingredient,)
            self.store[ingredient] -= 1
            self.announce(
                REVEAL,
                "{p:Seat} keep{p:s} {card} and start{p:s} with {ingredient}.",
                q,
                MIX_NAMES[card],
                ING_A[ingredient],
            )
        self.dealt = [() for _ in self.dealt]
        if self.automaton >= 0:
            self.current = self.num_players
            automaton_round_start(self)
        self.step = S_TURN_START

    # ----------------------------------------------------------------- main and additional

    def _pay_shakers(self, p: int, n: int) -> None:
        self.pv[p * W + SHAKERS] -= n

    def _main(self, p: int, m: int) -> None:
        self.main_done = True
        self.pv[p * W + PLACED] += 1
        self.announce(MOVE, "{p:Seat} place{p:s} a mixologist to {action}.", p, MAIN_WORDS[m])
        if m == act.M_CLIENT:
            self.step = S_CLIENT
        elif m == act.M_INGREDIENTS:
            self._queue(p, K_BAR, RULES.rewards.take_ingredients, SRC_INGREDIENTS)
            self._then(S_ACTION)
        elif m == act.M_COCKTAIL:
            self._pay_shakers(p, COSTS.prepare_shakers)
            self.step = S_SERVE
        elif m == act.M_TIPDIE:
            self._gain(p, K_TIP_DIE, 1, SRC_TIP_DIE)
            self._then(S_ACTION)
        elif m == act.M_TECHNIQUE:
            self._pay_shakers(p, COSTS.technique_shakers)
            self.step = S_TECHNIQUE
        elif m == act.M_SHAKER:
            self.pv[p * W + SHAKERS] += 1
            self.step = S_ACTION
        elif m == act.M_REFRESH_CLIENTS:
            self._refresh_clients(p)
            self._then(S_ACTION)
        elif m == act.M_REFRESH_BAR:
            self._refresh_bar(p)
            self._then(S_ACTION)
        else:
            self._pay_shakers(p, COSTS.bar_space_main_shakers)
            self.step = S_BARSPACE

    def _extra(self, p: int, x: int) -> None:
        self.extra_done = True
        self.announce(MOVE, "{p:Seat} take{p:s} an additional action: {action}.", p, EXTRA_WORDS[x])
        if x == act.X_BUY:
            self.buying = 0
            self.step = S_BUY
        elif x == act.X_INGREDIENTS:
            self._pay_shakers(p, COSTS.ingredients_extra_shakers)
            self._queue(p, K_BAR, RULES.rewards.take_ingredients, SRC_INGREDIENTS)
            self._then(S_ACTION)
        elif x == act.X_REFRESH_CLIENTS:
            self._pay_shakers(p, COSTS.refresh_extra_shakers)
            self._refresh_clients(p)
            self._then(S_ACTION)
        elif x == act.X_REFRESH_BAR:
            self._pay_shakers(p, COSTS.refresh_extra_shakers)
            self._refresh_bar(p)
            self._then(S_ACTION)
        elif x == act.X_SHAKERS:
            self.step = S_SHAKERS
        elif x == act.X_BARSPACE:
            self._pay_shakers(p, COSTS.bar_space_extra_shakers)
            self.step = S_BARSPACE
        else:
            self._pay_shakers(p, COSTS.tip_die_extra_shakers)
            self._gain(p, K_TIP_DIE, 1, SRC_TIP_DIE)
            self._then(S_ACTION)

    def _use_tile(self, p: int, index: int) -> None:
        pv = self.pv
        b = p * W
        pv[b + USED_TILES] |= 1 << index
        key = act.ONCE_TILES[index]
        t = EXP_KEYS.index(key)
        effect = EXP_ONCE[t]
        self.announce(MOVE, "{p:Seat} use{p:s} the experience tile {tile}.", p, EXP_NAMES[t])
        if effect == ONCE_COCKTAIL:
            self.step = S_SERVE
        elif effect == ONCE_TECHNIQUE:
            self.step = S_TECHNIQUE
        elif effect == ONCE_RECALL:
            pv[b + PLACED] -= 1
            self.step = S_ACTION
        elif effect == ONCE_RESERVE:
            self.step = S_RESERVE
        elif effect == ONCE_DOUBLE:
            pv[b + DOUBLE_TIPS] = 1
            self.step = S_ACTION
        else:
            self.announce(
                RULE, "{source} pays {p:seat} {gains}.", EXP_NAMES[t], p, EXP_GAINS_TEXT[t]
            )
            self._gains(p, EXP_GAINS[t], SRC_EXP[t])
            self._then(S_ACTION)

    # ----------------------------------------------------------------- clients

    def _take_client(self, p: int, c: int) -> None:
        b = p * W
        pv = self.pv
        if pv[b + RESERVED] == c:
            pv[b + RESERVED] = NONE
        else:
            self._off_column(c)
        bar = self._empty_bar(p)
        self.glass_card = replaced(self.glass_card, p * BARS + bar, c)
        self.announce(
            MOVE,
            "{p:Seat} take{p:s} the client {card} and its instant bonus: {gains}.",
            p,
            CLIENT_NAMES[c],
            CLIENT_INSTANT_TEXT[c],
        )
        self._gains(p, CLIENT_INSTANT[c], SRC_INSTANT[c])
        self._trigger(p, "take_client")
        self._then(S_ACTION)

    def _reserve_client(self, p: int, c: int) -> None:
        self.pv[p * W + RESERVED] = c
        self._off_column(c)
        self.announce(MOVE, "{p:Seat} reserve{p:s} the client {card}.", p, CLIENT_NAMES[c])
        self.step = S_ACTION

    def _off_column(self, c: int) -> None:
        """A face-up card leaves its column: the others slide down and the top is refilled."""
        level = CLIENT_LEVEL[c] - 1
        rest = tuple(x for x in self.columns[level] if x != c)
        self.columns = replaced(self.columns, level, rest)
        self._fill_column(level)

    def _fill_column(self, level: int) -> None:
        per_column = PER_COLUMN[self.num_players]
        column = self.columns[level]
        if len(column) >= per_column:
            return
        deck = self.decks[level]
        drawn: list[int] = []
        while len(column) + len(drawn) < per_column and deck:
            drawn.append(deck[-1])
            deck = deck[:-1]
        if drawn:
            self.columns = replaced(self.columns, level, column + tuple(drawn))
            self.decks = replaced(self.decks, level, deck)
            if self.deck_known[level] > len(deck):
                self.deck_known = replaced(self.deck_known, level, len(deck))
            self.announce(
                CHANCE,
                "New level {level} clients: {cards}.",
                level + 1,
                [CLIENT_NAMES[c] for c in drawn],
            )

    def _refresh_clients(self, p: int) -> None:
        """Each column's bottom card goes under its deck; the rest slide down; +5 VP."""
        pv = self.pv
        b = p * W
        pv[b + REFRESHED_CLIENTS] = 1
        pv[b + VP] += REFRESH_VP
        pv[b + REFRESHES] += 1
        removed = []
        # New lists, not writes into them: copies of this state share them.
        columns, decks, known = self.columns.copy(), self.decks.copy(), self.deck_known.copy()
        for level, column in enumerate(columns):
            if column:
                card = column[0]
                removed.append(CLIENT_NAMES[card])
                columns[level] = column[1:]
                decks[level] = (card, *decks[level])
                known[level] += 1
        self.columns, self.decks, self.deck_known = columns, decks, known
        self.announce(
            MOVE,
            "{p:Seat} refresh{p:es} the clients for {vp} VP; {cards} go under the decks.",
            p,
            REFRESH_VP,
            removed,
        )
        for level in range(len(self.columns)):
            self._fill_column(level)
        self._trigger(p, "refresh")

    def _refresh_bar(self, p: int) -> None:
        pv = self.pv
        b = p * W
        pv[b + REFRESHED_BAR] = 1
        pv[b + VP] += REFRESH_VP
        pv[b + REFRESHES] += 1
        full = BAR_FULL[self.num_players]
        bar = self.bar
        store = self.store
        for i in range(N_ING):
            n = min(full - bar[i], store[i])
            if n > 0:
                bar[i] += n
                store[i] -= n
        self.announce(MOVE, "{p:Seat} refill{p:s} the whole Bar Supply for {vp} VP.", p, REFRESH_VP)
        self._trigger(p, "refresh")

    def _add_bar_space(self, p: int, tile: int) -> None:
        self.pv[p * W + BAR_TILE] = tile
        self.bar_tiles = tuple(t for t in self.bar_tiles if t != tile)
        self.announce(MOVE, "{p:Seat} add{p:s} the Bar Space {tile}.", p, BAR_TILE_NAMES[tile])
        self.step = S_ACTION

    # ----------------------------------------------------------------- cocktails

    def _to_dice(self, p: int) -> None:
        if self.pv[p * W + EXTRA_DICE]:
            self.step = S_DICE
        else:
            self._complete(p, self.serving, 0)

    def _complete(self, p: int, bar: int, extras: int) -> None:
        """Serve the glass on ``bar``: ingredients back, $ and tips, the card completed."""
        pv = self.pv
        b = p * W
        at = p * BARS + bar
        card = self.glass_card[at]
        for i in self.glass[at]:
            self.store[i] += 1
        self.glass[at] = ()
        self.glass_card = replaced(self.glass_card, at, NONE)
        info = _C.clients[card]
        dice = info.tips + extras
        rolls = self._roll(dice)
        if pv[b + DOUBLE_TIPS]:
            pv[b + DOUBLE_TIPS] = 0
            rolls += self._roll(dice)
        pv[b + EXTRA_DICE] -= extras
        self.main_dice += extras
        pv[b + MONEY] += info.money + sum(rolls)
        pv[b + COMPLETED] += 1
        pv[b + COMPLETED_MONEY] += info.money
        self.completed = replaced(self.completed, p, (*self.completed[p], card))
        self.announce(
            CHANCE,
            "{p:Seat} serve{p:s} {card}: ${money} and tips of {rolls}, ${total} in all.",
            p,
            info.name,
            info.money,
            rolls,
            info.money + sum(rolls),
        )
        self._trigger(p, "complete_client")
        self._track(p)
        self._then(S_ACTION)

    def _roll(self, dice: int) -> list[int]:
        below = self.rng.below
        n = len(FACES)
        return [FACES[below(n)] for _ in range(dice)]

    def _track(self, p: int) -> None:
        """The Client pawn and the Fox advance; bonuses; the end of the game."""
        self.fox += 1
        fox = self.fox
        if p < self.num_players:
            done = self.pv[p * W + COMPLETED]
            reward = INDIVIDUAL.get(done)
            if reward:
                self.announce(
                    RULE,
                    "{p:Seat's} client pawn reaches space {space} of the Clients Track: {gains}.",
                    p,
                    done,
                    INDIVIDUAL_TEXT[done],
                )
                self._gains(p, reward, SRC_INDIVIDUAL[done])
        if fox in COLLECTIVE and self.track_tiles:
            tile = self.track_tiles[COLLECTIVE.index(fox)]
            self.announce(
                RULE,
                "The Fox reaches space {space} of the Clients Track: every player gains {bonus}.",
                fox,
                TRACK_TILE_TEXT[tile],
            )
            n = self.num_players
            first = p if p < n else 0
            for i in range(n):
                self._gains((first + i) % n, TRACK_TILE_GAINS[tile], SRC_COLLECTIVE[tile])
        if fox == END_ORDERS[self.num_players] and not self.ending:
            self.closer = p
            if p >= self.num_players:
                # The automaton completes its card in its Bar Setup: that one is its last.
                self.announce(
                    RULE,
                    "{n:plural:order} completed: the end is triggered. This is {p:Seat's} final "
                    "Bar Setup; everyone else plays until their final Bar Setup.",
                    fox,
                    p,
                )
                return
            pv = self.pv
            pv[p * W + PLACED] = max(pv[p * W + PLACED], pv[p * W + WORKERS])
            self.announce(
                RULE,
                "{n:plural:order} completed: the end is triggered. {p:Seat's} next turn is a "
                "Bar Setup; everyone plays until their final Bar Setup.",
                fox,
                p,
            )

    # ----------------------------------------------------------------- technique

    def _take_technique(self, p: int, t: int, returned: int) -> None:
        self.tech_row = tuple(x for x in self.tech_row if x != t)
        held = self.techniques[p]
        if returned >= 0:
            held = tuple(x for x in held if x != returned)
            self.tech_deck = (returned, *self.tech_deck)
            self.tech_known += 1
        die = min(DIE_MAX, self.pv[p * W + DIE] + TECH_INCREASE[t])
        if returned >= 0:
            self.announce(
                MOVE,
                "{p:Seat} take{p:s} the technique card {card}, putting {old} under the deck; "
                "the technique die shows {die}.",
                p,
                TECH_NAMES[t],
                TECH_NAMES[returned],
                die,
            )
        else:
            self.announce(
                MOVE,
                "{p:Seat} take{p:s} the technique card {card}; the technique die shows {die}.",
                p,
                TECH_NAMES[t],
                die,
            )
        self.techniques = replaced(self.techniques, p, (*held, t))
        self._fill_tech_row()
        self._gain(p, K_INCREASE, TECH_INCREASE[t])
        self._trigger(p, "take_technique")
        self._then(S_ACTION)

    def _fill_tech_row(self) -> None:
        if len(self.tech_row) < FACE_UP[self.num_players] and self.tech_deck:
            card = self.tech_deck[-1]
            self.tech_deck = self.tech_deck[:-1]
            self.tech_known = min(self.tech_known, len(self.tech_deck))
            self.tech_row = (*self.tech_row, card)
            self.announce(CHANCE, "A new technique card: {card}.", TECH_NAMES[card])

    # ----------------------------------------------------------------- gains

    def _gains(self, p: int, effects: Gains, source: int = 0) -> None:
        for kind, amount in effects:
            self._gain(p, kind, amount, source)

    def _gain(self, p: int, kind: int, amount: int, source: int = 0) -> None:
        """A reward: the automatic ones at once, those with a choice into ``pending``."""
        pv = self.pv
        b = p * W
        if kind == K_MONEY:
            pv[b + MONEY] += amount
        elif kind == K_VP:
            pv[b + VP] += amount
            if source in SETUP_SOURCES:
                pv[b + SETUP_VP] += amount
            elif source in TILE_SOURCES:
                pv[b + TILE_VP] += amount
        elif kind == K_SHAKER:
            pv[b + SHAKERS] += amount
        elif kind == K_INCREASE:
            pv[b + DIE] = min(DIE_MAX, pv[b + DIE] + amount)
        elif kind == K_ROLL_TIP:
            rolls = self._roll(amount)
            pv[b + MONEY] += sum(rolls)
            self.announce(CHANCE, "{p:Seat} roll{p:s} tips: {rolls}.", p, rolls)
        elif kind == K_TIP_DIE:
            for _ in range(amount):
                if self.main_dice:
                    self.main_dice -= 1
                    pv[b + EXTRA_DICE] += 1
                    self.announce(
                        MOVE, "{p:Seat} take{p:s} an extra tip die from the Main Board.", p
                    )
                else:
                    self._queue(p, K_TIP_DIE, 1, source)
        else:
            self._queue(p, kind, amount, source)

    def _queue(self, p: int, kind: int, amount: int, source: int = 0) -> None:
        """A gain waits for its owner's choice, with what asks it (see ``SPAN``)."""
        self.pending.append((p, kind, amount, source * SPAN))

    def _trigger(self, p: int, trigger: str) -> None:
        """Ongoing rewards of ``p``'s Mixologist Card and Experience Tiles for ``trigger``."""
        if p >= self.num_players:
            return
        card = self.pv[p * W + MIXOLOGIST]
        if card >= 0 and MIX_TRIGGER[card] == trigger:
            self.announce(
                RULE, "{source} pays {p:seat} {gains}.", MIX_NAMES[card], p, MIX_GAINS_TEXT[card]
            )
            self._gains(p, MIX_GAINS[card], SRC_MIX[card])
        for t in self.tiles_held[p]:
            if EXP_TRIGGER[t] == trigger:
                self.announce(
                    RULE,
                    "{source} pays {p:seat} {gains}.",
                    f"The experience tile {EXP_NAMES[t]}",
                    p,
                    EXP_GAINS_TEXT[t],
                )
                self._gains(p, EXP_GAINS[t], SRC_EXP[t])

    def _resolve_pending(self, p: int, op: int, a: int, b: int, action: Action) -> None:
        """One choice for the first waiting gain; what remains of it waits on."""
        head = self.pending[0]
        kind, amount, detail = head[1], head[2], max(head[3], 0)
        rest = amount - 1
        pv = self.pv
        if op == OP_GAIN:
            self.store[a] -= 1
            self._put(p, a, b)
            self.announce(MOVE, "{p:Seat} take{p:s} {ingredient} from the Store.", p, ING_A[a])
        elif op == OP_TAKE:
            self.bar[a] -= 1
            self._put(p, a, b)
            self.announce(MOVE, "{p:Seat} take{p:s} {ingredient} from the Bar Supply.", p, ING_A[a])
        elif op == OP_FROM:
            pv[a * W + EXTRA_DICE] -= 1
            pv[p * W + EXTRA_DICE] += 1
            self.announce(MOVE, "{p:Seat} take{p:s} an extra tip die from {q:seat}.", p, a)
        elif op == OP_ADVANCE:
            side = self.tile_side
            space = ADVANCE_AT[side][action]
            pv[p * W + POS] = space
            rest = 0
            self.pending.pop(0)
            self.announce(
                MOVE,
                "{p:Seat} move{p:s} the technique die to the {space} space: {gains}.",
                p,
                TILE_SPACE_NAMES[side][space],
                TILE_GAINS_TEXT[side][space],
            )
            self._gains(p, TILE_GAINS[side][space], SRC_SPACE[side][space])
            return
        else:  # OP_EXPERIENCE
            self._gain_experience(p, a)
            rest = 0
        if rest > 0:
            asked = detail - detail % SPAN
            self.pending[0] = (p, kind, rest, asked + a + 1 if kind == K_BAR else asked)
        else:
            self.pending.pop(0)

    def _gain_experience(self, p: int, t: int) -> None:
        pv = self.pv
        b = p * W
        self.experience_pool = tuple(x for x in self.experience_pool if x != t)
        self.tiles_held = replaced(self.tiles_held, p, (*self.tiles_held[p], t))
        pv[b + EXPERIENCE] += 1
        self.announce(MOVE, "{p:Seat} gain{p:s} the experience tile {tile}.", p, EXP_NAMES[t])
        if pv[b + EXPERIENCE] == UNLOCK_AT:
            pv[b + WORKERS] += RULES.start.locked_mixologists
            self.announce(RULE, "{p:Seat} unlock{p:s} a fourth mixologist.", p)
            if p == self.closer:  # the round is over: the new Mixologist waits unused
                pv[b + PLACED] = pv[b + WORKERS]

    def _put(self, p: int, i: int, where: int) -> None:
        """Ingredient ``i`` into the reserve (``where`` 0) or the glass of Bar Space ``where``."""
        if where == act.RESERVE:
            self.reserve[p] = tuple(sorted((*self.reserve[p], i)))
        else:
            at = p * BARS + where - 1
            self.glass[at] = tuple(sorted((*self.glass[at], i)))

    def _lose_reserve(self, p: int, i: int, n: int) -> None:
        held = list(self.reserve[p])
        for _ in range(n):
            held.remove(i)
        self.reserve[p] = tuple(held)

    # ----------------------------------------------------------------- Bar Setup

    def _refill(self, p: int, i: int) -> None:
        full = BAR_FULL[self.num_players]
        n = min(full - self.bar[i], self.store[i])
        self.bar[i] += n
        self.store[i] -= n
        self.announce(
            MOVE, "{p:Seat} refill{p:s} the {ingredients} of the Bar Supply.", p, ING_PLURAL[i]
        )
        self._finish_bar_setup(p)

    def _finish_bar_setup(self, p: int) -> None:
        pv = self.pv
        b = p * W
        pv[b + SETUPS] += 1
        if self.ending or pv[b + SETUPS] >= ROUND_LIMIT:
            pv[b + FINISHED] = 1
            if not self.ending:
                self.announce(
                    RULE,
                    "{p:Seat} {p:has} played {n:plural:round}, the most a game allows.",
                    p,
                    ROUND_LIMIT,
                )
        self.step = S_END_TURN

    # ----------------------------------------------------------------- the end

    def _final_scoring(self) -> None:
        scores = [int(s) for s in self.scores()]
        self.step = S_OVER
        self.announce(RULE, "Final scoring: {scores} VP.", scores)
        best = self.ranking()[0]
        if len(best) == 1:
            self.announce(END, "{p:Seat} win{p:s} the game!", best[0])
        else:
            self.announce(
                END, "The victory is shared by {seats}.", [self.seat_names()[q] for q in best]
            )

    # ----------------------------------------------------------------- illegal

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        step = self.step
        verb = action.verb
        if step == S_SETUP:
            return "keep one of your two dealt Mixologist Cards, with spirit or tool", RULE_SETUP
        if step == S_PENDING:
            return "choose how to take the bonus being resolved", RULE_TURN
        if step == S_REFILL:
            return "refill one ingredient type missing from the Bar Supply", RULE_BAR_SETUP
        if step != S_ACTION:
            return f"finish the action under way: choose a {PHASE_WORD[step]}", RULE_MAIN
        if verb == "place":
            if self.main_done:
                return "one Main Action per turn, and it is done", RULE_TURN
            return MAIN_WHY[str(action.args[0])], RULE_MAIN
        if verb == "extra":
            if self.extra_done:
                return "at most one Additional Action per turn", RULE_TURN
            return EXTRA_WHY[str(action.args[0])], RULE_EXTRA
        if verb == "end":
            return "a turn needs its Main Action first", RULE_TURN
        if verb == "exchange":
            return "exchanging needs 2 identical ingredients in your reserve", RULE_EXCHANGE
        if verb == "move":
            return "only a reserve ingredient the glass's recipe still needs", RULE_MAIN
        if verb == "use":
            return "a level-3 tile you hold, unused, whose effect can happen now", RULE_EXPERIENCE
        return f"{verb} is not a choice at this point of the turn", RULE_TURN

    # ----------------------------------------------------------------- results

    def scores(self) -> tuple[float, ...]:
        return tuple(float(self.final_score(p)) for p in range(self.participants))

    def rank_key(self, player: int) -> tuple[float, ...]:
        b = player * W
        pv = self.pv
        return (
            float(self.final_score(player)),
            float(pv[b + COMPLETED]),
            float(pv[b + COMPLETED_MONEY]),
            float(pv[b + SHAKERS]),
        )

    def length(self) -> dict[str, int]:
        pv = self.pv
        setups = [pv[p * W + SETUPS] for p in range(self.participants)]
        return {"turns": self.turns, "bar_setups": max(setups), "orders": self.fox}


MAIN_WORDS: Final = (
    "take a client card",
    "take 2 ingredients from the Bar Supply",
    "prepare a cocktail",
    "add an extra tip die",
    "acquire a technique card",
    "acquire a shaker",
    "refresh the clients",
    "refresh the Bar Supply",
    "add a Bar Space",
)
"""Each Main Action in words, in the order of ``actions.MAIN``."""
EXTRA_WORDS: Final = (
    "buy ingredients at the Store",
    f"take 2 ingredients from the Bar Supply for {EXTRA_INGREDIENTS_SHAKERS} shakers",
    f"refresh the clients for {EXTRA_REFRESH_SHAKERS} shaker",
    f"refresh the Bar Supply for {EXTRA_REFRESH_SHAKERS} shaker",
    "buy shakers",
    f"add a Bar Space for {EXTRA_BARSPACE_SHAKERS} shakers",
    f"add an extra tip die for {EXTRA_TIPDIE_SHAKERS} shaker",
)
"""Each Additional Action in words, in the order of ``actions.EXTRA``."""

PHASE_WORD: Final = {
    S_CLIENT: "client card",
    S_SERVE: "glass to serve",
    S_DICE: "number of extra dice",
    S_TECHNIQUE: "technique card",
    S_SLOT: "slot or a card to replace",
    S_BARSPACE: "Bar Space tile",
    S_BUY: "purchase, or done",
    S_SHAKERS: "number of shakers",
    S_RESERVE: "client card to reserve",
}
MAIN_WHY: Final = {
    "client": "taking a client needs an empty Bar Space and a card your technique reaches",
    "ingredients": "no ingredient of the Bar Supply has a place in your reserve or a glass",
    "cocktail": "preparing needs a complete glass and 1 shaker",
    "tipdie": "no tip die is left on the Main Board or with another player",
    "technique": "acquiring a technique needs 1 shaker and a face-up card",
    "shaker": "always allowed",
    "refreshclients": "the clients may be refreshed once per round",
    "refreshbar": "the Bar Supply may be refreshed once per round, and not when full",
    "barspace": "a Bar Space needs 1 shaker and experience level 1, once per game",
}
EXTRA_WHY: Final = {
    "buy": "buying needs $5 and a place for the ingredient",
    "ingredients": "taking ingredients as an additional action costs 2 shakers",
    "refreshclients": "1 shaker, once per round",
    "refreshbar": "1 shaker, once per round, and not when full",
    "shakers": "each shaker costs $5",
    "barspace": "a Bar Space costs 2 shakers and needs experience level 1, once per game",
    "tipdie": "1 shaker, and a die must be available",
}
