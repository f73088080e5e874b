"""The solo automaton (Jerry or Ada): its turns, carried out by the rules, never decided.

The automaton is participant ``num_players`` (1): it is not a seat and is never
in ``to_move``. Its solo cards come from a shuffled deck (chance), and every
choice it makes follows a fixed priority (docs/rules/the-mix.md, "Solo Mode"),
each step logged as a public event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from lastcall.core import Kind, replaced
from lastcall.core.events import CHANCE, MOVE, RULE
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.presentation import (
    INGREDIENT_A,
    INGREDIENT_PLURAL,
    SOLO_ACTION,
    SOLO_NAME,
    effects_text,
)
from lastcall.games.the_mix.state import (
    COMPLETED,
    COMPLETED_MONEY,
    DIE,
    EXTRA_DICE,
    FINISHED,
    K_INCREASE,
    K_MONEY,
    K_SHAKER,
    K_STORE,
    K_VP,
    MONEY,
    NONE,
    RECIPE_COUNT,
    REFRESHED_BAR,
    REFRESHED_CLIENTS,
    ROUND_LIMIT,
    SETUPS,
    SHAKERS,
    VP,
    W,
    gains,
)

if TYPE_CHECKING:
    from lastcall.games.the_mix.flow import MixFlow

_C: Final = CONTENT
SOLO: Final = _C.solo
SIDES: Final = SOLO.sides
CARDS: Final = SOLO.cards
PRIORITY: Final = _C.bar_priority
FALLBACK: Final = gains(SOLO.fallback)
TRACK: Final = tuple(tuple(gains(bonus) for bonus in side.clients_track) for side in SIDES)
INSTANT: Final = tuple(gains(card.instant) for card in CARDS)
INSTANT_TEXT: Final = tuple(effects_text(card.instant) for card in CARDS)
TRACK_TEXT: Final = tuple(
    tuple(effects_text(bonus) for bonus in side.clients_track) for side in SIDES
)
FALLBACK_TEXT: Final = effects_text(SOLO.fallback)
SOLO_ATTEMPT: Final = {
    "ingredients": "take 2 ingredients from the Bar Supply",
    "store": "take an ingredient from the Store",
    "shaker": "take a shaker",
    "tip_die": "take an extra tip die",
    "technique": "take a technique card",
    "refresh_clients": "refresh the clients",
    "refresh_bar": "refresh the Bar Supply",
}
"""What a solo card's action tries, for the log when it cannot be done."""
FULL_BAR: Final = _C.rules.for_players(1).bar_supply_per_type
EXTRA_DICE_MAX: Final = _C.rules.limits.extra_dice_per_roll
FACES: Final = _C.rules.tip_die_faces
# The content's numbers as flat tables: the automaton plays a turn between every two of the
# seat's, and reading them through the content's records cost a lookup per attribute.
CLIENT_ROUNDS: Final = SOLO.client_rounds
COLUMN_BY_DIE: Final = SOLO.column_by_die
MISSING_COST: Final = SOLO.missing_ingredient_cost
TECHNIQUE_SLOTS: Final = _C.rules.limits.technique_slots
DIE_MAX: Final = _C.rules.limits.technique_die_max
MONEY_PER_VP: Final = _C.rules.scoring.money_per_vp
FIRST_CARD_VP: Final = tuple(side.first_card_vp for side in SIDES)
LATE_ROUND_VP: Final = tuple(side.late_round_vp for side in SIDES)
CARD_NAME: Final = tuple(SOLO_NAME[card.key] for card in CARDS)
CARD_MAIN: Final = tuple(card.main for card in CARDS)
CARD_ADDITIONAL: Final = tuple(card.additional for card in CARDS)
MAIN_TEXT: Final = tuple(SOLO_ACTION[card.main] for card in CARDS)
BENEATH_TEXT: Final = tuple(
    f"as the card beneath says, {SOLO_ACTION[card.additional]}" for card in CARDS
)
CLIENT_TECHNIQUE: Final = tuple(client.technique for client in _C.clients)
CLIENT_NAME: Final = tuple(client.name for client in _C.clients)
CLIENT_NEED: Final = tuple(len(client.recipe) for client in _C.clients)
CLIENT_TIPS: Final = tuple(client.tips for client in _C.clients)
CLIENT_MONEY: Final = tuple(client.money for client in _C.clients)
TAKEN_TEXT: Final = tuple(INGREDIENT_A[ingredient.key] for ingredient in _C.ingredients)
REFILL_TEXT: Final = tuple(INGREDIENT_PLURAL[ingredient.key] for ingredient in _C.ingredients)
TECHNIQUE_NAME: Final = tuple(technique.name for technique in _C.techniques)
TECHNIQUE_GAINS: Final = tuple(((K_INCREASE, t.increase),) for t in _C.techniques)


def automaton_round_start(s: MixFlow) -> None:
    """A new round: the active Client Card, or from round 6 on VP instead."""
    a = s.num_players
    s.solo_round += 1
    if s.solo_round > CLIENT_ROUNDS:
        late = LATE_ROUND_VP[s.automaton]
        s.pv[a * W + VP] += late
        s.announce(
            RULE,
            "{p:Seat} start{p:s} round {round} without a client and gain{p:s} {n} VP.",
            a,
            s.solo_round,
            late,
        )
        return
    die = s.pv[a * W + DIE]
    level = COLUMN_BY_DIE[die - 1] - 1
    reachable = [c for c in s.columns[level] if CLIENT_TECHNIQUE[c] <= die]
    if reachable:
        card = reachable[0]
        s._off_column(card)
    elif s.decks[level]:
        card = s.decks[level][-1]
        deck = s.decks[level][:-1]
        s.decks = replaced(s.decks, level, deck)
        if s.deck_known[level] > len(deck):
            s.deck_known = replaced(s.deck_known, level, len(deck))
    else:
        s.announce(RULE, "{p:Seat} find{p:s} no client for round {round}.", a, s.solo_round)
        return
    s.solo_active = card
    s.announce(
        CHANCE,
        "{p:Seat} start{p:s} round {round} with the client {card}.",
        a,
        s.solo_round,
        CLIENT_NAME[card],
    )


def automaton_turn(s: MixFlow) -> None:
    """One turn: reveal and resolve a solo card, or the Bar Setup once the round's are out."""
    a = s.num_players
    if len(s.solo_revealed) < SOLO.cards_in_round(s.solo_round):
        _reveal(s, a)
    else:
        _bar_setup(s, a)


def _reveal(s: MixFlow, a: int) -> None:
    if not s.solo_deck:
        deck = sorted(s.solo_discard)
        s.rng.shuffle(deck)
        s.solo_deck = tuple(deck)
        s.solo_discard = ()
        s.announce(CHANCE, "The solo discard pile is shuffled into a new deck.")
    card = s.solo_deck[-1]
    s.solo_deck = s.solo_deck[:-1]
    beneath = s.solo_revealed[-1] if s.solo_revealed else NONE
    s.announce(
        CHANCE,
        "{p:Seat} reveal{p:s} {card}: {p:seat} {main}, then {additional}.",
        a,
        CARD_NAME[card],
        MAIN_TEXT[card],
        BENEATH_TEXT[beneath] if beneath >= 0 else "nothing from beneath (the round's first card)",
    )
    s.solo_revealed = (*s.solo_revealed, card)
    _action(s, a, CARD_MAIN[card])
    if beneath >= 0:
        _action(s, a, CARD_ADDITIONAL[beneath])
    else:
        bonus = FIRST_CARD_VP[s.automaton]
        if bonus:
            s.pv[a * W + VP] += bonus
            s.announce(RULE, "{p:Seat} gain{p:s} {n} VP for the round's first card.", a, bonus)
    s.announce(
        RULE,
        "{p:Seat} take{p:s} the instant bonus of {card}: {gains}.",
        a,
        CARD_NAME[card],
        INSTANT_TEXT[card],
    )
    _gains(s, a, INSTANT[card])


def _action(s: MixFlow, a: int, name: str) -> None:
    pv = s.pv
    b = a * W
    done = True
    if name == "ingredients":
        done = _take(s, a, s.bar, 2) > 0
    elif name == "store":
        done = _take(s, a, s.store, 1) > 0
    elif name == "shaker":
        pv[b + SHAKERS] += 1
        s.announce(MOVE, "{p:Seat} take{p:s} a shaker.", a)
    elif name == "tip_die":
        done = s.main_dice > 0
        if done:
            s.main_dice -= 1
            pv[b + EXTRA_DICE] += 1
            s.announce(MOVE, "{p:Seat} take{p:s} an extra tip die.", a)
    elif name == "technique":
        done = bool(s.tech_row)
        if done:
            _technique(s, a)
    elif name == "refresh_clients":
        done = not pv[b + REFRESHED_CLIENTS] and any(s.columns)
        if done:
            s._refresh_clients(a)
    else:  # refresh_bar
        done = not pv[b + REFRESHED_BAR] and s._bar_refillable()
        if done:
            s._refresh_bar(a)
    if not done:
        s.announce(
            RULE,
            "{p:Seat} cannot {action} and take{p:s} {gains} instead.",
            a,
            SOLO_ATTEMPT[name],
            FALLBACK_TEXT,
        )
        _gains(s, a, FALLBACK)


def _order(s: MixFlow, a: int) -> Sequence[int]:
    """Ingredients by preference: the active recipe's types it holds none of, then any."""
    active = s.solo_active
    if active < 0:
        return PRIORITY
    held = s.reserve[a]
    need = RECIPE_COUNT[active]
    wanted = [i for i in PRIORITY if need[i] and i not in held]
    return wanted + [i for i in PRIORITY if i not in wanted] if wanted else PRIORITY


def _take(s: MixFlow, a: int, supply: list[int], n: int) -> int:
    """Up to ``n`` different ingredients from ``supply``, by preference; how many were taken."""
    taken: list[int] = []
    for i in _order(s, a):
        if len(taken) == n:
            break
        if supply[i]:
            supply[i] -= 1
            taken.append(i)
    if taken:
        s.reserve[a] = tuple(sorted((*s.reserve[a], *taken)))
        source = "the Bar Supply" if supply is s.bar else "the Store"
        s.announce(
            MOVE,
            "{p:Seat} take{p:s} {ingredients} from {source}.",
            a,
            [TAKEN_TEXT[i] for i in taken],
            source,
        )
    return len(taken)


def _technique(s: MixFlow, a: int) -> None:
    card = s.tech_row[0]
    held = s.techniques[a]
    if len(held) >= TECHNIQUE_SLOTS:
        oldest = held[0]
        held = held[1:]
        s.tech_deck = (oldest, *s.tech_deck)
        s.tech_known += 1
    s.tech_row = s.tech_row[1:]
    s.techniques = replaced(s.techniques, a, (*held, card))
    s.announce(MOVE, "{p:Seat} take{p:s} the technique card {card}.", a, TECHNIQUE_NAME[card])
    s._fill_tech_row()
    _gains(s, a, TECHNIQUE_GAINS[card])


def _gains(s: MixFlow, a: int, effects: tuple[tuple[int, int], ...]) -> None:
    pv = s.pv
    b = a * W
    for kind, amount in effects:
        if kind == K_VP:
            pv[b + VP] += amount
        elif kind == K_MONEY:
            pv[b + MONEY] += amount
        elif kind == K_SHAKER:
            pv[b + SHAKERS] += amount
        elif kind == K_INCREASE:
            pv[b + DIE] = min(DIE_MAX, pv[b + DIE] + amount)
        elif kind == K_STORE:
            _take(s, a, s.store, amount)


def _bar_setup(s: MixFlow, a: int) -> None:
    """Progression, discard, the active card completed, the track, a refill, the next round."""
    pv = s.pv
    b = a * W
    s.announce(Kind.TURN, "{p:Seat} perform{p:s} a Bar Setup.", a)
    s.solo_discard = tuple(sorted((*s.solo_discard, *s.solo_revealed)))
    s.solo_revealed = ()
    card = s.solo_active
    if card >= 0:
        _complete(s, a, card)
    converted = pv[b + MONEY] // MONEY_PER_VP
    if pv[b + MONEY]:
        s.announce(
            RULE,
            "{p:Seat} turn{p:s} ${money} into {vp} VP.",
            a,
            pv[b + MONEY],
            converted,
        )
    pv[b + VP] += converted
    pv[b + MONEY] = 0
    if card >= 0:
        s.solo_active = NONE
        done = pv[b + COMPLETED]
        track = TRACK[s.automaton]
        if done <= len(track):
            s.announce(
                RULE,
                "{p:Seat's} Clients Track on the Solo Board pays {gains}.",
                a,
                TRACK_TEXT[s.automaton][done - 1],
            )
            _gains(s, a, track[done - 1])
        s._track(a)
    for i in PRIORITY:
        if s.bar[i] < FULL_BAR and s.store[i]:
            n = min(FULL_BAR - s.bar[i], s.store[i])
            s.bar[i] += n
            s.store[i] -= n
            s.announce(
                MOVE,
                "{p:Seat} refill{p:s} the {ingredients} of the Bar Supply.",
                a,
                REFILL_TEXT[i],
            )
            break
    pv[b + REFRESHED_CLIENTS] = pv[b + REFRESHED_BAR] = 0
    pv[b + SETUPS] += 1
    if s.ending or pv[b + SETUPS] >= ROUND_LIMIT:
        pv[b + FINISHED] = 1
        return
    automaton_round_start(s)


def _complete(s: MixFlow, a: int, card: int) -> None:
    """Spend ingredients (any types), then shakers, then $5 each; roll; gain the card's $."""
    pv = s.pv
    b = a * W
    need = CLIENT_NEED[card]
    held = list(s.reserve[a])
    matching = [i for i in held if RECIPE_COUNT[card][i]]
    spent = (matching + [i for i in held if i not in matching])[:need]
    for i in spent:
        held.remove(i)
        s.store[i] += 1
    s.reserve[a] = tuple(held)
    missing = need - len(spent)
    shakers = min(missing, pv[b + SHAKERS])
    pv[b + SHAKERS] -= shakers
    missing -= shakers
    money = min(missing * MISSING_COST, pv[b + MONEY])
    pv[b + MONEY] -= money
    extras = min(pv[b + EXTRA_DICE], EXTRA_DICE_MAX)
    below = s.rng.below
    rolls = [FACES[below(len(FACES))] for _ in range(CLIENT_TIPS[card] + extras)]
    pv[b + EXTRA_DICE] -= extras
    s.main_dice += extras
    pv[b + MONEY] += CLIENT_MONEY[card] + sum(rolls)
    pv[b + COMPLETED] += 1
    pv[b + COMPLETED_MONEY] += CLIENT_MONEY[card]
    s.completed = replaced(s.completed, a, (*s.completed[a], card))
    s.announce(
        CHANCE,
        "{p:Seat} complete{p:s} {card}, paying {n:plural:ingredient}, {k:plural:shaker} and "
        "${cost}: ${money} and tips of {rolls}.",
        a,
        CLIENT_NAME[card],
        len(spent),
        shakers,
        money,
        CLIENT_MONEY[card],
        rolls,
    )
