"""docs/rules/bartender.md describes the action space as the game numbers it."""

from __future__ import annotations

import re
from pathlib import Path

from .bartender_positions import GAME

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "bartender.md"
ROW = re.compile(r"^\| (\d+)(?:-(\d+))? \| `(\w+)")


def test_the_documented_action_space_is_the_games() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## For programs", 1)[1].split("The observation at 2 seats", 1)[0]
    documented = []
    for line in section.splitlines():
        found = ROW.match(line)
        if found:
            first, last, verb = found.groups()
            documented.append((int(first), int(last or first), verb))
    runs: list[tuple[int, int, str]] = []
    for i, action in enumerate(GAME.action_space(2)):
        if runs and runs[-1][2] == action.verb:
            runs[-1] = (runs[-1][0], i, action.verb)
        else:
            runs.append((i, i, action.verb))
    assert documented == runs
    assert "`137 + 13 n` actions" in section
    for n in GAME.player_counts:
        assert len(GAME.action_space(n)) == 137 + 13 * n
