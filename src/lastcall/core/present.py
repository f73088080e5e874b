"""What a person sees: a table described from one seat's view and that seat's choices.

Every game turns ``view(p)`` and ``legal_actions(p)`` into a :class:`Table`:
zones of components with their full text, the choices in words with the ids of
the components they act on, what the seat is asked, and the standings (with
where every point came from once the game is over). The terminal and the
browser both draw this one description, and since it is made from the view
alone, no screen can show what the view hides.

The parts are built once per description and never changed after, yet they are
plain (not frozen) dataclasses: a server builds a description for every reader
after every move, hundreds of components each, and a frozen dataclass costs
three to four times as much to construct.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lastcall.core.actions import Action

JSON = Any

KINDS = frozenset(
    {
        "card",  # a card face up: its name and full text
        "back",  # hidden cards or tiles: a back with a count
        "die",  # a die showing a face (``value``)
        "marble",  # an ingredient marble or cube (``colour``)
        "token",  # a coin, shaker, label or other marker
        "tile",  # a tile or board piece with printed text
        "counter",  # a number a player tracks: Money, VP, Tips (``value``)
        "track",  # a position on a printed track (``value`` out of ``count``)
        "space",  # a place on a board something can go to
        "pawn",  # a figure standing somewhere (``at``)
        "slot",  # an empty place in a row, hand or vat
    }
)
"""Component kinds a client knows how to draw; anything else is drawn as a card."""

ZONE_KINDS = frozenset(
    {
        "board",  # the shared main board
        "market",  # what anyone may buy or take
        "seat",  # one seat's own area (``owner``)
        "hand",  # one seat's hand (``owner``)
        "pile",  # a deck, bag or discard
        "supply",  # shared tokens and counters
        "rival",  # an automaton's area (solo opponents, Ada and Jerry)
    }
)


@dataclass(slots=True)
class Component:
    """One thing on the table: a card, a die, a counter... with everything printed on it.

    ``id`` is unique in its table and stable from one position to the next
    while the thing stays where it is, so a client can point at it and show
    what changed. ``key`` names the content it shows (``card:espresso``), for
    art and for the glossary. ``text`` is the full printed or designed text.
    """

    id: str
    kind: str
    name: str
    text: str = ""
    key: str = ""
    value: int | str | None = None
    count: int = 1
    colour: str = ""
    icon: str = ""
    tags: tuple[str, ...] = ()
    at: str = ""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"id": self.id, "kind": self.kind, "name": self.name}
        if self.text:
            out["text"] = self.text
        if self.key:
            out["key"] = self.key
        if self.colour:
            out["colour"] = self.colour
        if self.icon:
            out["icon"] = self.icon
        if self.at:
            out["at"] = self.at
        if self.value is not None:
            out["value"] = self.value
        if self.count != 1:
            out["count"] = self.count
        if self.tags:
            out["tags"] = list(self.tags)
        return out


@dataclass(slots=True)
class Zone:
    """An area of the table holding components; ``owner`` is the seat it belongs to."""

    id: str
    kind: str
    name: str
    components: tuple[Component, ...] = ()
    owner: int | None = None
    text: str = ""
    layout: str = "row"
    """How the components sit: ``row``, ``grid``, ``stack`` or ``track``."""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "layout": self.layout,
            "components": [c.to_json() for c in self.components],
        }
        if self.owner is not None:
            out["owner"] = self.owner
        if self.text:
            out["text"] = self.text
        return out


@dataclass(slots=True)
class Choice:
    """One legal action in words: what it costs, what it gives, what it acts on.

    ``action`` is the action's text form (it parses back); ``targets`` are the
    ids of the components a person could click to choose it; ``group`` gathers
    choices of one kind ("Play a card") for menus.
    """

    action: str
    label: str
    cost: str = ""
    gain: str = ""
    targets: tuple[str, ...] = ()
    group: str = ""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"action": self.action, "label": self.label}
        if self.cost:
            out["cost"] = self.cost
        if self.gain:
            out["gain"] = self.gain
        if self.targets:
            out["targets"] = list(self.targets)
        if self.group:
            out["group"] = self.group
        return out


@dataclass(slots=True)
class Prompt:
    """What the seat is asked now, and why (the card, bonus or rule that asks it)."""

    text: str
    source: str = ""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"text": self.text}
        if self.source:
            out["source"] = self.source
        return out


@dataclass(slots=True)
class Standing:
    """A seat's or rival's score now, and at the end its rank and points by source."""

    name: str
    score: float | None
    seat: int | None = None
    rank: int | None = None
    sources: tuple[tuple[str, float], ...] = ()
    detail: str = ""
    """Public facts beside the score (tie-breakers, money left)."""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"name": self.name, "score": self.score}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.rank is not None:
            out["rank"] = self.rank
        if self.sources:
            out["sources"] = [[name, points] for name, points in self.sources]
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(slots=True)
class Table:
    """Everything one seat (or a spectator, ``viewer`` None) is shown of a position."""

    game: str
    title: str
    viewer: int | None
    status: str
    """One line on where the game stands: round, phase, whose turn."""
    zones: tuple[Zone, ...]
    choices: tuple[Choice, ...] = ()
    prompt: Prompt | None = None
    standings: tuple[Standing, ...] = ()
    to_move: tuple[int, ...] = ()
    over: bool = False
    names: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "title": self.title,
            "viewer": self.viewer,
            "status": self.status,
            "to_move": list(self.to_move),
            "over": self.over,
            "names": list(self.names),
            "prompt": None if self.prompt is None else self.prompt.to_json(),
            "zones": [z.to_json() for z in self.zones],
            "choices": [c.to_json() for c in self.choices],
            "standings": [s.to_json() for s in self.standings],
        }

    def find(self, component_id: str) -> tuple[Zone, Component] | None:
        """The zone and component with this id, if the table shows it."""
        for zone in self.zones:
            for component in zone.components:
                if component.id == component_id:
                    return zone, component
        return None

    def choice(self, action: str) -> Choice | None:
        """The choice whose action text is ``action``."""
        for choice in self.choices:
            if choice.action == action:
                return choice
        return None


# ----------------------------------------------------------------- helpers for games


def default_names(players: int) -> tuple[str, ...]:
    """How seats are named when nobody typed a name: as events name them."""
    return tuple(f"P{p}" for p in range(players))


def seat_label(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """``You`` for the viewer's own seat, the seat's name otherwise."""
    if seat == viewer:
        return "You"
    return names[seat] if 0 <= seat < len(names) else f"P{seat}"


def whose_turn(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Your turn``, ``Ada's turn`` or ``Ada and Bo choose`` from the view's ``to_move``."""
    movers = list(view.get("to_move", ()))
    viewer = view.get("viewer")
    if not movers:
        return "The game is over"
    if len(movers) == 1:
        seat = movers[0]
        return "Your turn" if seat == viewer else f"{names[seat]}'s turn"
    listed = [seat_label(names, s, viewer) for s in movers]
    return f"{', '.join(listed[:-1])} and {listed[-1]} choose"


def final_standings(
    view: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None = None
) -> tuple[Standing, ...]:
    """Ranks and points by source of every seat and rival, from the view's ``final`` part.

    ``labels`` turns the game's source names into the words its score sheet uses.
    """
    final = view.get("final")
    if not final:
        return ()
    words = labels or {}
    rank_of: dict[int, int] = {}
    place = 1
    for tied in final["ranking"]:
        for who in tied:
            rank_of[who] = place
        place += len(tied)
    rivals = list(final.get("rivals", ()))
    seats = len(final["scores"]) - len(rivals)
    called = [*names[:seats], *(f"P{p}" for p in range(len(names), seats)), *rivals]
    out = []
    for who, score in enumerate(final["scores"]):
        is_seat = who < seats
        name = called[who]
        sources = tuple(
            (words.get(source, _words(source)), points)
            for source, points in final["sources"][who].items()
            if points
        )
        out.append(
            Standing(
                name=name,
                score=score,
                seat=who if is_seat else None,
                rank=rank_of.get(who),
                sources=sources,
            )
        )
    out.sort(key=lambda s: (s.rank or 0, s.seat if s.seat is not None else 99))
    return tuple(out)


def _words(name: str) -> str:
    """A source or field name as a person would read it: ``end_bonus`` -> ``End bonus``."""
    text = name.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def counter(
    id: str, name: str, value: int | str, text: str = "", icon: str = "", **more: Any
) -> Component:
    """A number a player tracks, labelled as players say it (``Money``, ``VP``)."""
    return Component(id=id, kind="counter", name=name, value=value, text=text, icon=icon, **more)


def backs(id: str, name: str, count: int, text: str = "") -> Component:
    """Hidden cards or tiles: a back with how many there are."""
    return Component(id=id, kind="back", name=name, count=count, text=text)


def generic_table(
    game: Any, view: Mapping[str, Any], actions: Iterable[Action], names: Sequence[str]
) -> Table:
    """A plain table for a game without its own presentation: each seat's public numbers.

    Every registered game has its own presentation; this serves test games and
    keeps a new game drawable before it has one.
    """
    seats = view.get("seats", [])
    viewer = view.get("viewer")
    zones: list[Zone] = []
    for seat in seats:
        q = seat.get("seat", len(zones))
        components = tuple(
            counter(f"s{q}-{key}", _words(key), value)
            for key, value in seat.items()
            if key != "seat" and isinstance(value, int | str) and not isinstance(value, bool)
        )
        zones.append(Zone(f"seat-{q}", "seat", seat_label(names, q, viewer), components, owner=q))
    choices = tuple(Choice(action=str(a), label=game.describe(a)) for a in actions)
    over = not view.get("to_move")
    return Table(
        game=game.id,
        title=game.title,
        viewer=viewer,
        status=whose_turn(view, names),
        zones=tuple(zones),
        choices=choices,
        prompt=Prompt("Your choice") if choices else None,
        standings=final_standings(view, names),
        to_move=tuple(view.get("to_move", ())),
        over=over,
        names=tuple(names),
    )
