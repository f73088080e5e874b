"""The Mix as a person sees it: boards, cards with their printed text, choices in words.

Everything here is drawn from one seat's view, its own legal actions and the
printed content; the words for every card, tile and space are built once at
import, so a table costs a few dictionary lookups per component.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lastcall.core import Action, Choice, Component, Prompt, Standing, Table, Zone
from lastcall.core.present import backs, counter, final_standings, seat_label, whose_turn
from lastcall.games.the_mix import actions as act
from lastcall.games.the_mix.content import CONTENT, Effect

if TYPE_CHECKING:
    from lastcall.core import Game

_C = CONTENT
RULES = _C.rules
COSTS = RULES.costs
SCORING = RULES.scoring

# ----------------------------------------------------------------- words for printed things

INGREDIENT_WORD = {
    i.key: ("other ingredient" if i.key == "other" else i.key) for i in _C.ingredients
}
"""An ingredient token in the singular, as a sentence says it ("a garnish")."""
INGREDIENT_NAME = {key: word[:1].upper() + word[1:] for key, word in INGREDIENT_WORD.items()}
INGREDIENT_A = {
    key: ("an " if word[0] in "aeiou" else "a ") + word for key, word in INGREDIENT_WORD.items()
}
INGREDIENT_PLURAL = {
    key: word + ("es" if word.endswith("sh") else "s") for key, word in INGREDIENT_WORD.items()
}
COLOUR = {i.key: i.colour for i in _C.ingredients}
TITLE = {i.key: i.title for i in _C.ingredients}


def _plural(n: int, noun: str, many: str = "") -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"


def effect_text(effect: Effect) -> str:
    """One printed reward as a noun: ``$2``, ``1 VP``, ``the money of 1 tip die rolled``."""
    n = effect.amount
    kind = effect.kind
    if kind == "money":
        return f"${n}"
    if kind == "vp":
        return f"{n} VP"
    if kind == "shaker":
        return _plural(n, "shaker")
    if kind == "store":
        return _plural(n, "ingredient") + " of your choice from the Store"
    if kind == "bar":
        return ("1 ingredient" if n == 1 else f"{n} different ingredients") + " from the Bar Supply"
    if kind == "tip_die":
        return _plural(n, "extra tip die", "extra tip dice")
    if kind == "roll_tip":
        return "the money of " + _plural(n, "tip die", "tip dice") + " rolled"
    if kind == "advance":
        return "a move of the technique die by up to " + _plural(n, "space")
    if kind == "increase":
        return f"+{n} on the technique die"
    if kind == "experience":
        return _plural(n, "experience tile")
    return ONCE_TEXT[kind]


ONCE_TEXT = {
    "technique_card": "take a technique card without a mixologist or a shaker",
    "cocktail": "prepare a cocktail whose glass is complete, without a mixologist or a shaker",
    "recall": "take back 1 mixologist already placed",
    "reserve_client": "reserve 1 client card of the Main Board: it stays yours until you take it",
    "double_tips": "the tip dice of your next cocktail are rolled twice and both rolls pay",
}
"""The once-per-game effects of the level-3 experience tiles."""


def effects_text(effects: Iterable[Effect]) -> str:
    return ", ".join(effect_text(e) for e in effects) or "nothing"


def gain_text(effects: Iterable[Effect]) -> str:
    """Rewards as a choice's gain: ``+$2, +1 VP``."""
    out = []
    for e in effects:
        if e.kind in ("money", "vp", "shaker"):
            out.append("+" + effect_text(e))
        else:
            out.append(effect_text(e))
    return ", ".join(out)


TRIGGER_TEXT = {
    "take_client": "Whenever you take a client card",
    "take_technique": "Whenever you acquire a technique card",
    "complete_client": "Whenever you complete a client card",
    "store_purchase": "Whenever you buy ingredients at the Store",
    "bar_setup": "At each of your Bar Setups",
    "refresh": "Whenever you refresh the clients or the Bar Supply",
}
TRIGGER_SHORT = {
    "take_client": "client taken",
    "take_technique": "technique card taken",
    "complete_client": "client completed",
    "store_purchase": "Store purchase",
}

CLIENT = {c.key: c for c in _C.clients}
TECH = {t.key: t for t in _C.techniques}
MIX = {m.key: m for m in _C.mixologists}
EXP = {t.key: t for t in _C.experience}
BAR_TILE = {t.key: t for t in _C.bar_spaces}
TRACK_TILE = {t.key: t for t in _C.clients_track.tiles}
COLLECTION = {c.key: c for c in _C.collections}
SOLO_CARD = {c.key: c for c in _C.solo.cards}
SOLO_SIDE = {s.name: s for s in _C.solo.sides}


def _recipe(key: str) -> str:
    counts = Counter(_C.ingredients[i].key for i in CLIENT[key].recipe)
    return ", ".join(
        f"{n} {INGREDIENT_PLURAL[k]}" if n > 1 else INGREDIENT_WORD[k] for k, n in counts.items()
    )


CLIENT_TEXT = {
    c.key: (
        f"Level {c.level} client; needs technique {c.technique}. Recipe: {_recipe(c.key)}. "
        f"Pays ${c.money} and rolls {_plural(c.tips, 'tip die', 'tip dice')}. "
        f"Instant bonus: {effects_text(c.instant)}. "
        f"At each Bar Setup once completed: {effects_text(c.bar_setup)}."
    )
    for c in _C.clients
}
TECH_TEXT = {
    t.key: (
        f"Technique die +{t.increase} when acquired. "
        f"At each Bar Setup: {effects_text(t.bar_setup)}. "
        "A third technique card costs $2 upkeep at each Bar Setup."
    )
    for t in _C.techniques
}
MIX_TEXT = {m.key: f"{TRIGGER_TEXT[m.trigger]}: {effects_text(m.effects)}." for m in _C.mixologists}


def _experience_name(tile: Any) -> str:
    if tile.trigger is None:
        return f"{effects_text(tile.effects)[:1].upper()}{effects_text(tile.effects)[1:]} (once)"
    return f"{effects_text(tile.effects)} per {TRIGGER_SHORT[tile.trigger]} (level {tile.level})"


EXP_NAME = {t.key: _experience_name(t) for t in _C.experience}
EXP_NAME |= {
    "two-shakers": "Two shakers (once)",
    "cocktail": "Free cocktail (once)",
    "technique-card": "Free technique card (once)",
    "recall": "Recall a mixologist (once)",
    "reserve": "Reserve a client (once)",
    "double-tips": "Double tips (once)",
}
EXP_TEXT = {
    t.key: (
        f"Level {t.level} experience tile, used once in a turn of your choice: "
        f"{effects_text(t.effects)}."
        if t.trigger is None
        else f"Level {t.level} experience tile. {TRIGGER_TEXT[t.trigger]}: "
        f"{effects_text(t.effects)}."
    )
    for t in _C.experience
}
BAR_TILE_TEXT = {
    t.key: f"A second Bar Space with its glass. At each Bar Setup: {effects_text(t.bar_setup)}."
    for t in _C.bar_spaces
}
TRACK_TILE_TEXT = {
    t.key: f"When the Fox reaches this space, every player gains: {effects_text(t.bonus)}."
    for t in _C.clients_track.tiles
}


def _collection_text(card: Any) -> str:
    if card.per_card:
        levels = [str(n) for n in card.techniques]
        listed = ", ".join(levels[:-1]) + f" or {levels[-1]}"
        return (
            f"At the end: {card.per_card} VP for each completed client card needing technique "
            f"{listed}."
        )
    steps = [f"{n} = {vp} VP" for n, vp in enumerate(card.points) if n]
    steps[-1] = steps[-1].replace(" =", " or more =")
    return f"At the end, {card.name.lower()} score: {', '.join(steps)}."


COLLECTION_TEXT = {c.key: _collection_text(c) for c in _C.collections}
SOLO_ACTION = {
    "ingredients": "takes 2 different ingredients from the Bar Supply",
    "store": "takes 1 ingredient from the Store",
    "shaker": "takes 1 shaker",
    "tip_die": "takes 1 extra tip die",
    "technique": "takes the lowest technique card",
    "refresh_clients": "refreshes the clients",
    "refresh_bar": "refreshes the Bar Supply",
}
SOLO_NAME = {c.key: f"Solo card {int(c.key[1:])}" for c in _C.solo.cards}
SOLO_TEXT = {
    c.key: (
        f"Main action: {SOLO_ACTION[c.main]}. "
        f"Additional action, done when the next card covers this one: {SOLO_ACTION[c.additional]}. "
        f"Instant bonus: {effects_text(c.instant)}."
    )
    for c in _C.solo.cards
}

SPACE_NAME = {
    "c": "centre",
    "n": "north",
    "s": "south",
    "e": "east",
    "w": "west",
    "nw": "north-west",
    "ne": "north-east",
    "sw": "south-west",
    "se": "south-east",
    "nn": "far north",
    "ss": "far south",
    "ee": "far east",
    "ww": "far west",
}
"""The technique tile's spaces by compass, as a player points at them."""
SIDE = {t.key: t for t in _C.tiles}
SPACE_BONUS = {side.key: {s.key: s.bonus for s in side.spaces} for side in _C.tiles}
SPACE_TEXT = {
    side.key: {
        s.key: (
            f"Pays {effects_text(s.bonus)} when the technique die ends a move here."
            if s.bonus
            else "The starting space; it pays nothing."
        )
        for s in side.spaces
    }
    for side in _C.tiles
}

MAIN_LABEL = {
    "client": "Take a client card",
    "ingredients": "Take 2 different ingredients from the Bar Supply",
    "cocktail": "Prepare a cocktail",
    "tipdie": "Add an extra tip die",
    "technique": "Acquire a technique card",
    "shaker": "Acquire a shaker",
    "refreshclients": "Refresh the clients",
    "refreshbar": "Refresh the Bar Supply",
    "barspace": "Add a Bar Space",
}
MAIN_COST = {
    "cocktail": _plural(COSTS.prepare_shakers, "shaker"),
    "technique": _plural(COSTS.technique_shakers, "shaker"),
    "barspace": _plural(COSTS.bar_space_main_shakers, "shaker"),
}
REFRESH_GAIN = f"+{RULES.rewards.refresh_vp} VP"
MAIN_GAIN = {
    "ingredients": "2 ingredients",
    "tipdie": "+1 extra tip die",
    "technique": "+1 on the technique die",
    "shaker": "+1 shaker",
    "refreshclients": REFRESH_GAIN,
    "refreshbar": REFRESH_GAIN,
}
MAIN_TEXT = {
    "client": "Main action: take a client card your technique reaches into an empty Bar Space; "
    "its instant bonus pays at once.",
    "ingredients": "Main action: take 2 different ingredients from the Bar Supply.",
    "cocktail": f"Main action, {MAIN_COST['cocktail']}: serve a complete glass; gain the card's $ "
    "and roll its tip dice.",
    "tipdie": "Main action: take an extra tip die from the Main Board.",
    "technique": f"Main action, {MAIN_COST['technique']}: take a technique card; "
    "your technique die goes up by 1.",
    "shaker": "Main action: take 1 shaker.",
    "refreshclients": f"Main or additional action, once per round: the bottom client of each "
    f"column goes under its deck; {REFRESH_GAIN}.",
    "refreshbar": f"Main or additional action, once per round: refill every ingredient of the Bar "
    f"Supply; {REFRESH_GAIN}.",
    "barspace": "Main or additional action, once per game, from experience level 1: add a Bar "
    "Space tile and its glass.",
}
BOARD_ACTIONS = ("refreshclients", "refreshbar", "barspace")
"""The Main Actions printed on the Main Board; the others are on each Player Board."""
EXTRA_LABEL = {
    "buy": "Buy ingredients from the Store",
    "ingredients": "Take 2 different ingredients from the Bar Supply (additional action)",
    "refreshclients": "Refresh the clients (additional action)",
    "refreshbar": "Refresh the Bar Supply (additional action)",
    "shakers": "Buy shakers",
    "barspace": "Add a Bar Space (additional action)",
    "tipdie": "Add an extra tip die (additional action)",
}
EXTRA_COST = {
    "buy": f"${COSTS.store_ingredient} each",
    "ingredients": _plural(COSTS.ingredients_extra_shakers, "shaker"),
    "refreshclients": _plural(COSTS.refresh_extra_shakers, "shaker"),
    "refreshbar": _plural(COSTS.refresh_extra_shakers, "shaker"),
    "shakers": f"${COSTS.shaker} each",
    "barspace": _plural(COSTS.bar_space_extra_shakers, "shaker"),
    "tipdie": _plural(COSTS.tip_die_extra_shakers, "shaker"),
}
SOURCE_LABEL = {
    "bar_setups": "Bar Setups",
    "refreshes": "Refreshes",
    "instant_bonuses": "Instant bonuses",
    "technique_tile": "Technique tile",
    "clients_track": "Clients Track",
    "rewards": "Mixologist and experience rewards",
    "money": "Money",
    "shakers": "Shakers",
    "ingredients": "Ingredients",
    "technique_die": "Technique die",
    "collections": "Collection cards",
    "penalties": "Penalty tokens",
    "track": "VP track",
}
"""The score sheet's words for each source of points."""

# ----------------------------------------------------------------- the glossary


def glossary() -> dict[str, str]:
    """Every card, tile and term a table of The Mix shows, with its full text."""
    terms: dict[str, str] = dict(TERMS)
    for c in _C.clients:
        terms[c.name] = CLIENT_TEXT[c.key]
    for t in _C.techniques:
        terms[f"{t.name} (technique card)"] = TECH_TEXT[t.key]
    for m in _C.mixologists:
        terms[m.name] = "Mixologist card. " + MIX_TEXT[m.key]
    for e in _C.experience:
        terms[f"Experience tile: {EXP_NAME[e.key]}"] = EXP_TEXT[e.key]
    for b in _C.bar_spaces:
        terms[f"{b.name} (Bar Space tile)"] = BAR_TILE_TEXT[b.key]
    for k in _C.collections:
        terms[f"{k.name} (collection card)"] = COLLECTION_TEXT[k.key]
    for bonus in _C.clients_track.tiles:
        terms[f"{bonus.name} (Clients Track bonus tile)"] = TRACK_TILE_TEXT[bonus.key]
    for s in _C.solo.cards:
        terms[SOLO_NAME[s.key]] = SOLO_TEXT[s.key]
    for side in _C.solo.sides:
        terms[side.name] = SIDE_TEXT[side.key]
    for tile in _C.tiles:
        for space in tile.spaces:
            where = SPACE_NAME[space.key]
            terms[f"{where[:1].upper()}{where[1:]} space ({tile.name.lower()} side)"] = SPACE_TEXT[
                tile.key
            ][space.key]
    for i in _C.ingredients:
        terms[INGREDIENT_NAME[i.key]] = f"An ingredient token ({i.colour}): {i.title}."
    return terms


SIDE_TEXT = {
    side.key: (
        f"The {side.difficulty} solo rival. Each turn it reveals a solo card and does its main "
        "action, then the additional action of the card beneath; after 3 cards (4 from round 3) "
        "it completes its client, converting $2 into 1 VP. Its Clients Track pays "
        + "; ".join(f"{n}: {effects_text(b)}" for n, b in enumerate(side.clients_track, start=1))
        + f". From round {_C.solo.client_rounds + 1} it takes no client and gains "
        f"{side.late_round_vp} VP each round."
        + (
            f" It gains {side.first_card_vp} VP for the first card of each round."
            if side.first_card_vp
            else ""
        )
    )
    for side in _C.solo.sides
}
_END = RULES.for_players(3).end_orders
_END_SMALL = RULES.for_players(1).end_orders
TERMS = {
    "Main Action": "The one action a turn must have: place a mixologist on an action space.",
    "Additional Action": "At most one a turn, before or after the Main Action, paid in shakers "
    "or money.",
    "Mixologist": "A worker pawn. You start with 3; your second experience tile unlocks a 4th. "
    "When all are placed, your next turn is a Bar Setup.",
    "Mixologist card": "Kept at setup (one of two dealt): an ongoing reward for the whole game.",
    "Shaker": f"Pays for actions; worth {SCORING.shaker_vp} VP each at the end. Bought for "
    f"${COSTS.shaker}.",
    "Technique die": "Its value is your technique level: you may only take clients needing at "
    f"most that level. It rises to {RULES.limits.technique_die_max} at most and scores its value "
    "at the end. It also moves on your technique tile, gaining the bonus of the space it ends on.",
    "Technique tile": "Your own grid of spaces; moving the technique die there pays the bonus of "
    "the space where it stops, never those it passes.",
    "Tip die": f"Each die shows {', '.join(f'${f}' for f in sorted(set(RULES.tip_die_faces)))}. "
    "A client's card says how many to roll; up to 2 extra dice may join, then go back to the "
    "Main Board.",
    "Reserve": f"Your personal supply of ingredients, at most {RULES.limits.reserve}; "
    "ingredients move from it into a glass, never back.",
    "Glass": "Sits on a Bar Space with a client card; fill it with the recipe, then prepare the "
    "cocktail.",
    "Bar Space": "Where a client card and its glass sit. You have one; a Bar Space tile adds a "
    f"second. Upkeep ${RULES.upkeep.bar_space_with_client} for each one holding a client.",
    "Bar Supply": "The shared ingredients on the Main Board, taken 2 different at a time.",
    "Store": f"Every ingredient, for ${COSTS.store_ingredient} each (or free when a bonus says "
    "so). Exchange 2 identical ingredients of your reserve for 1 of your choice, any time.",
    "Bar Setup": "A whole turn once your mixologists are placed: completed clients, your Bar "
    "Space tile and technique cards pay; you pay upkeep (a penalty token for each item you "
    "cannot pay); your mixologist card may pay; mixologists come back; you refill one "
    "ingredient type of the Bar Supply.",
    "Instant bonus": "What a client card pays the moment you take it.",
    "Experience tile": "Levels 1 and 2 pay whenever their trigger happens; a level-3 tile is used "
    "once. They are taken one level at a time; the second unlocks a 4th mixologist.",
    "Clients Track": "Counts orders. Your own pawn pays an experience tile at 2, 4 and 6; the "
    "Fox, for everyone's orders, pays everyone the bonus tiles at 3, 5 and 7.",
    "Fox": f"Counts everyone's completed orders; at {_END} ({_END_SMALL} with 1 or 2 players) "
    "the end is triggered and everyone plays to a final Bar Setup.",
    "Collection card": "Three are in play; each scores at the end for what you gathered.",
    "Penalty token": f"Taken for upkeep you cannot pay; -{SCORING.penalty_vp} VP each at the end.",
    "Upkeep": f"At each Bar Setup: ${RULES.upkeep.bar_space_with_client} per Bar Space holding a "
    f"client, ${RULES.upkeep.third_technique_card} for a third technique card, "
    f"${RULES.upkeep.third_reserve_ingredient} for a third reserve ingredient.",
    "Final scoring": f"VP track, plus ${SCORING.money_per_vp} = 1 VP, 1 VP per shaker and per "
    "ingredient left, the technique die's value, the collection cards, minus penalties.",
    "Solo card": "The solo rival's deck: each card names a main action, an additional action "
    "(done when the next card covers it) and an instant bonus.",
    "Refresh": f"Once per round each: the clients, or the Bar Supply; {REFRESH_GAIN}.",
}

# ----------------------------------------------------------------- the table


def score_now(board: Mapping[str, Any], collections: Sequence[str]) -> int:
    """A seat's (or the rival's) final score if the game ended now, from its public board."""
    held = len(board.get("reserve", board.get("ingredients", [])))
    held += sum(len(g["holds"]) for g in board.get("glasses", ()))
    money = board["money"] // SCORING.money_per_vp if "glasses" in board else 0
    total = (
        board["vp"]
        + money
        + board["shakers"] * SCORING.shaker_vp
        + held * SCORING.ingredient_vp
        + board["technique"] * SCORING.technique_pip_vp
        - board.get("penalties", 0) * SCORING.penalty_vp
    )
    for key in collections:
        card = COLLECTION[key]
        if card.counts == "completed_clients":
            count = sum(1 for k in board["completed"] if card.counts_client(CLIENT[k]))
        elif card.counts == "technique_cards":
            count = len(board["techniques"])
        else:
            count = len(board.get("experience", ()))
        total += card.score(count)
    return int(total)


class _Draw:
    """One table being drawn: the view, the viewer, the names, and the ids it hands out."""

    def __init__(self, view: Mapping[str, Any], names: Sequence[str]) -> None:
        self.view = view
        self.viewer: int | None = view["viewer"]
        self.names = names
        rivals = view.get("rivals", ())
        self.rival_name = rivals[0]["name"] if rivals else ""

    def who(self, q: int) -> str:
        if q >= len(self.view["seats"]):
            return self.rival_name
        return seat_label(self.names, q, self.viewer)

    def whose(self, q: int) -> str:
        name = self.who(q)
        return "Your" if name == "You" else f"{name}'s"


def _marbles(prefix: str, held: Iterable[str], where: str) -> list[Component]:
    counts = Counter(held)
    return [
        Component(
            id=f"{prefix}-{key}",
            kind="marble",
            name=INGREDIENT_NAME[key],
            text=f"{_plural(n, INGREDIENT_WORD[key], INGREDIENT_PLURAL[key])} {where}.",
            key=f"ingredient:{key}",
            value=n,
            count=n,
            colour=COLOUR[key],
        )
        for key, n in counts.items()
    ]


def _client(cid: str, key: str, tags: tuple[str, ...] = ()) -> Component:
    card = CLIENT[key]
    return Component(
        id=cid,
        kind="card",
        name=card.name,
        text=CLIENT_TEXT[key],
        key=f"client:{key}",
        value=card.technique,
        tags=tags,
    )


def _technique(cid: str, key: str) -> Component:
    return Component(
        id=cid, kind="card", name=TECH[key].name, text=TECH_TEXT[key], key=f"technique:{key}"
    )


def _supply(
    where: str,
    counts: Mapping[str, int],
    text: Callable[[str, int], str],
    place: str = "",
) -> list[Component]:
    """The marbles of a supply (the Bar Supply, the Store), a component per ingredient."""
    return [
        Component(
            id=f"{where}-{key}",
            kind="marble",
            name=INGREDIENT_NAME[key],
            text=text(key, n) if n else f"{TITLE[key]}: none left{place}.",
            key=f"ingredient:{key}",
            value=n,
            count=n,
            colour=COLOUR[key],
        )
        for key, n in counts.items()
    ]


def _main_board(d: _Draw) -> list[Zone]:
    view = d.view
    board: list[Component] = [
        counter(
            "orders",
            "Orders completed",
            view["fox"],
            f"The Fox on the Clients Track; at {view['end_orders']} orders the end is triggered"
            + (" (it is)." if view["ending"] else "."),
            count=view["end_orders"],
        ),
        counter(
            "main-dice",
            "Tip dice on the Main Board",
            view["main_dice"],
            "Extra tip dice anyone may add to their Shaker Board.",
        ),
    ]
    for space, key in zip(_C.clients_track.collective_spaces, view["track_tiles"], strict=False):
        board.append(
            Component(
                id=f"track-{space}",
                kind="tile",
                name=f"Space {space}: {TRACK_TILE[key].name}",
                text=TRACK_TILE_TEXT[key],
                key=f"track:{key}",
                tags=("reached",) if view["fox"] >= space else (),
            )
        )
    board += [
        Component(
            id=f"collection-{key}",
            kind="card",
            name=COLLECTION[key].name,
            text=COLLECTION_TEXT[key],
            key=f"collection:{key}",
        )
        for key in view["collections"]
    ]
    board += [
        Component(
            id=f"action-{main}",
            kind="space",
            name=MAIN_LABEL[main],
            text=MAIN_TEXT[main],
            key=f"action:{main}",
        )
        for main in BOARD_ACTIONS
    ]
    zones = [Zone("main-board", "board", "Main Board", tuple(board))]
    for level, column in enumerate(view["columns"], start=1):
        cards = [_client(f"client-{key}", key) for key in column]
        cards.append(
            backs(
                f"clients-deck-{level}",
                f"Level {level} deck",
                view["client_decks"][level - 1],
                f"Level {level} client cards, face down.",
            )
        )
        zones.append(
            Zone(
                f"clients-{level}", "market", f"Level {level} clients", tuple(cards), layout="stack"
            )
        )
    row = [_technique(f"technique-{key}", key) for key in view["technique_row"]]
    row.append(
        backs(
            "techniques-deck",
            "Technique deck",
            view["technique_deck"],
            "Technique cards, face down.",
        )
    )
    zones.append(Zone("techniques", "market", "Technique cards", tuple(row)))
    bar = _supply("bar", view["bar"], lambda key, n: f"{TITLE[key]}: {n} in the Bar Supply.")
    zones.append(Zone("bar-supply", "supply", "Bar Supply", tuple(bar), layout="grid"))
    store = _supply(
        "store",
        view["store"],
        lambda key, n: f"{TITLE[key]}: {n} in the Store, ${COSTS.store_ingredient} each.",
        " in the Store",
    )
    zones.append(Zone("store", "supply", "Store", tuple(store), layout="grid"))
    tiles = [
        Component(
            id=f"barspace-{key}",
            kind="tile",
            name=BAR_TILE[key].name,
            text=BAR_TILE_TEXT[key],
            key=f"barspace:{key}",
        )
        for key in view["bar_space_tiles"]
    ]
    zones.append(
        Zone(
            "bar-spaces",
            "pile",
            "Bar Space tiles",
            tuple(tiles),
            text="Face up; once per game each.",
        )
    )
    left = [
        Component(
            id=f"experience-{key}",
            kind="tile",
            name=EXP_NAME[key],
            text=EXP_TEXT[key],
            key=f"experience:{key}",
            value=EXP[key].level,
        )
        for key in view["experience_left"]
    ]
    zones.append(
        Zone(
            "experience",
            "pile",
            "Experience tiles",
            tuple(left),
            text="Taken one level at a time.",
            layout="grid",
        )
    )
    return zones


SEAT_TOKENS = (
    (
        "refreshed_clients",
        "cube-refreshclients",
        "Cube on Refresh the clients",
        "The clients were refreshed this round; not again before the Bar Setup.",
    ),
    (
        "refreshed_bar",
        "cube-refreshbar",
        "Cube on Refresh the Bar Supply",
        "The Bar Supply was refreshed this round; not again before the Bar Setup.",
    ),
    (
        "double_tips",
        "double-tips",
        "Double tips",
        "The next cocktail's tip dice are rolled twice, both rolls paid.",
    ),
)
"""The markers a seat's board may carry: the view's flag, the id's end, name and text."""


def _seat_zones(d: _Draw, seat: Mapping[str, Any]) -> list[Zone]:
    view = d.view
    q = seat["seat"]
    p = f"s{q}"
    whose = d.whose(q)
    mine = q == d.viewer
    parts: list[Component] = [
        counter(f"{p}-vp", "VP", seat["vp"], "Victory points on the VP track."),
        counter(
            f"{p}-money", "Money", seat["money"], f"${SCORING.money_per_vp} = 1 VP at the end."
        ),
        counter(f"{p}-shakers", "Shakers", seat["shakers"], "1 VP each at the end."),
        counter(
            f"{p}-mixologists",
            "Mixologists left",
            seat["mixologists"] - seat["mixologists_placed"],
            f"{seat['mixologists_placed']} of {seat['mixologists']} placed this round; when all "
            "are placed, the next turn is a Bar Setup.",
        ),
        counter(
            f"{p}-dice",
            "Extra tip dice",
            seat["extra_dice"],
            "Up to 2 may join a cocktail's roll, then go back to the Main Board.",
        ),
        counter(f"{p}-setups", "Bar Setups", seat["bar_setups"], "Bar Setups done so far."),
    ]
    if seat["penalties"]:
        parts.append(
            counter(f"{p}-penalties", "Penalty tokens", seat["penalties"], "-1 VP each at the end.")
        )
    parts += [
        Component(
            id=f"{p}-action-{main}",
            kind="space",
            name=MAIN_LABEL[main],
            text=MAIN_TEXT[main],
            key=f"action:{main}",
        )
        for main in act.MAIN
        if main not in BOARD_ACTIONS
    ]
    card = seat["mixologist_card"]
    if card is not None:
        parts.append(
            Component(
                id=f"{p}-mixologist",
                kind="card",
                name=MIX[card].name,
                text=MIX_TEXT[card],
                key=f"mixologist:{card}",
            )
        )
    elif view["phase"] == "setup":
        kept = seat.get("keeps", [None])[0]
        parts += [
            Component(
                id=f"{p}-dealt-{key}",
                kind="card",
                name=MIX[key].name,
                text=MIX_TEXT[key],
                key=f"mixologist:{key}",
                tags=("kept",) if kept == key else (),
            )
            for key in seat.get("dealt", ())
        ]
        if "dealt" not in seat:
            parts.append(
                backs(
                    f"{p}-dealt",
                    "Mixologist cards",
                    RULES.start.mixologist_cards_dealt,
                    "Dealt face down; one is kept and shown once everyone has chosen.",
                )
            )
    for bar, glass in enumerate(seat["glasses"], start=1):
        client = glass["client"]
        holds = glass["holds"]
        if client is None:
            text = "Empty: the next client card taken sits here."
        else:
            need = Counter(_C.ingredients[i].key for i in CLIENT[client].recipe)
            need.subtract(holds)
            missing = [INGREDIENT_WORD[k] for k, n in need.items() for _ in range(max(n, 0))]
            held = ", ".join(INGREDIENT_WORD[k] for k in holds) or "nothing"
            still = ", ".join(missing) or "nothing: ready to serve"
            text = f"The glass of {CLIENT[client].name} holds {held}; it still needs {still}."
        parts.append(
            Component(
                id=f"{p}-glass{bar}",
                kind="slot",
                name=f"Bar Space {bar}",
                text=text,
                key="glass",
                value=len(holds),
            )
        )
        if client is not None:
            parts.append(_client(f"{p}-client-{client}", client, (f"bar space {bar}",)))
        parts += _marbles(f"{p}-glass{bar}", holds, f"in the glass on Bar Space {bar}")
    tile = seat["bar_space_tile"]
    if tile is not None:
        parts.append(
            Component(
                id=f"{p}-barspace-{tile}",
                kind="tile",
                name=BAR_TILE[tile].name,
                text=BAR_TILE_TEXT[tile],
                key=f"barspace:{tile}",
            )
        )
    reserve = seat["reserve"]
    parts.append(
        Component(
            id=f"{p}-reserve",
            kind="slot",
            name="Reserve",
            text=f"Holds {len(reserve)} of {RULES.limits.reserve} ingredients: "
            + (", ".join(INGREDIENT_WORD[k] for k in reserve) or "none")
            + f". A third costs ${RULES.upkeep.third_reserve_ingredient} upkeep.",
            key="reserve",
            value=len(reserve),
            count=RULES.limits.reserve,
        )
    )
    parts += _marbles(f"{p}-reserve", reserve, "in the reserve")
    reserved = seat["reserved_client"]
    if reserved is not None:
        parts.append(_client(f"{p}-reserved-{reserved}", reserved, ("reserved",)))
    parts += [_technique(f"{p}-tech-{key}", key) for key in seat["techniques"]]
    for key in seat["experience"]:
        parts.append(
            Component(
                id=f"{p}-exp-{key}",
                kind="tile",
                name=EXP_NAME[key],
                text=EXP_TEXT[key],
                key=f"experience:{key}",
                value=EXP[key].level,
                tags=("used",) if key in seat["used_tiles"] else (),
            )
        )
    parts += [
        Component(id=f"{p}-{part}", kind="token", name=name, text=text)
        for field, part, name, text in SEAT_TOKENS
        if seat[field]
    ]
    notes = []
    if seat["finished"]:
        notes.append("Finished: the final Bar Setup is done.")
    if q == view["current"] and view["phase"] not in ("setup", "over"):
        notes.append("Playing now.")
    board = Zone(
        f"seat-{q}",
        "seat",
        "Your bar" if mine else f"{whose} bar",
        tuple(parts),
        owner=q,
        text=" ".join(notes),
        layout="grid",
    )
    side = view["tile_side"]
    spaces = [
        Component(
            id=f"{p}-tile-{s.key}",
            kind="space",
            name=SPACE_NAME[s.key][:1].upper() + SPACE_NAME[s.key][1:],
            text=SPACE_TEXT[side][s.key],
            key=f"space:{side}-{s.key}",
            at=f"{s.row},{s.column}",
        )
        for s in SIDE[side].spaces
    ]
    spaces.append(
        Component(
            id=f"{p}-die",
            kind="die",
            name="Technique die",
            text=f"Technique level {seat['technique']}: clients needing up to {seat['technique']} "
            f"are within reach; {seat['technique']} VP at the end.",
            key="die:technique",
            value=seat["technique"],
            at=f"{p}-tile-{seat['die_space']}",
        )
    )
    tile_zone = Zone(
        f"tile-{q}",
        "seat",
        f"{whose} technique tile ({side} side)",
        tuple(spaces),
        owner=q,
        layout="grid",
    )
    done = [_client(f"{p}-done-{key}", key) for key in seat["completed"]]
    done_zone = Zone(
        f"done-{q}",
        "seat",
        f"{whose} completed clients",
        tuple(done),
        owner=q,
        text=f"${seat['completed_money']} printed on them.",
        layout="stack",
    )
    return [board, tile_zone, done_zone]


def _rival_zones(d: _Draw, rival: Mapping[str, Any]) -> list[Zone]:
    name = rival["name"]
    parts: list[Component] = [
        counter("rival-vp", "VP", rival["vp"], f"{name}'s victory points on the VP track."),
        counter(
            "rival-money", "Money", rival["money"], "Turned into VP at each Bar Setup, $2 = 1 VP."
        ),
        counter(
            "rival-shakers",
            "Shakers",
            rival["shakers"],
            "1 VP each at the end; each may stand in for a missing ingredient.",
        ),
        counter(
            "rival-dice", "Extra tip dice", rival["extra_dice"], "Rolled with its next client."
        ),
        counter("rival-round", "Round", rival["round"], f"{name}'s round on the Solo Board."),
        Component(
            id="rival-die",
            kind="die",
            name="Technique die",
            text=f"Technique level {rival['technique']}: {name} takes clients of the matching "
            f"column; {rival['technique']} VP at the end.",
            key="die:technique",
            value=rival["technique"],
        ),
    ]
    active = rival["active_client"]
    if active is not None:
        parts.append(_client(f"rival-client-{active}", active, ("active",)))
    parts += _marbles("rival-ingredient", rival["ingredients"], f"with {name}")
    parts += [_technique(f"rival-tech-{key}", key) for key in rival["techniques"]]
    parts += [
        Component(
            id=f"rival-card-{key}",
            kind="card",
            name=SOLO_NAME[key],
            text=SOLO_TEXT[key],
            key=f"solo:{key}",
            tags=("revealed",),
        )
        for key in rival["revealed"]
    ]
    parts.append(backs("rival-deck", "Solo deck", rival["solo_deck"], "Solo cards, face down."))
    side = SOLO_SIDE.get(name)
    zones = [
        Zone(
            "rival",
            "rival",
            f"{name} ({rival['difficulty']})",
            tuple(parts),
            text=SIDE_TEXT[side.key] if side else "",
            layout="grid",
        )
    ]
    discard = [
        Component(
            id=f"rival-discard-{key}",
            kind="card",
            name=SOLO_NAME[key],
            text=SOLO_TEXT[key],
            key=f"solo:{key}",
        )
        for key in rival["solo_discard"]
    ]
    zones.append(
        Zone(
            "rival-discard",
            "pile",
            f"{name}'s discarded solo cards",
            tuple(discard),
            layout="stack",
        )
    )
    done = [_client(f"rival-done-{key}", key) for key in rival["completed"]]
    zones.append(
        Zone(
            "rival-done",
            "rival",
            f"{name}'s completed clients",
            tuple(done),
            text=f"${rival['completed_money']} printed on them.",
            layout="stack",
        )
    )
    return zones


# ----------------------------------------------------------------- choices


def _destination(d: _Draw, where: int) -> tuple[str, str]:
    """Where an ingredient goes, in words, and the id of that place."""
    q = d.viewer
    if where == act.RESERVE:
        return "into your reserve", f"s{q}-reserve"
    seat = d.view["seats"][q] if q is not None else None
    client = seat["glasses"][where - 1]["client"] if seat else None
    name = CLIENT[client].name if client else f"Bar Space {where}"
    return f"into the glass of {name}", f"s{q}-glass{where}"


def _choice(d: _Draw, action: Action) -> Choice:
    """One legal action in words, with what it costs and gives and what it acts on."""
    verb = action.verb
    args = action.args
    q = d.viewer
    p = f"s{q}"
    text = str(action)
    seat = d.view["seats"][q] if q is not None else {}
    if verb == "keep":
        card, start = str(args[0]), str(args[1])
        return Choice(
            text,
            f"Keep {MIX[card].name} and start with {INGREDIENT_A[start]}",
            gain=MIX_TEXT[card],
            targets=(f"{p}-dealt-{card}",),
            group="Keep a Mixologist Card",
        )
    if verb == "place":
        main = str(args[0])
        target = f"action-{main}" if main in BOARD_ACTIONS else f"{p}-action-{main}"
        return Choice(
            text,
            MAIN_LABEL[main],
            cost=MAIN_COST.get(main, ""),
            gain=MAIN_GAIN.get(main, ""),
            targets=(target,),
            group="Main Action",
        )
    if verb == "extra":
        extra = str(args[0])
        if extra in BOARD_ACTIONS:
            target = f"action-{extra}"
        elif extra in ("ingredients", "tipdie"):
            target = f"{p}-action-{extra}"
        else:
            target = ""
        gain = {
            "refreshclients": REFRESH_GAIN,
            "refreshbar": REFRESH_GAIN,
            "tipdie": "+1 extra tip die",
            "ingredients": "2 ingredients",
        }.get(extra, "")
        return Choice(
            text,
            EXTRA_LABEL[extra],
            cost=EXTRA_COST[extra],
            gain=gain,
            targets=(target,) if target else (),
            group="Additional Action",
        )
    if verb == "end":
        return Choice(text, "End your turn", group="Turn")
    if verb == "move":
        key, where = str(args[0]), int(args[1])
        words, place = _destination(d, where)
        return Choice(
            text,
            f"Move {INGREDIENT_A[key]} from your reserve {words}",
            targets=(f"{p}-reserve-{key}", place),
            group="Move an ingredient",
        )
    if verb == "exchange":
        key = str(args[0])
        return Choice(
            text,
            f"Exchange 2 {INGREDIENT_PLURAL[key]} for 1 ingredient of your choice from the Store",
            cost=f"2 {INGREDIENT_PLURAL[key]}",
            gain="1 ingredient",
            targets=(f"{p}-reserve-{key}",),
            group="Exchange",
        )
    if verb == "use":
        key = str(args[0])
        return Choice(
            text,
            f"Use the experience tile {EXP_NAME[key]}",
            gain=effects_text(EXP[key].effects),
            targets=(f"{p}-exp-{key}",),
            group="Experience tile",
        )
    if verb in ("client", "reserve"):
        key = str(args[0])
        client = CLIENT[key]
        place = f"client-{key}"
        if seat and seat.get("reserved_client") == key:
            place = f"{p}-reserved-{key}"
        if verb == "client":
            return Choice(
                text,
                f"Take {client.name} (level {client.level}, technique {client.technique})",
                gain=gain_text(client.instant),
                targets=(place,),
                group="Take a client",
            )
        return Choice(text, f"Reserve {client.name}", targets=(place,), group="Reserve a client")
    if verb in ("take", "gain", "buy"):
        key, into = str(args[0]), args[1]
        words, place = _destination(d, act.RESERVE if into == "reserve" else int(into))
        one = INGREDIENT_A[key]
        if verb == "take":
            return Choice(
                text,
                f"Take {one} from the Bar Supply {words}",
                targets=(f"bar-{key}", place),
                group="Take from the Bar Supply",
            )
        if verb == "gain":
            return Choice(
                text,
                f"Take {one} from the Store {words}",
                targets=(f"store-{key}", place),
                group="Take from the Store",
            )
        return Choice(
            text,
            f"Buy {one} {words}",
            cost=f"${COSTS.store_ingredient}",
            targets=(f"store-{key}", place),
            group="Buy from the Store",
        )
    if verb == "done":
        return Choice(text, "Stop buying", group="Buy from the Store")
    if verb == "shakers":
        n = int(args[0])
        return Choice(
            text,
            f"Buy {_plural(n, 'shaker')}",
            cost=f"${COSTS.shaker * n}",
            gain=f"+{_plural(n, 'shaker')}",
            group="Buy shakers",
        )
    if verb == "serve":
        bar = int(args[0])
        served = seat["glasses"][bar - 1]["client"] if seat else None
        if served is None:
            return Choice(text, f"Serve the glass on Bar Space {bar}", group="Serve")
        order = CLIENT[served]
        return Choice(
            text,
            f"Serve {order.name}",
            gain=f"+${order.money} and {_plural(order.tips, 'tip die', 'tip dice')}",
            targets=(f"{p}-client-{served}", f"{p}-glass{bar}"),
            group="Serve",
        )
    if verb == "dice":
        k = int(args[0])
        label = (
            "Roll no extra tip die"
            if k == 0
            else f"Add {_plural(k, 'extra tip die', 'extra tip dice')} to the roll"
        )
        return Choice(text, label, targets=(f"{p}-dice",) if k else (), group="Tip dice")
    if verb == "technique":
        key = str(args[0])
        return Choice(
            text,
            f"Acquire {TECH[key].name}",
            gain=f"+{TECH[key].increase} on the technique die; at each Bar Setup "
            f"{effects_text(TECH[key].bar_setup)}",
            targets=(f"technique-{key}",),
            group="Technique card",
        )
    if verb == "slot":
        return Choice(text, "Put the new technique card in a free slot", group="Technique card")
    if verb == "replace":
        key = str(args[0])
        return Choice(
            text,
            f"Replace {TECH[key].name} (it goes under the deck)",
            targets=(f"{p}-tech-{key}",),
            group="Technique card",
        )
    if verb == "barspace":
        key = str(args[0])
        return Choice(
            text,
            f"Add the {BAR_TILE[key].name}",
            gain=f"at each Bar Setup {effects_text(BAR_TILE[key].bar_setup)}",
            targets=(f"barspace-{key}",),
            group="Bar Space tile",
        )
    if verb == "from":
        other = int(args[0])
        target = "rival-dice" if other >= len(d.view["seats"]) else f"s{other}-dice"
        return Choice(
            text,
            f"Take an extra tip die from {d.who(other)}",
            targets=(target,),
            group="Extra tip die",
        )
    if verb == "advance":
        key = str(args[0])
        side = d.view["tile_side"]
        bonus = SPACE_BONUS[side][key]
        label = f"Move the technique die to the {SPACE_NAME[key]} space"
        return Choice(
            text,
            f"{label}: {gain_text(bonus)}" if bonus else label,
            gain=gain_text(bonus),
            targets=(f"{p}-tile-{key}",),
            group="Technique tile",
        )
    if verb == "experience":
        key = str(args[0])
        return Choice(
            text,
            f"Take the experience tile {EXP_NAME[key]}",
            gain=effects_text(EXP[key].effects),
            targets=(f"experience-{key}",),
            group="Experience tile",
        )
    key = str(args[0])  # refill
    return Choice(
        text,
        f"Refill the {INGREDIENT_PLURAL[key]} of the Bar Supply",
        targets=(f"bar-{key}",),
        group="Refill the Bar Supply",
    )


# ----------------------------------------------------------------- prompt and status

PENDING_SOURCE = {
    "store": "A bonus: ingredients from the Store",
    "bar": "Take 2 different ingredients from the Bar Supply",
    "advance": "A bonus: advance the technique die",
    "experience": "A bonus: an experience tile",
    "tip_die": "Add 1 extra tip die",
}


def _prompt(d: _Draw) -> Prompt:
    view = d.view
    phase = view["phase"]
    if phase == "setup":
        return Prompt(
            "Keep one of your two Mixologist Cards and choose your starting ingredient",
            "Player setup",
        )
    if phase == "action":
        if not view["main_done"]:
            return Prompt(
                "Choose your Main Action (an Additional Action may come first)", "Your turn"
            )
        if not view["extra_done"]:
            return Prompt(
                "Take an Additional Action, move ingredients, or end your turn", "Your turn"
            )
        return Prompt("Move ingredients, use a tile, or end your turn", "Your turn")
    if phase == "bonus":
        pending = view["pending"]
        gain, n = pending["gain"], pending["amount"]
        text = {
            "store": f"Choose {_plural(n, 'ingredient')} to take from the Store",
            "bar": f"Choose {_plural(n, 'different ingredient')} to take from the Bar Supply",
            "advance": f"Choose where your technique die goes (up to {_plural(n, 'space')})",
            "experience": "Choose an experience tile of the next level",
            "tip_die": "The Main Board has no tip die left: choose whose extra die to take",
        }[gain]
        source = pending.get("source") or PENDING_SOURCE[gain]
        return Prompt(text, source)
    return Prompt(*PHASE_PROMPT[phase])


PHASE_PROMPT = {
    "client": ("Choose a client card to take", "Take 1 Client Card"),
    "serve": ("Choose the glass to serve", "Prepare 1 Cocktail"),
    "dice": ("How many extra tip dice join the roll?", "Prepare 1 Cocktail"),
    "technique": ("Choose a technique card", "Acquire 1 Technique Card"),
    "slot": ("Choose where the new technique card goes", "Acquire 1 Technique Card"),
    "barspace": ("Choose a Bar Space tile", "Add 1 Bar Space"),
    "buy": (f"Buy an ingredient for ${COSTS.store_ingredient}, or stop", "Buy Ingredients"),
    "shakers": (f"How many shakers, at ${COSTS.shaker} each?", "Acquire Shakers"),
    "reserve": ("Choose a client card to reserve", "Experience tile: reserve a client"),
    "refill": ("Choose an ingredient type to refill in the Bar Supply", "Bar Setup, last step"),
}


def _status(d: _Draw) -> str:
    view = d.view
    phase = view["phase"]
    if phase == "over":
        return f"The game is over · {view['fox']} orders completed"
    if phase == "setup":
        return "Setup · everyone keeps a Mixologist Card"
    parts = [f"Turn {view['turns'] + 1}", whose_turn(view, d.names)]
    parts.append(f"{view['fox']} of {view['end_orders']} orders")
    if view["ending"]:
        parts.append("the end is triggered")
    return " · ".join(parts)


def _standings(d: _Draw) -> tuple[Standing, ...]:
    view = d.view
    if view.get("final"):
        return final_standings(view, d.names, SOURCE_LABEL)
    out = [
        Standing(
            name=d.who(seat["seat"]),
            score=seat["vp"],
            seat=seat["seat"],
            detail=f"{score_now(seat, view['collections'])} VP if the game ended now",
        )
        for seat in view["seats"]
    ]
    out += [
        Standing(
            name=rival["name"],
            score=rival["vp"],
            detail=f"{score_now(rival, view['collections'])} VP if the game ended now",
        )
        for rival in view.get("rivals", ())
    ]
    return tuple(out)


def present_table(
    game: Game, view: Mapping[str, Any], actions: Sequence[Action], names: Sequence[str]
) -> Table:
    """The table of The Mix from ``view``: the viewer's bar first, then the others and the rival."""
    d = _Draw(view, names)
    viewer = d.viewer
    seats = sorted(view["seats"], key=lambda s: s["seat"] != viewer)
    zones: list[Zone] = []
    for seat in seats:
        zones += _seat_zones(d, seat)
    for rival in view.get("rivals", ()):
        zones += _rival_zones(d, rival)
    zones += _main_board(d)
    choices = tuple(_choice(d, a) for a in actions)
    return Table(
        game=game.id,
        title=game.title,
        viewer=viewer,
        status=_status(d),
        zones=tuple(zones),
        choices=choices,
        prompt=_prompt(d) if choices else None,
        standings=_standings(d),
        to_move=tuple(view["to_move"]),
        over=not view["to_move"],
        names=tuple(names),
    )
