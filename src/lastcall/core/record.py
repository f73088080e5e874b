"""Match records: everything needed to replay a game byte for byte.

A record holds the game id and version, the engine version, the options, the
seed and every ``(player, action)``; the final scores ride along as a check.
Its JSON is written with sorted keys, so the same match gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastcall.core.actions import Action
from lastcall.core.errors import IllegalAction, InvalidAction, RecordError
from lastcall.core.game import Game
from lastcall.core.registry import game as find_game
from lastcall.core.state import State
from lastcall.core.version import __version__

FORMAT = "lastcall-record/1"


@dataclass(frozen=True)
class MatchRecord:
    game: str
    game_version: int
    players: int
    seed: int
    options: Mapping[str, Any]
    moves: tuple[tuple[int, str], ...]
    seats: tuple[str, ...] = ()
    scores: tuple[float, ...] | None = None
    engine_version: str = __version__
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "game_version": self.game_version,
            "engine_version": self.engine_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "moves": [[p, a] for p, a in self.moves],
            "scores": None if self.scores is None else list(self.scores),
            "meta": dict(self.meta),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, indent=1) + "\n"

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.dumps(), encoding="utf-8")
        return target

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchRecord:
        if data.get("format") != FORMAT:
            raise RecordError(f"not a match record (format {data.get('format')!r})")
        try:
            scores = data.get("scores")
            return cls(
                game=str(data["game"]),
                game_version=int(data["game_version"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data["options"]),
                moves=tuple((int(p), str(a)) for p, a in data["moves"]),
                seats=tuple(str(s) for s in data.get("seats", ())),
                scores=None if scores is None else tuple(scores),
                engine_version=str(data["engine_version"]),
                meta=dict(data.get("meta", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed match record: {exc}") from exc

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"match record is not JSON: {exc}") from exc

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        return cls.loads(Path(path).read_text(encoding="utf-8"))

    def replay(self) -> State:
        """Play the moves again, checking each; the final state is returned."""
        game = find_game(self.game)
        if game.version != self.game_version:
            raise RecordError(
                f"record is of {self.game} v{self.game_version}; this engine has v{game.version}"
            )
        state = game.new(self.players, self.seed, self.options)
        for index, (player, text) in enumerate(self.moves):
            try:
                state.apply(player, game.parse_action(text))
            except (IllegalAction, InvalidAction) as exc:
                raise RecordError(
                    f"move {index} ({player}: {text!r}) does not replay: {exc}"
                ) from exc
        if self.scores is not None and tuple(state.scores()) != tuple(self.scores):
            raise RecordError(
                f"replay ends with scores {state.scores()}, the record says {self.scores}"
            )
        return state


class Recorder:
    """A state that remembers its moves, for writing a :class:`MatchRecord`."""

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        seats: tuple[str, ...] = (),
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats = seats
        self.state = game.new(players, seed, options)
        self.moves: list[tuple[int, str]] = []

    def apply(self, player: int, action: Action) -> None:
        self.state.apply(player, action)
        self.moves.append((player, str(action)))

    def record(self, **meta: Any) -> MatchRecord:
        state = self.state
        return MatchRecord(
            game=self.game.id,
            game_version=self.game.version,
            players=state.num_players,
            seed=self.seed,
            options=dict(state.options),
            moves=tuple(self.moves),
            seats=self.seats,
            scores=tuple(state.scores()) if state.is_over else None,
            meta=meta,
        )
