"""Each game's identity, facts, options, versions, action space and observer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import lastcall
from lastcall.core import Game, Kind, RetiredVersion, game_version

from .cases import ALL_GAMES, CASES, Case, case_id, random_match

REGISTERED = [lastcall.game(g) for g in lastcall.games()]


@pytest.mark.parametrize("game", ALL_GAMES, ids=lambda g: g.id)
def test_game_metadata(game: Game) -> None:
    if game in REGISTERED:
        assert lastcall.game(game.id) is game
        assert lastcall.game(game.versioned_id) is game
        assert game_version(game.id, game.version) is game
        assert game.rules_text().strip()
    assert game.title and game.summary
    assert 1 <= game.min_players <= game.max_players
    defaults = game.resolve_options()
    assert set(defaults) == {o.name for o in game.options}
    for opt in game.options:
        assert opt.help, f"option {opt.name} has no description"
    with pytest.raises(lastcall.InvalidOptions):
        game.new(game.max_players + 1)
    with pytest.raises(lastcall.InvalidOptions):
        game.new(game.min_players, options={"no_such_option": 1})
    view = game.new(game.min_players, seed=3).view(0)
    assert game.render(view).strip()


@pytest.mark.parametrize("game", REGISTERED, ids=lambda g: g.id)
def test_retired_versions_give_a_clear_error(game: Game) -> None:
    for version, reason in game.retired.items():
        assert version < game.version and reason
        with pytest.raises(RetiredVersion, match=f"{game.id} v{version} is retired"):
            lastcall.game(f"{game.id}-v{version}")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_declared_facts_match_what_the_game_does(case: Case) -> None:
    game, players, options = case
    info = game.info(players, options)
    assert info.num_actions == len(game.action_space(players, options))
    assert info.observation_size == game.observer(players, options).size
    for seed in range(3):
        state = random_match(game, players, seed, options).state
        assert len(state.rivals()) == info.rivals
        if info.rivals:
            assert game.facts.rivals
        kinds = {e.kind for e in state.events(None)}
        if not game.facts.chance:
            assert Kind.CHANCE not in kinds
    for action in game.action_space(players, options):
        assert game.is_action(action)
        assert game.parse_action(str(action)) == action


_DIGESTS = (
    "import json, lastcall\n"
    "from tests.conformance.cases import ALL_GAMES\n"
    "print(json.dumps({f'{g.id}/{n}': g.action_space(n).digest() "
    "for g in ALL_GAMES for n in g.player_counts}))\n"
)


def _digests(hash_seed: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run(
        [sys.executable, "-c", _DIGESTS], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout))


def test_action_ids_are_the_same_in_every_process() -> None:
    here = {f"{g.id}/{n}": g.action_space(n).digest() for g in ALL_GAMES for n in g.player_counts}
    assert _digests("1") == here
    assert _digests("4242") == here


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_keep_their_shape(case: Case) -> None:
    game, players, options = case
    observer = game.observer(players, options)
    table = observer.table()
    assert table.count("\n") == len(observer.pieces) + 1
    state = random_match(game, players, 9, options).state
    for p in range(players):
        assert len(observer.observe(state, p)) == observer.size
        assert observer.action_mask(state, p) == [0] * len(observer.space)


RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game", REGISTERED, ids=lambda g: g.id)
def test_the_rules_document_carries_the_observation_table_and_version_history(
    game: Game,
) -> None:
    text = (RULES / f"{game.id}.md").read_text(encoding="utf-8")
    table = game.observer(game.min_players).table()
    assert table in text, f"docs/rules/{game.id}.md lacks the current observation table"
    history = text.split("## Version history", 1)
    assert len(history) == 2, f"docs/rules/{game.id}.md has no version history"
    assert f"**v{game.version}**" in history[1], f"no entry for v{game.version}"
