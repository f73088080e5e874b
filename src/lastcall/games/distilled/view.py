"""What a seat of Distilled sees: its view, and the same view as a fixed-shape observation.

Public: every pantry, back room, bottle, upgrade, recipe and label, the rows, the basic
market, the discard piles, whether a distiller's discount was used this market phase, the
cards of every spirit (seen when distilled) and how many flavour cards lie under each.
Hidden: the order of the decks, the money of every flavour card under a stored spirit (its
owner's too), the other seats' distillery goals until the end, and, while they are sealed,
the distillers and goals dealt to the others and the others' vats.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from mypy_extensions import trait

from lastcall.core import ActionSpace, Block, Cells, Observer, Piece, one_hot
from lastcall.games.distilled import actions as act
from lastcall.games.distilled.content import CONTENT
from lastcall.games.distilled.state import (
    BASIC_BOUGHT,
    DISCOUNT_BIT,
    DISCOUNTS,
    DISTILLER,
    DONE,
    MONEY,
    N_CARDS,
    N_RECIPES,
    PASSED,
    PHASE_NAMES,
    RULES,
    SIG_HOME,
    SIG_LABEL,
    SOLD_ROUND,
    SOURCES,
    SPACES_USED,
    UPGRADE_AMOUNT,
    UPGRADE_EFFECT,
    VP,
    DistilledBase,
    Step,
    W,
)

if TYPE_CHECKING:
    from lastcall.core import State

_C: Final = CONTENT
_T = TypeVar("_T")
CARD: Final = act.CARD_KEYS
RECIPE: Final = act.RECIPE_KEYS
BARREL: Final = act.BARREL_KEYS
BOTTLE: Final = act.BOTTLE_KEYS
UPGRADE: Final = tuple(u.key for u in _C.upgrades)
ITEM: Final = (*(b.key for b in _C.barrels), *(b.key for b in _C.bottles))
DISTILLERS: Final = tuple(d.key for d in _C.distillers)
GOALS: Final = tuple(g.key for g in _C.goals)
AWARDS: Final = tuple(a.key for a in _C.awards)
ROW_KEYS: Final = (UPGRADE, CARD, ITEM)
PHASES: Final = tuple(PHASE_NAMES.values())
PHASE_BY_STEP: Final = tuple(PHASE_NAMES.get(step, "market") for step in Step)
SPACES: Final = act.SPACES
CARD_INDEX: Final = {k: i for i, k in enumerate(CARD)}
RECIPE_INDEX: Final = {k: i for i, k in enumerate(RECIPE)}
BARREL_INDEX: Final = {k: i for i, k in enumerate(BARREL)}
BOTTLE_INDEX: Final = {k: i for i, k in enumerate(BOTTLE)}
UPGRADE_INDEX: Final = {k: i for i, k in enumerate(UPGRADE)}
ITEM_INDEX: Final = {k: i for i, k in enumerate(ITEM)}
DISTILLER_INDEX: Final = {k: i for i, k in enumerate(DISTILLERS)}
GOAL_INDEX: Final = {k: i for i, k in enumerate(GOALS)}
AWARD_INDEX: Final = {k: i for i, k in enumerate(AWARDS)}
ROW_INDEX: Final = (UPGRADE_INDEX, CARD_INDEX, ITEM_INDEX)
SPACE_INDEX: Final = {k: i for i, k in enumerate(SPACES)}


_CARD: Final = CARD.__getitem__
_BARREL: Final = BARREL.__getitem__
_BOTTLE: Final = BOTTLE.__getitem__
_UPGRADE: Final = UPGRADE.__getitem__
_RECIPE: Final = RECIPE.__getitem__
_ITEM: Final = ITEM.__getitem__
_AWARD: Final = AWARDS.__getitem__
_PUBLIC_NUMBERS: Final = tuple(
    operator.itemgetter(
        *(
            q * W + f
            for f in (
                DISTILLER,
                MONEY,
                VP,
                SIG_HOME,
                SIG_LABEL,
                BASIC_BOUGHT,
                PASSED,
                DONE,
                SOLD_ROUND,
                SPACES_USED,
            )
        )
    )
    for q in range(RULES.max_players)
)
"""Per seat, its public numbers out of ``pv`` in one call (the seats' loop is the hot part)."""
_DISTILLERS_OF: Final[dict[int, Callable[[list[int]], Hashable]]] = {
    n: operator.itemgetter(*(q * W + DISTILLER for q in range(n)))
    for n in range(1, RULES.max_players + 1)
}
"""Every seat's distiller number at once: the key of the block of distillers."""
_EXTRA_ROOM: Final = tuple(
    amount if effect == "warehouse" else 0
    for effect, amount in zip(UPGRADE_EFFECT, UPGRADE_AMOUNT, strict=True)
)
"""What each upgrade adds to the warehouse, so a seat's capacity is one sum."""
_ROOM: Final = RULES.warehouse
_UPGRADE_ROW: Final = act.ROWS[0]
_INGREDIENT_ROW: Final = act.ROWS[1]
_ITEM_ROW: Final = act.ROWS[2]


class _Memo(dict[tuple[int, ...], _T]):
    """What ``make`` answers for a tuple of numbers, worked out once per tuple.

    Pantries, back rooms, the rows and the market change far less often than they are
    viewed, so a view copies a stored answer instead of looking up every number again. The
    memo is emptied when it grows past ``limit``, which bounds it over any number of games.
    """

    __slots__ = ("limit", "make")

    def __init__(self, make: Callable[[tuple[int, ...]], _T], limit: int = 4096) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, numbers: tuple[int, ...]) -> _T:
        if len(self) >= self.limit:
            self.clear()
        answer = self[numbers] = self.make(numbers)
        return answer


def _names(keys: tuple[str, ...]) -> _Memo[tuple[str, ...]]:
    """A memo of the names of tuples of numbers, read in ``keys``."""
    name = keys.__getitem__
    return _Memo(lambda numbers: tuple(map(name, numbers)))


def _counts(keys: tuple[str, ...]) -> _Memo[dict[str, int]]:
    """A memo of ``{key: count}`` for tuples of counts in ``keys`` order (copy before use)."""
    return _Memo(lambda numbers: dict(zip(keys, numbers, strict=True)))


_PANTRY: Final = _names(CARD)
_BACK_ROOM: Final = _names(BARREL)
_ROW_NAMES: Final = tuple(_names(keys) for keys in ROW_KEYS)
_LABELS_LEFT: Final = _counts(RECIPE[: len(_C.recipes)])
_BASIC: Final = _counts(act.BASIC_KEYS)


@functools.cache
def _recipes(mask: int) -> tuple[str, ...]:
    """The recipes a bit mask marks (few masks occur: the views share the answer)."""
    return tuple(RECIPE[r] for r in range(len(_C.recipes)) if mask >> r & 1)


@functools.cache
def _spaces(mask: int) -> tuple[str, ...]:
    return tuple(SPACES[s] for s in range(len(SPACES)) if mask >> s & 1)


@functools.cache
def _recipe_numbers(mask: int) -> tuple[int, ...]:
    """The numbers of the recipes a bit mask marks, for the observation."""
    return tuple(r for r in range(len(_C.recipes)) if mask >> r & 1)


@functools.cache
def _space_numbers(mask: int) -> tuple[int, ...]:
    return tuple(s for s in range(len(SPACES)) if mask >> s & 1)


def spirit_view(spirit: tuple[Any, ...]) -> dict[str, Any]:
    """A spirit as everyone sees it: its flavour cards counted, never valued."""
    r, barrel, label, stored, cards, flavours = spirit
    return {
        "recipe": RECIPE[r],
        "barrel": BARREL[barrel],
        "label": label != 0,
        "stored": stored,
        "cards": [*map(_CARD, cards)],
        "flavours": len(flavours),
    }


@trait
class DistilledView(DistilledBase):
    """Views: every seat's distillery, the market, and one's own secrets.

    Everything a seat's view holds is a fresh list or dict, so a caller may change a view
    without touching another; the speed comes from table lookups done in bulk.
    """

    __slots__ = ()

    def _seats(self, viewer: int | None) -> list[dict[str, Any]]:
        pv = self.pv
        over = self.step == Step.OVER
        seats: list[dict[str, Any]] = []
        for (
            q,
            numbers,
            pantry,
            barrels,
            bottles,
            shelf,
            upgrades,
            recipes,
            labels,
            result,
            made,
            stored,
        ) in zip(
            range(self.num_players),
            _PUBLIC_NUMBERS,
            self.pantry,
            self.barrels,
            self.bottles,
            self.shelf,
            self.upgrades,
            self.recipes,
            self.labels,
            self.result,
            self.made,
            self.warehouse,
            strict=False,
        ):
            d, money, vp, home, label, bought, passed, done, sold, used = numbers(pv)
            seat: dict[str, Any] = {
                "seat": q,
                "distiller": DISTILLERS[d] if d >= 0 else None,
                "money": money,
                "vp": vp,
                "pantry": [*_PANTRY[pantry]],
                "barrels": [*_BACK_ROOM[barrels]],
                "bottles": [*map(_BOTTLE, bottles)] if bottles else [],
                "shelf": [*map(_BOTTLE, shelf)] if shelf else [],
                "upgrades": [*map(_UPGRADE, upgrades)] if upgrades else [],
                "recipes": [*_recipes(recipes)],
                "labels": [*map(_RECIPE, labels)] if labels else [],
                "spaces": [*_spaces(used)] if used else [],
                "signature_home": home != 0,
                "signature_label": label != 0,
                "result": [*map(_CARD, result)] if result else [],
                "made": spirit_view(made) if made else None,
                "warehouse": [spirit_view(s) for s in stored] if stored else [],
                "capacity": (
                    (_ROOM + sum(map(_EXTRA_ROOM.__getitem__, upgrades)) if upgrades else _ROOM)
                    if d >= 0
                    else 0
                ),
                "basic_bought": bought,
                "passed": passed != 0,
                "done": done != 0,
                "sold_round": sold,
                "discount_used": bool(pv[q * W + DISCOUNTS] & DISCOUNT_BIT),
            }
            if over:
                seat["goals"] = [*map(GOALS.__getitem__, self.goals[q])]
                b = q * W
                seat["sources"] = {name: pv[b + f] for name, f in SOURCES}
            seats.append(seat)
        if viewer is not None and not over:
            self._add_secrets(seats[viewer], viewer)
        return seats

    def _add_secrets(self, seat: dict[str, Any], q: int) -> None:
        """What only the viewer sees of its own seat before the end."""
        seat["goals"] = [GOALS[g] for g in self.goals[q]]
        step = self.step
        if step == Step.SETUP:
            seat["dealt"] = [DISTILLERS[x] for x in self.dealt[q]]
            seat["dealt_goals"] = [GOALS[g] for g in self.dealt_goals[q]]
            seat["kept"] = DISTILLERS[self.choice[q]] if self.choice[q] >= 0 else None
            seat["dropped"] = GOALS[self.drop[q]] if self.drop[q] >= 0 else None
        elif step == Step.VAT:
            seat["vat"] = [CARD[c] for c in self.vat_in[q]]
            seat["kept_out"] = [CARD[c] for c in self.vat_out[q]]

    def _view(self, player: int | None) -> dict[str, Any]:
        r = self.peek_row
        rows = self.rows
        discards = self.discards
        decks = self.decks
        return {
            "game": "distilled",
            "viewer": player,
            "to_move": list(self.to_move),
            "phase": PHASE_BY_STEP[self.step],
            "seats": self._seats(player),
            "round": self.round,
            "first": self.first,
            "current": self.current,
            "flight": [*map(_RECIPE, self.flight)],
            "labels_left": _LABELS_LEFT[tuple(self.labels_left)].copy(),
            "basic": _BASIC[tuple(self.basic)].copy(),
            "alcohol": self.alcohol,
            "rows": {
                _UPGRADE_ROW: [*_ROW_NAMES[0][rows[0]]],
                _INGREDIENT_ROW: [*_ROW_NAMES[1][rows[1]]],
                _ITEM_ROW: [*_ROW_NAMES[2][rows[2]]],
            },
            "decks": {
                _UPGRADE_ROW: len(decks[0]),
                _INGREDIENT_ROW: len(decks[1]),
                _ITEM_ROW: len(decks[2]),
            },
            "discards": {
                _UPGRADE_ROW: [*map(_UPGRADE, discards[0])],
                _INGREDIENT_ROW: [*map(_CARD, discards[1])],
                _ITEM_ROW: [*map(_ITEM, discards[2])],
            },
            "flavour_deck": len(self.flavour_deck),
            "flavour_discard": list(self.flavour_discard),
            "awards": [*map(_AWARD, self.awards)],
            "claimed": [[AWARDS[a], q, vp] for a, q, vp in self.claimed],
            "peek_row": act.ROWS[r] if r >= 0 else None,
            "peeked": [*map(ROW_KEYS[r].__getitem__, self.peeked)] if r >= 0 else [],
            "pending": self.pending,
        }


def _sums(step: float, most: int) -> tuple[float, ...]:
    """``step`` added to itself ``k`` times, for each ``k`` up to ``most``.

    The view's encoding counts a card by adding ``step`` once per copy, in
    double precision; a block stores the same sum once, read from here, since
    a float32 buffer would round after every addition.
    """
    sums = [0.0]
    for _ in range(most):
        sums.append(sums[-1] + step)
    return tuple(sums)


_FIFTHS: Final = _sums(0.2, 64)
_THIRDS: Final = _sums(1 / 3, 64)


SEAT_NUMBERS: Final = (
    ("money", 50),
    ("vp", 100),
    ("basic_bought", 3),
    ("passed", 1),
    ("done", 1),
    ("sold_round", 3),
    ("signature_home", 1),
    ("signature_label", 1),
    ("capacity", 4),
)
SEAT_SCALES: Final = tuple(float(scale) for _, scale in SEAT_NUMBERS)
_MONEY_SCALE, _VP_SCALE, _BOUGHT_SCALE, _, _, _SOLD_SCALE, _, _, _CAPACITY_SCALE = SEAT_SCALES
N_SHARED_RECIPES: Final = len(_C.recipes)
MOST_WAREHOUSE: Final = act.CAPACITY_MOST


def _turn_key(state: DistilledView, player: int) -> Hashable:
    return state.current, state.first


def _spaces_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.pv[SPACES_USED::W])


def _containers_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.barrels), tuple(state.bottles), tuple(state.shelf)


def _holdings_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.upgrades), tuple(state.recipes), tuple(state.labels)


def _distilling_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.result), tuple(state.made)


def _warehouse_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.warehouse)


def _secrets_key(state: DistilledView, q: int) -> Hashable:
    step = state.step
    if step == Step.SETUP:
        return (
            step,
            state.goals[q],
            state.dealt[q],
            state.dealt_goals[q],
            state.choice[q],
            state.drop[q],
        )
    if step == Step.VAT:
        return step, state.goals[q], state.vat_in[q], state.vat_out[q]
    return state.goals[q]


def _offer_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.rows), state.flight, tuple(state.labels_left)


def _basic_key(state: DistilledView, player: int) -> Hashable:
    return tuple(state.basic)


def _shared_key(state: DistilledView, player: int) -> Hashable:
    return (
        state.round,
        state.alcohol,
        tuple(map(len, state.decks)),
        len(state.flavour_deck),
        len(state.flavour_discard),
        state.awards,
        state.peek_row,
        state.peeked,
    )


class _SeatBlocks:
    """One seat's numbers and pantry, each a block of its own: they change with that seat's
    own turn, so a change at one seat rewrites that seat's entries alone."""

    __slots__ = ("numbers_span", "pantry_span", "q")

    def __init__(self, q: int, offsets: Mapping[str, int]) -> None:
        self.q = q
        numbers = offsets["numbers"] + q * len(SEAT_NUMBERS)
        self.numbers_span = (numbers, numbers + len(SEAT_NUMBERS))
        pantry = offsets["pantry"] + q * N_CARDS
        self.pantry_span = (pantry, pantry + N_CARDS)

    def numbers_key(self, state: DistilledView, player: int) -> Hashable:
        return _PUBLIC_NUMBERS[self.q](state.pv), state.upgrades[self.q]

    def write_numbers(self, state: DistilledView, player: int, out: Cells) -> None:
        q = self.q
        d, money, vp, home, label, bought, passed, done, sold, _ = _PUBLIC_NUMBERS[q](state.pv)
        base = self.numbers_span[0]
        # One store per entry that is not zero, in SEAT_NUMBERS's order (the block is zeroed).
        if money:
            out[base] = money / _MONEY_SCALE
        if vp:
            out[base + 1] = vp / _VP_SCALE
        if bought:
            out[base + 2] = bought / _BOUGHT_SCALE
        if passed:
            out[base + 3] = 1.0
        if done:
            out[base + 4] = 1.0
        if sold:
            out[base + 5] = sold / _SOLD_SCALE
        if home:
            out[base + 6] = 1.0
        if label:
            out[base + 7] = 1.0
        if d >= 0:
            room = _ROOM
            for u in state.upgrades[q]:
                room += _EXTRA_ROOM[u]
            out[base + 8] = room / _CAPACITY_SCALE

    def pantry_key(self, state: DistilledView, player: int) -> Hashable:
        return state.pantry[self.q]

    def write_pantry(self, state: DistilledView, player: int, out: Cells) -> None:
        base = self.pantry_span[0]
        pantry = state.pantry[self.q]
        for c in pantry:
            out[base + c] = _FIFTHS[pantry.count(c)]


class DistilledObserver(Observer):
    """The view as numbers; seats in table order, the viewer marked by ``viewer``."""

    def __init__(self, players: int, space: ActionSpace) -> None:
        n = players
        pieces = [
            Piece("current", (n,), "the seat deciding in a sequential step, one-hot"),
            Piece("first", (n,), "the first-player token, one-hot"),
            Piece(
                "numbers",
                (n, len(SEAT_NUMBERS)),
                "each seat's " + ", ".join(f"{k} / {d}" for k, d in SEAT_NUMBERS),
            ),
            Piece("distiller", (n, len(DISTILLERS)), "each seat's distiller, once revealed"),
            Piece("pantry", (n, N_CARDS), "each seat's pantry, per card / 5"),
            Piece("barrels", (n, len(BARREL)), "each seat's barrels"),
            Piece("bottles", (n, len(BOTTLE)), "each seat's bottles in hand"),
            Piece("shelf", (n, len(BOTTLE)), "each seat's displayed bottles"),
            Piece("upgrades", (n, len(UPGRADE)), "each seat's upgrades"),
            Piece("recipes", (n, N_SHARED_RECIPES), "each seat's recipes"),
            Piece("labels", (n, N_RECIPES), "each seat's labels, per recipe / 2"),
            Piece("spaces", (n, len(SPACES)), "each seat's label bonus spaces used"),
            Piece("result", (n, N_CARDS), "each seat's distillation result, per card / 3"),
            Piece("made", (n, N_RECIPES), "each seat's new spirit"),
            Piece(
                "warehouse",
                (n, MOST_WAREHOUSE, N_RECIPES + 2),
                "each stored spirit: its recipe, its flavour cards / 5, phases stored / 6",
            ),
            Piece("goals", (len(GOALS),), "the viewer's distillery goals"),
            Piece("dealt", (len(DISTILLERS),), "the distillers dealt to the viewer (setup)"),
            Piece("dealt_goals", (len(GOALS),), "the goals dealt to the viewer (setup)"),
            Piece("kept", (len(DISTILLERS) + len(GOALS),), "the viewer's setup choices so far"),
            Piece("vat", (2, N_CARDS), "the viewer's vat: cards added / 3, cards kept out / 3"),
            Piece("rows", (len(UPGRADE) + N_CARDS + len(ITEM),), "the face-up premium rows"),
            Piece("flight", (N_SHARED_RECIPES,), "the recipes on offer"),
            Piece("labels_left", (N_SHARED_RECIPES,), "labels left per recipe / 10"),
            Piece("basic", (len(act.BASIC_KEYS),), "the basic market per card / 20"),
            Piece(
                "shared",
                (7,),
                "round / 7, alcohol / 60, upgrade, ingredient and item decks / 36, "
                "flavour deck / 40, flavour discard / 40",
            ),
            Piece("awards", (len(AWARDS),), "spirit awards still open"),
            Piece(
                "peeked",
                (3 + len(UPGRADE) + N_CARDS + len(ITEM),),
                "the deck being revealed, and the revealed cards",
            ),
        ]
        super().__init__(players, PHASES, pieces, space)
        self.blocks = self._blocks()

    def encode(self, view: Mapping[str, Any], out: list[float]) -> None:
        at = self.offsets
        n = self.players
        one_hot(out, at["current"], n, view["current"])
        one_hot(out, at["first"], n, view["first"])
        width = len(SEAT_NUMBERS)
        cards = N_CARDS
        n_barrels, n_bottles, n_upgrades, n_spaces = (
            len(BARREL),
            len(BOTTLE),
            len(UPGRADE),
            len(SPACES),
        )
        card_index, recipe_index, bottle_index = CARD_INDEX, RECIPE_INDEX, BOTTLE_INDEX
        at_numbers, at_distiller, at_pantry = at["numbers"], at["distiller"], at["pantry"]
        at_barrels, at_bottles, at_shelf = at["barrels"], at["bottles"], at["shelf"]
        at_upgrades, at_recipes, at_labels = at["upgrades"], at["recipes"], at["labels"]
        at_spaces, at_result, at_made = at["spaces"], at["result"], at["made"]
        at_warehouse = at["warehouse"]
        stride = N_RECIPES + 2
        viewer = view["viewer"]
        for seat in view["seats"]:
            q = seat["seat"]
            base = at_numbers + q * width
            for k, (key, scale) in enumerate(SEAT_NUMBERS):
                out[base + k] = float(seat[key]) / scale
            if seat["distiller"] is not None:
                out[at_distiller + q * len(DISTILLERS) + DISTILLER_INDEX[seat["distiller"]]] = 1.0
            base = at_pantry + q * cards
            for key in seat["pantry"]:
                out[base + card_index[key]] += 0.2
            base = at_barrels + q * n_barrels
            for key in seat["barrels"]:
                out[base + BARREL_INDEX[key]] += 1.0
            base = at_bottles + q * n_bottles
            for key in seat["bottles"]:
                out[base + bottle_index[key]] += 1.0
            base = at_shelf + q * n_bottles
            for key in seat["shelf"]:
                out[base + bottle_index[key]] += 1.0
            base = at_upgrades + q * n_upgrades
            for key in seat["upgrades"]:
                out[base + UPGRADE_INDEX[key]] = 1.0
            base = at_recipes + q * N_SHARED_RECIPES
            for key in seat["recipes"]:
                out[base + recipe_index[key]] = 1.0
            base = at_labels + q * N_RECIPES
            for key in seat["labels"]:
                out[base + recipe_index[key]] += 0.5
            base = at_spaces + q * n_spaces
            for key in seat["spaces"]:
                out[base + SPACE_INDEX[key]] = 1.0
            base = at_result + q * cards
            for key in seat["result"]:
                out[base + card_index[key]] += 1 / 3
            if seat["made"] is not None:
                out[at_made + q * N_RECIPES + recipe_index[seat["made"]["recipe"]]] = 1.0
            for i, spirit in enumerate(seat["warehouse"]):
                base = at_warehouse + (q * MOST_WAREHOUSE + i) * stride
                out[base + recipe_index[spirit["recipe"]]] = 1.0
                out[base + N_RECIPES] = spirit["flavours"] / 5
                out[base + N_RECIPES + 1] = spirit["stored"] / 6
            if q == viewer:
                self._encode_secrets(seat, out)
        offset = at["rows"]
        for i, name in enumerate(act.ROWS):
            index = ROW_INDEX[i]
            for key in view["rows"][name]:
                out[offset + index[key]] += 1.0
            offset += len(ROW_KEYS[i])
        for key in view["flight"]:
            out[at["flight"] + RECIPE_INDEX[key]] = 1.0
        for key, left in view["labels_left"].items():
            out[at["labels_left"] + RECIPE_INDEX[key]] = left / 10
        for i, key in enumerate(act.BASIC_KEYS):
            out[at["basic"] + i] = view["basic"][key] / 20
        shared = at["shared"]
        out[shared] = view["round"] / 7
        out[shared + 1] = view["alcohol"] / 60
        for i, name in enumerate(act.ROWS):
            out[shared + 2 + i] = view["decks"][name] / 36
        out[shared + 5] = view["flavour_deck"] / 40
        out[shared + 6] = len(view["flavour_discard"]) / 40
        for key in view["awards"]:
            out[at["awards"] + AWARD_INDEX[key]] = 1.0
        if view["peek_row"] is not None:
            r = act.ROWS.index(view["peek_row"])
            out[at["peeked"] + r] = 1.0
            offset = at["peeked"] + 3 + sum(len(ROW_KEYS[i]) for i in range(r))
            for key in view["peeked"]:
                out[offset + ROW_INDEX[r][key]] += 1.0

    def _blocks(self) -> tuple[Block[DistilledView], ...]:
        """The fast path's runs of the vector, each with what it reads."""
        span = self.span
        seats = [_SeatBlocks(q, self.offsets) for q in range(self.players)]
        return (
            Block(*span("current", "first"), _turn_key, self._write_turn),
            *(Block(*seat.numbers_span, seat.numbers_key, seat.write_numbers) for seat in seats),
            Block(*span("distiller", "distiller"), self._distillers_key, self._write_distillers),
            *(Block(*seat.pantry_span, seat.pantry_key, seat.write_pantry) for seat in seats),
            Block(*span("barrels", "shelf"), _containers_key, self._write_containers),
            Block(*span("upgrades", "labels"), _holdings_key, self._write_holdings),
            Block(*span("spaces", "spaces"), _spaces_key, self._write_spaces),
            Block(*span("result", "made"), _distilling_key, self._write_distilling),
            Block(*span("warehouse", "warehouse"), _warehouse_key, self._write_warehouse),
            Block(*span("goals", "vat"), _secrets_key, self._write_secrets),
            Block(*span("rows", "labels_left"), _offer_key, self._write_offer),
            Block(*span("basic", "basic"), _basic_key, self._write_basic),
            Block(*span("shared", "peeked"), _shared_key, self._write_shared),
        )

    def state_phase(self, state: State) -> str | None:
        return PHASE_BY_STEP[state.step] if isinstance(state, DistilledView) else None

    def _distillers_key(self, state: DistilledView, player: int) -> Hashable:
        return _DISTILLERS_OF[self.players](state.pv)

    def _write_turn(self, state: DistilledView, player: int, out: Cells) -> None:
        at = self.offsets
        one_hot(out, at["current"], self.players, state.current)
        one_hot(out, at["first"], self.players, state.first)

    def _write_distillers(self, state: DistilledView, player: int, out: Cells) -> None:
        pv = state.pv
        n_distillers = len(DISTILLERS)
        at_distiller = self.offsets["distiller"]
        for q in range(self.players):
            d = pv[q * W + DISTILLER]
            if d >= 0:
                out[at_distiller + q * n_distillers + d] = 1.0

    def _write_containers(self, state: DistilledView, player: int, out: Cells) -> None:
        at = self.offsets
        n_barrels, n_bottles = len(BARREL), len(BOTTLE)
        at_barrels, at_bottles, at_shelf = at["barrels"], at["bottles"], at["shelf"]
        for q in range(self.players):
            base = at_barrels + q * n_barrels
            for c in state.barrels[q]:
                out[base + c] += 1.0
            base = at_bottles + q * n_bottles
            for c in state.bottles[q]:
                out[base + c] += 1.0
            base = at_shelf + q * n_bottles
            for c in state.shelf[q]:
                out[base + c] += 1.0

    def _write_holdings(self, state: DistilledView, player: int, out: Cells) -> None:
        at = self.offsets
        n_upgrades = len(UPGRADE)
        at_upgrades, at_recipes, at_labels = at["upgrades"], at["recipes"], at["labels"]
        for q in range(self.players):
            base = at_upgrades + q * n_upgrades
            for u in state.upgrades[q]:
                out[base + u] = 1.0
            base = at_recipes + q * N_SHARED_RECIPES
            for r in _recipe_numbers(state.recipes[q]):
                out[base + r] = 1.0
            base = at_labels + q * N_RECIPES
            for r in state.labels[q]:
                out[base + r] += 0.5

    def _write_spaces(self, state: DistilledView, player: int, out: Cells) -> None:
        pv = state.pv
        at_spaces = self.offsets["spaces"]
        n_spaces = len(SPACES)
        for q in range(self.players):
            used = pv[q * W + SPACES_USED]
            if used:
                base = at_spaces + q * n_spaces
                for s in _space_numbers(used):
                    out[base + s] = 1.0

    def _write_distilling(self, state: DistilledView, player: int, out: Cells) -> None:
        at_result, at_made = self.offsets["result"], self.offsets["made"]
        for q in range(self.players):
            base = at_result + q * N_CARDS
            result = state.result[q]
            for c in result:
                out[base + c] = _THIRDS[result.count(c)]
            made = state.made[q]
            if made:
                out[at_made + q * N_RECIPES + made[0]] = 1.0

    def _write_warehouse(self, state: DistilledView, player: int, out: Cells) -> None:
        at_warehouse = self.offsets["warehouse"]
        stride = N_RECIPES + 2
        for q, spirits in enumerate(state.warehouse):
            for i, spirit in enumerate(spirits):
                base = at_warehouse + (q * MOST_WAREHOUSE + i) * stride
                out[base + spirit[0]] = 1.0
                out[base + N_RECIPES] = len(spirit[5]) / 5
                out[base + N_RECIPES + 1] = spirit[3] / 6

    def _write_secrets(self, state: DistilledView, q: int, out: Cells) -> None:
        """The viewer's own goals, setup choices and vat, as ``_encode_secrets`` writes them."""
        at = self.offsets
        start = at["goals"]
        for g in state.goals[q]:
            out[start + g] = 1.0
        step = state.step
        if step == Step.SETUP:
            start = at["dealt"]
            for d in state.dealt[q]:
                out[start + d] = 1.0
            start = at["dealt_goals"]
            for g in state.dealt_goals[q]:
                out[start + g] = 1.0
            if state.choice[q] >= 0:
                out[at["kept"] + state.choice[q]] = 1.0
            if state.drop[q] >= 0:
                out[at["kept"] + len(DISTILLERS) + state.drop[q]] = 1.0
        elif step == Step.VAT:
            start = at["vat"]
            vat_in, vat_out = state.vat_in[q], state.vat_out[q]
            for c in vat_in:
                out[start + c] = _THIRDS[vat_in.count(c)]
            start += N_CARDS
            for c in vat_out:
                out[start + c] = _THIRDS[vat_out.count(c)]

    def _write_offer(self, state: DistilledView, player: int, out: Cells) -> None:
        at = self.offsets
        offset = at["rows"]
        for keys, row in zip(ROW_KEYS, state.rows, strict=True):
            for c in row:
                out[offset + c] += 1.0
            offset += len(keys)
        start = at["flight"]
        for r in state.flight:
            out[start + r] = 1.0
        start = at["labels_left"]
        for i, left in enumerate(state.labels_left, start):
            if left:
                out[i] = left / 10

    def _write_basic(self, state: DistilledView, player: int, out: Cells) -> None:
        for i, count in enumerate(state.basic, self.offsets["basic"]):
            if count:
                out[i] = count / 20

    def _write_shared(self, state: DistilledView, player: int, out: Cells) -> None:
        at = self.offsets
        shared = at["shared"]
        out[shared] = state.round / 7
        out[shared + 1] = state.alcohol / 60
        for i, deck in enumerate(state.decks):
            out[shared + 2 + i] = len(deck) / 36
        out[shared + 5] = len(state.flavour_deck) / 40
        out[shared + 6] = len(state.flavour_discard) / 40
        start = at["awards"]
        for a in state.awards:
            out[start + a] = 1.0
        r = state.peek_row
        if r >= 0:
            out[at["peeked"] + r] = 1.0
            offset = at["peeked"] + 3 + sum(len(ROW_KEYS[i]) for i in range(r))
            for c in state.peeked:
                out[offset + c] += 1.0

    def _encode_secrets(self, seat: Mapping[str, Any], out: list[float]) -> None:
        """The viewer's own goals, setup choices and vat."""
        at = self.offsets
        cards = N_CARDS
        for key in seat.get("goals", ()):
            out[at["goals"] + GOAL_INDEX[key]] = 1.0
        for key in seat.get("dealt", ()):
            out[at["dealt"] + DISTILLER_INDEX[key]] = 1.0
        for key in seat.get("dealt_goals", ()):
            out[at["dealt_goals"] + GOAL_INDEX[key]] = 1.0
        if seat.get("kept"):
            out[at["kept"] + DISTILLER_INDEX[seat["kept"]]] = 1.0
        if seat.get("dropped"):
            out[at["kept"] + len(DISTILLERS) + GOAL_INDEX[seat["dropped"]]] = 1.0
        for key in seat.get("vat", ()):
            out[at["vat"] + CARD_INDEX[key]] += 1 / 3
        for key in seat.get("kept_out", ()):
            out[at["vat"] + cards + CARD_INDEX[key]] += 1 / 3
