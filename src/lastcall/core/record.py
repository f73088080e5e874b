"""Match records, and matches that keep one as they go (with undo).

A record holds the game id and version, the engine version, the options, the
seed, the seats and every ``(player, action)``; the final scores ride along
as a check. Its JSON is written with sorted keys, so the same match gives the
same bytes, and replaying it checks every move.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastcall.core.actions import Action
from lastcall.core.errors import IllegalAction, InvalidAction, LastcallError, RecordError, UndoError
from lastcall.core.events import RULE, UNDO
from lastcall.core.game import Game
from lastcall.core.registry import game_version
from lastcall.core.state import State
from lastcall.core.version import __version__

FORMAT = "lastcall-record/1"
MAX_RECORD_BYTES = 64 * 1024 * 1024
COMMITMENT_SCHEME = "sha256(lastcall-seed/1:seed:salt)"


def seed_commitment(seed: int, salt: str) -> str:
    """The hash a server publishes before dealing: it binds the seed without telling it.

    The salt (random, revealed with the seed at the end) keeps the seed from
    being found by hashing every candidate.
    """
    return hashlib.sha256(f"lastcall-seed/1:{seed}:{salt}".encode()).hexdigest()


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_text(value: Any) -> bool:
    return type(value) is str


def _is_score(value: Any) -> bool:
    return type(value) in (int, float)


# Every field of a record file: whether it must be present, and its check.
_FIELDS: dict[str, tuple[bool, str, Any]] = {
    "format": (True, "the text " + repr(FORMAT), lambda v: v == FORMAT),
    "game": (True, "a game id", _is_text),
    "game_version": (True, "an integer", _is_int),
    "engine_version": (True, "a text", _is_text),
    "players": (True, "an integer", _is_int),
    "seed": (True, "an integer", _is_int),
    "options": (
        True,
        "an object of option values",
        lambda v: isinstance(v, dict) and all(type(x) in (bool, int, str) for x in v.values()),
    ),
    "moves": (
        True,
        "a list of [seat, action text] pairs",
        lambda v: (
            isinstance(v, list)
            and all(
                isinstance(m, list) and len(m) == 2 and _is_int(m[0]) and _is_text(m[1]) for m in v
            )
        ),
    ),
    "seats": (False, "a list of texts", lambda v: isinstance(v, list) and all(map(_is_text, v))),
    "scores": (
        False,
        "a list of numbers or null",
        lambda v: v is None or (isinstance(v, list) and all(map(_is_score, v))),
    ),
    "meta": (False, "an object", lambda v: isinstance(v, dict)),
}


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
        """Write the record atomically: a crash leaves the old file or the new one."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
        try:
            with open(temp, "x", encoding="utf-8") as out:
                out.write(self.dumps())
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        return target

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Check every field (missing, unknown or mistyped ones are named) and build the record."""
        if not isinstance(data, dict):
            raise RecordError(f"a match record is a JSON object, not {type(data).__name__}")
        for name in data:
            if name not in _FIELDS:
                raise RecordError(f"match record field {str(name)[:40]!r} is not a record field")
        for name, (required, expected, check) in _FIELDS.items():
            if name not in data:
                if required:
                    raise RecordError(f"match record field {name!r} is missing")
                continue
            if not check(data[name]):
                raise RecordError(f"match record field {name!r} must be {expected}")
        scores = data.get("scores")
        return cls(
            game=data["game"],
            game_version=data["game_version"],
            players=data["players"],
            seed=data["seed"],
            options=dict(data["options"]),
            moves=tuple((p, a) for p, a in data["moves"]),
            seats=tuple(data.get("seats", ())),
            scores=None if scores is None else tuple(float(s) for s in scores),
            engine_version=data["engine_version"],
            meta=dict(data.get("meta", {})),
        )

    @classmethod
    def loads(cls, text: str | bytes) -> MatchRecord:
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"a match record is at most {MAX_RECORD_BYTES} bytes")
        try:
            return cls.from_json(json.loads(text))
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
            raise RecordError(f"match record is not JSON text: {str(exc)[:200]}") from None
        except RecursionError:
            raise RecordError("match record is nested too deeply") from None

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        try:
            with open(path, "rb") as source:
                data = source.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read {str(path)[:200]}: {exc.strerror}") from None
        return cls.loads(data)

    def deal_checked(self) -> bool:
        """Whether the record carries a commitment to its seed; a wrong one raises.

        A server that dealt from a secret seed publishes ``seed_commitment`` when
        the table starts and puts it with the salt in the finished match's
        record (``meta``), so anyone can check the deal was fixed in advance.
        """
        commitment = self.meta.get("commitment")
        if commitment is None:
            return False
        salt = self.meta.get("salt")
        if not isinstance(commitment, str) or not isinstance(salt, str):
            raise RecordError("match record meta: commitment and salt must be texts")
        if seed_commitment(self.seed, salt) != commitment:
            raise RecordError(
                "the seed does not match the commitment published when the table started"
            )
        return True

    def replay(self, until: int | None = None, game: Game | None = None) -> State:
        """Play the moves again (the first ``until`` of them), checking each.

        The game is found in the registry by the record's id and version, or given.
        """
        try:
            if game is None:
                game = game_version(self.game, self.game_version)
            elif (game.id, game.version) != (self.game, self.game_version):
                raise RecordError(f"a record of {self.game} v{self.game_version}")
            state = game.new(self.players, self.seed, self.options)
        except LastcallError as exc:
            raise RecordError(f"record cannot be replayed: {exc}") from exc
        moves = self.moves if until is None else self.moves[:until]
        for index, (player, text) in enumerate(moves):
            try:
                state.apply(player, game.parse_action(text))
            except (IllegalAction, InvalidAction) as exc:
                raise RecordError(
                    f"move {index} ({player}: {text[:80]!r}) does not replay: {exc}"
                ) from exc
        if until is None and self.scores is not None and state.scores() != self.scores:
            raise RecordError(
                f"replay ends with scores {state.scores()}, the record says {self.scores}"
            )
        return state


class Match:
    """A game in progress that keeps its record, and lets a seat take back decisions.

    Undo restores the position at the start of the seat's current run of
    decisions (kept as a snapshot) and replays the ones that stand. Event
    indices and the revision keep growing: an ``undo`` event names the indices
    taken back, and a submission made before the undo is stale after it.
    """

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
        self._anchors = [self.state.clone()]
        """Snapshots at the start of each run, oldest first: an undo that takes back a whole
        run goes on from the run before it (when several seats decide at once, that run may
        be another seat's, still open)."""

    @classmethod
    def resume(cls, record: MatchRecord) -> Match:
        """Continue a recorded match from its last move."""
        try:
            game = game_version(record.game, record.game_version)
        except LastcallError as exc:
            raise RecordError(f"record cannot be resumed: {exc}") from exc
        match = cls(game, record.players, record.seed, record.options, record.seats)
        for index, (player, text) in enumerate(record.moves):
            try:
                match.apply(player, game.parse_action(text))
            except (IllegalAction, InvalidAction) as exc:
                raise RecordError(f"move {index} does not replay: {exc}") from exc
        return match

    def apply(self, player: int, action: Action, expect: int | None = None) -> None:
        state = self.state
        before = state.clone() if player != state.undo_seat else None
        state.apply(player, action, expect)
        self.moves.append((player, str(action)))
        if state.undo_floor == state.decisions:
            # Nothing can be taken back past this point: older snapshots are done with.
            self._anchors = [state.clone()]
        elif before is not None:
            self._anchors.append(before)

    def can_undo(self, player: int) -> bool:
        return self.state.can_undo(player)

    def copy(self) -> Match:
        """An independent copy to try a change on: this match stays as it was."""
        other = copy.copy(self)
        other.state = self.state.clone()
        other.moves = list(self.moves)
        other._anchors = list(self._anchors)
        return other

    def note(self, template: str, *args: Any) -> None:
        """Log a public event from outside the rules, past which nothing can be taken back.

        A server notes what it did to the table (a seat handed to a bot, a clock
        that ran out); the note is part of the log every seat reads.
        """
        self.state.announce(RULE, template, *args)
        self.settle()

    def settle(self) -> None:
        """Make every decision so far final: no seat can take one back past this point."""
        state = self.state
        state.undo_floor = state.decisions
        self._anchors = [state.clone()]

    def undo(self, player: int) -> None:
        """Take back ``player``'s last decision, or raise :class:`UndoError`."""
        state = self.state
        if not state.can_undo(player):
            raise UndoError(f"P{player} has no decision to take back now")
        anchor = self._anchors[-1]
        kept = state.decisions - 1
        world = anchor.clone()
        for seat, text in self.moves[anchor.decisions : kept]:
            world.apply(seat, self.game.parse_action(text))
        first, last = world.last_event + 1, state.last_event
        world.log = (
            last + 1,
            None,
            UNDO,
            "{seat:Seat} take{seat:s} back a decision (events {first} to {last}).",
            (player, first, last),
            world.log,
        )
        world.revision = state.revision + 1
        anchors = self._anchors
        while len(anchors) > 1 and anchors[-1].decisions > world.undo_floor:
            anchors.pop()
        self.state = world
        del self.moves[kept:]

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
