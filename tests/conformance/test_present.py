"""Every game's presentation: drawn from the view alone, every choice once, words not fields."""

from __future__ import annotations

import json
import re

import pytest

from lastcall.core import Game, Rng, State, Table
from lastcall.core.present import KINDS, ZONE_KINDS

from .cases import CASES, TOYS, Case, case_id, walk

CHECK_EVERY = 5
NAMES = ("Alice", "Bob", "Chen", "Dana", "Emil", "Fay")
# A field name leaking into words: snake_case, or a bare internal id like ``s3``.
FIELD = re.compile(r"\b[a-z]+_[a-z_]+\b")
REAL = [case for case in CASES if case[0] not in TOYS]
GAMES = sorted({case[0] for case in REAL}, key=lambda g: g.id)


def _words(table: Table) -> list[str]:
    """Every text a person reads on the table."""
    found = [table.status]
    if table.prompt is not None:
        found += [table.prompt.text, table.prompt.source]
    for zone in table.zones:
        found += [zone.name, zone.text]
        for c in zone.components:
            found += [c.name, c.text, *c.tags]
    for choice in table.choices:
        found += [choice.label, choice.cost, choice.gain, choice.group]
    for standing in table.standings:
        found += [standing.name, standing.detail, *(name for name, _ in standing.sources)]
    return found


def check_table(state: State, seat: int | None, table: Table) -> None:
    """What every presentation promises, for one seat's table."""
    game = state.game
    actions = state.legal_actions(seat) if seat is not None and seat in state.to_move else ()
    assert table.game == game.id and table.viewer == seat
    assert table.to_move == state.to_move and table.over == state.is_over
    assert [c.action for c in table.choices] == [str(a) for a in actions], "each choice once"
    ids = [c.id for z in table.zones for c in z.components]
    assert len(ids) == len(set(ids)), f"duplicate component ids: {sorted(ids)}"
    zone_ids = [z.id for z in table.zones]
    assert len(zone_ids) == len(set(zone_ids)), "duplicate zone ids"
    known = set(ids)
    for zone in table.zones:
        assert zone.kind in ZONE_KINDS, zone.kind
        assert zone.name, f"zone {zone.id} has no name"
        for c in zone.components:
            assert c.kind in KINDS, c.kind
            assert c.name and c.text, f"component {c.id} needs a name and its text"
    for choice in table.choices:
        assert choice.label and choice.label != choice.action, f"{choice.action} has no words"
        assert set(choice.targets) <= known, f"{choice.action} targets unknown components"
        game.parse_action(choice.action)
    if table.choices:
        assert table.prompt is not None and table.prompt.text, "a seat that is asked is told what"
    for text in _words(table):
        leak = FIELD.search(text or "")
        assert leak is None, f"field name {leak.group()!r} in {text!r}"
    if state.is_over:
        scores = state.scores()
        assert len(table.standings) == len(scores)
        for standing in table.standings:
            assert standing.rank is not None
            who = standing.seat if standing.seat is not None else None
            if who is not None:
                assert standing.score == scores[who]
                assert abs(sum(p for _, p in standing.sources) - scores[who]) < 1e-6
    json.dumps(table.to_json())


@pytest.mark.parametrize("case", REAL, ids=case_id)
def test_presentation_is_drawn_from_the_view_alone(case: Case) -> None:
    """Same view, same table; every choice once in words; finished games explain the score.

    The table is made again from a determinized world, where every hidden thing
    was re-sampled: anything it showed that the view hides would differ.
    """
    game, players, _ = case
    names = NAMES[:players]

    def check(state: State, step: int, rng: Rng) -> None:
        if step % CHECK_EVERY and not state.is_over:
            return
        # The seats to move, and one other viewer in turn (spectator included); all at the end.
        viewers: tuple[int | None, ...] = (*range(players), None)
        if not state.is_over:
            turn = viewers[step // CHECK_EVERY % len(viewers)]
            viewers = (*state.to_move, *(() if turn in state.to_move else (turn,)))
        for seat in viewers:
            view = state.view(seat)
            actions = state.legal_actions(seat) if seat in state.to_move else ()
            table = game.present(view, actions, names)
            check_table(state, seat, table)
            assert game.present(view, actions, names) == table, "deterministic"
            if seat is not None and not state.is_over:
                other = state.determinize(seat, rng.below(1 << 30))
                again = game.present(
                    other.view(seat),
                    other.legal_actions(seat) if seat in other.to_move else (),
                    names,
                )
                assert again.to_json() == table.to_json(), "shows something the view hides"

    walk(case, 11, check)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_teaches_itself(game: Game) -> None:
    """A new player finds the rules told plainly, and every term the table uses explained."""
    howto = game.how_to_play()
    assert howto.startswith("# ") and len(howto.splitlines()) > 20
    assert "src/" not in howto and ".toml" not in howto, "no implementation talk"
    glossary = game.glossary()
    assert glossary, "a glossary"
    for term, meaning in glossary.items():
        assert term and meaning and not FIELD.search(meaning), term
