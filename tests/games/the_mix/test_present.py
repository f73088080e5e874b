"""What a person sees of The Mix: cards with their text, choices in words, the score explained."""

from __future__ import annotations

from lastcall.core import Rng, Table
from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.game import MixState
from lastcall.games.the_mix.state import K_ADVANCE, NONE, SHAKERS, Step

from .mix_helpers import GAME, act, client, fill_glass, new, put, settle, start_turn, texts

NAMES = ("Alice", "Bob", "Chen")


def table(s: MixState, seat: int | None, names: tuple[str, ...] = NAMES) -> Table:
    asked = seat is not None and seat in s.to_move
    actions = s.legal_actions(seat) if asked and seat is not None else ()
    return GAME.present(s.view(seat), actions, names[: s.num_players])


def text_of(t: Table, component: str) -> str:
    found = t.find(component)
    assert found is not None, component
    return found[1].text


def played_out(players: int, seed: int, **options: object) -> MixState:
    """A whole game with random choices."""
    s = GAME.new(players, seed, dict(options))
    assert isinstance(s, MixState)
    rng = Rng(seed)
    while not s.is_over:
        p = s.to_move[0]
        actions = s.legal_actions(p)
        s.apply(p, actions[rng.below(len(actions))])
    return s


def test_a_client_card_shows_its_recipe_payment_and_bonuses() -> None:
    s = new(2, 1, first_game=True)
    t = table(s, 0)
    assert text_of(t, "client-gin-and-tonic") == (
        "Level 1 client; needs technique 1. Recipe: garnish, mixer, spirit. "
        "Pays $6 and rolls 1 tip die. Instant bonus: $2, 1 VP. "
        "At each Bar Setup once completed: 1 VP, $2."
    )
    zone, card = t.find("client-gin-and-tonic") or (None, None)
    assert zone is not None and zone.name == "Level 1 clients" and card is not None
    assert card.name == "Gin and Tonic" and card.key == "client:gin-and-tonic"


def test_setup_shows_ones_own_deal_and_only_backs_of_the_others() -> None:
    s = GAME.new(2, 4, {})
    assert isinstance(s, MixState)
    mine = table(s, 0)
    dealt = [c for c in mine.zones[0].components if c.id.startswith("s0-dealt-")]
    assert len(dealt) == 2
    for card in dealt:
        assert card.text.startswith(("Whenever", "At each"))
    back = mine.find("s1-dealt")
    assert back is not None and back[1].kind == "back" and back[1].count == 2
    keep = mine.choices[0]
    assert keep.label.startswith("Keep ") and keep.label.endswith(("a spirit", "a tool"))
    assert keep.targets[0].startswith("s0-dealt-") and keep.gain
    assert mine.prompt is not None and mine.prompt.source == "Player setup"
    watcher = table(s, None)
    assert watcher.find("s0-dealt") is not None and watcher.find("s1-dealt") is not None
    assert not any(c.id.startswith("s0-dealt-") for z in watcher.zones for c in z.components)


def test_the_turn_menu_names_each_action_with_its_cost_and_gain() -> None:
    s = new(2, 1)
    put(s, 0, SHAKERS, 3)
    start_turn(s, 0)
    t = table(s, 0)
    refresh = t.choice("place refreshclients")
    assert refresh is not None
    assert (refresh.label, refresh.gain, refresh.group) == (
        "Refresh the clients",
        "+5 VP",
        "Main Action",
    )
    assert refresh.targets == ("action-refreshclients",)
    extra = t.choice("extra refreshclients")
    assert extra is not None and (extra.cost, extra.gain) == ("1 shaker", "+5 VP")
    technique = t.choice("place technique")
    assert technique is not None and technique.cost == "1 shaker"
    assert technique.targets == ("s0-action-technique",)
    assert t.prompt is not None and t.prompt.text.startswith("Choose your Main Action")
    assert t.status.startswith("Turn ") and "Alice" not in t.status and "Your turn" in t.status


def test_advancing_names_each_space_by_compass_with_what_it_pays() -> None:
    s = new(2, 1)
    start_turn(s, 0)
    s.pending = [(0, K_ADVANCE, 1, NONE)]
    s.after = Step.ACTION
    s.step = Step.PENDING
    s._legal = None
    s._advance()
    t = table(s, 0)
    labels = {c.action: c.label for c in t.choices}
    assert labels["advance s"] == "Move the technique die to the south space: +2 VP"
    assert labels["advance n"] == "Move the technique die to the north space: +1 shaker"
    assert labels["advance w"] == "Move the technique die to the west space: +$3"
    south = t.choice("advance s")
    assert south is not None and south.targets == ("s0-tile-s",)
    assert text_of(t, "s0-tile-se") == "Pays 3 VP when the technique die ends a move here."
    die = t.find("s0-die")
    assert die is not None and die[1].at == "s0-tile-c" and die[1].value == 1
    assert t.prompt is not None
    assert t.prompt.text == "Choose where your technique die goes (up to 1 space)"
    assert t.prompt.source


def test_a_bonus_prompt_names_the_card_that_gives_it() -> None:
    s = new(2, 1)
    s.columns[0] = (client("cuba-libre"), *s.columns[0][1:])
    start_turn(s, 0)
    s.apply(0, act("place client"))
    s.apply(0, act("client cuba-libre"))
    t = table(s, 0)
    assert t.prompt is not None
    assert t.prompt.text == "Choose where your technique die goes (up to 1 space)"
    assert t.prompt.source == "Instant bonus of Cuba Libre"
    assert [c.action for c in t.choices] == ["advance n", "advance w", "advance e", "advance s"]
    watcher = table(s, None)
    assert watcher.prompt is None and watcher.status.startswith("Turn ")


def test_serving_names_the_client_and_what_it_pays() -> None:
    s = new(2, 1)
    fill_glass(s, 0, 0, "negroni")
    start_turn(s, 0)
    s.apply(0, act("place cocktail"))
    t = table(s, 0)
    serve = t.choice("serve 1")
    assert serve is not None
    assert (serve.label, serve.gain) == ("Serve Negroni", "+$5 and 2 tip dice")
    assert serve.targets == ("s0-client-negroni", "s0-glass1")
    assert "ready to serve" in text_of(t, "s0-glass1")
    assert t.prompt is not None and t.prompt.source == "Prepare 1 Cocktail"


def test_a_seats_board_counts_in_words_players_use() -> None:
    s = new(3, 2)
    t = table(s, 1)
    assert t.zones[0].owner == 1 and t.zones[0].name == "Your bar"
    assert next(z.name for z in t.zones if z.kind == "seat" and z.owner == 0) == "Alice's bar"
    names = {c.name for c in t.zones[0].components if c.kind == "counter"}
    assert {"VP", "Money", "Shakers", "Mixologists left", "Extra tip dice"} <= names
    mixologist = t.find("s1-mixologist")
    assert mixologist is not None and mixologist[1].text.endswith(".")


def test_the_solo_rival_shows_its_cards_and_its_bonuses_in_the_log() -> None:
    s = new(1, 3, opponent="ada")
    t = table(s, 0, ("Alice",))
    rival = next(z for z in t.zones if z.kind == "rival")
    assert rival.name == "Ada (hard)" and "first card" in rival.text
    revealed = [c for c in rival.components if c.id.startswith("rival-card-")]
    assert revealed and all(c.text.startswith("Main action: ") for c in revealed)
    assert any(st.name == "Ada" and st.seat is None for st in t.standings)
    log = texts(s, 0)
    assert any(line.startswith("Ada takes the instant bonus of Solo card") for line in log)


def test_the_log_gives_each_gain_its_amount_and_source() -> None:
    s = new(2, 1, first_game=True)
    start_turn(s, 0)
    s.apply(0, act("place client"))
    s.apply(0, act("client gin-and-tonic"))
    settle(s, 0)
    assert "You take the client Gin and Tonic and its instant bonus: $2, 1 VP." in texts(s, 0)
    start_turn(s, 1)
    s.apply(1, act("place refreshclients"))
    assert any(line.startswith("P1 refreshes the clients for 5 VP;") for line in texts(s))


def test_the_final_standings_add_up_by_named_source() -> None:
    s = played_out(1, 5, opponent="ada")
    t = table(s, 0, ("Alice",))
    assert t.over and not t.choices and t.prompt is None
    scores = s.scores()
    by_name = {st.name: st for st in t.standings}
    assert set(by_name) == {"Alice", "Ada"}
    for who, name in ((0, "Alice"), (1, "Ada")):
        standing = by_name[name]
        assert standing.score == scores[who] and standing.rank is not None
        assert sum(points for _, points in standing.sources) == scores[who]
    sources = {source for st in t.standings for source, _ in st.sources}
    assert "Technique die" in sources and "VP track" in sources
    assert all("_" not in source for source in sources)


def test_a_spectator_sees_everyone_and_is_asked_nothing() -> None:
    s = new(2, 1)
    t = table(s, None)
    assert t.viewer is None and not t.choices and t.prompt is None
    assert [z.owner for z in t.zones if z.kind == "seat"][:3] == [0, 0, 0]
    assert t.zones[0].name == "Alice's bar"


def test_the_glossary_holds_every_card_and_tile_with_its_text() -> None:
    glossary = GAME.glossary()
    for card in CONTENT.clients:
        assert "Recipe:" in glossary[card.name]
    for mixologist in CONTENT.mixologists:
        assert glossary[mixologist.name].startswith("Mixologist card.")
    assert sum(1 for term in glossary if term.startswith("Experience tile: ")) == len(
        CONTENT.experience
    )
    assert sum(1 for term in glossary if term.startswith("Solo card ")) == len(CONTENT.solo.cards)
    assert "Shaker" in glossary and "Bar Setup" in glossary and "Ada" in glossary
    howto = GAME.how_to_play()
    assert howto.startswith("# The Mix") and len(howto.splitlines()) < 150
    assert "lastcall" not in howto and ".py" not in howto
