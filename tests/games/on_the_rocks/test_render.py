"""The table as a person reads it at the terminal: colour tags, and plain words without them."""

from __future__ import annotations

from rich.text import Text

from lastcall.core import Rng, State, paint, plain
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import GLASS_TITLES, TIP_OF
from lastcall.games.on_the_rocks.render import MARBLE_STYLE

from .otr_helpers import (
    GAME,
    act,
    clear_board,
    decision,
    fill,
    give_recipe,
    give_tip,
    new,
    raw,
    recipe,
)


def table(s: State, seat: int) -> str:
    painted = GAME.render(s.view(seat))
    assert Text.from_markup(painted).plain == plain(painted)  # the tags are well formed
    return plain(painted)


def play_until(s: State, phase: st.Decision, seed: int = 5) -> None:
    rng = Rng(seed)
    while decision(s) != phase:
        assert not s.is_over
        p = s.to_move[0]
        actions = s.legal_actions(p)
        s.apply(p, actions[rng.below(len(actions))])


def test_before_anything_happens_no_dice_no_debt_no_tips() -> None:
    s = raw(3, 4)
    text = table(s, 0)
    assert "before the first turn" in text and "P0 to take an order" in text
    assert "Dice" not in text and "$-" not in text and "Tips" not in text
    for p in range(3):
        s.apply(p, act("order all"))
    text = table(s, 1)
    assert "$-" not in text and "Tips" not in text
    assert "round 1 (the bar closes after round 40)" in text
    assert f"P{s.current}'s turn" in text and "P1 (you" in text


def test_the_dice_show_once_rolled_and_say_what_they_draft() -> None:
    s = new(2, 3)
    s.dice = [2, 5]
    text = table(s, s.current)
    assert "Dice: 2 and 5, so 7 marbles to draft" in text
    s.apply(s.current, act("draft"))
    assert "Dice" not in table(s, 0)


def test_while_mixing_the_table_says_which_bowl_takes_the_next_marble() -> None:
    s = new(2, 3)
    play_until(s, st.Decision.MIX)
    text = table(s, 0)
    assert f"the next goes into bowl {s.cursor + 1}" in text
    assert "To mix: " in text
    assert "choose the next marble to mix" in text


def test_glasses_show_wanted_and_placed_marbles_row_by_row_in_colour() -> None:
    s = new(2, 3)
    p = s.current
    clear_board(s, p)
    g = give_recipe(s, p, recipe("martini", 4))
    fill(s, p, g, 1)
    fill(s, p, g, 1, wild=True)
    view = s.view(p)
    glass = next(x for x in view["seats"][p]["glasses"] if x["glass"] == "martini")
    rows = " | ".join(" ".join(row) for row in glass["rows"])
    text = table(s, p)
    mine = text.split(f"P{p} (you")[1].split("\n\n")[0]
    line = next(x for x in mine.splitlines() if x.strip().startswith(GLASS_TITLES[g]))
    assert line.endswith(f"{glass['recipe']} (${glass['value']}): {rows}")
    placed, wild = glass["rows"][0][0], next(c for row in glass["rows"] for c in row if "*" in c)
    assert placed.isupper() and not placed.endswith("*")
    painted = GAME.render(view)
    assert paint(placed, MARBLE_STYLE[placed.lower()]) in painted
    assert paint(wild, MARBLE_STYLE[wild[:-1].lower()]) in painted
    wanted = next(c for row in glass["rows"] for c in row if c.islower())
    assert paint(wanted, "dim") in painted


def test_tips_extras_and_complaints_are_named() -> None:
    s = new(2, 3)
    p = s.current
    give_tip(s, p, "premium", 2)
    give_tip(s, p, "weak")
    s.shelf[8 * p] = 1
    s.bag[0] -= 1
    s.complaints = tuple(((TIP_OF["clumsy"], p),) if q == p else () for q in range(2))
    text = table(s, p)
    assert "Tips: Premium x2, Weak Drink" in text
    assert "Extras: yellow" in text
    assert f"Complaints: Clumsy Bartender from P{p}" in text


def test_last_call_and_the_end_of_the_night() -> None:
    s = new(2, 3)
    s.last_call = 1 - s.current
    assert f"LAST CALL by P{s.last_call}: everyone else has one final turn" in table(s, 0)
    s._finish()
    text = table(s, 0)
    assert "the night is over" in text and "final $" in text and "LAST CALL" not in text
    scores = s.scores()
    best = max(range(2), key=lambda q: (scores[q], len(s.completed[q])))
    if scores[0] != scores[1]:
        assert f"P{best} wins" in text


def test_an_answer_out_of_turn_says_whose_board_it_is() -> None:
    s = new(2, 3)
    p = s.current
    q = 1 - p
    g = give_recipe(s, q, recipe("highball", 8))
    fill(s, q, g, 4)
    s.complaints = tuple(((TIP_OF["weak"], p),) if x == q else () for x in range(2))
    s.step = st.Step.TIPS
    s._advance()
    s._legal = None
    s.apply(p, act("done"))
    assert s.to_move == (p,) and s.current == q
    text = table(s, q)
    assert f"P{p} to remove 3 marbles from P{q}'s board (Weak Drink)" in text
    assert "Bowl 1: " in text and "To mix" not in text
