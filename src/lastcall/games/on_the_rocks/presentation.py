"""On The Rocks as a person sees it: the bowls, the bag, every board, choices in words.

Each recipe spot is a component of its own (an empty slot or the marble on
it), so every placement, pick and removal can name the very spot it fills or
empties; marbles waiting in a bowl, the bag, the sign or a shelf are one
component per colour with a count. Card texts are built once at import.
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
    whose_turn,
)
from lastcall.games.on_the_rocks.content import (
    BONUS_COINS,
    GLASS_NAMES,
    GLASS_TITLES,
    KIND_NAMES,
    RECIPE_GLASS,
    RECIPE_NAMES,
    RECIPE_SLOTS,
    RECIPE_VALUE,
    SPILL_CARDS,
    TIP_COUNTS,
    TIP_KINDS,
    TIP_TITLES,
    TIP_USES,
    TIP_VALUES,
    WILD,
    spill_title,
)

GLASS_TITLE = dict(zip(GLASS_NAMES, GLASS_TITLES, strict=True))
_COLOUR_WORD = {"wild": "clear", "spill": "black", "gold": "gold"}
MARBLE_NAME = {
    k: f"{k.capitalize()} ingredient" if i < WILD else f"{k.capitalize()} marble"
    for i, k in enumerate(KIND_NAMES)
}
"""What players call each marble: ``Red ingredient``, ``Wild marble``."""
MARBLE_TEXT = {
    **{
        k: f"An ingredient: fills a {k} spot of a recipe, or waits on the extra-ingredient shelf."
        for k in KIND_NAMES[:WILD]
    },
    "wild": (
        "Wild: fills a spot of any colour and counts as that colour once placed; "
        "it may be saved on the shelf."
    ),
    "spill": (
        "Spill: whoever takes it draws a spill card at the end of the turn; then it "
        "goes to the coaster."
    ),
    "gold": (
        "Gold: whoever takes it picks 2 ingredients of their choice from the bag "
        "straight onto their recipes; then it goes to the coaster."
    ),
}

_TIP_EFFECT = {
    "shake": (
        "Right after you take a jigger bowl, put its marbles back in the bag and draw "
        "as many again."
    ),
    "additional": (
        "Roll one die and draw that many marbles from the bag to place (the die cannot be turned)."
    ),
    "tipsy2": "Draw 2 marbles from the bag to place; at most two Feeling Tipsy cards a turn.",
    "tipsy3": "Draw 3 marbles from the bag to place; at most two Feeling Tipsy cards a turn.",
    "premium": "Take one ingredient of your choice from the bag straight onto a recipe.",
    "shots": (
        "Give it to a rival: from the bowl they take on their next turn they keep only "
        "2 ingredients."
    ),
    "weak": (
        "Give it to a rival: at the start of their next turn you remove 3 ingredients "
        "from their board or shelf."
    ),
    "clumsy": (
        "Give it to a rival: at the start of their next turn they draw and suffer a spill card."
    ),
    "buy": (
        "Share it with a rival: you draw 3 marbles and they draw 1, and each places their own."
    ),
}
_USE_WORD = {"keep": "Keep", "pass": "Complaint", "share": "Share"}
TIP_TEXT = {
    kind: (
        f"{_USE_WORD[TIP_USES[kind]]}. {_TIP_EFFECT[kind]} Worth ${TIP_VALUES[i]} at the end "
        "if never used."
    )
    for i, kind in enumerate(TIP_KINDS)
}
TIP_TITLE = dict(zip(TIP_KINDS, TIP_TITLES, strict=True))


def _spill_text(card: int) -> str:
    effect, colour, amount = SPILL_CARDS[card]
    name = KIND_NAMES[colour] if colour >= 0 else ""
    what = {
        0: f"every {name} ingredient leaves one drink of your choice.",
        1: f"two {name} ingredients leave your board, from any drinks.",
        2: "the drink whose ingredients sit highest loses its two top-most.",
        3: "each drink with ingredients loses one.",
        4: f"{amount} ingredient{'s' * (amount > 1)} leave one drink of your choice.",
    }[effect]
    return f"{spill_title(card)}: {what} Only face-up recipes lose marbles; the shelf is safe."


SPILL_TEXT = {spill_title(c): _spill_text(c) for c in range(len(SPILL_CARDS))}


def _recipe_text(card: int) -> str:
    """A recipe card as printed: its glass, value and ingredients row by row."""
    rows: dict[int, list[str]] = {}
    for r, c in RECIPE_SLOTS[card]:
        rows.setdefault(r, []).append(KIND_NAMES[c])
    needs = "; ".join(f"row {r}: {', '.join(colours)}" for r, colours in sorted(rows.items()))
    glass = GLASS_TITLES[RECIPE_GLASS[card]]
    return f"{glass} glass, worth ${RECIPE_VALUE[card]}. Bottom row first: {needs}."


RECIPE_TEXT = {RECIPE_NAMES[c]: _recipe_text(c) for c in range(len(RECIPE_NAMES))}


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")


def _marbles(
    prefix: str, counts: Sequence[int], tags: tuple[str, ...] = (), at: str = ""
) -> list[Component]:
    """One component per kind present, with its count."""
    return [
        Component(
            id=f"{prefix}-{KIND_NAMES[k]}",
            kind="marble",
            name=MARBLE_NAME[KIND_NAMES[k]],
            text=MARBLE_TEXT[KIND_NAMES[k]],
            key=f"marble:{KIND_NAMES[k]}",
            count=n,
            colour=_COLOUR_WORD.get(KIND_NAMES[k], KIND_NAMES[k]),
            tags=tags,
            at=at,
        )
        for k, n in enumerate(counts)
        if n
    ]


def _listed(counts: Sequence[int]) -> str:
    """``2 red, 1 gold`` (``nothing`` when empty)."""
    found = [f"{n} {KIND_NAMES[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(found) or "nothing"


# ----------------------------------------------------------------- zones


def _bowl_zones(view: Mapping[str, Any]) -> list[Zone]:
    zones = []
    nxt = view.get("next_bowl")
    for b, counts in enumerate(view["bowls"], start=1):
        tags = ("Next to fill",) if nxt == b else ()
        bowl = Component(
            id=f"bowl-{b}",
            kind="space",
            name=f"Jigger bowl {b}",
            text=f"Holds {_listed(counts)}. Whoever takes it places these marbles.",
            key="bowl",
            value=sum(counts),
            tags=tags,
        )
        zones.append(
            Zone(
                f"bowl-{b}",
                "board",
                f"Jigger bowl {b}",
                (bowl, *_marbles(f"bowl-{b}", counts, at=f"bowl-{b}")),
            )
        )
    return zones


def _mixing_zone(view: Mapping[str, Any]) -> Zone:
    dice = [
        Component(
            id=f"die-{d}",
            kind="die",
            name=f"Die {d}",
            text="Ice die: the two together say how many marbles are drafted. Each may be "
            "turned once to its opposite face for one marble from a glass.",
            key="die",
            value=value,
        )
        for d, value in enumerate(view["dice"], start=1)
        if value
    ]
    coaster = view["coaster"]
    return Zone(
        "mixing",
        "supply",
        "Mixing area",
        (
            *dice,
            counter(
                "coaster-spill",
                "Spill marbles on the coaster",
                f"{coaster['spill']} of 4",
                "When all four are there they go back to the bag.",
            ),
            counter(
                "coaster-gold",
                "Gold marbles on the coaster",
                f"{coaster['gold']} of 3",
                "When all three are there they go back to the bag.",
            ),
        ),
    )


def _bag_zone(view: Mapping[str, Any]) -> Zone:
    bag = view["bag"]
    return Zone(
        "bag",
        "pile",
        "Shaker bag",
        (
            counter("bag-total", "Marbles in the bag", sum(bag), "Drafts draw from it at random."),
            *_marbles("bag", bag),
        ),
        text=f"Holds {_listed(bag)}.",
    )


def _sign_zone(view: Mapping[str, Any], names: Sequence[str]) -> Zone:
    """The current player's marbles between the bag and the board."""
    p = view["turn"]
    viewer = view.get("viewer")
    parts = [
        *_marbles("drafted", view["drafted"], ("To mix into the bowls",)),
        *_marbles("sign", view["sign"], ("To place",)),
        *_marbles("waiting", view["waiting"], ("Waiting for the end of the turn",)),
    ]
    if view["picks"]:
        parts.append(
            counter(
                "picks",
                "Picks from the bag",
                view["picks"],
                "Ingredients of your choice to take from the bag straight onto a recipe.",
            )
        )
    if view["pending_spills"]:
        parts.append(
            counter(
                "pending-spills",
                "Spills at the end of the turn",
                view["pending_spills"],
                "Each draws a spill card when the turn ends.",
            )
        )
    owner = "Your" if p == viewer else f"{names[p]}'s"
    return Zone(
        "sign",
        "seat",
        f"{owner} On The Rocks sign",
        tuple(parts),
        owner=p,
        text="Marbles drafted, taken from a bowl or drawn, on their way to the board.",
    )


def _spot(q: int, glass: str, recipe: str, row: int, i: int, cell: str) -> Component:
    """One spot of a recipe: an empty slot, or the marble on it."""
    colour = cell.rstrip("*").lower()
    cid = f"s{q}-{glass}-{row}-{i}"
    where = f"row {row} of the {recipe}"
    if cell.islower():
        return Component(
            id=cid,
            kind="slot",
            name=f"{colour.capitalize()} spot",
            text=f"Wants a {colour} ingredient ({where}).",
            colour=colour,
            at=f"s{q}-{glass}",
        )
    wild = cell.endswith("*")
    return Component(
        id=cid,
        kind="marble",
        name=f"Wild marble as {colour}" if wild else MARBLE_NAME[colour],
        text=f"Placed in {where}" + (", a wild counting as " + colour if wild else "") + ".",
        key="marble:wild" if wild else f"marble:{colour}",
        colour=colour,
        tags=("Wild",) if wild else (),
        at=f"s{q}-{glass}",
    )


def _seat_zones(view: Mapping[str, Any], names: Sequence[str]) -> list[Zone]:
    viewer = view.get("viewer")
    seats = list(view["seats"])
    count = len(seats)
    if viewer is not None:
        seats.sort(key=lambda s: (s["seat"] - viewer) % count)
    orders = 2 if view["length"] == "short" else 3
    zones = []
    for seat in seats:
        q = seat["seat"]
        who = seat_label(names, q, viewer)
        owner = "Your" if q == viewer else f"{who}'s"
        parts: list[Component] = [
            counter(
                f"s{q}-score",
                "Score",
                _money(seat["score"]),
                "If the night ended now: completed recipes, unused tips and bonus coins, "
                "less $2 for each unfinished recipe.",
            ),
            counter(
                f"s{q}-lemons",
                "Orders completed",
                f"{seat['lemons']} of {orders}",
                "A lemon for each full order; the first to finish them all calls Last Call.",
            ),
        ]
        if seat["bonus"]:
            parts.append(
                counter(f"s{q}-bonus", "Bonus coin", f"${seat['bonus']}", "Counts at the end.")
            )
        for glass in seat["glasses"]:
            parts += _glass(q, glass)
        parts += _marbles(f"s{q}-shelf", seat["extras"], ("Extra ingredient",))
        parts += _tips(q, seat, names, viewer)
        if seat["completed"]:
            parts.append(
                Component(
                    id=f"s{q}-completed",
                    kind="card",
                    name="Completed recipes",
                    text=", ".join(seat["completed"]) + ".",
                    count=len(seat["completed"]),
                    tags=("Face down",),
                )
            )
        zones.append(
            Zone(f"seat-{q}", "seat", f"{owner} board", tuple(parts), owner=q, layout="grid")
        )
    return zones


def _money(score: float) -> str:
    whole = int(score)
    return f"-${-whole}" if whole < 0 else f"${whole}"


def _glass(q: int, glass: Mapping[str, Any]) -> list[Component]:
    name = glass["glass"]
    recipe = glass["recipe"]
    if glass["complete"]:
        return [
            Component(
                id=f"s{q}-{name}",
                kind="card",
                name=recipe,
                text=f"Completed, face down until the order is done: worth ${glass['value']}.",
                key=f"recipe:{_slug(recipe)}",
                value=glass["value"],
                tags=(GLASS_TITLE[name], "Completed"),
            )
        ]
    cells = [cell for row in glass["rows"] for cell in row]
    placed = sum(1 for cell in cells if not cell.islower())
    card = Component(
        id=f"s{q}-{name}",
        kind="card",
        name=recipe,
        text=f"{RECIPE_TEXT[recipe]} {placed} of {len(cells)} in place.",
        key=f"recipe:{_slug(recipe)}",
        value=glass["value"],
        tags=(GLASS_TITLE[name],),
    )
    spots = [
        _spot(q, name, recipe, r, i, cell)
        for r, row in enumerate(glass["rows"], start=1)
        for i, cell in enumerate(row, start=1)
    ]
    return [card, *spots]


def _tips(
    q: int, seat: Mapping[str, Any], names: Sequence[str], viewer: int | None
) -> list[Component]:
    out = [
        Component(
            id=f"s{q}-tip-{kind}",
            kind="card",
            name=TIP_TITLE[kind],
            text=TIP_TEXT[kind],
            key=f"tip:{kind}",
            value=TIP_VALUES[k],
            count=n,
            tags=("Tip",),
        )
        for k, (kind, n) in enumerate(zip(TIP_KINDS, seat["tips"], strict=True))
        if n
    ]
    for i, (kind, giver) in enumerate(seat["complaints"], start=1):
        out.append(
            Component(
                id=f"s{q}-complaint-{i}",
                kind="card",
                name=TIP_TITLE[kind],
                text=f"A complaint from {'you' if giver == viewer else names[giver]}, "
                f"resolved at the start of the turn. {TIP_TEXT[kind]}",
                key=f"tip:{kind}",
                tags=("Complaint",),
            )
        )
    if seat["discarded_tips"]:
        out.append(
            backs(
                f"s{q}-used-tips",
                "Used tips",
                seat["discarded_tips"],
                "Tip cards played or resolved, face down: they no longer score.",
            )
        )
    return out


def _pile_zones(view: Mapping[str, Any]) -> list[Zone]:
    decks = [
        backs("tip-deck", "Tip deck", view["tip_deck"], "One tip for each recipe completed."),
        *(
            backs(
                f"deck-{glass}",
                f"{GLASS_TITLE[glass]} recipes",
                n,
                f"Recipe cards for the {GLASS_TITLE[glass]} glass, face down.",
            )
            for glass, n in view["recipe_decks"].items()
        ),
        backs(
            "spill-deck",
            "Spill deck",
            view["spill_deck"] - len(view["spill_deck_face_up"]),
            "Spill cards face down, drawn for each spill marble taken.",
        ),
    ]
    face_up = _spill_cards("spill-bottom", view["spill_deck_face_up"], "Face up at the bottom")
    used = _spill_cards("spill-used", view["spill_discard"], "Used")
    return [
        Zone("decks", "pile", "Decks", tuple(decks)),
        Zone(
            "spills",
            "pile",
            "Spill cards seen",
            (*face_up, *used),
            text="Cards back at the bottom of the spill deck face up, and colour spills used.",
        ),
    ]


def _spill_cards(prefix: str, titles: Sequence[str], tag: str) -> list[Component]:
    counts: dict[str, int] = {}
    for title in titles:
        counts[title] = counts.get(title, 0) + 1
    return [
        Component(
            id=f"{prefix}-{_slug(title)}",
            kind="card",
            name=title,
            text=SPILL_TEXT[title],
            key=f"spill:{_slug(title)}",
            count=n,
            tags=(tag,),
        )
        for title, n in counts.items()
    ]


# ----------------------------------------------------------------- choices


def _row_cells(view: Mapping[str, Any], q: int, glass: str, row: int) -> list[str]:
    for g in view["seats"][q]["glasses"]:
        if g["glass"] == glass and not g["complete"]:
            rows = g["rows"]
            return list(rows[row - 1]) if row <= len(rows) else []
    return []


def _empty_spot(view: Mapping[str, Any], q: int, glass: str, row: int, colour: str) -> str:
    """The first empty spot of this colour in a row: where a placed marble goes."""
    for i, cell in enumerate(_row_cells(view, q, glass, row), start=1):
        if cell == colour:
            return f"s{q}-{glass}-{row}-{i}"
    return f"s{q}-{glass}"


def _full_spot(view: Mapping[str, Any], q: int, glass: str, row: int, colour: str) -> str:
    """The last filled spot of this colour in a row: the marble a removal takes."""
    found = f"s{q}-{glass}"
    for i, cell in enumerate(_row_cells(view, q, glass, row), start=1):
        if cell.rstrip("*") == colour.upper():
            found = f"s{q}-{glass}-{row}-{i}"
    return found


def _recipe_on(view: Mapping[str, Any], q: int, glass: str) -> str:
    for g in view["seats"][q]["glasses"]:
        if g["glass"] == glass:
            return str(g["recipe"])
    return GLASS_TITLE[glass]


def _where(view: Mapping[str, Any], names: Sequence[str], q: int, glass: str, row: int) -> str:
    owner = _owner(view, names, q)
    return f"row {row} of {owner} {GLASS_TITLE[glass]} ({_recipe_on(view, q, glass)})"


def _source(view: Mapping[str, Any], kind: str) -> str:
    """Where a marble to place comes from: the sign first, then the viewer's shelf."""
    k = KIND_NAMES.index(kind)
    if view["placing"] == "gift" or view["sign"][k]:
        return f"sign-{kind}"
    return f"s{view['viewer']}-shelf-{kind}"


def _choice(view: Mapping[str, Any], names: Sequence[str], action: Action) -> Choice:
    verb = str(action[0])
    text = str(action)
    me = view["viewer"]
    current = view["turn"]
    if verb == "place":
        if action[1] == "wild":
            glass, row, colour = str(action[2]), int(action[3]), str(action[4])
            return Choice(
                text,
                f"Place a wild marble as {colour} in {_where(view, names, me, glass, row)}",
                targets=(_source(view, "wild"), _empty_spot(view, me, glass, row, colour)),
                group="Place a wild marble",
            )
        colour, glass, row = str(action[1]), str(action[2]), int(action[3])
        return Choice(
            text,
            f"Place a {colour} ingredient in {_where(view, names, me, glass, row)}",
            targets=(_source(view, colour), _empty_spot(view, me, glass, row, colour)),
            group="Place an ingredient",
        )
    if verb == "pick":
        glass, row, colour = str(action[1]), int(action[2]), str(action[3])
        return Choice(
            text,
            f"Pick a {colour} ingredient from the bag for {_where(view, names, me, glass, row)}",
            cost="1 pick",
            targets=(f"bag-{colour}", _empty_spot(view, me, glass, row, colour)),
            group="Pick from the bag",
        )
    if verb == "remove":
        if action[1] == "extra":
            kind = str(action[2])
            return Choice(
                text,
                f"Remove a {MARBLE_NAME[kind].lower()} from {_owner(view, names, current)} shelf",
                targets=(f"s{current}-shelf-{kind}",),
                group="Remove an ingredient",
            )
        glass, row, colour = str(action[1]), int(action[2]), str(action[3])
        return Choice(
            text,
            f"Remove a {colour} ingredient from {_where(view, names, current, glass, row)}",
            targets=(_full_spot(view, current, glass, row, colour),),
            group="Remove an ingredient",
        )
    if verb == "mix":
        kind = str(action[1])
        bowl = view["next_bowl"]
        return Choice(
            text,
            f"Put a {MARBLE_NAME[kind].lower()} into jigger bowl {bowl}",
            targets=(f"drafted-{kind}", f"bowl-{bowl}"),
            group="Mix",
        )
    if verb in ("select", "start"):
        b = int(action[1])
        counts = view["bowls"][b - 1]
        if verb == "start":
            label = f"Start mixing at jigger bowl {b}"
        else:
            label = f"Take jigger bowl {b}: {_listed(counts)}"
        return Choice(
            text, label, gain=_listed(counts), targets=(f"bowl-{b}",), group="Choose a bowl"
        )
    return _other_choice(view, names, action, verb, text)


def _owner(view: Mapping[str, Any], names: Sequence[str], q: int) -> str:
    return "your" if q == view.get("viewer") else f"{names[q]}'s"


def _other_choice(
    view: Mapping[str, Any], names: Sequence[str], action: Action, verb: str, text: str
) -> Choice:
    me = view["viewer"]
    current = view["turn"]
    if verb == "keep":
        kind = str(action[1])
        return Choice(
            text,
            f"Keep a {MARBLE_NAME[kind].lower()} from the bowl",
            targets=(f"sign-{kind}",),
            group="Keep two",
        )
    if verb == "save":
        kind = str(action[1])
        return Choice(
            text,
            f"Save a {MARBLE_NAME[kind].lower()} on your shelf",
            targets=(f"sign-{kind}",),
            group="Save",
        )
    if verb == "swap":
        old, new = str(action[1]), str(action[2])
        return Choice(
            text,
            f"Swap the {old} on your shelf for a {new} from the sign",
            targets=(f"s{me}-shelf-{old}", f"sign-{new}"),
            group="Save",
        )
    if verb == "play":
        kind = str(action[1])
        return Choice(
            text,
            f"Play {TIP_TITLE[kind]}",
            cost=f"the card (${TIP_VALUES[TIP_KINDS.index(kind)]} at the end)",
            targets=(f"s{me}-tip-{kind}",),
            group="Play a tip",
        )
    if verb == "target":
        q = int(action[1])
        tip = view["tip_to_give"]
        word = "Share" if tip == "buy" else "Give"
        verb_text = (
            f"{word} {TIP_TITLE[tip]} with" if tip == "buy" else f"{word} {TIP_TITLE[tip]} to"
        )
        return Choice(
            text,
            f"{verb_text} {names[q]}",
            targets=(f"s{q}-score",),
            group="Choose a rival",
        )
    if verb == "drink":
        glass = str(action[1])
        return Choice(
            text,
            f"Let the spill land on {_owner(view, names, current)} {GLASS_TITLE[glass]} "
            f"({_recipe_on(view, current, glass)})",
            targets=(f"s{current}-{glass}",),
            group="Choose the drink",
        )
    if verb == "flip":
        d = int(action[1])
        value = view["dice"][d - 1]
        return Choice(
            text,
            f"Turn die {d} from {value} to {7 - value}",
            cost="1 ingredient from a glass",
            targets=(f"die-{d}",),
            group="Roll",
        )
    if verb == "draft":
        total = sum(view["dice"])
        return Choice(
            text,
            f"Draft {total} marbles from the bag",
            gain=f"{total} marbles",
            targets=("die-1", "die-2", "bag-total"),
            group="Roll",
        )
    if verb == "take":
        return Choice(text, "Take the bowl as it is", group="Shake it Up")
    if verb == "order":
        if action[1] == "all":
            return Choice(
                text,
                "Take an order of all four glasses",
                targets=tuple(f"deck-{g}" for g in GLASS_NAMES),
                group="Take an order",
            )
        left = str(action[2])
        return Choice(
            text,
            f"Take an order of three glasses, without the {GLASS_TITLE[left]}",
            targets=tuple(f"deck-{g}" for g in GLASS_NAMES if g != left),
            group="Take an order",
        )
    return Choice(text, _DONE_LABEL.get(view["phase"], "Finish this step"), group="Finish")


_DONE_LABEL = {
    "place": "Stop placing",
    "save": "Save nothing more",
    "tips": "End your turn",
}


# ----------------------------------------------------------------- prompt and status

_PLACING = {
    "bowl": ("Place the bowl's ingredients on your recipes", "Step 5: Select & place"),
    "gold": ("Pick ingredients from the bag onto your recipes", "Gold marble"),
    "tip": ("Place the marbles your tip card drew", "Tip card"),
    "bought": ("Place the marbles you bought", "Buy a Drink"),
    "gift": ("Place the marble bought for you", "Buy a Drink"),
    "extras": ("Place your extra ingredients on the new order", "When completing an order"),
    "leftovers": (
        "Place the bowl's unused ingredients on the new order",
        "When completing an order",
    ),
}


def _prompt(view: Mapping[str, Any], names: Sequence[str]) -> Prompt:
    phase = view["phase"]
    if phase == "place":
        text, source = _PLACING[view["placing"]]
        return Prompt(text, source)
    if phase in ("drink", "remove"):
        cause = view["removing_for"] or ""
        if cause.startswith("die"):
            return Prompt(f"Remove an ingredient from a glass to turn {cause}", "Step 2: Roll")
        if cause == "Weak Drink":
            left = view["removals_left"]
            return Prompt(
                f"Remove {left} ingredient{'s' * (left != 1)} from "
                f"{names[view['turn']]}'s glasses or shelf",
                "Weak Drink complaint",
            )
        if phase == "drink":
            return Prompt("Choose the drink the spill lands on", f"Spill card {cause}")
        return Prompt("Choose the ingredient the spill takes", f"Spill card {cause}")
    if phase == "target":
        tip = TIP_TITLE[view["tip_to_give"]]
        return Prompt(f"Choose the rival for {tip}", f"Tip card {tip}")
    if phase == "tips" and view["picks"]:
        return Prompt(
            f"Play tip cards or take your {view['picks']} picks from the bag, then end the turn",
            "Step 8: Tip cards",
        )
    if phase == "mix":
        return Prompt(f"Put a marble into jigger bowl {view['next_bowl']}", "Step 4: Mix")
    return Prompt(*_PROMPTS[phase])


_PROMPTS = {
    "order": ("Take an order: a recipe for 3 or 4 of the glasses", "Drink orders"),
    "roll": ("Draft marbles, or first turn a die to its opposite face", "Step 2: Roll"),
    "start": ("Choose the jigger bowl to start mixing at", "Step 4: Mix"),
    "select": ("Take the marbles of one jigger bowl", "Step 5: Select & place"),
    "shake": ("Take the bowl as it is, or shake it up", "Shake it Up"),
    "keep": ("Keep two of the bowl's ingredients", "Shots! Shots! complaint"),
    "save": ("Save up to 3 extra ingredients on your shelf", "Step 6: Save"),
    "tips": ("Play tip cards, or end the turn", "Step 8: Tip cards"),
}

_STEP_WORDS = {
    "setup": "taking orders",
    "complaints": "complaints",
    "roll": "rolling",
    "mix": "mixing",
    "select": "choosing a bowl",
    "place": "placing",
    "save": "saving",
    "resolve": "resolving",
    "tips": "tip cards",
    "end": "end of the turn",
    "new order": "a new order",
    "over": "over",
}


def _status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    if view["phase"] == "none" and not view["to_move"]:
        return f"Round {view['round']} · The night is over"
    viewer = view.get("viewer")
    current = view["turn"]
    whose = "Your turn" if current == viewer else f"{names[current]}'s turn"
    if view["step"] == "setup":
        return f"Before the first round · {whose_turn(view, names)}: taking orders"
    doing = _STEP_WORDS[view["step"]]
    movers = list(view["to_move"])
    if movers and movers != [current]:
        doing += f" · {seat_label(names, movers[0], viewer)} to choose"
    last = ""
    if view["last_call"] >= 0:
        last = f" · Last Call by {seat_label(names, view['last_call'], viewer)}"
    return f"Round {view['round']} · {whose}: {doing}{last}"


# ----------------------------------------------------------------- the table


def present_table(
    game: Any, view: Mapping[str, Any], actions: tuple[Action, ...], names: tuple[str, ...]
) -> Table:
    """The whole table for one seat (or a spectator), from its view alone."""
    zones = [
        *_bowl_zones(view),
        _mixing_zone(view),
        _bag_zone(view),
        _sign_zone(view, names),
        *_seat_zones(view, names),
        *_pile_zones(view),
    ]
    choices = tuple(_choice(view, names, a) for a in actions)
    over = not view["to_move"]
    if over:
        standings = final_standings(view, names, _SOURCES)
    else:
        standings = tuple(
            Standing(
                name=names[s["seat"]],
                score=s["score"],
                seat=s["seat"],
                detail=f"{len(s['completed'])} recipes completed",
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


_SOURCES = {
    "completed recipes": "Completed recipes",
    "unused tips": "Unused tips",
    "bonus coins": "Bonus coin",
    "incomplete recipes": "Unfinished recipes, $2 each",
}


def glossary() -> dict[str, str]:
    """Every recipe, tip and spill card by name with its text, every marble, and the terms."""
    coins = ", ".join(
        f"{n} players: " + ", ".join(f"${c}" for c in coins) for n, coins in BONUS_COINS.items()
    )
    terms = {
        "Jigger bowl": "One of the bowls round the coaster; each turn you take all of one bowl.",
        "Shaker bag": "Holds every marble not on the table; drafts draw from it at random.",
        "On The Rocks sign": "Where your drafted and selected marbles wait before they are placed.",
        "Extra ingredient shelf": (
            "Up to 3 marbles kept for later turns; safe from spills; no gold or spill marbles."
        ),
        "Order": "A recipe for 3 or 4 of your glasses; finishing them all earns a lemon.",
        "Lemon": "A marker for each full order completed.",
        "Last Call": (
            "Called by the first player to finish every order: everyone else has one more turn."
        ),
        "Bonus coin": f"Paid at the end to the first players to finish their orders ({coins}).",
        "Complaint": "A pass tip card given to you, resolved at the start of your turn.",
        "Pick": "An ingredient of your choice taken from the bag straight onto a recipe.",
        "Turning a die": (
            "After the roll, pay one ingredient from a glass to turn a die to its opposite face."
        ),
        "Score": (
            "Completed recipes, plus tips never used, plus bonus coins, less $2 for each "
            "unfinished recipe; ties go to the most recipes completed."
        ),
    }
    marbles = {MARBLE_NAME[k]: MARBLE_TEXT[k] for k in KIND_NAMES}
    tips = {
        TIP_TITLE[k]: f"{TIP_TEXT[k]} ({TIP_COUNTS[i]} in the deck.)"
        for i, k in enumerate(TIP_KINDS)
    }
    recipes = {f"{name} (recipe)": text for name, text in RECIPE_TEXT.items()}
    return terms | marbles | tips | dict(SPILL_TEXT) | recipes
