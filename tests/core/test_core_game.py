"""Options, Game.new and the registry: every refusal names what it refused."""

from __future__ import annotations

import pytest

import lastcall
from lastcall.core import (
    InvalidOptions,
    Option,
    RetiredVersion,
    UnavailableVersion,
    UnknownGame,
    UnknownVersion,
    game,
    game_version,
    games,
)

from .conftest import PILE, PileState

SIZE = Option("size", 7, "counters", minimum=1, maximum=50)
FLAG = Option("misere", False, "last loses")
COLOUR = Option("colour", "red", "colour", choices=("red", "blue"))


def test_options_accept_values_of_their_type() -> None:
    assert SIZE.validate(12) == 12
    assert FLAG.validate(True) is True
    assert COLOUR.validate("blue") == "blue"


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [
        (SIZE, "12", 12),
        (SIZE, " 30 ", 30),
        (FLAG, "yes", True),
        (FLAG, "ON", True),
        (FLAG, "1", True),
        (FLAG, "false", False),
        (FLAG, "off", False),
        (FLAG, "0", False),
        (COLOUR, "blue", "blue"),
    ],
)
def test_options_coerce_command_line_strings(option: Option, text: str, value: object) -> None:
    result = option.validate(text)
    assert result == value and type(result) is type(value)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (SIZE, 0, "option size=0: at least 1"),
        (SIZE, "51", "option size=51: at most 50"),
        (SIZE, "-2", "option size=-2: at least 1"),
        (SIZE, "many", "option size='many': expected int, like 7"),
        (SIZE, 2.5, "option size=2.5: expected int"),
        (SIZE, True, "option size=True: expected int"),
        (FLAG, "maybe", "option misere='maybe': expected bool, like False"),
        (FLAG, 1, "option misere=1: expected bool"),
        (COLOUR, "green", "option colour='green': choose one of red, blue"),
    ],
)
def test_bad_option_values_name_the_option_and_value(
    option: Option, value: object, message: str
) -> None:
    with pytest.raises(InvalidOptions) as err:
        option.validate(value)
    assert message in str(err.value)


def test_new_fills_in_defaults_and_coerces() -> None:
    state = PILE.new(3, seed=1, options={"size": "9", "misere": "yes"})
    assert isinstance(state, PileState)
    assert state.options == {"size": 9, "misere": True, "colour": "red", "robot": False}
    assert state.pile == 9 and state.num_players == 3 and state.to_move == (0,)
    assert PILE.new(2).options == {"size": 7, "misere": False, "colour": "red", "robot": False}


@pytest.mark.parametrize("players", [0, 5, -2, "3", 2.0, None, True])
def test_new_refuses_player_counts_outside_the_game(players: object) -> None:
    with pytest.raises(InvalidOptions) as err:
        PILE.new(players)  # type: ignore[arg-type]
    assert f"Pile takes 1 to 4 players, not {players!r}" in str(err.value)


def test_an_option_for_some_player_counts_is_refused_at_the_others() -> None:
    assert PILE.new(1, options={"robot": True}).rivals() == ("Robot",)
    with pytest.raises(InvalidOptions, match="option robot=True is for 1, 2 player"):
        PILE.new(3, options={"robot": True})
    assert PILE.new(3, options={"robot": False}).rivals() == ()


def test_new_refuses_an_unknown_option_and_lists_the_known_ones() -> None:
    with pytest.raises(InvalidOptions) as err:
        PILE.new(2, options={"sise": 4})
    assert "pile has no option 'sise' (options: size, misere, colour, robot)" in str(err.value)


def test_new_refuses_a_bad_option_value() -> None:
    with pytest.raises(InvalidOptions, match="option size=99: at most 50"):
        PILE.new(2, options={"size": 99})


def test_game_identity() -> None:
    assert PILE.versioned_id == "pile-v3"
    assert PILE.player_counts == range(1, 5)
    assert repr(PILE) == "<game pile-v3: Pile>"
    assert PILE.describe(lastcall.Action("take", 1)) == "take 1"


def test_parse_action_refuses_actions_of_other_games() -> None:
    assert PILE.parse_action("TAKE 2") == lastcall.Action("take", 2)
    with pytest.raises(lastcall.InvalidAction, match="'take 3' is not an action of Pile"):
        PILE.parse_action("take 3")
    with pytest.raises(lastcall.InvalidAction, match=r"\['take', 3\] is not an action of Pile"):
        PILE.action_from_json(["take", 3])


def test_the_registry_lists_games_sorted_and_finds_them() -> None:
    ids = games()
    assert list(ids) == sorted(ids) and "barista" in ids
    assert lastcall.games() == ids
    barista = game("barista")
    assert barista.id == "barista"
    assert game(barista.versioned_id) is barista
    assert game(f"barista-v{barista.version}") is barista


def test_an_unknown_game_is_refused_with_the_known_games_listed() -> None:
    for name in ("darts", "barista-vx", "darts-v1"):
        with pytest.raises(UnknownGame) as err:
            game(name)
        message = str(err.value)
        assert message.startswith(f"unknown game {name!r}; known games: ")
        assert ", ".join(games()) in message
        assert isinstance(err.value, KeyError)
        assert err.value.game_id == name


def test_a_version_this_engine_does_not_play_is_named_without_calling_it_retired() -> None:
    current = game("barista").version
    with pytest.raises(UnknownVersion) as newer:
        game("barista-v99")
    assert str(newer.value) == (
        f"barista v99 is newer than this engine; this engine plays barista v{current}"
    )
    with pytest.raises(UnknownVersion) as never:
        game_version("barista", 0)
    assert str(never.value) == (
        f"barista v0 is not a known version; this engine plays barista v{current}"
    )
    assert not isinstance(never.value, RetiredVersion)
    assert isinstance(never.value, UnavailableVersion)
    with pytest.raises(RetiredVersion, match="barista v1 is retired"):
        game_version("barista", 1)


def test_registering_a_different_game_under_a_taken_id_and_version_is_refused() -> None:
    taken = game("barista").version

    class Impostor(type(PILE)):  # type: ignore[misc]
        id = "barista"
        version = taken

    with pytest.raises(ValueError, match=f"barista-v{taken} is already registered"):
        lastcall.core.register(Impostor())
    assert type(game("barista")).__name__ == "Barista"


def test_rules_text_is_the_game_s_rules_document() -> None:
    assert game("barista").rules_text().startswith("# Barista")
