"""What an On The Rocks player sees: recipes and their needs, marbles by colour, spots to click."""

from __future__ import annotations

from lastcall.core import Rng, Table
from lastcall.games.on_the_rocks import state as st
from lastcall.games.on_the_rocks.content import (
    GLASS_OF,
    KIND_OF,
    RECIPE_NAMES,
    RECIPE_VALUE,
    TIP_OF,
)
from lastcall.games.on_the_rocks.game import OnTheRocksState

from .otr_helpers import (
    GAME,
    act,
    at,
    clear_board,
    empty_first_bowl,
    fill,
    give_recipe,
    give_tip,
    new,
    recipe,
    take_from_bag,
    tips_step,
)

NAMES = ("Alice", "Bob")


def table(s: OnTheRocksState, seat: int | None) -> Table:
    actions = s.legal_actions(seat) if seat is not None and seat in s.to_move else ()
    return GAME.present(s.view(seat), actions, NAMES[: s.num_players])


def martini_to_place() -> tuple[OnTheRocksState, int, int]:
    """The current seat took a bowl of 2 red, 1 blue and 1 wild; a Martini recipe is empty."""
    s = new(2, 3)
    p = s.current
    clear_board(s, p)
    card = recipe("martini")
    give_recipe(s, p, card)
    at(s, st.Step.SELECT, st.Decision.SELECT, p)
    empty_first_bowl(s)
    take_from_bag(s, s.bowls, red=2, blue=1, wild=1)
    s.apply(p, act("select 1"))
    assert s.phase == st.Decision.PLACE
    return s, p, card


def test_a_recipe_card_shows_its_glass_value_and_needs_row_by_row() -> None:
    s, p, card = martini_to_place()
    shown = table(s, p)
    found = shown.find(f"s{p}-martini")
    assert found is not None
    zone, component = found
    assert zone.name == "Your board"
    assert component.name == RECIPE_NAMES[card] and component.value == RECIPE_VALUE[card]
    assert component.text.startswith(f"Martini glass, worth ${RECIPE_VALUE[card]}.")
    assert "row 1: " in component.text and "0 of " in component.text
    spots = [c for c in zone.components if c.at == f"s{p}-martini"]
    assert spots and all(c.kind == "slot" and c.name.endswith(" spot") for c in spots)


def test_each_placement_names_the_marble_and_the_spot_to_click() -> None:
    s, p, _ = martini_to_place()
    shown = table(s, p)
    assert shown.prompt is not None
    assert shown.prompt.text == "Place the bowl's ingredients on your recipes"
    assert shown.prompt.source == "Step 5: Select & place"
    places = [c for c in shown.choices if c.action.startswith("place")]
    assert places, "a bowl of red, blue and wild fits an empty Martini"
    for choice in places:
        assert len(choice.targets) == 2
        marble, spot = (shown.find(t) for t in choice.targets)
        assert marble is not None and marble[1].kind == "marble"
        assert spot is not None and spot[1].kind == "slot"
        assert " of your Martini (" in choice.label
    wild = next(c for c in places if " wild " in c.action)
    colour = wild.action.split()[-1]
    assert wild.label.startswith(f"Place a wild marble as {colour} in row ")
    assert wild.targets[0] == "sign-wild"
    spot = shown.find(wild.targets[1])
    assert spot is not None and spot[1].colour == colour


def test_a_placed_marble_fills_its_spot_and_a_wild_says_what_it_counts_as() -> None:
    s, p, _ = martini_to_place()
    wild = next(a for a in s.legal_actions(p) if a[1] == "wild")
    s.apply(p, wild)
    shown = table(s, p)
    placed = [
        c
        for z in shown.zones
        for c in z.components
        if c.at == f"s{p}-martini" and c.kind == "marble"
    ]
    assert len(placed) == 1
    assert placed[0].name == f"Wild marble as {wild[4]}" and placed[0].tags == ("Wild",)


def test_marbles_carry_colour_words_and_the_bag_its_count() -> None:
    s, _, _ = martini_to_place()
    shown = table(s, None)
    bag = next(z for z in shown.zones if z.id == "bag")
    total = bag.components[0]
    assert total.name == "Marbles in the bag" and total.value == sum(s.bag)
    wild = next(c for c in bag.components if c.id == "bag-wild")
    assert wild.name == "Wild marble" and wild.colour == "clear"
    assert wild.count == s.bag[KIND_OF["wild"]]
    red = next(c for c in bag.components if c.id == "bag-red")
    assert red.name == "Red ingredient" and red.colour == "red"


def test_mixing_names_the_bowl_each_marble_goes_into() -> None:
    s = new(2, 3)
    p = s.current
    s.apply(p, act("draft"))
    if s.phase == st.Decision.START:
        s.apply(p, act("start 2"))
    shown = table(s, p)
    bowl = s.cursor + 1
    assert shown.prompt is not None and shown.prompt.text == f"Put a marble into jigger bowl {bowl}"
    for choice in shown.choices:
        kind = choice.action.split()[1]
        assert choice.targets == (f"drafted-{kind}", f"bowl-{bowl}")
        assert choice.label.endswith(f"into jigger bowl {bowl}")


def test_tips_show_their_effect_and_value_and_playing_one_names_it() -> None:
    s, p, _ = martini_to_place()
    give_tip(s, p, "weak")
    tips_step(s, p)
    shown = table(s, p)
    card = shown.find(f"s{p}-tip-weak")
    assert card is not None
    assert card[1].name == "Weak Drink"
    assert card[1].text.startswith("Complaint. Give it to a rival")
    assert "Worth $3" in card[1].text
    play = shown.choice("play weak")
    assert play is not None and play.label == "Play Weak Drink"
    assert play.targets == (f"s{p}-tip-weak",)
    s.apply(p, act("play weak"))
    shown = table(s, p)
    assert shown.prompt is not None and shown.prompt.text == "Choose the rival for Weak Drink"
    other = 1 - p
    give = shown.choice(f"target {other}")
    assert give is not None and give.label == f"Give Weak Drink to {NAMES[other]}"


def test_the_giver_of_a_weak_drink_is_asked_with_its_source() -> None:
    s = new(2, 3)
    p = s.current
    q = 1 - p
    clear_board(s, q)
    give_recipe(s, q, recipe("highball", 8))
    fill(s, q, GLASS_OF["highball"], 5)
    s.complaints = tuple(((TIP_OF["weak"], p),) if x == q else () for x in range(2))
    tips_step(s, p)
    complaint = table(s, q).find(f"s{q}-complaint-1")
    assert complaint is not None and f"from {NAMES[p]}," in complaint[1].text
    s.apply(p, act("done"))
    assert s.to_move == (p,)
    shown = table(s, p)
    assert shown.prompt is not None
    assert shown.prompt.text == f"Remove 3 ingredients from {NAMES[q]}'s glasses or shelf"
    assert shown.prompt.source == "Weak Drink complaint"
    for choice in shown.choices:
        assert f"{NAMES[q]}'s Highball" in choice.label
        found = shown.find(choice.targets[0])
        assert found is not None and found[1].kind == "marble"


def test_the_final_standings_add_up_by_named_source() -> None:
    s = new(2, 5, "short")
    rng = Rng(4)
    while not s.is_over:
        seat = s.to_move[0]
        actions = s.legal_actions(seat)
        s.apply(seat, actions[rng.below(len(actions))])
    shown = table(s, None)
    assert shown.over and shown.status.endswith("The night is over")
    words = {"Completed recipes", "Unused tips", "Bonus coin", "Unfinished recipes, $2 each"}
    for standing in shown.standings:
        assert standing.seat is not None
        assert {name for name, _ in standing.sources} <= words
        assert sum(points for _, points in standing.sources) == s.scores()[standing.seat]


def test_the_glossary_holds_every_card_and_marble() -> None:
    words = GAME.glossary()
    assert words["Gold marble"].startswith("Gold: whoever takes it picks 2")
    assert "Complaint" in words["Clumsy Bartender"]
    assert "Top Shelf" in words and "Spill All (red)" in words
    assert words[f"{RECIPE_NAMES[0]} (recipe)"].startswith("Old Fashioned glass")
    assert GAME.how_to_play().startswith("# On The Rocks")
