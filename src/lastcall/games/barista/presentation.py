"""Barista as a person sees it: the order dice, each barista's four slots and hand, the piles.

Everything here is read from one seat's view and that seat's legal actions,
plus the card data, so a table can never show a card the view hides: other
baristas' placed cards are backs on their slots, their hands a count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from lastcall.core import Action, Choice, Component, Game, Prompt, Standing, Table, Zone
from lastcall.core.present import backs, counter, final_standings, seat_label, whose_turn
from lastcall.games.barista.content import CONTENT

SLOTS = CONTENT.categories
SLOT_TITLE = {slot: slot.capitalize() for slot in SLOTS}
DIE_COLOUR = {"shots": "yellow", "size": "cyan", "milk": "white", "drink": "magenta"}
TIPS_TO_WIN = 5
_COPIES = Counter(CONTENT.kind_names[k] for k in CONTENT.deck)

ACTION_EFFECTS = {
    "roll": "Play it to re-roll one order die of your choice; it may come up the same.",
    "change": "Play it to turn one order die to a different value of your choice.",
    "take": (
        "Play it to take one card at random from another barista's hand; that barista "
        "draws a replacement from the draw pile. Then discard a card from your hand."
    ),
    "spill": (
        "Play it to spill another barista's drink: all their cards, in hand and placed, "
        "go to the discard pile and they draw four new cards."
    ),
}

PLAY_WORDS = {
    "roll": "re-roll one order die",
    "change": "change one order die to another value",
    "take": "take a card at random from another barista",
    "spill": "spill another barista's drink",
}
"""What playing each action card does, as a choice says it."""


def _card_text(name: str) -> str:
    """What a card says and does, with how many the deck holds."""
    copies = f"{_COPIES[name]} in the deck."
    if name == "wild":
        return (
            "Wild card. Place it face down on any open slot: it matches that slot's die "
            f"whatever it shows, and never stops matching. {copies}"
        )
    if name in ACTION_EFFECTS:
        return f"Action card. {ACTION_EFFECTS[name]} {copies}"
    slot = SLOT_TITLE[SLOTS[CONTENT.kind_category[CONTENT.kind(name)]]]
    title = name.capitalize()
    return (
        f"{slot} card. Place it face down on your {slot} slot while the {slot} die shows "
        f"{title}. {copies}"
    )


CARD_TEXT = {name: _card_text(name) for name in CONTENT.kind_names}
"""Every card's full text, built once."""


def _card_colour(name: str) -> str:
    """Coffee cards take their die's colour; wilds are green, action cards red."""
    if name == "wild":
        return "green"
    if name in ACTION_EFFECTS:
        return "red"
    return DIE_COLOUR[SLOTS[CONTENT.kind_category[CONTENT.kind(name)]]]


CARD_COLOUR = {name: _card_colour(name) for name in CONTENT.kind_names}

DIE_TEXT = {
    slot: f"The {SLOT_TITLE[slot]} die: "
    + ", ".join(v.capitalize() for v in CONTENT.values[c])
    + " on two faces each. A matching card or a Wild fills the "
    + f"{SLOT_TITLE[slot]} slot."
    for c, slot in enumerate(SLOTS)
}

SOURCE_LABELS = {
    "perfect orders": "Perfect orders",
    "successful challenges": "Successful challenges",
    "failed challenges": "Failed challenges",
    "other": "Other",
}

GLOSSARY_TERMS = {
    "Order dice": (
        "Four dice, Shots, Size, Milk and Drink, rolled by the dealer at the start of a "
        "round: together they name the drink every barista must make."
    ),
    "Slot": (
        "One of the four places in front of a barista, one for each order die. A slot holds "
        "one card placed face down: a card of that die's value, or a Wild."
    ),
    "Perfect order": (
        "Four cards placed, one on each slot, all matching the dice, and none left in hand. "
        "The first barista to make it wins the round and two tips."
    ),
    "Tip": "A token won from the tip jar. Five tips win the game.",
    "Tip jar": ("The 20 tip tokens not yet won. When it runs low a barista is paid what is left."),
    "Barista Challenge": (
        "Called at the start of your play by a barista holding a tip: every other barista "
        "has one final turn, then all cards are revealed. Beat at least one barista's "
        "progress for +1 tip; otherwise pay one tip back."
    ),
    "Progress": (
        "How many of the four dice a barista's cards, in hand and placed, can match "
        "together. A Barista Challenge compares it."
    ),
    "No longer matching": (
        "A placed card whose die was re-rolled or changed since: it stays but does not "
        "count. A matching card placed on its slot replaces it, and with no play you may "
        "discard it instead of a hand card."
    ),
    "Draw pile": (
        "The face-down cards you draw from. When it runs out the discard pile is shuffled "
        "into a new one."
    ),
    "Discard pile": "Cards played or thrown away, face up. Nobody takes cards from it.",
    "Dealer": (
        "Deals four cards to everyone, rolls the order dice and plays first. The next round "
        "is dealt by the barista who played last."
    ),
    "Setup": (
        "After the deal everyone may place matching cards face down, one at a time, then "
        "says they are ready."
    ),
    "Turn limit": (
        "A game nobody has won after this many turns ends, ranked by tips, with ties shared."
    ),
}


def glossary() -> dict[str, str]:
    """Every card and die by name with its text, then the game's terms."""
    cards = {name.capitalize(): CARD_TEXT[name] for name in CONTENT.kind_names}
    dice = {f"{SLOT_TITLE[slot]} die": DIE_TEXT[slot] for slot in SLOTS}
    return cards | dice | GLOSSARY_TERMS


def _title(name: str) -> str:
    """A card or die value as printed: ``Mocha``."""
    return name.capitalize()


def _card(id: str, name: str, text: str = "", tags: tuple[str, ...] = ()) -> Component:
    return Component(
        id=id,
        kind="card",
        name=_title(name),
        text=text or CARD_TEXT[name],
        key=f"card:{name}",
        colour=CARD_COLOUR[name],
        tags=tags,
    )


def _hand_ids(seat: int, hand: Sequence[str]) -> list[str]:
    """Ids by card and copy (``s0-hand-mocha-2``): they stay while the card stays in hand."""
    seen: Counter[str] = Counter()
    ids = []
    for name in hand:
        seen[name] += 1
        ids.append(f"s{seat}-hand-{name}-{seen[name]}")
    return ids


class _Reader:
    """One view read once: names, the viewer's cards and where every component sits."""

    def __init__(self, view: Mapping[str, Any], names: Sequence[str]) -> None:
        self.view = view
        self.names = names
        self.viewer: int | None = view.get("viewer")
        self.order: Mapping[str, str] = view["order"]
        self.seats: list[Mapping[str, Any]] = list(view["seats"])
        mine = self.seats[self.viewer] if self.viewer is not None else {}
        self.hand: list[str] = list(mine.get("hand", ()))
        self.placed: Mapping[str, str] = mine.get("placed", {})
        self.stale: list[str] = list(mine.get("stale_slots", ()))

    def who(self, seat: int) -> str:
        return seat_label(self.names, seat, self.viewer)

    def name(self, seat: int) -> str:
        """A seat's own name, also for the viewer (standings, possessives)."""
        return self.names[seat] if 0 <= seat < len(self.names) else f"P{seat}"

    def hand_id(self, name: str) -> str:
        return f"s{self.viewer}-hand-{name}-1"

    # ------------------------------------------------------------ zones

    def zones(self) -> tuple[Zone, ...]:
        order = Zone(
            "order",
            "board",
            "Order dice",
            tuple(self._die(slot) for slot in SLOTS),
            text=f"The drink to make: {self.view['order_name']}.",
        )
        seats = sorted(range(len(self.seats)), key=lambda q: q != self.viewer)
        out = [order]
        for q in seats:
            out.append(self._seat(q))
            if q == self.viewer:
                out.append(self._hand(q))
        out += self._piles()
        return tuple(out)

    def _die(self, slot: str) -> Component:
        face = self.order[slot]
        return Component(
            id=f"die-{slot}",
            kind="die",
            name=f"{SLOT_TITLE[slot]} die",
            text=DIE_TEXT[slot],
            key=f"die:{slot}",
            value=_title(face),
            colour=DIE_COLOUR[slot],
        )

    def _seat(self, q: int) -> Zone:
        seat = self.seats[q]
        view = self.view
        own = q == self.viewer
        parts: list[Component] = [self._slot(q, slot, seat, own) for slot in SLOTS]
        parts.append(
            counter(
                f"s{q}-tips",
                "Tips",
                seat["tips"],
                f"Tip tokens won: {TIPS_TO_WIN} win the game.",
                icon="coin",
            )
        )
        if not own:
            parts.append(
                backs(
                    f"s{q}-hand",
                    "Cards in hand",
                    seat["hand_size"],
                    "Hidden cards in this barista's hand.",
                )
            )
        if q == view["dealer"]:
            parts.append(
                Component(
                    f"s{q}-dealer",
                    "token",
                    "Dealer",
                    "Dealt the cards and rolled the order dice this round, and played first.",
                )
            )
        challenge = view["challenge"]
        if challenge is not None and challenge["challenger"] == q:
            left = challenge["final_turns_left"]
            parts.append(
                Component(
                    "challenge",
                    "token",
                    "Barista Challenge",
                    f"Called by this barista: {_turns(left)} left before every card is "
                    "revealed. Beating one barista's progress wins a tip; otherwise one "
                    "tip goes back to the jar.",
                    value=left,
                )
            )
        ready = view.get("ready")
        if ready is not None and ready[q]:
            parts.append(Component(f"s{q}-ready", "token", "Ready", "Done placing cards at setup."))
        return Zone(f"seat-{q}", "seat", self.who(q), tuple(parts), owner=q, layout="grid")

    def _slot(self, q: int, slot: str, seat: Mapping[str, Any], own: bool) -> Component:
        title = SLOT_TITLE[slot]
        id = f"s{q}-slot-{slot}"
        if own and slot in self.placed:
            name = self.placed[slot]
            if slot in self.stale:
                note = (
                    f"On the {title} slot, no longer matching the {title} die: it does not count."
                )
                return _card(id, name, f"{CARD_TEXT[name]} {note}", ("no longer matching",))
            return _card(id, name, f"{CARD_TEXT[name]} On the {title} slot.")
        if slot in seat["placed_slots"]:
            return Component(
                id, "back", f"{title} card", f"A card placed face down on the {title} slot."
            )
        wanted = _title(self.order[slot])
        return Component(
            id,
            "slot",
            f"{title} slot",
            f"Open. A {wanted} card or a Wild fills it while the {title} die shows {wanted}.",
        )

    def _hand(self, q: int) -> Zone:
        ids = _hand_ids(q, self.hand)
        cards = tuple(_card(id, name) for id, name in zip(ids, self.hand, strict=True))
        return Zone(f"hand-{q}", "hand", "Your hand", cards, owner=q)

    def _piles(self) -> list[Zone]:
        view = self.view
        draw = Zone(
            "draw-pile",
            "pile",
            "Draw pile",
            (backs("draw", "Draw pile", view["draw_pile"], "Face-down cards to draw from."),),
            layout="stack",
        )
        discards = tuple(_card(f"discard-{i}", name) for i, name in enumerate(view["discard_pile"]))
        discard = Zone(
            "discard-pile",
            "pile",
            "Discard pile",
            discards,
            text="Face up; nobody takes cards from it.",
            layout="stack",
        )
        jar = Zone(
            "tip-jar",
            "supply",
            "Tip jar",
            (
                counter(
                    "jar",
                    "Tips in the jar",
                    view["tip_jar"],
                    "Tip tokens still to be won: 2 for a perfect order, 1 for a "
                    "successful challenge.",
                    icon="coin",
                ),
            ),
        )
        return [draw, discard, jar]

    # ------------------------------------------------------------ words

    def status(self) -> str:
        view = self.view
        if not view["to_move"]:
            return f"Round {view['round']} · The game is over" + self._winners()
        parts = [f"Round {view['round']}", f"Turn {view['turns'] + 1}"]
        if view["phase"] == "setup":
            parts[1] = "Setup"
        parts.append(whose_turn(view, self.names))
        challenge = view["challenge"]
        if challenge is not None:
            by = self.who(challenge["challenger"])
            parts.append(f"Barista Challenge by {by}: {_turns(challenge['final_turns_left'])} left")
        return " · ".join(parts)

    def _winners(self) -> str:
        """Who came first, from the ranking the finished view carries."""
        final = self.view.get("final")
        if not final:
            return ""
        first = [self.who(q) for q in final["ranking"][0]]
        if len(first) == 1:
            return f" · {first[0]} win" + ("" if first[0] == "You" else "s")
        return f" · {', '.join(first[:-1])} and {first[-1]} share first place"

    def prompt(self, actions: Sequence[Action]) -> Prompt | None:
        if not actions:
            return None
        phase = self.view["phase"]
        pending = self.view["pending"]
        if phase == "setup":
            return Prompt(
                "Place any cards that match the order face down, then say you are ready",
                "Setup",
            )
        if phase == "discard":
            return Prompt("Discard a card from your hand", "A turn ends with four cards")
        if phase == "target":
            if pending == "take":
                return Prompt("Choose a barista to take a card from", "Take card")
            return Prompt("Choose a barista whose drink to spill", "Spill card")
        if phase == "die":
            if pending == "roll":
                return Prompt("Choose a die to re-roll", "Roll card")
            return Prompt("Choose a die to change and its new value", "Change card")
        verbs = {a.verb for a in actions}
        text = "Play a card: place one that matches the order, or play an action card"
        if "place" not in verbs and "play" not in verbs:
            text = "You have no play to make: discard a card"
        if "challenge" in verbs:
            text += ", or call a Barista Challenge"
        return Prompt(text, "Your turn")

    def choice(self, action: Action) -> Choice:
        verb = action.verb
        args = action.args
        if verb == "ready":
            return Choice(str(action), "Done placing: I am ready", group="Setup")
        if verb == "challenge":
            return Choice(
                str(action),
                "Call a Barista Challenge",
                cost="1 tip if it fails",
                gain="+1 tip if it succeeds",
                targets=(f"s{self.viewer}-tips",),
                group="Barista Challenge",
            )
        if verb == "place":
            return self._place(action)
        if verb == "play":
            name = str(args[0])
            return Choice(
                str(action),
                f"Play {_title(name)}: {PLAY_WORDS[name]}",
                targets=(self.hand_id(name),),
                group="Play an action card",
            )
        if verb == "discard":
            return self._discard(action)
        if verb == "roll":
            slot = str(args[0])
            return Choice(
                str(action),
                f"Re-roll the {SLOT_TITLE[slot]} die (it shows {_title(self.order[slot])})",
                targets=(f"die-{slot}",),
                group="Re-roll a die",
            )
        if verb == "change":
            slot, value = str(args[0]), str(args[1])
            return Choice(
                str(action),
                f"Change the {SLOT_TITLE[slot]} die from {_title(self.order[slot])} "
                f"to {_title(value)}",
                targets=(f"die-{slot}",),
                group="Change a die",
            )
        target = int(args[0])
        whose = f"{self.name(target)}'s"
        if verb == "take":
            return Choice(
                str(action),
                f"Take a card at random from {whose} hand",
                gain="1 card",
                targets=(f"s{target}-hand",),
                group="Take a card",
            )
        return Choice(
            str(action),
            f"Spill {whose} drink: all their cards go to the discard pile",
            targets=(f"s{target}-hand",),
            group="Spill a drink",
        )

    def _place(self, action: Action) -> Choice:
        args = action.args
        if args[0] == "wild":
            name, slot = "wild", str(args[1])
        else:
            name = str(args[0])
            slot = SLOTS[CONTENT.kind_category[CONTENT.kind(name)]]
        title = SLOT_TITLE[slot]
        label = f"Place {_title(name)} on the {title} slot"
        if name == "wild":
            label += f" (as {_title(self.order[slot])})"
        if slot in self.placed:
            label += f", replacing {_title(self.placed[slot])}"
        return Choice(
            str(action),
            label,
            targets=(self.hand_id(name), f"s{self.viewer}-slot-{slot}"),
            group="Place a card",
        )

    def _discard(self, action: Action) -> Choice:
        args = action.args
        if args[0] == "placed":
            slot = str(args[1])
            name = _title(self.placed[slot])
            return Choice(
                str(action),
                f"Discard the {name} on your {SLOT_TITLE[slot]} slot (it no longer matches)",
                targets=(f"s{self.viewer}-slot-{slot}",),
                group="Discard",
            )
        name = str(args[0])
        return Choice(
            str(action),
            f"Discard {_title(name)} from your hand",
            targets=(self.hand_id(name),),
            group="Discard",
        )

    def standings(self) -> tuple[Standing, ...]:
        final = final_standings(self.view, self.names, SOURCE_LABELS)
        if final:
            return final
        return tuple(
            Standing(name=self.name(q), score=float(seat["tips"]), seat=q)
            for q, seat in enumerate(self.seats)
        )


def _turns(left: int) -> str:
    return "1 final turn" if left == 1 else f"{left} final turns"


def present_table(
    game: Game, view: Mapping[str, Any], actions: Sequence[Action], names: Sequence[str]
) -> Table:
    """The table one seat (or a spectator) sees, with that seat's choices in words."""
    reader = _Reader(view, names)
    return Table(
        game=game.id,
        title=game.title,
        viewer=reader.viewer,
        status=reader.status(),
        zones=reader.zones(),
        choices=tuple(reader.choice(a) for a in actions),
        prompt=reader.prompt(actions),
        standings=reader.standings(),
        to_move=tuple(view["to_move"]),
        over=not view["to_move"],
        names=tuple(names),
    )
