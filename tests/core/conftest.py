"""The core tests use the toy games, which no registry sees."""

from tests.toys.pile import PILE, PileState

__all__ = ["PILE", "PileState"]
