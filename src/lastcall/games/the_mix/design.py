"""The figures read at the end of a game of The Mix to check its design.

Where a seat's VP came from, and which components the seats took of those within reach.
The VP track is one number in the state, so the VP it gathered in play is traced back
through the log (which records every Bar Setup, cocktail served, technique taken, tile
space reached and refresh) and through what the seats hold; the final scoring is read
from the fields as :meth:`MixBase.final_score` adds it up.
"""

from __future__ import annotations

from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.flow import (
    BAR_TILE_SETUP,
    CLIENT_INSTANT,
    CLIENT_SETUP,
    COLLECTIVE,
    INDIVIDUAL,
    MIX_GAINS,
    MIX_TRIGGER,
    REFRESH_VP,
    TECH_NAMES,
    TECH_SETUP,
    TILE_GAINS,
    TILE_SPACES,
    TRACK_TILE_GAINS,
)
from lastcall.games.the_mix.state import (
    BAR_TILE,
    BARS,
    COMPLETED,
    DIE,
    INGREDIENT_VP,
    K_VP,
    MIXOLOGIST,
    MONEY,
    MONEY_PER_VP,
    PENALTIES,
    PENALTY_VP,
    PIP_VP,
    RESERVED,
    SHAKER_VP,
    SHAKERS,
    VP,
    Gains,
    MixBase,
    W,
)

_C = CONTENT


def _vp(effects: Gains) -> int:
    return sum(amount for kind, amount in effects if kind == K_VP)


CLIENT_INSTANT_VP = tuple(_vp(g) for g in CLIENT_INSTANT)
CLIENT_SETUP_VP = tuple(_vp(g) for g in CLIENT_SETUP)
TECH_SETUP_VP = tuple(_vp(g) for g in TECH_SETUP)
BAR_TILE_SETUP_VP = tuple(_vp(g) for g in BAR_TILE_SETUP)
MIX_SETUP_VP = tuple(
    _vp(g) if trigger == "bar_setup" else 0
    for g, trigger in zip(MIX_GAINS, MIX_TRIGGER, strict=True)
)
SPACE_VP = tuple(
    {key: _vp(g) for key, g in zip(keys, side, strict=True)}
    for keys, side in zip(TILE_SPACES, TILE_GAINS, strict=True)
)
"""The VP of reaching each space of the technique tile, by side and the space's key."""
INDIVIDUAL_VP = {space: _vp(g) for space, g in INDIVIDUAL.items()}
TRACK_TILE_VP = tuple(_vp(g) for g in TRACK_TILE_GAINS)
TECH_INDEX = {name: i for i, name in enumerate(TECH_NAMES)}

# The log's templates this module reads; each is the literal a rule in flow.py logs (the
# tests compare the sources with VP recorded as it is gained, so a template that drifts fails).
BAR_SETUP = "{p:Seat} perform{p:s} a Bar Setup."
SERVE = "{p:Seat} serve{p:s} {card}: ${money}, tips {rolls}."
TECHNIQUE = "{p:Seat} take{p:s} the technique {card}."
TECHNIQUE_REPLACING = "{p:Seat} take{p:s} the technique {card}, putting {old} under the deck."
BAR_SPACE = "{p:Seat} add{p:s} the Bar Space {tile}."
REFRESH_CLIENTS = "{p:Seat} refresh{p:es} the clients ({cards} go under the decks)."
REFRESH_BAR = "{p:Seat} refill{p:s} the Bar Supply."
ADVANCE = "{p:Seat} move{p:s} the technique die to {space}."

PLAY_SOURCES = (
    "bar_setups",
    "refreshes",
    "instant_bonuses",
    "technique_tile",
    "clients_track",
    "rewards",
)
"""VP gained on the track during play, in the order :meth:`MixDesign.score_sources` lists."""
END_SOURCES = ("money", "shakers", "ingredients", "technique_die", "collections", "penalties")
"""The final scoring's parts, as :meth:`MixBase.final_score` adds them."""


class MixDesign(MixBase):
    """Score sources and offers of The Mix, computed from the fields and the log."""

    __slots__ = ()

    def score_sources(self, player: int) -> dict[str, float]:
        """A seat's VP by source (see docs/rules/the-mix.md, "Checking the design").

        The in-game sources come from the log and the fields; ``rewards`` is what the VP
        track holds beyond them, which is what the Mixologist Card and the Experience
        Tiles paid (when their trigger happened, or a level-3 tile once). A solo rival's
        track is one ``track`` source: it scores by the Solo Board, not by these rules.
        """
        pv = self.pv
        b = player * W
        out: dict[str, float] = {}
        if player < self.num_players:
            play = self._play_vp(player)
            play["rewards"] = pv[b + VP] - sum(play.values())
            out.update((name, float(play[name])) for name in PLAY_SOURCES)
        else:
            out["track"] = float(pv[b + VP])
        money = pv[b + MONEY] // MONEY_PER_VP if player < self.num_players else 0
        out["money"] = float(money)
        out["shakers"] = float(pv[b + SHAKERS] * SHAKER_VP)
        out["ingredients"] = float(self.ingredients_held(player) * INGREDIENT_VP)
        out["technique_die"] = float(pv[b + DIE] * PIP_VP)
        out["collections"] = float(self.collection_points(player))
        out["penalties"] = float(-pv[b + PENALTIES] * PENALTY_VP)
        return out

    def _play_vp(self, p: int) -> dict[str, int]:
        """The VP seat ``p`` gained in play from each source but ``rewards``.

        Bar Setups pay for the completed Client Cards, the Bar Space tile and the
        Technique Cards held at the time (and the Mixologist Card's Bar Setup reward),
        so the log is replayed in order: which cards the seat had served, which
        techniques it held and whether it had added its tile by each of its Bar Setups.
        This needs a played game's whole log, which a determinized copy does not carry.
        """
        pv = self.pv
        side = self.tile_side
        events = []
        cell = self.log
        while cell is not None:
            if cell[4] and cell[4][0] == p:
                events.append((cell[3], cell[4]))
            cell = cell[5]
        events.reverse()
        served = 0
        held: list[int] = []
        tile = False
        setup_vp = refreshes = tile_vp = 0
        mix = pv[p * W + MIXOLOGIST]
        completed = self.completed[p]
        for template, args in events:
            if template == BAR_SETUP:
                setup_vp += sum(CLIENT_SETUP_VP[c] for c in completed[:served])
                setup_vp += sum(TECH_SETUP_VP[t] for t in held)
                if tile:
                    setup_vp += BAR_TILE_SETUP_VP[pv[p * W + BAR_TILE]]
                if mix >= 0:
                    setup_vp += MIX_SETUP_VP[mix]
            elif template == SERVE:
                served += 1
            elif template == TECHNIQUE:
                held.append(TECH_INDEX[args[1]])
            elif template == TECHNIQUE_REPLACING:
                held.remove(TECH_INDEX[args[2]])
                held.append(TECH_INDEX[args[1]])
            elif template == BAR_SPACE:
                tile = True
            elif template in (REFRESH_CLIENTS, REFRESH_BAR):
                refreshes += 1
            elif template == ADVANCE:
                tile_vp += SPACE_VP[side][args[1]]
        at = p * BARS
        taken = (*completed, *(c for c in self.glass_card[at : at + BARS] if c >= 0))
        track = sum(vp for space, vp in INDIVIDUAL_VP.items() if space <= pv[p * W + COMPLETED])
        if self.track_tiles:
            for space, t in zip(COLLECTIVE, self.track_tiles, strict=True):
                if space <= self.fox:
                    track += TRACK_TILE_VP[t]
        return {
            "bar_setups": setup_vp,
            "refreshes": refreshes * REFRESH_VP,
            "instant_bonuses": sum(CLIENT_INSTANT_VP[c] for c in taken),
            "technique_tile": tile_vp,
            "clients_track": track,
        }

    def offers(self) -> dict[str, tuple[int, ...]]:
        """Who holds, at the end, the components the seats chose among (seats only).

        - ``client``: offered once it left its deck: into a face-up column, or in solo
          to the rival straight from the deck when its column had nothing it could take
          (the cards never seen are the top of each deck above those put back face up);
          held when served, in a glass or reserved.
        - ``technique``: offered once it came into the face-up row (the same reading of
          the technique deck); held in one of the seat's three slots.
        - ``experience``: every tile, the pool being open to all; held when gained.
        - ``bar space``: every tile, the pile being face up; held when added.
        - ``mixologist``: offered when dealt, which the end state knows only when all
          8 were dealt (4 players; the cards turned down are not kept); held when kept.
        """
        seats = range(self.num_players)
        pv = self.pv
        out: dict[str, tuple[int, ...]] = {}
        unseen = {
            c for level, deck in enumerate(self.decks) for c in deck[self.deck_known[level] :]
        }
        for c, card in enumerate(_C.clients):
            if c not in unseen:
                out[f"client: {card.name}"] = tuple(p for p in seats if self._holds_client(p, c))
        unseen_techniques = set(self.tech_deck[self.tech_known :])
        for t, tech in enumerate(_C.techniques):
            if t not in unseen_techniques:
                out[f"technique: {tech.name}"] = tuple(p for p in seats if t in self.techniques[p])
        for e, tile in enumerate(_C.experience):
            out[f"experience: {tile.key}"] = tuple(p for p in seats if e in self.tiles_held[p])
        for k, space in enumerate(_C.bar_spaces):
            out[f"bar space: {space.name}"] = tuple(p for p in seats if pv[p * W + BAR_TILE] == k)
        if self.num_players * _C.rules.start.mixologist_cards_dealt == len(_C.mixologists):
            for m, mixologist in enumerate(_C.mixologists):
                out[f"mixologist: {mixologist.name}"] = tuple(
                    p for p in seats if pv[p * W + MIXOLOGIST] == m
                )
        return out

    def _holds_client(self, p: int, c: int) -> bool:
        """Whether seat ``p`` took client ``c`` and still has it: served, in a glass or
        reserved (a client leaves a seat only by being served)."""
        at = p * BARS
        return (
            c in self.completed[p]
            or c in self.glass_card[at : at + BARS]
            or self.pv[p * W + RESERVED] == c
        )
