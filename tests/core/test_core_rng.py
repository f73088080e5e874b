"""The seeded generator: same seed, same chance; copies go their own way."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from lastcall.core import Rng, compiled, mix_seed
from lastcall.core import rng as rng_module


def test_the_same_seed_gives_the_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]
    assert [Rng(42).below(100) for _ in range(3)] == [Rng(42).below(100)] * 3


def test_different_seeds_give_different_sequences() -> None:
    assert Rng(1).next64() != Rng(2).next64()


def test_seeds_are_taken_modulo_two_to_the_64() -> None:
    assert Rng(-1).state == (1 << 64) - 1
    assert Rng(1 << 64) == Rng(0)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 52, 1000])
def test_below_stays_in_range_and_covers_it(n: int) -> None:
    rng = Rng(7)
    values = [rng.below(n) for _ in range(max(200, 20 * n))]
    assert all(0 <= v < n for v in values)
    assert set(values) == set(range(n))


def test_below_is_roughly_uniform() -> None:
    rng = Rng(123)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_below_and_next64_advance_the_state_alike() -> None:
    a, b = Rng(9), Rng(9)
    a.below(10)
    b.next64()
    assert a == b


def test_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    items = list(range(52))
    a, b = items[:], items[:]
    Rng(5).shuffle(a)
    Rng(6).shuffle(b)
    assert sorted(a) == items and sorted(b) == items
    assert a != items and a != b
    c = items[:]
    Rng(5).shuffle(c)
    assert c == a


def test_shuffle_draws_as_fisher_yates_over_below() -> None:
    """The written-out generator in ``shuffle`` gives the same bits as ``below``."""
    items = list(range(60))
    shuffled = items[:]
    rng = Rng(2024)
    rng.shuffle(shuffled)
    reference = items[:]
    twin = Rng(2024)
    for i in range(len(reference) - 1, 0, -1):
        j = twin.below(i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert shuffled == reference and rng == twin


def test_shuffle_of_short_lists() -> None:
    empty: list[int] = []
    Rng(1).shuffle(empty)
    one = [1]
    Rng(1).shuffle(one)
    assert empty == [] and one == [1]


def test_a_copy_is_independent() -> None:
    rng = Rng(77)
    rng.next64()
    twin = rng.copy()
    assert twin == rng and twin is not rng
    first = twin.next64()
    assert twin != rng
    assert rng.next64() == first


def test_choice_picks_from_the_items() -> None:
    rng = Rng(3)
    assert {rng.choice("abc") for _ in range(100)} == set("abc")


def test_mix_seed_is_deterministic_and_spreads() -> None:
    assert mix_seed(1, 2) == mix_seed(1, 2)
    assert (
        len({mix_seed(1, 2), mix_seed(2, 1), mix_seed(1, 3), mix_seed(1), mix_seed(1, 2, 0)}) == 5
    )
    assert 0 <= mix_seed(-5, 1 << 70) < 1 << 64


def test_rng_equality_and_hash_follow_the_state() -> None:
    assert Rng(4) == Rng(4) and hash(Rng(4)) == hash(Rng(4))
    assert Rng(4) != 4
    assert repr(Rng(4)) == "Rng(state=0x4)"


def test_the_generator_gives_these_numbers_on_either_path() -> None:
    """Pinned outputs: the native path of the compiled build must give the source's bits.

    The ranges include the largest the native path takes and those past it.
    """
    rng = Rng(0xDEADBEEF)
    ranges = (1, 6, 52, 1000, 2**31 - 1, 2**31, 2**32 - 1)
    assert [rng.below(n) for n in ranges] == [0, 5, 0, 454, 503137202, 1435508520, 1513085995]
    deck = list(range(20))
    rng.shuffle(deck)
    assert deck == [19, 7, 17, 8, 14, 9, 4, 10, 6, 5, 18, 3, 12, 11, 1, 16, 15, 2, 0, 13]
    whole = list(range(30))
    rng.permute(whole)
    first, second = whole[:15], whole[15:]
    assert first == [19, 16, 0, 17, 29, 28, 10, 27, 9, 21, 20, 23, 3, 14, 7]
    assert second == [18, 4, 13, 6, 25, 26, 1, 11, 24, 8, 22, 12, 5, 2, 15]
    dealt = list(range(30))
    rng.permute(dealt, 4)
    assert dealt[:8] == list(range(8)) and dealt[26:] == [14, 22, 16, 8]
    assert dealt[8] == 29 and sorted(dealt) == list(range(30))
    assert rng.next64() == 0xBA770FC50B85CB64
    assert rng.state == 0xC6EF3730C7FD418F
    assert mix_seed(3, 1 << 70, -2) == 0xEB700481F27BDB9D


@pytest.mark.parametrize(
    ("parts", "seed"),
    [
        ((7, 0, 0xD37E), 0x456AC7DCB158F531),
        ((0,), 0xE220A8397B1DCDAF),
        ((2**62 - 1, 3), 0xB35EEAC37F888E4F),
        ((2**62,), 0x00AA50EA8E0FA9EB),
        ((2**63 + 5, 1), 0xBA16740D528574FA),
        ((-1,), 0xE4D971771B652C20),
    ],
)
def test_mixed_seeds_are_these_on_either_path(parts: tuple[int, ...], seed: int) -> None:
    """The native path takes parts under ``2**62`` straight and the rest through masking."""
    assert mix_seed(*parts) == seed
    assert Rng.mixed(*parts) == Rng(seed)


def test_the_native_path_runs_exactly_where_the_engine_is_compiled() -> None:
    assert rng_module.NATIVE is compiled()


def test_a_generator_pickles_by_its_state() -> None:
    rng = Rng(-5)
    rng.below(9)
    twin = pickle.loads(pickle.dumps(rng))
    assert twin == rng and twin.next64() == rng.next64()
