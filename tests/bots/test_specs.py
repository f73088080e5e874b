"""Bot specs: names with parameters, converted strictly, errors naming what is wrong."""

from __future__ import annotations

import pytest

from lastcall.bots import (
    GreedyBot,
    IsmctsBot,
    RandomBot,
    bot_kinds,
    bot_parameters,
    make_bot,
    parse_spec,
    split_specs,
)
from lastcall.core import LastcallError


def test_every_kind_is_registered() -> None:
    assert bot_kinds() == ("greedy", "ismcts", "random")


def test_parameters_arrive_as_text_and_are_converted() -> None:
    bot = make_bot("ismcts:iters=50, c=1.25,depth=3", seed=9)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iters, bot.ms, bot.c, bot.depth, bot.seed) == (50, None, 1.25, 3, 9)
    timed = make_bot("ismcts:ms=2.5")
    assert isinstance(timed, IsmctsBot)
    assert timed.ms == 2.5
    greedy = make_bot("Greedy:samples=5")
    assert isinstance(greedy, GreedyBot)
    assert greedy.samples == 5
    assert isinstance(make_bot("random"), RandomBot)


def test_colons_separate_parameters_too() -> None:
    assert parse_spec("ismcts:iters=50:depth=4") == ("ismcts", {"iters": "50", "depth": "4"})
    assert parse_spec("ismcts:iters=50,depth=4") == ("ismcts", {"iters": "50", "depth": "4"})


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("greedy,random", ["greedy", "random"]),
        ("human, ismcts:iters=400", ["human", "ismcts:iters=400"]),
        ("ismcts:iters=50,depth=4,greedy", ["ismcts:iters=50,depth=4", "greedy"]),
        (
            "ismcts:iters=50:depth=4,greedy:samples=2",
            ["ismcts:iters=50:depth=4", "greedy:samples=2"],
        ),
        ("random,,greedy,", ["random", "greedy"]),
    ],
)
def test_split_a_list_of_specs(text: str, specs: list[str]) -> None:
    assert split_specs(text) == specs


def test_defaults() -> None:
    bot = make_bot("ismcts")
    assert isinstance(bot, IsmctsBot)
    assert (bot.iters, bot.ms, bot.c, bot.depth) == (200, None, 0.7, 6)
    greedy = make_bot("greedy")
    assert isinstance(greedy, GreedyBot)
    assert greedy.samples == 3


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iters=abc", "iters='abc' is not an integer"),
        ("ismcts:iters=2.5", "iters='2.5' is not an integer"),
        ("ismcts:iters=0", "iters=0 must be at least 1"),
        ("ismcts:depth=-1", "depth=-1 must be at least 0"),
        ("ismcts:c=fast", "c='fast' is not a number"),
        ("ismcts:c=-0.5", "c=-0.5 must be at least 0"),
        ("ismcts:c=nan", "c='nan' must be finite"),
        ("ismcts:ms=0", "ms=0.0 must be at least 0.001"),
        ("ismcts:iters=10,ms=5", "give iters or ms, not both"),
        ("greedy:samples=0", "samples=0 must be at least 1"),
        ("greedy:samples=x", "samples='x' is not an integer"),
        ("greedy:depth=2", "bot greedy has no parameter 'depth'; its parameters: samples"),
        ("random:level=3", "bot random has no parameter 'level'; it takes none"),
        ("ismcts:seed=3", "no parameter 'seed'; its parameters: iters, ms, c, depth"),
        ("ismcts:iters=10000000000", "iters=10000000000 must be at most 1000000"),
        ("ismcts:ms=1e9", "ms=1000000000.0 must be at most 60000.0"),
        ("ismcts:c=1000", "c=1000.0 must be at most 100.0"),
        ("ismcts:depth=2000000", "depth=2000000 must be at most 1000000"),
        ("greedy:samples=5000", "samples=5000 must be at most 1000"),
        ("ismcts:iters=²", "iters='²' is not an integer"),
        ("ismcts:iters=--1", "iters='--1' is not an integer"),
        ("ismcts:iters=" + "9" * 100, "iters='" + "9" * 40 + "...' is not an integer"),
        ("ismcts:c=" + "1" * 100, "is not a number"),
        ("greedy:samples", "parameters are key=value"),
        ("genius", "unknown bot 'genius'"),
    ],
)
def test_bad_specs_name_the_problem(spec: str, message: str) -> None:
    with pytest.raises(LastcallError, match=message.replace("(", r"\(").replace("?", r"\?")):
        make_bot(spec)


def test_a_huge_spec_is_refused_without_echoing_it() -> None:
    spec = "ismcts:iters=" + "x" * 100_000
    with pytest.raises(LastcallError) as caught:
        make_bot(spec)
    assert "longer than 200 characters" in str(caught.value)
    assert len(str(caught.value)) < 200


def test_every_kind_lists_its_parameters() -> None:
    assert bot_parameters("random") == ()
    assert bot_parameters("greedy") == ("samples",)
    assert bot_parameters("ismcts") == ("iters", "ms", "c", "depth")
