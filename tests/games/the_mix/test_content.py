"""The Mix's components: the box's counts, the rulebook's lists and numbers, the design
invariants, and a loader that refuses broken data naming the file and the entry."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from lastcall.games.the_mix import content
from lastcall.games.the_mix.content import CONTENT, ContentError, Effect

RAW = content.read_raw()


def effects(*texts: str) -> tuple[Effect, ...]:
    return tuple(Effect(t.split()[0], int(t.split()[1])) for t in texts)


def rejects(change: Callable[[dict[str, Any]], None], *fragments: str) -> None:
    """Apply ``change`` to a copy of the files; loading must fail naming every fragment."""
    raw = copy.deepcopy(RAW)
    change(raw)
    with pytest.raises(ContentError) as caught:
        content.build(raw)
    for fragment in fragments:
        assert fragment in str(caught.value), (fragment, str(caught.value))


def entry(raw: dict[str, Any], file: str, table: str, key: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in raw[file][table] if e["key"] == key)
    return found


# ---- the box ----------------------------------------------------------------------------------


def test_the_box_counts() -> None:
    assert len(CONTENT.ingredients) == 9
    assert len(CONTENT.clients) == 48
    assert len(CONTENT.techniques) == 15
    assert [t.key for t in CONTENT.tiles] == ["basic", "advanced"]
    assert len(CONTENT.mixologists) == 8
    assert len(CONTENT.bar_spaces) == 4
    assert len(CONTENT.clients_track.tiles) == 6
    assert len(CONTENT.experience) == 15
    assert len(CONTENT.collections) == 6
    assert [s.key for s in CONTENT.solo.sides] == ["jerry", "ada"]
    assert len(CONTENT.solo.cards) == 22


def test_ingredients_follow_the_iconography() -> None:
    titles = [i.title for i in CONTENT.ingredients]
    assert titles == [
        "Garnishes",
        "Syrups",
        "Liqueurs",
        "Mixers",
        "Cream",
        "Decorations",
        "Spirits",
        "Ingredients & Others",
        "Tools",
    ]
    spirits = CONTENT.ingredients[CONTENT.ingredient("spirit")]
    assert spirits.colour == "blue"  # "she chooses to refresh the Spirits (blue)"


def test_the_printed_numbers() -> None:
    rules = CONTENT.rules
    assert (rules.min_players, rules.max_players) == (1, 4)
    table = ((1, 2, 2, 2, 9), (2, 2, 2, 2, 9), (3, 3, 3, 3, 15), (4, 3, 3, 3, 15))
    for players, per_column, supply, dice, end in table:
        count = rules.for_players(players)
        assert count.client_cards_per_column == per_column
        assert count.technique_cards_face_up == per_column
        assert count.bar_supply_per_type == supply
        assert count.main_board_tip_dice == dice
        assert count.end_orders == end
    assert rules.start.money == 16
    assert rules.start.shakers == 1
    names = [CONTENT.ingredients[i].key for i in rules.start.ingredient_choices]
    assert names == ["spirit", "tool"]
    assert rules.limits.reserve == 3 and rules.limits.technique_die_max == 6
    assert rules.costs.store_ingredient == 5 and rules.costs.shaker == 5
    assert rules.rewards.refresh_vp == 5
    assert (rules.upkeep.bar_space_with_client, rules.upkeep.third_technique_card) == (2, 2)
    assert rules.upkeep.third_reserve_ingredient == 2
    assert sorted(set(rules.tip_die_faces)) == [1, 2, 3]
    assert rules.scoring.money_per_vp == 2 and rules.scoring.collections_in_play == 3
    assert rules.scoring.tie_breaks == ("completed_clients", "completed_money", "shakers")
    assert rules.components.tip_dice == 11 and rules.components.glasses == 8


# ---- the rulebook's lists -----------------------------------------------------------------------


def test_experience_tiles_are_the_rulebook_list() -> None:
    listed = Counter((t.level, t.trigger, t.effects) for t in CONTENT.experience)
    assert listed == Counter(
        [
            (1, "take_client", effects("shaker 1")),
            (1, "take_technique", effects("vp 1")),
            (1, "take_client", effects("money 2")),
            (1, "take_client", effects("vp 1")),
            (2, "complete_client", effects("shaker 1")),
            (2, "complete_client", effects("money 2")),
            (2, "complete_client", effects("vp 1")),
            (2, "store_purchase", effects("vp 1")),
            (2, "take_client", effects("money 2")),
            (3, None, effects("shaker 2")),
            (3, None, effects("cocktail 1")),
            (3, None, effects("technique_card 1")),
            (3, None, effects("recall 1")),
            (3, None, effects("reserve_client 1")),
            (3, None, effects("double_tips 1")),
        ]
    )
    assert [len(CONTENT.experience_of_level(level)) for level in (1, 2, 3)] == [4, 5, 6]
    assert all(t.once == (t.level == 3) for t in CONTENT.experience)


def test_clients_track_tiles_and_bonus_spaces() -> None:
    track = CONTENT.clients_track
    assert track.length == 15
    assert [t.bonus for t in track.tiles] == [
        effects("advance 1"),
        effects("increase 1"),
        effects("store 1"),
        effects("shaker 1"),
        effects("vp 1"),
        effects("money 2"),
    ]
    assert [space for space, _ in track.individual] == [2, 4, 6]
    assert track.collective_spaces == (3, 5, 7)
    assert track.tiles_in_play == 3


def score(collection_key: str, clients: list[Any], techniques: int, experience: int) -> int:
    card = next(c for c in CONTENT.collections if c.key == collection_key)
    if card.counts == "technique_cards":
        return card.score(techniques)
    if card.counts == "experience_tiles":
        return card.score(experience)
    return card.score(sum(1 for c in clients if card.counts_client(c)))


def test_collections_score_the_rulebook_example() -> None:
    # Sasha: 3 technique cards; 5 completed clients (2 of technique 1, 1 of technique 2,
    # 2 of technique 5); 2 experience tiles. In play: completed clients, technique levels
    # 1/2/3 and experience: 8 + 6 + 5 = 19 VP, the technique cards score nothing.
    by_technique = {t: [c for c in CONTENT.clients if c.technique == t] for t in (1, 2, 5)}
    clients = by_technique[1][:2] + by_technique[2][:1] + by_technique[5][:2]
    in_play = ("clients", "technique-1-3", "experience")
    parts = [score(key, clients, 3, 2) for key in in_play]
    assert parts == [8, 6, 5] and sum(parts) == 19
    assert score("technique-5-6", clients, 3, 2) == 6
    assert score("techniques", clients, 3, 2) == 6


def test_collection_tables() -> None:
    assert [score("clients", [CONTENT.clients[0]] * n, 0, 0) for n in range(7)] == [
        0,
        1,
        2,
        4,
        6,
        8,
        8,
    ]
    level3 = [c for c in CONTENT.clients if c.level == 3]
    assert [score("level-3", level3[:n], 0, 0) for n in range(6)] == [0, 1, 3, 5, 7, 7]
    assert [score("experience", [], 0, n) for n in range(4)] == [0, 2, 5, 7]
    assert [score("techniques", [], n, 0) for n in range(4)] == [0, 2, 4, 6]
    level4 = [c for c in CONTENT.clients if c.technique == 4]
    assert score("technique-1-3", level4, 0, 0) == score("technique-5-6", level4, 0, 0) == 0


# ---- the designed cards -------------------------------------------------------------------------


def test_client_cards_follow_the_curve_by_level() -> None:
    curve = CONTENT.curve
    means = []
    for spec in curve.clients:
        cards = [c for c in CONTENT.clients if c.level == spec.level]
        assert len(cards) == 16
        for card in cards:
            assert len(card.recipe) == spec.recipe
            assert spec.technique[0] <= card.technique <= spec.technique[1]
            assert spec.value[0] <= curve.client_value(card) <= spec.value[1]
            assert card.tips <= CONTENT.rules.start.tip_dice
            assert card.instant and card.bar_setup
        means.append(sum(curve.client_value(c) for c in cards) / len(cards))
        recipes = Counter(tuple(c.recipe) for c in cards)
        assert max(recipes.values()) == 1  # no two recipes alike within a level
    assert means == sorted(means) and len(set(means)) == 3
    per_ingredient = [m / spec.recipe for m, spec in zip(means, curve.clients, strict=True)]
    assert per_ingredient == sorted(per_ingredient)  # bigger cards pay more per token
    money = [sum(c.money for c in CONTENT.clients if c.level == lv) for lv in (1, 2, 3)]
    assert money == sorted(money)


def test_the_paloma_of_the_rulebook_example() -> None:
    paloma = CONTENT.client("paloma")
    assert paloma.level == 2
    assert paloma.instant == effects("store 1")


def test_first_game_cards() -> None:
    starters = [c for c in CONTENT.clients if c.starter]
    assert len(starters) == 3
    assert all(c.level == 1 and c.technique == 1 for c in starters)


def test_every_ingredient_matters_at_every_level() -> None:
    for level in (1, 2, 3):
        used = {i for c in CONTENT.clients if c.level == level for i in c.recipe}
        assert used == set(range(9))


def test_technique_cards() -> None:
    for card in CONTENT.techniques:
        assert card.increase == 1  # "Increase your Technique Die by +1."
        low, high = CONTENT.curve.technique
        assert low <= CONTENT.curve.value(card.bar_setup) <= high
    assert len({c.key for c in CONTENT.techniques}) == 15


@pytest.mark.parametrize("side", ["basic", "advanced"])
def test_technique_tile_sides(side: str) -> None:
    tile = CONTENT.tile(side)
    start = tile.spaces[tile.start]
    assert start.bonus == ()
    assert all(s.bonus for i, s in enumerate(tile.spaces) if i != tile.start)
    for i, space in enumerate(tile.spaces):
        for j in tile.neighbours[i]:
            other = tile.spaces[j]
            assert abs(space.row - other.row) + abs(space.column - other.column) == 1
            assert i in tile.neighbours[j]
        assert all(e.kind != "advance" for e in space.bonus)
    assert len(tile.reachable(tile.start, 1)) == 4  # the central space has four neighbours
    assert tile.start not in tile.reachable(tile.start, 3)


def test_a_move_may_be_limited() -> None:
    tile = CONTENT.tile("basic")
    north = tile.space("n")
    one = {tile.spaces[i].key for i in tile.reachable(north, 1)}
    three = {tile.spaces[i].key for i in tile.reachable(north, 3)}
    assert one == {"nw", "ne", "c"}
    assert one < three and "n" not in three and "s" in three


def test_advanced_points_are_dead_ends() -> None:
    tile = CONTENT.tile("advanced")
    for key in ("nn", "ee", "ss", "ww"):
        assert len(tile.neighbours[tile.space(key)]) == 1
        assert tile.distance[tile.start][tile.space(key)] == 2


def test_mixologists_bar_spaces_and_solo() -> None:
    assert {m.trigger for m in CONTENT.mixologists} <= set(content.TRIGGERS)
    rules = CONTENT.rules
    assert rules.max_players * rules.start.mixologist_cards_dealt == len(CONTENT.mixologists)
    values = {CONTENT.curve.value(b.bar_setup) for b in CONTENT.bar_spaces}
    assert len(values) == 1  # the first to choose takes no better tile
    solo = CONTENT.solo
    assert [solo.cards_in_round(r) for r in range(1, 8)] == [3, 3, 4, 4, 4, 4, 4]
    assert sum(solo.cards_in_round(r) for r in range(1, 7)) == 22  # the deck lasts 6 rounds
    jerry, ada = solo.side("jerry"), solo.side("ada")
    assert (jerry.first_card_vp, ada.first_card_vp) == (0, 2)
    assert (jerry.late_round_vp, ada.late_round_vp) == (1, 2)
    assert solo.technique_die == 1 and solo.tip_dice == 2
    assert solo.column_by_die == (1, 1, 2, 2, 3, 3)
    mains = Counter(c.main for c in solo.cards)
    assert set(mains) == set(content.SOLO_MAIN)


def test_solo_bar_priority_runs_right_to_left_then_bottom_to_top() -> None:
    keys = [CONTENT.ingredients[i].key for i in CONTENT.bar_priority]
    assert keys[:3] == ["tool", "other", "spirit"]
    assert keys[-1] == "garnish"


# ---- the loader refuses broken data -------------------------------------------------------------


def test_a_missing_client_card_is_a_bad_count() -> None:
    rejects(lambda raw: raw["clients.toml"]["client"].pop(), "clients.toml", "47 client cards")


def test_an_unknown_ingredient_names_the_card() -> None:
    def change(raw: dict[str, Any]) -> None:
        entry(raw, "clients.toml", "client", "paloma")["recipe"][0] = "rum"

    rejects(change, "clients.toml", "client 'paloma'", "unknown ingredient 'rum'")


def test_a_missing_field_names_the_card() -> None:
    rejects(
        lambda raw: entry(raw, "clients.toml", "client", "zombie").pop("money"),
        "clients.toml: client 'zombie': missing field 'money'",
    )


def test_a_misspelt_field_is_refused() -> None:
    def change(raw: dict[str, Any]) -> None:
        entry(raw, "techniques.toml", "technique", "shaking")["bar_setp"] = ["vp 1"]

    rejects(change, "techniques.toml: technique 'shaking'", "unknown field 'bar_setp'")


def test_effects_are_checked() -> None:
    def unknown(raw: dict[str, Any]) -> None:
        entry(raw, "clients.toml", "client", "mimosa")["instant"] = ["gold 1"]

    rejects(unknown, "client 'mimosa'", "unknown effect 'gold'")

    def misplaced(raw: dict[str, Any]) -> None:
        entry(raw, "bar_spaces.toml", "bar_space", "patio")["bar_setup"] = ["experience 1"]

    rejects(misplaced, "bar_spaces.toml: bar space 'patio'", "experience is not allowed here")

    def malformed(raw: dict[str, Any]) -> None:
        entry(raw, "mixologists.toml", "mixologist", "rosa")["effects"] = ["money"]

    rejects(malformed, "mixologist 'rosa'", "not an effect")

    def doubled(raw: dict[str, Any]) -> None:
        entry(raw, "techniques.toml", "technique", "layering")["bar_setup"] = ["vp 1", "vp 1"]

    rejects(doubled, "technique 'layering'", "vp twice")


def test_cards_off_the_curve_are_refused() -> None:
    def rich(raw: dict[str, Any]) -> None:
        entry(raw, "clients.toml", "client", "gin-and-tonic")["bar_setup"] = ["vp 3"]

    rejects(rich, "client 'gin-and-tonic'", "value is 42, outside the curve's 30..37")

    def too_big(raw: dict[str, Any]) -> None:
        entry(raw, "clients.toml", "client", "screwdriver")["recipe"].append("cream")

    rejects(too_big, "client 'screwdriver'", "recipe must hold 3 ingredients")

    def out_of_level(raw: dict[str, Any]) -> None:
        entry(raw, "clients.toml", "client", "negroni")["technique"] = 5

    rejects(out_of_level, "client 'negroni'", "technique must be a whole number from 3 to 4")


def test_an_increase_on_a_card_that_needs_the_highest_die_is_refused() -> None:
    """Taking such a card already needs a die at 6, and "you cannot go beyond this limit"."""

    def dead_bonus(raw: dict[str, Any]) -> None:
        entry(raw, "clients.toml", "client", "jungle-bird")["instant"] = ["increase 1", "shaker 1"]

    rejects(dead_bonus, "client 'jungle-bird'", "an increase is lost")
    top = [c for c in CONTENT.clients if c.technique == CONTENT.rules.limits.technique_die_max]
    assert top and all(e.kind != "increase" for c in top for e in c.instant)


def test_duplicate_keys_are_refused() -> None:
    def change(raw: dict[str, Any]) -> None:
        raw["clients.toml"]["client"][1]["key"] = raw["clients.toml"]["client"][0]["key"]

    rejects(change, "client 'gin-and-tonic'", "appears twice")


def test_experience_counts_by_level() -> None:
    def missing(raw: dict[str, Any]) -> None:
        raw["experience.toml"]["tile"].pop()

    rejects(missing, "experience.toml", "5 level-3 experience tiles, the box holds 6")

    def promoted(raw: dict[str, Any]) -> None:
        entry(raw, "experience.toml", "tile", "recall")["level"] = 2
        entry(raw, "experience.toml", "tile", "recall")["trigger"] = "complete_client"

    rejects(promoted, "experience tile 'recall'", "recall is not allowed here")

    def triggered_once(raw: dict[str, Any]) -> None:
        entry(raw, "experience.toml", "tile", "vp-on-store")["trigger"] = "bar_setup"

    rejects(triggered_once, "experience tile 'vp-on-store'", "trigger 'bar_setup' is not one of")


def test_technique_tile_shape_is_checked() -> None:
    def two_starts(raw: dict[str, Any]) -> None:
        space = raw["technique_tile.toml"]["side"][0]["space"][0]
        space["start"] = True
        del space["bonus"]

    rejects(two_starts, "technique_tile.toml: side 'basic'", "exactly one space must be the start")

    def cut_off(raw: dict[str, Any]) -> None:
        spaces = raw["technique_tile.toml"]["side"][1]["space"]
        entry({"f": {"s": spaces}}, "f", "s", "ee")["at"] = [0, 4]

    rejects(cut_off, "side 'advanced'", "every space must be reachable")

    def no_bonus(raw: dict[str, Any]) -> None:
        del raw["technique_tile.toml"]["side"][0]["space"][1]["bonus"]

    rejects(no_bonus, "side 'basic', space 'n'", "missing field 'bonus'")


def test_solo_and_collections_are_checked() -> None:
    def bad_action(raw: dict[str, Any]) -> None:
        entry(raw, "solo.toml", "card", "s07")["main"] = "cocktail"

    rejects(bad_action, "solo.toml: solo card 's07'", "main 'cocktail' is not one of")

    def short_track(raw: dict[str, Any]) -> None:
        entry(raw, "solo.toml", "side", "ada")["clients_track"].pop()

    rejects(short_track, "side 'ada'", "one bonus per client round (5)")

    def both(raw: dict[str, Any]) -> None:
        entry(raw, "collections.toml", "collection", "clients")["per_card"] = 1

    rejects(both, "collection 'clients'", "either points or per_card")


def test_rules_are_checked() -> None:
    rejects(lambda raw: raw["rules.toml"]["by_players"].pop(), "by_players must list players")

    def dice(raw: dict[str, Any]) -> None:
        raw["rules.toml"]["components"]["tip_dice"] = 12

    rejects(dice, "rules.toml", "tip_dice must be each player's own dice")

    def start(raw: dict[str, Any]) -> None:
        raw["rules.toml"]["start"]["ingredient_choices"] = ["alcohol"]

    rejects(start, "rules.toml: [start]", "unknown 'alcohol'")

    def money(raw: dict[str, Any]) -> None:
        raw["rules.toml"]["start"]["money"] = "16"

    rejects(money, "rules.toml: [start]", "money must be a whole number")


def test_a_missing_file_is_named() -> None:
    rejects(lambda raw: raw.pop("solo.toml"), "solo.toml: file missing")
