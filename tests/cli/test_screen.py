"""The screen layout, on tables of every game: a decision fits 80x24 with its prompt and
every choice; ``info`` finds what a person names, misspelled or not; chains go on through
choices that would be taken anyway."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import lastcall
from lastcall.cli.play import QuitGame, new_table, play_match
from lastcall.cli.screen import (
    Entry,
    choice_lines,
    clip,
    decision_screen,
    full_table,
    look_up,
    ordered_choices,
    standing_lines,
)
from lastcall.core import Rng, State
from lastcall.core.present import Choice, Component, Standing, Table, Zone, default_names

WIDTH, HEIGHT = 80, 24


def decisions(game_id: str, players: int, seed: int, count: int = 20) -> list[State]:
    """About ``count`` positions spread over one random game, and its end."""
    g = lastcall.game(game_id)
    state = g.new(players, seed)
    rng = Rng(seed)
    played = []
    while not state.is_over:
        player = state.to_move[0]
        actions = state.legal_actions(player)
        played.append(actions[rng.below(len(actions))])
        state.apply(player, played[-1])
    every = max(1, len(played) // count)
    found = []
    state = g.new(players, seed)
    for number, action in enumerate(played):
        if number % every == 0:
            found.append(state.clone())
        state.apply(state.to_move[0], action)
    found.append(state)
    return found


@pytest.mark.parametrize("game_id", lastcall.games())
def test_every_decision_fits_80_by_24_with_its_prompt_and_choices(game_id: str) -> None:
    g = lastcall.game(game_id)
    for players in sorted({g.min_players, g.max_players}):
        for state in decisions(game_id, players, seed=players):
            for player in state.to_move[:1]:
                table = g.present(
                    state.view(player), state.legal_actions(player), default_names(players)
                )
                since = max(-1, state.last_event - 40)
                news = [e.text for e in state.events(player, after=since)]
                laid = decision_screen(table, news, WIDTH, HEIGHT)
                assert len(laid.body) <= HEIGHT - 1
                assert all(len(line) <= WIDTH for line in [*laid.body, *laid.news])
                screen = "\n".join(laid.body)
                for number, _ in enumerate(ordered_choices(table.choices), 1):
                    assert f"{number} " in screen
                if table.prompt is not None:
                    assert table.prompt.text[:20] in " ".join(screen.split())
                shown_news = laid.news or laid.body
                assert all(clip(text, WIDTH)[:30] in "\n".join(shown_news) for text in news[-3:])


def test_many_choices_go_into_columns_and_keep_their_numbers() -> None:
    choices = [Choice(action=f"take {i}", label=f"Take card number {i}") for i in range(40)]
    lines = choice_lines(choices, WIDTH, 15)
    assert len(lines) <= 15
    text = "\n".join(lines)
    for number in range(1, 41):
        assert f"{number:>2} Take" in text


def test_groups_head_their_choices_with_cost_and_gain() -> None:
    choices = [
        Choice("place refresh", "Refresh the clients", cost="1 shaker", gain="+5 VP", group="Bar"),
        Choice("buy 1", "Buy Rye", cost="$3", group="Market"),
        Choice("place shaker", "Take a shaker", group="Bar"),
    ]
    lines = choice_lines(choices, WIDTH, 10)
    assert lines == [
        "Bar:",
        "1 Refresh the clients (pay 1 shaker; +5 VP)",
        "2 Take a shaker",
        "Market:",
        "3 Buy Rye (pay $3)",
    ]
    assert [c.action for c in ordered_choices(choices)] == [
        "place refresh",
        "place shaker",
        "buy 1",
    ]


def test_info_finds_a_name_exactly_in_part_or_misspelled() -> None:
    known = [
        Entry("Tequila Sunrise", "card, Clients", "Needs tequila and juice; pays 4 VP."),
        Entry("Gin", "card, Recipes", "Needs juniper and grain."),
        Entry("Signature spirit", "glossary", "A spirit you name after yourself."),
    ]
    assert look_up("gin", known) == [known[1]]
    assert look_up("sunrise", known) == [known[0]]
    assert look_up("tequila sunrse", known) == [known[0]]
    assert look_up("signature", known) == [known[2]]
    assert look_up("juniper", known) == [known[1]]
    assert look_up("chess", known) == []


def test_the_full_table_shows_every_component_with_its_text() -> None:
    card = Component("c1", "card", "Gin", text="Needs juniper and grain.")
    money = Component("m0", "counter", "Money", value=5)
    table = Table(
        game="toy",
        title="Toy",
        viewer=0,
        status="Your turn",
        zones=(
            Zone("market", "market", "Market", (card,)),
            Zone("seat-0", "seat", "You", (money,), owner=0),
        ),
    )
    lines = full_table(table, WIDTH)
    assert lines.index("== You ==") < lines.index("== Market ==")
    assert "  Money 5" in lines
    assert "  Gin: Needs juniper and grain." in lines


def test_standings_give_points_by_source() -> None:
    standings = (
        Standing("Ann", 31, seat=0, rank=1, sources=(("Clients", 20), ("Bar setups", 11))),
        Standing("Ada", 28, rank=2, sources=(("Clients", 28),)),
    )
    assert standing_lines(standings, WIDTH) == [
        " 1. Ann: 31",
        "      Clients 20, Bar setups 11",
        " 2. Ada: 28",
        "      Clients 28",
    ]


def test_a_chain_goes_on_through_a_choice_taken_anyway() -> None:
    """``a; c`` where ``b`` is P0's only choice between them: all three are taken."""
    g = lastcall.game("the-mix")
    answers: list[str] = []

    def ask(prompt: str) -> str:
        if answers:
            return answers.pop(0)
        raise QuitGame

    console = Console(file=io.StringIO(), width=WIDTH, color_system=None)
    match = new_table(g, 2, ["human", "human"], 3, None, console, ask)
    rng = Rng(3)
    state = match.rec.state
    while not state.is_over:
        player = state.to_move[0]
        actions = state.legal_actions(player)
        if player == 0 and len(actions) > 1:
            after = state.clone()
            after.apply(0, actions[0])
            if after.to_move[:1] == (0,) and len(after.legal_actions(0)) == 1:
                only = after.legal_actions(0)[0]
                after.apply(0, only)
                if after.to_move[:1] == (0,) and len(after.legal_actions(0)) > 1:
                    third = after.legal_actions(0)[-1]
                    break
        match.apply(player, actions[rng.below(len(actions))], by_person=True)
    else:
        raise AssertionError("no forced choice between two decisions of P0")
    answers.append(f"{actions[0]}; {third}")
    match.last_person = 0
    with pytest.raises(QuitGame):
        play_match(match)
    mine = [text for player, text in match.rec.moves if player == 0]
    assert mine[-3:] == [str(actions[0]), str(only), str(third)]
