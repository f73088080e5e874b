"""Positions built by hand: cards are given by name, every other card goes to the draw pile.

A position names each seat's hand, its placed cards and the order dice; the
helper fills in the rest so that the 52 cards are all accounted for, which
keeps reshuffles and re-deals honest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import lastcall
from lastcall.core import Action
from lastcall.games.barista.content import CONTENT
from lastcall.games.barista.game import BaristaState
from lastcall.games.barista.state import EMPTY, Step

SLOT_NAMES = CONTENT.categories


def kind(name: str) -> int:
    return CONTENT.kind(name)


def kinds(names: str) -> list[int]:
    """``"mocha wild"`` -> the card kinds, in that order."""
    return [kind(n) for n in names.split()]


def order(text: str) -> list[int]:
    """``"single tall nonfat mocha"`` -> the dice values, Shots, Size, Milk, Drink."""
    words = text.split()
    assert len(words) == len(SLOT_NAMES)
    return [CONTENT.values[c].index(w) for c, w in enumerate(words)]


def slots(text: str) -> list[int]:
    """Placed cards in die order, ``-`` for an open slot: ``"single - - wild"``."""
    words = text.split()
    assert len(words) == len(SLOT_NAMES)
    return [EMPTY if w == "-" else kind(w) for w in words]


def set_fields(state: BaristaState, **fields: Any) -> BaristaState:
    """Overwrite state fields and drop the legal-actions cache."""
    for name, value in fields.items():
        setattr(state, name, value)
    state._legal = None
    return state


def position(
    hands: Sequence[str],
    *,
    dice: str = "single tall nonfat cappuccino",
    placed: Sequence[str] | None = None,
    placed_as: Sequence[str] | None = None,
    deck: str | None = None,
    discard: str = "",
    turn: int = 0,
    step: Step = Step.PLAY,
    tips: Sequence[int] | None = None,
    seed: int = 1,
    options: dict[str, object] | None = None,
    **fields: Any,
) -> BaristaState:
    """A state in ``turn``'s play phase (after the draw) with the given cards.

    ``deck`` lists the draw pile from the top down; when omitted it holds every
    card not named elsewhere, in a fixed order. ``placed_as`` (the order each
    placed card was placed against) defaults to the current dice.
    """
    n = len(hands)
    state = lastcall.game("barista").new(n, seed, options)
    assert isinstance(state, BaristaState)
    hand_kinds = [kinds(h) for h in hands]
    placed_kinds = [slots(s) for s in placed] if placed else [[EMPTY] * 4 for _ in range(n)]
    dice_values = order(dice)
    if placed_as is None:
        as_values = [
            [dice_values[c] if k != EMPTY else EMPTY for c, k in enumerate(row)]
            for row in placed_kinds
        ]
    else:
        as_values = [
            [EMPTY if w == "-" else CONTENT.values[c].index(w) for c, w in enumerate(row.split())]
            for row in placed_as
        ]
    discard_kinds = kinds(discard)
    used = Counter(discard_kinds)
    for h in hand_kinds:
        used.update(h)
    for row in placed_kinds:
        used.update(k for k in row if k != EMPTY)
    rest = Counter(CONTENT.deck) - used
    assert not used - Counter(CONTENT.deck), "more copies than the deck holds"
    pile = sorted(rest.elements()) if deck is None else list(reversed(kinds(deck)))
    tip_list = list(tips) if tips is not None else [0] * n
    to_move: tuple[int, ...] = (turn,)
    ready = [True] * n
    dealer = fields.pop("dealer", turn)
    if step == Step.SETUP:
        seats = [(dealer + i) % n for i in range(n)]
        to_move = tuple(p for p in seats if fields.get("ready", ready)[p] is False)
    set_fields(
        state,
        hands=hand_kinds,
        placed=placed_kinds,
        placed_as=as_values,
        dice=dice_values,
        deck=pile,
        discard=discard_kinds,
        tips=tip_list,
        jar=20 - sum(tip_list),
        current=turn,
        dealer=dealer,
        step=step,
        to_move=to_move,
        ready=ready,
        known=[],
        challenger=-1,
        final_left=0,
        pending=-1,
    )
    return set_fields(state, **fields)


def act(state: BaristaState, *texts: str) -> None:
    """Apply actions by their text, each for the one seat to move."""
    for text in texts:
        assert len(state.to_move) == 1, f"several seats to move: {state.to_move}"
        state.apply(state.to_move[0], state.game.parse_action(text))


def legal(state: BaristaState, player: int | None = None) -> set[str]:
    seat = state.to_move[0] if player is None else player
    return {str(a) for a in state.legal_actions(seat)}


def hand_names(state: BaristaState, player: int) -> list[str]:
    return sorted(CONTENT.kind_names[k] for k in state.hands[player])


def action(text: str) -> Action:
    return Action.parse(text)


def all_cards(state: BaristaState) -> Counter[int]:
    """Every card in the game, wherever it is."""
    seen: Counter[int] = Counter(state.deck)
    seen.update(state.discard)
    for p in range(state.num_players):
        seen.update(state.hands[p])
        seen.update(k for k in state.placed[p] if k != EMPTY)
    return seen


def finish_setup(state: BaristaState) -> None:
    """Every seat asked at setup says ready."""
    while state.step == Step.SETUP:
        state.apply(state.to_move[0], Action("ready"))
