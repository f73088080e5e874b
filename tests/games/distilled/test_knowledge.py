"""The bots' evaluation of Distilled: what an upgrade of one tier is worth to a seat."""

from __future__ import annotations

from lastcall.games.distilled.game import DistilledState
from lastcall.games.distilled.state import MOONSHINE, VODKA

from .distilled_helpers import new, recipe, upgrade
from .test_rules import plain_seat


def _gain(s: DistilledState, key: str) -> float:
    """How much holding the upgrade ``key`` adds to seat 0's estimated worth."""
    s.upgrades[0] = ()
    without = s.estimate(0)
    s.upgrades[0] = (upgrade(key),)
    return s.estimate(0) - without


def test_a_tier_upgrade_is_worth_more_to_a_seat_that_can_make_that_tier() -> None:
    """The Sommelier pays on silver sales only: a seat owning Gin (silver, in the metal barrel
    every seat has) values it well above a seat that owns only the base recipes, while the
    Marketer (bronze sales) is worth the same to both."""
    s = new()
    plain_seat(s)
    s.recipes[0] = 1 << MOONSHINE | 1 << VODKA
    sommelier_base, marketer_base = _gain(s, "sommelier"), _gain(s, "marketer")
    s.recipes[0] |= 1 << recipe("gin")
    assert _gain(s, "sommelier") > 3 * sommelier_base > 0
    assert _gain(s, "marketer") == marketer_base


def test_labels_already_held_count_in_full_for_a_label_upgrade() -> None:
    """The Historian scores 2 VP a silver label at the end: two silver labels held are worth
    4 VP of it now, whatever the seat may still make."""
    s = new()
    plain_seat(s)
    s.recipes[0] = 1 << MOONSHINE | 1 << VODKA
    before = _gain(s, "historian")
    s.labels[0] = (recipe("gin"), recipe("gin"))
    assert _gain(s, "historian") - before == 4
