"""Bartender as a person sees it: bars, the market square, hands and piles, choices in words.

Cards are playing cards ("kh", "7d"); here each gets the name a player says
("King of Hearts") and the text of its role, built once at import. Everything
else is read from one seat's view and that seat's legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastcall.core import Action
from lastcall.core.present import (
    Choice,
    Component,
    Prompt,
    Standing,
    Table,
    Zone,
    backs,
    counter,
    final_standings,
    seat_label,
)
from lastcall.games.bartender.content import (
    BARTENDER,
    COIN,
    CUSTOMER,
    DECK,
    RAIDER,
    ROLE_NAMES,
    SHOVEL,
    card_face,
)

_RANKS = {"a": "Ace", "j": "Jack", "q": "Queen", "k": "King"}
_SUITS = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades"}


def _card_name(face: str) -> str:
    """``kh`` -> ``King of Hearts``, ``7d`` -> ``7 of Diamonds``."""
    rank, suit = face[:-1], face[-1]
    return f"{_RANKS.get(rank, rank)} of {_SUITS[suit]}"


def _card_text(kind: int, value: int) -> str:
    """What a card does, by its role and value (as the rulebook tells it)."""
    if kind == BARTENDER:
        return (
            "Bartender (suit and rank do not matter). Goes to your bar as soon as it is "
            "drawn. Paired with a customer it makes a happy customer, who brings you one "
            "coin at the start of each of your turns. Rivals may raid it; a shovel digs it in."
        )
    if kind == CUSTOMER:
        return (
            "Customer (the number does not matter). Goes to your bar as soon as it is "
            "drawn. Paired with a bartender it is a happy customer: one coin at the start "
            "of each of your turns. A rival may advertise with a coin to take it."
        )
    if kind == RAIDER:
        return (
            f"Raider worth {value}. Raid a rival's bartender to send it to the market "
            f"square; block a raid on yours with a raider of {value} or less; or bid "
            f"{value} for a bartender in the market square."
        )
    if kind == SHOVEL:
        return (
            f"Shovel worth {value}. Dig in one of your bartenders: a raid on it only starts "
            f"with a raider above {value}. Only a higher shovel replaces it."
        )
    return (
        f"Coin worth {value}. Bank it for {value} profit; advertise with it to take a "
        f"rival's customer; keep your own customer against a coin of {value} or less; "
        f"or bid {value} for a bartender in the market square."
    )


def _faces() -> dict[str, tuple[int, int]]:
    """Each face's role and value (copies of a face are alike)."""
    found: dict[str, tuple[int, int]] = {}
    for card, face in enumerate(DECK.names):
        found.setdefault(face, (DECK.kinds[card], DECK.values[card]))
    return found


FACE_FACTS = _faces()
CARD_NAME = {face: _card_name(face) for face in FACE_FACTS}
"""Every face's name as a player says it."""
CARD_TEXT = {face: _card_text(*facts) for face, facts in FACE_FACTS.items()}
"""Every face's full text."""
_ORDER = {face: (FACE_FACTS[face][0], -FACE_FACTS[face][1], face) for face in FACE_FACTS}
_ROLE_WORD = {kind: name.capitalize() for kind, name in enumerate(ROLE_NAMES)}


def card(
    id: str, face: str, *, tags: tuple[str, ...] = (), at: str = "", count: int = 1
) -> Component:
    """A face-up card with its name, text, role and value."""
    kind, value = FACE_FACTS[face]
    return Component(
        id=id,
        kind="card",
        name=CARD_NAME[face],
        text=CARD_TEXT[face],
        key=f"card:{face}",
        value=value if kind in (RAIDER, SHOVEL, COIN) else None,
        count=count,
        colour="red" if face[-1] in "dh" else "black",
        icon=card_face(face),
        tags=(_ROLE_WORD[kind], *tags),
        at=at,
    )


def _numbered(prefix: str, faces: Sequence[str]) -> list[tuple[str, str]]:
    """Ids by content and place: the second Ace of Hearts is ``<prefix>-ah-2``."""
    seen: dict[str, int] = {}
    out = []
    for face in faces:
        seen[face] = seen.get(face, 0) + 1
        out.append((f"{prefix}-{face}-{seen[face]}", face))
    return out


def _pile(id: str, name: str, faces: Sequence[str], text: str) -> Zone:
    """A face-up discard pile: one card per face with how many copies lie there."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    components = tuple(
        card(f"{id}-{face}", face, count=n) for face, n in sorted(counts.items(), key=_by_face)
    )
    return Zone(id, "pile", name, components, text=text, layout="stack")


def _by_face(item: tuple[str, int]) -> tuple[int, int, str]:
    return _ORDER[item[0]]


# ----------------------------------------------------------------- zones


def _seat_zones(view: Mapping[str, Any], names: Sequence[str]) -> list[Zone]:
    viewer = view.get("viewer")
    seats = list(view["seats"])
    if viewer is not None:
        count = len(seats)
        seats.sort(key=lambda s: (s["seat"] - viewer) % count)
    zones: list[Zone] = []
    for seat in seats:
        q = seat["seat"]
        who = seat_label(names, q, viewer)
        owner = "Your" if q == viewer else f"{who}'s"
        parts: list[Component] = [
            counter(
                f"s{q}-bank",
                "Banked",
                seat["bank"],
                f"Profit banked for good; {view['target']} wins at once.",
            ),
            counter(
                f"s{q}-happy",
                "Happy customers",
                seat["happy"],
                "Pairs of a bartender and a customer: one coin each at the start of the turn.",
            ),
        ]
        for b in seat["bartenders"]:
            face = b["card"]
            tags: tuple[str, ...] = ("Sideways",) if b["sideways"] else ()
            if b["shovel"]:
                tags += (f"Dug in with the {CARD_NAME[b['shovel']]}",)
            parts.append(card(f"s{q}-bar-{face}", face, tags=tags))
            if b["shovel"]:
                parts.append(card(f"s{q}-shovel-{b['shovel']}", b["shovel"], at=f"s{q}-bar-{face}"))
        customers = _numbered(f"s{q}-customer", seat["customers"])
        turned = len(customers) - seat["sideways_customers"]
        for i, (cid, face) in enumerate(customers):
            parts.append(card(cid, face, tags=("Sideways",) if i >= turned else ()))
        zones.append(
            Zone(
                f"bar-{q}",
                "seat",
                f"{owner} bar",
                tuple(parts),
                owner=q,
                text=_bar_text(seat),
            )
        )
        zones.append(_hand_zone(view, seat, owner))
    return zones


def _bar_text(seat: Mapping[str, Any]) -> str:
    """How the bar stands: pairs and what is unpaired."""
    bartenders, customers = len(seat["bartenders"]), len(seat["customers"])
    return (
        f"{bartenders} bartender{'s' * (bartenders != 1)}, "
        f"{customers} customer{'s' * (customers != 1)}: "
        f"{seat['happy']} happy."
    )


def _hand_zone(view: Mapping[str, Any], seat: Mapping[str, Any], owner: str) -> Zone:
    q = seat["seat"]
    if q == view.get("viewer"):
        faces = sorted(view["hand"], key=_ORDER.__getitem__)
        mine = tuple(card(cid, face) for cid, face in _numbered(f"s{q}-hand", faces))
        return Zone(f"hand-{q}", "hand", "Your hand", mine, owner=q)
    coins = seat["coins_in_hand"]
    others = seat["hand_count"] - coins
    components: list[Component] = []
    if coins:
        components.append(backs(f"s{q}-hand-coins", "Coins", coins, "Coins in hand, face down."))
    if others:
        components.append(
            backs(
                f"s{q}-hand-cards",
                "Cards",
                others,
                "Raiders and shovels in hand, face down.",
            )
        )
    return Zone(f"hand-{q}", "hand", f"{owner} hand", tuple(components), owner=q)


def _market_zone(view: Mapping[str, Any], names: Sequence[str]) -> Zone:
    auction = view.get("auction")
    components = []
    for face in view["market"]:
        tags: tuple[str, ...] = ()
        if auction and auction["bartender"] == face:
            tags = ("Up for auction",)
        components.append(card(f"market-{face}", face, tags=tags))
    text = "Bartenders anyone may bid on during their turn."
    if auction:
        bidder = seat_label(names, auction["high_bidder"], view.get("viewer"))
        text = (
            f"Auction for the {CARD_NAME[auction['bartender']]}: the high bid is the "
            f"{CARD_NAME[auction['high']]} ({FACE_FACTS[auction['high']][1]}) by {bidder}."
        )
    return Zone("market", "market", "Market square", tuple(components), text=text)


def _pile_zones(view: Mapping[str, Any]) -> list[Zone]:
    decks = Zone(
        "decks",
        "pile",
        "Decks",
        (
            backs(
                "main-deck",
                "Main deck",
                view["deck"],
                "Bartenders, customers, raiders and shovels, face down.",
            ),
            backs("coin-deck", "Coin deck", view["coin_deck"], "Coins, face down."),
        ),
    )
    quiet = view["idle_turns"]
    supply = Zone(
        "supply",
        "supply",
        "Closing time",
        (
            counter(
                "quiet-turns",
                "Turns without banking",
                quiet,
                f"The bar closes after {view['closing_after']} turns in a row without a "
                "coin banked, and the game ends.",
            ),
        ),
    )
    return [
        decks,
        _pile(
            "discard",
            "Main discard pile",
            view["discard"],
            "Played and discarded cards, face up; shuffled into a new deck when the deck runs out.",
        ),
        _pile(
            "coin-discard",
            "Coin discard pile",
            view["coin_discard"],
            "Spent and banked coins, face up; shuffled into a new coin deck when it runs out.",
        ),
        supply,
    ]


# ----------------------------------------------------------------- choices


def _hand_ids(view: Mapping[str, Any], face: str) -> tuple[str, ...]:
    """The viewer's hand cards showing this face (any copy will do)."""
    q = view["viewer"]
    faces = sorted(view["hand"], key=_ORDER.__getitem__)
    return tuple(cid for cid, f in _numbered(f"s{q}-hand", faces) if f == face)


def _seat_of(view: Mapping[str, Any], bartender: str) -> int | None:
    for seat in view["seats"]:
        if any(b["card"] == bartender for b in seat["bartenders"]):
            return int(seat["seat"])
    return None


def _choice(view: Mapping[str, Any], action: Action, names: Sequence[str]) -> Choice:
    verb = str(action[0])
    viewer = view["viewer"]
    phase = view["phase"]
    text = str(action)
    if verb == "skip":
        return Choice(text, "Take no action this turn", group="Take an action")
    if verb == "advertise":
        s = int(action[1])
        customers = [c for c, _ in _numbered(f"s{s}-customer", view["seats"][s]["customers"])]
        return Choice(
            text,
            f"Advertise to {seat_label(names, s, viewer)}'s customer",
            cost="a coin",
            gain="their customer, unless they match your coin",
            targets=tuple(customers),
            group="Take an action",
        )
    if verb == "raid":
        s, face = int(action[1]), str(action[2])
        return Choice(
            text,
            f"Raid {seat_label(names, s, viewer)}'s {CARD_NAME[face]}",
            cost="a raider",
            gain="the bartender leaves for the market square, unless blocked",
            targets=(f"s{s}-bar-{face}",),
            group="Take an action",
        )
    if verb == "dig":
        face = str(action[1])
        return Choice(
            text,
            f"Dig in your {CARD_NAME[face]} with a shovel",
            cost="a shovel",
            targets=(f"s{viewer}-bar-{face}",),
            group="Take an action",
        )
    if verb == "bid":
        face = str(action[1])
        return Choice(
            text,
            f"Start a bid on the {CARD_NAME[face]} in the market square",
            cost="a coin or a raider",
            gain="the bartender, if no one bids higher",
            targets=(f"market-{face}",),
            group="Take an action",
        )
    if verb in ("play", "keep", "block", "offer", "bank", "discard"):
        return _card_choice(view, verb, str(action[1]), text, names)
    if verb == "pass":
        return _pass_choice(view, text, names)
    if phase == "bank":
        return Choice(text, "Stop banking", group="Bank")
    return Choice(text, "Keep the rest of your hand", group="Discard")


def _card_choice(
    view: Mapping[str, Any], verb: str, face: str, text: str, names: Sequence[str]
) -> Choice:
    name = CARD_NAME[face]
    value = FACE_FACTS[face][1]
    targets = _hand_ids(view, face)
    viewer = view["viewer"]
    if verb == "play":
        pending = view["pending"]
        kind = pending["action"]
        if kind == "advertise":
            who = seat_label(names, pending["target"], viewer)
            label = f"Advertise to {who}'s customer with the {name}"
        elif kind == "raid":
            bartender = CARD_NAME[pending["bartender"]]
            who = seat_label(names, pending["target"], viewer)
            label = f"Raid {who}'s {bartender} with the {name}"
            targets += (f"s{pending['target']}-bar-{pending['bartender']}",)
        elif kind == "dig":
            label = f"Dig in your {CARD_NAME[pending['bartender']]} with the {name}"
            targets += (f"s{viewer}-bar-{pending['bartender']}",)
        else:
            label = f"Open the bidding on the {CARD_NAME[pending['bartender']]} with the {name}"
            targets += (f"market-{pending['bartender']}",)
        return Choice(text, label, cost=name, targets=targets, group="Play a card")
    if verb == "keep":
        return Choice(
            text, f"Keep your customer with the {name}", cost=name, targets=targets, group="Answer"
        )
    if verb == "block":
        return Choice(
            text, f"Block the raid with the {name}", cost=name, targets=targets, group="Answer"
        )
    if verb == "offer":
        bartender = view["auction"]["bartender"]
        return Choice(
            text,
            f"Bid the {name} for the {CARD_NAME[bartender]}",
            cost=name,
            targets=(*targets, f"market-{bartender}"),
            group="Bid",
        )
    if verb == "bank":
        return Choice(
            text,
            f"Bank the {name}",
            cost=name,
            gain=f"+{value} banked",
            targets=targets,
            group="Bank",
        )
    return Choice(text, f"Discard the {name}", targets=targets, group="Discard")


def _pass_choice(view: Mapping[str, Any], text: str, names: Sequence[str]) -> Choice:
    if view["phase"] == "auction":
        bartender = CARD_NAME[view["auction"]["bartender"]]
        return Choice(text, f"Pass: make no bid for the {bartender}", group="Bid")
    pending = view["pending"]
    attacker = seat_label(names, pending["by"], view["viewer"])
    if pending["action"] == "advertise":
        return Choice(text, f"Let your customer go to {attacker}'s bar", group="Answer")
    bartender = CARD_NAME[pending["bartender"]]
    return Choice(
        text,
        f"Let the raid through: your {bartender} goes to the market square",
        targets=(f"s{view['viewer']}-bar-{pending['bartender']}",),
        group="Answer",
    )


# ----------------------------------------------------------------- prompt and status


def _prompt(view: Mapping[str, Any], names: Sequence[str]) -> Prompt:
    phase = view["phase"]
    viewer = view["viewer"]
    if phase == "action":
        return Prompt("Take one action, or none", "Step 2 of your turn")
    if phase == "card":
        pending = view["pending"]
        need = {
            "advertise": "a coin",
            "raid": "a raider",
            "dig": "a shovel",
            "bid": "a coin or a raider",
        }[pending["action"]]
        return Prompt(f"Choose {need} to play", f"Your choice to {pending['action']}")
    if phase == "defence":
        pending = view["pending"]
        attacker = seat_label(names, pending["by"], viewer)
        played = pending["card"]
        value = FACE_FACTS[played][1]
        if pending["action"] == "advertise":
            return Prompt(
                f"{attacker} advertises to your customer with the {CARD_NAME[played]}: "
                f"keep it with a coin of {value} or more, or let it go",
                "Coins and advertising",
            )
        return Prompt(
            f"{attacker} raids your {CARD_NAME[pending['bartender']]} with the "
            f"{CARD_NAME[played]}: block with a raider of {value} or more, or let it go",
            "Raiders",
        )
    if phase == "auction":
        auction = view["auction"]
        high = auction["high"]
        return Prompt(
            f"Bid for the {CARD_NAME[auction['bartender']]}: beat the {CARD_NAME[high]} "
            f"({FACE_FACTS[high][1]}) with a coin or a raider, or pass",
            "Bidding",
        )
    if phase == "bank":
        return Prompt("Bank coins from your hand, or stop", "Step 3 of your turn")
    return Prompt("Discard cards you do not want, or keep them", "Step 4 of your turn")


_PHASE_WORDS = {
    "action": "choosing an action",
    "card": "choosing a card",
    "defence": "answering an attack",
    "auction": "bidding",
    "bank": "banking",
    "discard": "discarding",
}


def _status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    if view["phase"] == "over":
        return f"Turn {view['turn']} · The game is over"
    viewer = view.get("viewer")
    current = view["current"]
    whose = "Your turn" if current == viewer else f"{names[current]}'s turn"
    doing = _PHASE_WORDS[view["phase"]]
    movers = list(view["to_move"])
    if movers and movers != [current]:
        verb = "are" if movers[0] == viewer else "is"
        doing = f"{seat_label(names, movers[0], viewer)} {verb} {doing}"
    return f"Turn {view['turn']} · {whose}: {doing} · {view['target']} banked wins"


# ----------------------------------------------------------------- the table


def present_table(
    game: Any, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
) -> Table:
    """The whole table for one seat (or a spectator), from its view alone."""
    zones = [_market_zone(view, names), *_seat_zones(view, names), *_pile_zones(view)]
    choices = tuple(_choice(view, a, names) for a in actions)
    over = view["phase"] == "over"
    if over:
        standings = final_standings(view, names, {"banked coins": "Banked coins"})
    else:
        standings = tuple(
            Standing(
                name=names[s["seat"]],
                score=s["bank"],
                seat=s["seat"],
                detail=f"{s['happy']} happy customer{'s' * (s['happy'] != 1)}",
            )
            for s in view["seats"]
        )
    return Table(
        game=game.id,
        title=game.title,
        viewer=view.get("viewer"),
        status=_status(view, names),
        zones=tuple(zones),
        choices=choices,
        prompt=_prompt(view, names) if choices else None,
        standings=standings,
        to_move=tuple(view["to_move"]),
        over=over,
        names=names,
    )


def glossary() -> dict[str, str]:
    """Every card by name with its text, and the words the table uses."""
    terms = {
        "Bartender": "A King, Queen or Jack of any suit. On your bar it pairs with a customer.",
        "Customer": "A Heart from Ace to 10. On your bar it pairs with a bartender.",
        "Happy customer": (
            "A bartender paired with a customer on your bar: one coin drawn at the start "
            "of each of your turns."
        ),
        "Coin": "A Diamond from Ace to 10: income to bank, or to spend advertising and bidding.",
        "Raider": "A Club from Ace to 10: raids a rival's bartender, blocks a raid, or bids.",
        "Shovel": "A Spade from Ace to 10: digs in one of your bartenders against raids.",
        "Value": "The number on a coin, raider or shovel; an Ace is worth 10.",
        "Bar": "Your bartenders and customers, in front of you.",
        "Market square": (
            "The middle of the table: the decks, and bartenders that left a bar, waiting for a bid."
        ),
        "Bank": ("Coins you moved from your hand in step 3: their value is profit, kept for good."),
        "Target": "The banked profit that wins at once: 200, 120, 100 or 80 with 2 to 5 players.",
        "Advertise": (
            "Play a coin on a rival's customer; it moves to your bar unless its owner plays "
            "a coin of equal or higher value."
        ),
        "Raid": (
            "Play a raider on a rival's bartender; it goes to the market square unless its "
            "owner plays a raider of equal or higher value."
        ),
        "Dig in": (
            "Play a shovel on your bartender: a raid must beat the shovel's value to start."
        ),
        "Bid": (
            "Play a coin or raider on a market bartender; each bid must beat the last, and "
            "the highest card takes the bartender when all others pass."
        ),
        "Sideways": (
            "An unpaired bar card at the end of your turn. Still unpaired after your next "
            "draw, a customer is discarded and a bartender goes to the market square."
        ),
        "Closing time": (
            "Ten rounds in a row without a coin banked end the game; the most banked wins."
        ),
    }
    cards = {
        CARD_NAME[face]: CARD_TEXT[face] for face in sorted(FACE_FACTS, key=_ORDER.__getitem__)
    }
    return terms | cards
