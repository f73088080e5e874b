"""Listings: the registry names every game without importing its rules, and loads it on use."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lastcall.core import Listing, __version__, game, listings, register, registry

from .conftest import PILE


def _modules_after(code: str) -> list[str]:
    """The game modules a fresh interpreter has imported after running ``code``."""
    script = (
        "import json, sys\n"
        f"{code}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('lastcall.games.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    names: list[str] = json.loads(out.splitlines()[-1])
    return names


def test_listing_the_games_imports_no_rules() -> None:
    loaded = _modules_after("import lastcall; ids = lastcall.games(); lastcall.core.listings()")
    packages = {f"lastcall.games.{listing.rules.split('.')[2]}" for listing in listings()}
    assert set(loaded) == packages


def test_a_game_is_imported_on_first_use_and_no_other() -> None:
    loaded = _modules_after("import lastcall; lastcall.game('barista').new(2, 1)")
    assert "lastcall.games.barista.flow" in loaded
    assert not [
        m for m in loaded if m.count(".") > 2 and not m.startswith("lastcall.games.barista")
    ]


@pytest.mark.parametrize("listing", listings(), ids=lambda listing: listing.id)
def test_every_listing_agrees_with_its_game(listing: Listing) -> None:
    loaded = game(listing.id)
    assert (loaded.id, loaded.version, loaded.title, loaded.summary) == (
        listing.id,
        listing.version,
        listing.title,
        listing.summary,
    )
    assert loaded.player_counts == listing.player_counts


def test_a_game_that_differs_from_its_listing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    listing = Listing(
        id=PILE.id,
        version=PILE.version,
        title="Not the title",
        summary=PILE.summary,
        min_players=PILE.min_players,
        max_players=PILE.max_players,
        rules="tests.toys.pile",
    )
    monkeypatch.setitem(registry._LISTED, PILE.id, listing)
    with pytest.raises(ValueError, match="differs from its listing"):
        register(type(PILE)())
    assert PILE.id not in registry._GAMES


def test_the_version_answers_without_loading_the_commands() -> None:
    script = (
        "import sys\n"
        "sys.argv = ['lastcall', '--version']\n"
        "from lastcall.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as done:\n"
        "    print(done.code, 'typer' in sys.modules, 'lastcall.cli.app' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == [f"lastcall {__version__}", "0 False False"]
