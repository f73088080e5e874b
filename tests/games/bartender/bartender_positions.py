"""Building Bartender positions by hand for scenario tests."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

import lastcall
from lastcall.core import Action, IllegalAction
from lastcall.games.bartender.content import DECK
from lastcall.games.bartender.game import BartenderState
from lastcall.games.bartender.state import Step

GAME = lastcall.game("bartender")


def new(players: int, seed: int = 0, options: dict[str, object] | None = None) -> BartenderState:
    state = GAME.new(players, seed=seed, options=options)
    assert isinstance(state, BartenderState)
    return state


def ids(*names: str) -> list[int]:
    """Card ids for names; a repeated name takes the next physical copy."""
    used: set[int] = set()
    out = []
    for name in names:
        card = next(c for c, n in enumerate(DECK.names) if n == name and c not in used)
        used.add(card)
        out.append(card)
    return out


def names(cards: Iterable[int]) -> list[str]:
    return [DECK.names[c] for c in cards]


def position(
    players: int = 3,
    *,
    current: int = 0,
    hands: dict[int, list[str]] | None = None,
    bars: dict[int, list[str]] | None = None,
    customers: dict[int, list[str]] | None = None,
    deck: list[str] | None = None,
    coins: list[str] | None = None,
    market: list[str] | None = None,
    shovels: dict[str, str] | None = None,
    bank: list[int] | None = None,
    options: dict[str, object] | None = None,
) -> BartenderState:
    """The action step of ``current``'s turn with exactly the given cards in play.

    ``deck`` and ``coins`` list the cards in the order they will be drawn.
    Cards of one name are told apart by order of appearance across all zones.
    """
    state = new(players, seed=11, options=options)
    every: list[str] = []
    zones: list[tuple[str, int, list[str]]] = []
    for label, table in (("hand", hands), ("bar", bars), ("cust", customers)):
        for seat, held in (table or {}).items():
            zones.append((label, seat, held))
            every.extend(held)
    for label, pile in (("deck", deck), ("coins", coins), ("market", market)):
        zones.append((label, -1, pile or []))
        every.extend(pile or [])
    shovel_names = list((shovels or {}).values())
    every.extend(shovel_names)
    cards: Iterator[int] = iter(ids(*every))
    state.hands = [()] * players
    state.bars = [()] * players
    state.customers = [()] * players
    state.market = []
    for label, seat, zone in zones:
        got = [next(cards) for _ in zone]
        if label == "hand":
            state.hands[seat] = tuple(got)
        elif label == "bar":
            state.bars[seat] = tuple(got)
        elif label == "cust":
            state.customers[seat] = tuple(got)
        elif label == "deck":
            state.deck = got[::-1]
        elif label == "coins":
            state.coin_deck = got[::-1]
        else:
            state.market = got
    state.shovel = [-1] * len(state.shovel)
    for bartender in shovels or {}:
        state.shovel[ids(bartender)[0]] = next(cards)
    state.sideways = [0] * len(state.sideways)
    state.fresh = [0] * len(state.fresh)
    state.sideways_customers = [0] * players
    state.discard = []
    state.coin_discard = []
    state.bank = list(bank or [0] * players)
    state.pending = ()
    state.auction = ()
    state.idle = 0
    state.current = current
    state.phase = Step.ACTION
    state.to_move = (current,)
    state._legal = None
    return state


def act(state: BartenderState, player: int, text: str) -> None:
    state.apply(player, GAME.parse_action(text))


def legal(state: BartenderState, player: int) -> list[str]:
    return [str(a) for a in state.legal_actions(player)]


def refused(state: BartenderState, player: int, text: str, rule: str) -> IllegalAction:
    """The action is illegal, names ``rule``, and leaves the state exactly as it was."""
    before = state.clone()
    with pytest.raises(IllegalAction) as info:
        state.apply(player, Action.parse(text))
    assert info.value.rule == rule, info.value
    assert state == before
    return info.value
