"""The figures read at the end of a game of The Mix to check its design.

Where a seat's VP came from, and which components the seats took of those within reach.
The VP track is one number in the state; what Bar Setups, refreshes and the technique
tile paid into it is tallied beside it as it is gained, the rest is read from what the
seats hold, and the final scoring from the fields as :meth:`MixBase.final_score` adds it
up. Nothing here reads the log, so a determinized copy explains its score as the truth does.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import trait

from lastcall.games.the_mix.content import CONTENT
from lastcall.games.the_mix.flow import (
    CLIENT_INSTANT,
    COLLECTIVE,
    INDIVIDUAL,
    REFRESH_VP,
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
    REFRESHES,
    RESERVED,
    SETUP_VP,
    SHAKER_VP,
    SHAKERS,
    TILE_VP,
    VP,
    Gains,
    MixBase,
    W,
)

_C: Final = CONTENT


def _vp(effects: Gains) -> int:
    return sum(amount for kind, amount in effects if kind == K_VP)


CLIENT_INSTANT_VP: Final = tuple(_vp(g) for g in CLIENT_INSTANT)
INDIVIDUAL_VP: Final = {space: _vp(g) for space, g in INDIVIDUAL.items()}
TRACK_TILE_VP: Final = tuple(_vp(g) for g in TRACK_TILE_GAINS)

PLAY_SOURCES: Final = (
    "bar_setups",
    "refreshes",
    "instant_bonuses",
    "technique_tile",
    "clients_track",
    "rewards",
)
"""VP gained on the track during play, in the order :meth:`MixDesign.score_sources` lists."""
END_SOURCES: Final = (
    "money",
    "shakers",
    "ingredients",
    "technique_die",
    "collections",
    "penalties",
)
"""The final scoring's parts, as :meth:`MixBase.final_score` adds them."""


@trait
class MixDesign(MixBase):
    """Score sources and offers of The Mix, computed from the fields."""

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

    def _field_vp(self, p: int) -> dict[str, int]:
        """The VP of instant bonuses and the Clients Track, read from what the seat holds."""
        pv = self.pv
        at = p * BARS
        completed = self.completed[p]
        taken = (*completed, *(c for c in self.glass_card[at : at + BARS] if c >= 0))
        track = sum(vp for space, vp in INDIVIDUAL_VP.items() if space <= pv[p * W + COMPLETED])
        if self.track_tiles:
            for space, t in zip(COLLECTIVE, self.track_tiles, strict=True):
                if space <= self.fox:
                    track += TRACK_TILE_VP[t]
        return {
            "instant_bonuses": sum(CLIENT_INSTANT_VP[c] for c in taken),
            "clients_track": track,
        }

    def _play_vp(self, p: int) -> dict[str, int]:
        """The VP seat ``p`` gained in play from each source but ``rewards``."""
        pv = self.pv
        b = p * W
        return {
            "bar_setups": pv[b + SETUP_VP],
            "refreshes": pv[b + REFRESHES] * REFRESH_VP,
            "technique_tile": pv[b + TILE_VP],
        } | self._field_vp(p)

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
