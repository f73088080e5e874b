"""Distilled's table as a person sees it, drawn from one seat's view and its choices.

Only the view, the seat's own legal actions, the seats' names and the content files are
read, so nothing the view hides can show. Component ids name the thing and its place
(``row-ingredient-rye``, ``s1-pantry-grain``), so they stay the same while the card stays
where it is, even when the cards beside it shift.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
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
from lastcall.games.distilled import actions as act
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.texts import (
    ALCOHOL_TEXT,
    AWARD_TEXT,
    AWARDS,
    BARREL_FULL_TEXT,
    BARREL_NAME,
    BARRELS,
    BASIC_NAMES,
    BASIC_TEXT,
    BOTTLE_FULL_TEXT,
    BOTTLE_NAME,
    BOTTLES,
    CARD_NAME,
    CARD_TEXT,
    DISTILLER_TEXT,
    DISTILLERS,
    GOAL_TEXT,
    GOALS,
    INGREDIENT_TEXT,
    INGREDIENTS,
    ITEM_NAME,
    ITEM_TEXT,
    RECIPE_NAME,
    RECIPE_TEXT,
    RECIPES,
    REGION_WORDS,
    SIGNATURE_INGREDIENT_TEXT,
    SIGNATURES,
    SOURCE_WORDS,
    SPACE_NAMES,
    SPACE_WORDS,
    UPGRADE_TEXT,
    UPGRADES,
)

_C = CONTENT
RULES = _C.rules
UPGRADE_KEYS = tuple(u.key for u in _C.upgrades)
BASIC = {b.key: b for b in _C.basic}
SUGAR_COLOUR = {"grain": "yellow", "plant": "green", "fruit": "red"}
CARD_COLOUR = {
    **{b.key: SUGAR_COLOUR.get(b.kind, "blue") for b in _C.basic[:5]},
    "alcohol": "white",
    **{i.key: SUGAR_COLOUR.get(i.kind, "blue") for i in _C.ingredients},
    **{d.ingredient: SUGAR_COLOUR[d.sugar] for d in _C.distillers},
}
TIER_COLOUR = {"base": "white", "bronze": "bronze", "silver": "silver", "gold": "gold"}
PHASE_WORDS = {
    "setup": "Setup",
    "ability": "Start of the round",
    "market": "Market phase",
    "peek": "Market phase",
    "peeked": "Market phase",
    "replace": "Market phase",
    "trade": "Distillation phase",
    "trade_for": "Distillation phase",
    "vat": "Distillation phase",
    "make": "Distillation phase",
    "barrel": "Distillation phase",
    "sales": "Sales phase",
    "bottle": "Sales phase",
    "bonus": "Sales phase",
    "bonus_pick": "Sales phase",
    "claim": "Sales phase",
    "tasting": "Between rounds",
    "over": "The end",
}
ROW_NAMES = {"upgrade": "Upgrade row", "ingredient": "Ingredient row", "item": "Item row"}
DECK_NAMES = {"upgrade": "Upgrade deck", "ingredient": "Ingredient deck", "item": "Item deck"}
ROW_TEXT = {
    "upgrade": UPGRADE_TEXT,
    "ingredient": INGREDIENT_TEXT,
    "item": ITEM_TEXT,
}
ROW_CARD_NAME = {
    "upgrade": {u.key: u.name for u in _C.upgrades},
    "ingredient": {i.key: i.name for i in _C.ingredients},
    "item": ITEM_NAME,
}
DECK_TEXT = {
    row: (
        f"Face-down {row} cards. A new one comes into the row, at the left, whenever a card "
        "is bought; a basic water reveals the top one."
    )
    for row in act.ROWS
}
FLAVOUR_DECK_TEXT = (
    "Face-down flavour cards: each ageing phase puts one under every spirit in a warehouse, "
    "unseen until the sale."
)
SPACE_TEXT = {s: f"{SPACE_NAMES[s]}: {SPACE_WORDS[s]}." for s in RULES.label_spaces}
SPACE_KEYS = RULES.label_spaces


def _present_recipe_text(key: str, left: int) -> str:
    return f"{RECIPE_TEXT[key]} Labels left: {left}."


def _possessive(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """``Your`` for the viewer, ``Alice's`` for another seat."""
    return "Your" if seat == viewer else f"{seat_label(names, seat, viewer)}'s"


def _ids(prefix: str, keys: Iterable[str]) -> list[str]:
    """Ids by content: the first copy of a card ``prefix-key``, the next ``prefix-key-2``."""
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        n = seen[key] = seen.get(key, 0) + 1
        out.append(f"{prefix}-{key}" if n == 1 else f"{prefix}-{key}-{n}")
    return out


def _grouped(keys: Iterable[str]) -> list[tuple[str, int]]:
    """Cards by key with their counts, in the order they first come."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return list(counts.items())


def _card_list(keys: Iterable[str]) -> str:
    named = [CARD_NAME[k] for k in keys]
    return ", ".join(named) if named else "no card"


def _spirit_text(spirit: Mapping[str, Any], new: bool) -> str:
    recipe = spirit["recipe"]
    flavours = spirit["flavours"]
    parts = [
        f"{RECIPE_NAME[recipe]} in the {BARREL_NAME[spirit['barrel']].lower()}",
        f"cards: {_card_list(spirit['cards'])}",
    ]
    if not new:
        parts.append(
            f"aged {spirit['stored']} round{'s' if spirit['stored'] != 1 else ''} "
            f"with {flavours} flavour card{'s' if flavours != 1 else ''} (unseen)"
        )
    parts.append("with its label" if spirit["label"] else "no label")
    return "; ".join(parts) + ". " + RECIPE_TEXT[recipe]


class _Prices:
    """What a seat pays now for each purchase: printed costs less its discounts.

    Every upgrade's discount counts on every purchase of its kind; the distiller's once a
    market phase (the view says whether it was used).
    """

    def __init__(self, seat: Mapping[str, Any]) -> None:
        self.off: Counter[str] = Counter()
        for key in seat["upgrades"]:
            u = UPGRADES[key]
            if u.effect == "discount":
                self.off[u.when] += u.amount
        self.own_kind = ""
        self.own = 0
        d = seat["distiller"]
        if d is not None and not seat.get("discount_used", False):
            spec = DISTILLERS[d]
            self.own_kind = spec.ability
            self.own = spec.amount

    def _own(self, *kinds: str) -> int:
        return self.own if self.own_kind in kinds else 0

    def basic(self, key: str) -> int:
        spec = BASIC[key]
        cost = spec.cost - self.off["basic"]
        kinds = (
            ("basic_discount", "barrel_discount")
            if spec.kind in ("clay", "wood")
            else ("basic_discount",)
        )
        return max(0, cost - self._own(*kinds))

    def row(self, row: str, key: str) -> int:
        if row == "upgrade":
            return max(0, UPGRADES[key].cost - self.off["upgrade"] - self._own("upgrade_discount"))
        if row == "ingredient":
            cost = INGREDIENTS[key].cost
            return max(0, cost - self.off["ingredient"] - self._own("ingredient_discount"))
        if key in BOTTLES:
            return max(0, BOTTLES[key].cost - self.off["item"] - self._own("bottle_discount"))
        cost = BARRELS[key].cost
        return max(0, cost - self.off["item"] - self._own("barrel_discount"))

    def recipe(self, key: str) -> int:
        return max(0, RULES.recipe_cost[RECIPES[key].tier] - self.off["recipe"])


class _Board:
    """One table being drawn: the view, the names, and the ids already given out."""

    def __init__(
        self, view: Mapping[str, Any], actions: tuple[Action, ...], names: Sequence[str]
    ) -> None:
        self.view = view
        self.actions = actions
        self.names = names
        self.viewer: int | None = view["viewer"]
        self.phase: str = view["phase"]
        self.seats: list[Mapping[str, Any]] = view["seats"]
        self.row_ids = {row: _ids(f"row-{row}", view["rows"][row]) for row in act.ROWS}
        self.revealed_ids = _ids("revealed", view["peeked"]) if self.phase == "peeked" else []

    # ------------------------------------------------------------- zones

    def zones(self) -> tuple[Zone, ...]:
        out = [self.supply(), self.basic_market(), *self.rows(), self.piles()]
        if self.revealed_ids:
            out.append(self.revealed())
        out += [self.recipes(), self.awards()]
        order = sorted(range(len(self.seats)), key=lambda q: (q != self.viewer, q))
        for q in order:
            out += self.seat_zones(q)
        return tuple(out)

    def supply(self) -> Zone:
        view = self.view
        first = view["first"]
        components = [
            counter(
                "round",
                "Round",
                f"{view['round']} of {RULES.rounds}",
                text=f"The game lasts {RULES.rounds} rounds of market, distillation, sales "
                "and ageing.",
            ),
            Component(
                "first-player",
                "token",
                "First-player token",
                text=f"{seat_label(self.names, first, self.viewer)} "
                f"{'hold' if first == self.viewer else 'holds'} it this round: first to buy, "
                "trade, make and sell. It passes on after the round.",
                at=f"seat-{first}",
            ),
            counter("alcohol", "Alcohol cards", view["alcohol"], text=ALCOHOL_TEXT),
            backs("flavour-deck", "Flavour deck", view["flavour_deck"], FLAVOUR_DECK_TEXT),
        ]
        spent = view["flavour_discard"]
        if spent:
            components.append(
                Component(
                    "flavour-discard",
                    "card",
                    "Flavour discard pile",
                    text="Flavour cards of spirits sold: "
                    + ", ".join(f"${m}" for m in spent)
                    + ".",
                    count=len(spent),
                )
            )
        return Zone("supply", "supply", "Round and supplies", tuple(components))

    def basic_market(self) -> Zone:
        components = tuple(
            Component(
                f"basic-{key}",
                "card",
                BASIC_NAMES[key],
                text=BASIC_TEXT[key],
                key=f"card:{key}",
                value=count,
                count=count,
                colour=CARD_COLOUR.get(key, "umber"),
            )
            for key, count in self.view["basic"].items()
        )
        return Zone(
            "basic",
            "market",
            "Basic market",
            components,
            text=f"At most {RULES.basic_buys} basic cards a market phase.",
        )

    def rows(self) -> list[Zone]:
        out = []
        for row in act.ROWS:
            keys = self.view["rows"][row]
            components = tuple(
                Component(
                    cid,
                    "card",
                    ROW_CARD_NAME[row][key],
                    text=ROW_TEXT[row][key],
                    key=f"{row}:{key}",
                    colour=CARD_COLOUR.get(key, ""),
                )
                for cid, key in zip(self.row_ids[row], keys, strict=True)
            )
            out.append(
                Zone(
                    f"row-{row}",
                    "market",
                    ROW_NAMES[row],
                    components,
                    text="Leftmost first; the rightmost card leaves at the end of the market "
                    "phase.",
                )
            )
        return out

    def piles(self) -> Zone:
        view = self.view
        components: list[Component] = []
        for row in act.ROWS:
            components.append(
                backs(f"deck-{row}", DECK_NAMES[row], view["decks"][row], DECK_TEXT[row])
            )
            for key, count in _grouped(view["discards"][row]):
                components.append(
                    Component(
                        f"discard-{row}-{key}",
                        "card",
                        ROW_CARD_NAME[row][key],
                        text=ROW_TEXT[row][key],
                        key=f"{row}:{key}",
                        count=count,
                        tags=("discarded",),
                    )
                )
        return Zone(
            "piles",
            "pile",
            "Premium decks and discard piles",
            tuple(components),
            text="A deck that runs out shuffles its discard pile into a new deck.",
        )

    def revealed(self) -> Zone:
        row = self.view["peek_row"]
        components = tuple(
            Component(
                cid,
                "card",
                ROW_CARD_NAME[row][key],
                text=ROW_TEXT[row][key],
                key=f"{row}:{key}",
            )
            for cid, key in zip(self.revealed_ids, self.view["peeked"], strict=True)
        )
        return Zone(
            "revealed",
            "market",
            f"Revealed from the {row} deck",
            components,
            text="Bought now, or discarded.",
        )

    def recipes(self) -> Zone:
        view = self.view
        left = view["labels_left"]
        components = []
        for key in ("moonshine", "vodka", *view["flight"]):
            r = RECIPES[key]
            components.append(
                Component(
                    f"recipe-{key}",
                    "card",
                    r.name,
                    text=_present_recipe_text(key, left[key]),
                    key=f"recipe:{key}",
                    value=left[key],
                    colour=TIER_COLOUR[r.tier],
                    tags=(r.tier,),
                )
            )
        return Zone(
            "recipes",
            "market",
            "Recipes: moonshine, vodka and the tasting flight",
            tuple(components),
            text="Moonshine and vodka need no recipe cube; the others are learnt in the market.",
        )

    def awards(self) -> Zone:
        view = self.view
        components = [
            Component(
                f"award-{key}",
                "tile",
                AWARDS[key].name,
                text=AWARD_TEXT[key],
                key=f"award:{key}",
                value=AWARDS[key].vp,
            )
            for key in view["awards"]
        ]
        for key, seat, vp in view["claimed"]:
            who = seat_label(self.names, seat, self.viewer)
            components.append(
                Component(
                    f"award-{key}-s{seat}",
                    "tile",
                    AWARDS[key].name,
                    text=f"{AWARD_TEXT[key]} Scored by {who}: {vp} VP.",
                    key=f"award:{key}",
                    value=vp,
                    tags=("scored",),
                    at=f"seat-{seat}",
                )
            )
        return Zone("awards", "board", "Spirit awards", tuple(components), layout="grid")

    # ------------------------------------------------------------- a seat

    def seat_zones(self, q: int) -> list[Zone]:
        seat = self.seats[q]
        whose = _possessive(self.names, q, self.viewer)
        setup = self.phase == "setup"
        marks = []
        if q == self.view["first"]:
            marks.append("First player")
        if self.phase in ("market", "peek", "peeked", "replace") and seat["passed"]:
            marks.append("Passed for this market phase")
        if self.phase in ("sales", "bottle", "bonus", "bonus_pick", "claim") and seat["done"]:
            marks.append("Done selling this round")
        d = seat["distiller"]
        if d is not None:
            marks.insert(0, f"{DISTILLERS[d].name}, of {REGION_WORDS[DISTILLERS[d].region]}")
        return [
            Zone(
                f"seat-{q}",
                "seat",
                f"{whose} distillery",
                self.distillery(q, seat),
                owner=q,
                text=". ".join(marks) + "." if marks else "",
                layout="grid",
            ),
            Zone(
                f"pantry-{q}",
                "seat",
                f"{whose} pantry, back room and shelf",
                self.pantry(q, seat),
                owner=q,
            ),
            Zone(
                f"still-{q}",
                "seat",
                f"{whose} still and warehouse",
                self.still(q, seat),
                owner=q,
                text=self.still_text(q, seat),
            ),
            Zone(
                f"goals-{q}",
                "hand",
                f"{whose} dealt distillers and goals" if setup else f"{whose} goals",
                self.goals(q, seat),
                owner=q,
            ),
        ]

    def distillery(self, q: int, seat: Mapping[str, Any]) -> tuple[Component, ...]:
        out = [
            counter(f"s{q}-money", "Money", seat["money"], text="Coins, $6 = 1 VP at the end."),
            counter(f"s{q}-vp", "VP", seat["vp"], text="Victory points scored so far."),
        ]
        d = seat["distiller"]
        if d is None:
            out.append(
                backs(
                    f"s{q}-distiller",
                    "Distiller",
                    1,
                    "Kept in secret from the two dealt; revealed when every player has chosen.",
                )
            )
        else:
            spec = DISTILLERS[d]
            out.append(
                Component(
                    f"s{q}-distiller",
                    "card",
                    spec.name,
                    text=DISTILLER_TEXT[d],
                    key=f"distiller:{d}",
                )
            )
            signature = f"{d}-signature"
            taken = "Label: already taken." if seat["signature_label"] else "Label: not yet taken."
            out.append(
                Component(
                    f"s{q}-signature",
                    "card",
                    spec.spirit,
                    text=f"{RECIPE_TEXT[signature]} {taken}",
                    key=f"recipe:{signature}",
                    tags=("signature",),
                )
            )
            if seat["signature_home"]:
                out.append(
                    Component(
                        f"s{q}-signature-ingredient",
                        "card",
                        spec.ingredient_name,
                        text=SIGNATURE_INGREDIENT_TEXT[spec.ingredient],
                        key=f"card:{spec.ingredient}",
                        colour=SUGAR_COLOUR[spec.sugar],
                        tags=("on the distiller card",),
                    )
                )
        out.extend(
            Component(
                f"s{q}-upgrade-{key}",
                "card",
                UPGRADES[key].name,
                text=UPGRADE_TEXT[key],
                key=f"upgrade:{key}",
                tags=(UPGRADES[key].family,),
            )
            for key in seat["upgrades"]
        )
        out.append(
            counter(
                f"s{q}-upgrade-slots",
                "Upgrade slots",
                f"{len(seat['upgrades'])} of {RULES.upgrade_slots}",
                text="A new upgrade with every slot full replaces one.",
            )
        )
        for key in seat["recipes"]:
            if RECIPES[key].tier == "base":
                continue
            out.append(
                Component(
                    f"s{q}-cube-{key}",
                    "token",
                    f"{RECIPES[key].name} recipe cube",
                    text=f"Marks {RECIPES[key].name} as known. {RECIPE_TEXT[key]}",
                    key=f"recipe:{key}",
                    colour=TIER_COLOUR[RECIPES[key].tier],
                )
            )
        for cid, key in zip(_ids(f"s{q}-label", seat["labels"]), seat["labels"], strict=True):
            out.append(
                Component(
                    cid,
                    "token",
                    f"{RECIPE_NAME[key]} label",
                    text=f"Taken when making {RECIPE_NAME[key]}. {RECIPE_TEXT[key]}",
                    key=f"recipe:{key}",
                    tags=("label",),
                )
            )
        used = set(seat["spaces"])
        for space in SPACE_KEYS:
            filled = space in used
            out.append(
                Component(
                    f"s{q}-space-{space}",
                    "space",
                    SPACE_NAMES[space],
                    text=SPACE_TEXT[space] + (" Used." if filled else " Free."),
                    value="used" if filled else "free",
                    tags=("used",) if filled else (),
                )
            )
        return tuple(out)

    def pantry(self, q: int, seat: Mapping[str, Any]) -> tuple[Component, ...]:
        pantry = list(seat["pantry"])
        if "vat" in seat:
            for key in (*seat["vat"], *seat["kept_out"]):
                pantry.remove(key)
        out = [
            Component(
                f"s{q}-pantry-{key}",
                "card",
                CARD_NAME[key],
                text=CARD_TEXT[key],
                key=f"card:{key}",
                value=count,
                count=count,
                colour=CARD_COLOUR[key],
            )
            for key, count in _grouped(pantry)
        ]
        for field, part, names, texts, kind, tag in (
            ("barrels", "barrel", BARREL_NAME, BARREL_FULL_TEXT, "barrel", "back room"),
            ("bottles", "bottle", BOTTLE_NAME, BOTTLE_FULL_TEXT, "bottle", "in hand"),
            ("shelf", "shelf", BOTTLE_NAME, BOTTLE_FULL_TEXT, "bottle", "shelf"),
        ):
            out.extend(
                Component(
                    f"s{q}-{part}-{key}",
                    "card",
                    names[key],
                    text=texts[key],
                    key=f"{kind}:{key}",
                    count=count,
                    tags=(tag,),
                )
                for key, count in _grouped(seat[field])
            )
        return tuple(out)

    def still_text(self, q: int, seat: Mapping[str, Any]) -> str:
        if self.phase != "vat":
            return ""
        if "vat" in seat:
            return "Your vat, seen by nobody else until every vat is sealed."
        if q in self.view["to_move"]:
            return "Filling the vat in secret."
        return "The vat is sealed."

    def still(self, q: int, seat: Mapping[str, Any]) -> tuple[Component, ...]:
        out: list[Component] = []
        for place, name, keys in (
            ("vat", "in the vat", seat.get("vat", ())),
            ("out", "kept out of the vat", seat.get("kept_out", ())),
            ("result", "distilled", seat["result"]),
        ):
            for key, count in _grouped(keys):
                out.append(
                    Component(
                        f"s{q}-{place}-{key}",
                        "card",
                        CARD_NAME[key],
                        text=CARD_TEXT[key],
                        key=f"card:{key}",
                        value=count,
                        count=count,
                        colour=CARD_COLOUR[key],
                        tags=(name,),
                    )
                )
        made = seat["made"]
        if made is not None:
            out.append(
                Component(
                    f"s{q}-new-spirit",
                    "card",
                    f"New {RECIPE_NAME[made['recipe']]}",
                    text=_spirit_text(made, new=True),
                    key=f"recipe:{made['recipe']}",
                    tags=("new spirit",),
                )
            )
        stored = seat["warehouse"]
        for cid, spirit in zip(
            _ids(f"s{q}-spirit", [s["recipe"] for s in stored]), stored, strict=True
        ):
            out.append(
                Component(
                    cid,
                    "card",
                    RECIPE_NAME[spirit["recipe"]],
                    text=_spirit_text(spirit, new=False),
                    key=f"recipe:{spirit['recipe']}",
                    value=spirit["flavours"],
                    tags=("warehouse",),
                )
            )
        out.append(
            counter(
                f"s{q}-warehouse",
                "Warehouse places",
                f"{len(stored)} of {seat['capacity']}",
                text="Spirits ageing; each gets a face-down flavour card every ageing phase.",
            )
        )
        return tuple(out)

    def goals(self, q: int, seat: Mapping[str, Any]) -> tuple[Component, ...]:
        if "dealt" in seat:
            dealt = [
                Component(
                    f"s{q}-dealt-{key}",
                    "card",
                    DISTILLERS[key].name,
                    text=DISTILLER_TEXT[key],
                    key=f"distiller:{key}",
                    tags=("kept",) if seat["kept"] == key else ("dealt",),
                )
                for key in seat["dealt"]
            ]
            return (
                *dealt,
                *(
                    self.goal(q, key, ("discarded",) if seat["dropped"] == key else ("dealt",))
                    for key in seat["dealt_goals"]
                ),
            )
        if "goals" in seat:
            return tuple(self.goal(q, key, ()) for key in seat["goals"])
        if self.phase == "setup":
            return (
                backs(
                    f"s{q}-dealt-distillers",
                    "Distillers dealt",
                    RULES.distillers_dealt,
                    "Two distillers dealt face down: one is kept in secret.",
                ),
                backs(
                    f"s{q}-dealt-goals",
                    "Distillery goals dealt",
                    RULES.goals_dealt,
                    "Three goals dealt face down: one is discarded in secret.",
                ),
            )
        return (
            backs(
                f"s{q}-goals",
                "Distillery goals",
                RULES.goals_kept,
                "Secret until the end of the game.",
            ),
        )

    @staticmethod
    def goal(q: int, key: str, tags: tuple[str, ...]) -> Component:
        return Component(
            f"s{q}-goal-{key}",
            "card",
            GOALS[key].name,
            text=GOAL_TEXT[key],
            key=f"goal:{key}",
            value=GOALS[key].vp,
            tags=tags,
        )

    # ------------------------------------------------------------- choices

    def seat_of_viewer(self) -> Mapping[str, Any]:
        assert self.viewer is not None
        return self.seats[self.viewer]

    def choices(self) -> tuple[Choice, ...]:
        if not self.actions:
            return ()
        words = _Words(self)
        return tuple(words.choice(a) for a in self.actions)

    def prompt(self) -> Prompt | None:
        if not self.actions:
            return None
        return _prompt(self)

    def standings(self) -> tuple[Standing, ...]:
        if self.view.get("final"):
            return final_standings(self.view, self.names, SOURCE_WORDS)
        return tuple(
            Standing(
                name=seat_label(self.names, s["seat"], None),
                score=s["vp"],
                seat=s["seat"],
                detail=f"${s['money']}, {len(s['labels'])} labels",
            )
            for s in self.seats
        )


def _peek_source(board: _Board) -> str:
    """Who reveals: Fang Xin's start-of-round ability, or a basic water bought now."""
    seat = board.seats[board.view["current"]]
    if seat["basic_bought"] == 0 and seat["distiller"] is not None:
        return f"Ability of {DISTILLERS[seat['distiller']].name}"
    return "Bonus of the basic water"


def _prompt(board: _Board) -> Prompt:
    phase = board.phase
    seat = board.seat_of_viewer()
    view = board.view
    d = seat["distiller"]
    distiller = DISTILLERS[d].name if d is not None else ""
    if phase == "setup":
        if seat.get("kept") is None:
            return Prompt("Keep one of the two distillers dealt to you", "Setup")
        return Prompt("Discard one of the three distillery goals dealt to you", "Setup")
    if phase == "ability":
        return Prompt("Take a basic yeast or water for free", f"Ability of {distiller}")
    if phase == "market":
        return Prompt("Make one purchase, or pass for the rest of the market phase", "Market phase")
    if phase == "peek":
        return Prompt("Choose a premium deck to reveal from, or decline", _peek_source(board))
    if phase == "peeked":
        return Prompt(
            f"Buy a card revealed from the {view['peek_row']} deck, or let it go to the "
            "discard pile",
            _peek_source(board),
        )
    if phase == "replace":
        new = UPGRADES[UPGRADE_KEYS[view["pending"]]].name
        return Prompt(
            f"Your upgrade slots are full: choose the upgrade {new} replaces", "Upgrade slots"
        )
    if phase == "trade":
        return Prompt(
            "Trade one pantry card for a basic card of equal or lower cost, or skip",
            "Start of the distillation phase",
        )
    if phase == "trade_for":
        card = CARD_NAME[act.CARD_KEYS[view["pending"]]]
        return Prompt(f"Choose the basic card you take for the {card}", "Trade")
    if phase == "vat":
        return Prompt(
            "Seal your vat: add or keep each pantry card", "Distillation phase, in secret"
        )
    if phase == "make":
        return Prompt("Choose the spirit your result makes", "Distillation result")
    if phase == "barrel":
        spirit = RECIPE_NAME[act.RECIPE_KEYS[view["pending"]]]
        return Prompt(f"Choose the barrel for the {spirit}", f"Recipe of {spirit}")
    if phase == "sales":
        return Prompt("Sell one spirit, or sell nothing more this round", "Sales phase")
    if phase == "bottle":
        return Prompt("Choose the bottle to sell it in", "Sale")
    if phase == "bonus":
        return Prompt("Place the label on a free bonus space", "Label of the spirit sold")
    if phase == "bonus_pick":
        space = SPACE_KEYS[view["pending"]]
        return Prompt(f"Choose {SPACE_WORDS[space]}", f"Label bonus: {SPACE_NAMES[space]}")
    if phase == "claim":
        return Prompt("Take a premium ingredient from the discard pile", "Label bonus: Swap space")
    return Prompt(
        f"Spend up to {RULES.tasting_most_vp} VP for $1 each, or none",
        "Tasting: you sold nothing this round",
    )


class _Words:
    """Each legal action of the viewer in words, with its price, gain and targets."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        self.view = board.view
        self.phase = board.phase
        self.q = board.viewer
        self.seat = board.seat_of_viewer()
        self.prices = _Prices(self.seat)

    def choice(self, action: Action) -> Choice:
        verb = str(action[0])
        label, cost, gain, targets, group = getattr(self, f"_{verb}")(action)
        return Choice(str(action), label, cost, gain, tuple(targets), group)

    def _distiller(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        return f"Keep {DISTILLERS[key].name}", "", "", [f"s{self.q}-dealt-{key}"], "Distiller"

    def _drop(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        return (
            f"Discard the goal {GOALS[key].name}",
            "",
            "",
            [f"s{self.q}-goal-{key}"],
            "Discard a goal",
        )

    def _basic(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        name = BASIC_NAMES[key]
        target = [f"basic-{key}"]
        if self.phase == "ability":
            return f"Take {name} for free", "", "", target, "Free basic card"
        if self.phase == "trade_for":
            given = CARD_NAME[act.CARD_KEYS[self.view["pending"]]]
            return f"Take {name} for the {given}", "", "", target, "Trade"
        price = self.prices.basic(key)
        gain = {"yeast": "+$1", "water": "reveal a premium card"}.get(key, "")
        return f"Buy {name} for ${price}", f"${price}", gain, target, "Basic market"

    def _buy(self, a: Action) -> tuple[str, str, str, list[str], str]:
        row, slot = str(a[1]), int(a[2])
        key = self.view["rows"][row][slot]
        name = ROW_CARD_NAME[row][key]
        target = [self.board.row_ids[row][slot]]
        if self.phase == "bonus_pick":
            return f"Take {name} for free", "", "", target, "Label bonus"
        price = self.prices.row(row, key)
        label = f"Buy {name} for ${price}"
        if row == "upgrade" and len(self.seat["upgrades"]) >= RULES.upgrade_slots:
            label += ", replacing an upgrade"
        return label, f"${price}", "", target, ROW_NAMES[row]

    def _recipe(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        name = RECIPES[key].name
        target = [f"recipe-{key}"]
        if self.phase == "bonus_pick":
            return f"Learn {name} for free", "", "", target, "Label bonus"
        price = self.prices.recipe(key)
        return f"Learn {name} for ${price}", f"${price}", "", target, "Learn a recipe"

    def _pass(self, a: Action) -> tuple[str, str, str, list[str], str]:
        return "Pass for the rest of the market phase", "", "", [], "Pass"

    def _peek(self, a: Action) -> tuple[str, str, str, list[str], str]:
        row = str(a[1])
        many = "top 2 cards" if self.phase == "peek" and self._by_ability() else "top card"
        return f"Reveal the {many} of the {row} deck", "", "", [f"deck-{row}"], "Reveal"

    def _by_ability(self) -> bool:
        return bool(self.seat["basic_bought"] == 0)

    def _take(self, a: Action) -> tuple[str, str, str, list[str], str]:
        i = int(a[1])
        row = self.view["peek_row"]
        key = self.view["peeked"][i]
        price = self.prices.row(row, key)
        return (
            f"Buy the revealed {ROW_CARD_NAME[row][key]} for ${price}",
            f"${price}",
            "",
            [self.board.revealed_ids[i]],
            "Buy a revealed card",
        )

    def _decline(self, a: Action) -> tuple[str, str, str, list[str], str]:
        if self.phase == "peek":
            return "Reveal nothing", "", "", [], "Reveal"
        return "Buy nothing: the revealed cards go to the discard pile", "", "", [], "Decline"

    def _replace(self, a: Action) -> tuple[str, str, str, list[str], str]:
        slot = int(a[1])
        old = self.seat["upgrades"][slot]
        new = UPGRADE_KEYS[self.view["pending"]]
        return (
            f"Replace {UPGRADES[old].name} with {UPGRADES[new].name}",
            "",
            "",
            [f"s{self.q}-upgrade-{old}"],
            "Replace an upgrade",
        )

    def _trade(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        return (
            f"Trade {CARD_NAME[key]} for a basic card",
            CARD_NAME[key],
            "",
            [f"s{self.q}-pantry-{key}"],
            "Trade",
        )

    def _skip(self, a: Action) -> tuple[str, str, str, list[str], str]:
        return "Trade nothing", "", "", [], "Trade"

    def _vat(self, a: Action) -> tuple[str, str, str, list[str], str]:
        how, key = str(a[1]), str(a[2])
        target = [f"s{self.q}-pantry-{key}"]
        if how == "add":
            return f"Put {CARD_NAME[key]} in the vat", "", "", target, "Into the vat"
        return f"Keep {CARD_NAME[key]} out of the vat", "", "", target, "Out of the vat"

    def _make(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        name = RECIPE_NAME[key]
        if key in SIGNATURES:
            target = [f"s{self.q}-signature"]
            free = not self.seat["signature_label"]
        else:
            target = [f"recipe-{key}"]
            free = self.view["labels_left"][key] > 0
        label = f"Make {name}" + (" and take its label" if free else " (no label left)")
        return label, "", "a label" if free else "", target, "Make a spirit"

    def _barrel(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        return (
            f"Put it in the {BARREL_NAME[key].lower()}",
            "",
            "",
            [f"s{self.q}-barrel-{key}"],
            "Choose a barrel",
        )

    def _sell(self, a: Action) -> tuple[str, str, str, list[str], str]:
        i = int(a[1])
        if i == 0:
            made = self.seat["made"]
            return (
                f"Sell the new {RECIPE_NAME[made['recipe']]}",
                "",
                "",
                [f"s{self.q}-new-spirit"],
                "Sell a spirit",
            )
        stored = self.seat["warehouse"]
        spirit = stored[i - 1]
        cid = _ids(f"s{self.q}-spirit", [s["recipe"] for s in stored])[i - 1]
        flavours = spirit["flavours"]
        return (
            f"Sell the {RECIPE_NAME[spirit['recipe']]} from the warehouse "
            f"({flavours} flavour card{'s' if flavours != 1 else ''})",
            "",
            "",
            [cid],
            "Sell a spirit",
        )

    def _bottle(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        name = BOTTLE_NAME[key]
        return (
            f"Sell it in the {name if key == 'glass' else name + ' bottle'}",
            "",
            "",
            [f"s{self.q}-bottle-{key}"],
            "Choose a bottle",
        )

    def _bonus(self, a: Action) -> tuple[str, str, str, list[str], str]:
        space = str(a[1])
        gain = SPACE_WORDS[space]
        return (
            f"Place the label on the {SPACE_NAMES[space]}: {gain}",
            "",
            gain,
            [f"s{self.q}-space-{space}"],
            "Label bonus",
        )

    def _points(self, a: Action) -> tuple[str, str, str, list[str], str]:
        vp = RULES.upgrade_alternative_vp
        return f"Take {vp} VP instead of an upgrade", "", f"+{vp} VP", [], "Label bonus"

    def _swap(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        return (
            f"Give up {CARD_NAME[key]} for a premium ingredient of the discard pile",
            CARD_NAME[key],
            "",
            [f"s{self.q}-pantry-{key}"],
            "Label bonus",
        )

    def _claim(self, a: Action) -> tuple[str, str, str, list[str], str]:
        key = str(a[1])
        return (
            f"Take {CARD_NAME[key]} from the discard pile",
            "",
            CARD_NAME[key],
            [f"discard-ingredient-{key}"],
            "Label bonus",
        )

    def _done(self, a: Action) -> tuple[str, str, str, list[str], str]:
        return "Sell nothing more this round", "", "", [], "Done"

    def _taste(self, a: Action) -> tuple[str, str, str, list[str], str]:
        n = int(a[1])
        if n == 0:
            return "Hold no tasting", "", "", [], "Tasting"
        return f"Spend {n} VP for ${n}", f"{n} VP", f"+${n}", [f"s{self.q}-vp"], "Tasting"


def present_table(
    game: Any, view: Mapping[str, Any], actions: tuple[Action, ...], names: Sequence[str]
) -> Table:
    """The whole table for one seat (or a spectator) from its view and its legal actions."""
    board = _Board(view, actions, names)
    round_ = f"Round {view['round']} of {RULES.rounds}"
    status = f"{round_} · {PHASE_WORDS[board.phase]} · {whose_turn(view, names)}"
    if board.phase == "over":
        status = "The game is over"
    return Table(
        game=game.id,
        title=game.title,
        viewer=board.viewer,
        status=status,
        zones=board.zones(),
        choices=board.choices(),
        prompt=board.prompt(),
        standings=board.standings(),
        to_move=tuple(view["to_move"]),
        over=not view["to_move"],
        names=tuple(names),
    )
