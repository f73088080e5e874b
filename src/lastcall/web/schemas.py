"""Request and response bodies at the HTTP edge, checked by pydantic.

Sizes are bounded here, before anything reaches the service: names, action
texts, option lists and seat lists are short by nature.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from lastcall.core.actions import MAX_ACTION_TEXT

OptionValue = bool | int | str
# No game seats more than this; the service checks the game's own bounds.
MAX_SEATS = 12
MAX_CLOCK_SECONDS = 7 * 24 * 3600


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRequest(Strict):
    kind: Literal["person", "open", "bot"] = Field(
        description="person: an invite link; open: anyone from the lobby; bot: played here"
    )
    name: str = Field("", max_length=40)
    level: str | None = Field(None, max_length=24, description="bot level for a bot seat")


class CreateTable(Strict):
    game: str = Field(max_length=40, examples=["barista"])
    players: int = Field(ge=1, le=MAX_SEATS)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=20)
    seats: list[SeatRequest] = Field(min_length=1, max_length=MAX_SEATS)
    clock: int = Field(0, ge=0, le=MAX_CLOCK_SECONDS, description="seconds per move, 0: none")
    clock_bot: str = Field("greedy", max_length=24)
    public: bool = False
    seed: int | None = Field(
        None,
        ge=0,
        lt=2**62,
        description="deal from this seed: only for a table that is not public and has no open "
        "seats; every reader is told the seed was chosen",
    )
    clock_start: Literal["opened", "all"] = Field(
        "opened",
        description="a seat's clock starts when its link is first opened, or once every seat's is",
    )


class SeatLink(BaseModel):
    seat: int
    name: str
    kind: str
    token: str | None


class DealOut(BaseModel):
    """How chance was fixed: a commitment published now, the seed and salt once over."""

    seed_chosen: bool
    commitment: str
    seed: int | None = None
    salt: str | None = None


class CreatedTable(BaseModel):
    table: str
    game: str
    host: str
    spectator: str
    seats: list[SeatLink]
    deal: DealOut


class NewLink(BaseModel):
    table: str
    seat: int
    token: str


class Joined(BaseModel):
    table: str
    seat: int
    token: str


class MoveRequest(Strict):
    action: str = Field(min_length=1, max_length=MAX_ACTION_TEXT, examples=["ready"])
    expect: int = Field(
        ge=0, le=10**9, strict=True, description="the revision the move was made at (an integer)"
    )


class UndoRequest(Strict):
    expect: int = Field(
        ge=0, le=10**9, strict=True, description="the revision the undo was asked at (an integer)"
    )


class ControlRequest(Strict):
    level: str | None = Field(None, max_length=24, description="a bot level, or null: a person")


class LegalAction(BaseModel):
    action: str
    label: str


class EventOut(BaseModel):
    index: int
    kind: str
    text: str
    private: bool
    data: dict[str, Any]


class SeatOut(BaseModel):
    seat: int
    name: str
    kind: str
    bot: str | None


class Result(BaseModel):
    scores: list[float]
    ranking: list[list[int]]
    winners: list[int]
    names: list[str]


class Payload(BaseModel):
    """What a reader of a table is sent: built from its seat's view and events only."""

    type: str
    table: str
    game: str
    title: str
    options: dict[str, Any]
    seat: int | None
    ops: int
    decisions: int
    revision: int
    view: dict[str, Any]
    board: dict[str, Any]
    events: list[EventOut]
    seen: int
    legal: list[LegalAction]
    can_undo: bool
    sealed: bool
    over: bool
    result: Result | None
    seats: list[SeatOut]
    clock: int
    deadline: float | None
    deal: DealOut
    step: int | None = None
    steps: int | None = None


class GameOption(BaseModel):
    name: str
    default: OptionValue
    help: str
    choices: list[OptionValue] | None
    minimum: int | None
    maximum: int | None
    players: list[int] | None
    house_rule: bool


class GameOut(BaseModel):
    id: str
    version: int
    title: str
    summary: str
    min_players: int
    max_players: int
    options: list[GameOption]


class BotLevel(BaseModel):
    level: str
    title: str


class Help(BaseModel):
    """A game told to a new player: how to play it and what its words mean."""

    game: str
    title: str
    how_to_play: str
    glossary: dict[str, str]


class Catalog(BaseModel):
    games: list[GameOut]
    levels: list[BotLevel]


class OpenTable(BaseModel):
    table: str
    game: str
    title: str
    players: int
    open_seats: int
    created_at: float


class Problem(BaseModel):
    """Every refusal: a status and a sentence saying why."""

    detail: str
