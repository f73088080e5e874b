"""The table at the terminal: answers, several actions at once, the news, the log,
single choices, hand-over, the spinner, saving as it goes and resuming."""

from __future__ import annotations

import io
import itertools
import time
from collections.abc import Callable

import pytest
from rich.console import Console

import lastcall
from lastcall.cli.answers import NoChoice, read_answer, seats_as_numbers
from lastcall.cli.play import (
    CLEAR_ALL,
    SPINNER_DELAY,
    Autosave,
    QuitGame,
    Session,
    Thinking,
    new_table,
    play_match,
    resume_match,
    seat_specs,
)
from lastcall.core import Action, LastcallError, MatchRecord, Rng, State


def decision_of_p0(game_id: str, seed: int, wanted: Callable[[State], bool]) -> State:
    """Random play from ``seed`` until P0 decides in a position ``wanted`` accepts."""
    g = lastcall.game(game_id)
    rng = Rng(seed)
    for attempt in range(50):
        state = g.new(g.min_players, seed + attempt)
        while not state.is_over:
            player = state.to_move[0]
            if player == 0 and wanted(state):
                return state
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.below(len(actions))])
    raise AssertionError(f"no such decision in {game_id}")


def has_choices(count: int) -> Callable[[State], bool]:
    return lambda state: len(state.legal_actions(0)) >= count


def wide_console(terminal: bool = False) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=300, force_terminal=terminal, color_system=None), out


# ----------------------------------------------------------------- answers


@pytest.mark.parametrize(
    "answer", ["²", "①", "", "   ", "garbage", "0", "99", "9" * 40, "x" * 50_000, ";", "1; 1"]
)
def test_what_is_not_a_choice_gets_one_short_no_choice_line(answer: str) -> None:
    state = decision_of_p0("barista", 1, has_choices(3))
    result = read_answer(answer, state, 0, state.legal_actions(0))
    assert isinstance(result, NoChoice)
    assert result.message.startswith("No choice")
    assert "\n" not in result.message
    assert len(result.message) < 300


def test_numbers_of_any_decimal_script_and_action_texts_are_choices() -> None:
    state = decision_of_p0("barista", 1, has_choices(3))
    actions = state.legal_actions(0)
    assert read_answer(" 2 ", state, 0, actions) == [actions[1]]
    assert read_answer("２", state, 0, actions) == [actions[1]]
    assert read_answer(str(actions[2]).upper(), state, 0, actions) == [actions[2]]


def test_an_illegal_action_names_the_rule() -> None:
    state = decision_of_p0("barista", 1, lambda s: Action("challenge") not in s.legal_actions(0))
    result = read_answer("challenge", state, 0, state.legal_actions(0))
    assert isinstance(result, NoChoice)
    assert "No choice 'challenge': P0 cannot 'challenge'" in result.message


def test_seats_may_be_named_as_the_table_names_them() -> None:
    assert seats_as_numbers("spill P1") == "spill 1"
    assert seats_as_numbers("raid p2 ace") == "raid 2 ace"
    assert seats_as_numbers("place pp1 p12x") == "place pp1 p12x"
    wants_target = decision_of_p0(
        "barista", 3, lambda s: any(a.verb in ("take", "spill") for a in s.legal_actions(0))
    )
    target = next(a for a in wants_target.legal_actions(0) if a.verb in ("take", "spill"))
    answer = f"{target.verb} P{target.args[0]}"
    assert read_answer(answer, wants_target, 0, wants_target.legal_actions(0)) == [target]


def test_a_later_piece_must_be_text() -> None:
    state = decision_of_p0("barista", 1, has_choices(3))
    result = read_answer("1; 2", state, 0, state.legal_actions(0))
    assert isinstance(result, NoChoice)
    assert "name later actions by their text" in result.message


# ----------------------------------------------------------------- playing with a script


class Script:
    """Answers prompts from a list, then quits; records what each prompt saw."""

    def __init__(self, answers: list[str], out: io.StringIO) -> None:
        self.answers = list(answers)
        self.out = out
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise QuitGame
        return self.answers.pop(0)


def scripted_match(
    game_id: str, seats: list[str], answers: list[str], seed: int = 1, **kwargs: bool
) -> tuple[Session, Script, io.StringIO]:
    g = lastcall.game(game_id)
    console, out = wide_console(terminal=kwargs.pop("terminal", False))
    script = Script(answers, out)
    confirm_all = kwargs.pop("confirm_all", False)
    match = new_table(g, len(seats), seats, seed, None, console, script, confirm_all)
    return match, script, out


def double_answer(state: State) -> str | None:
    """``a; b`` when P0 may take two actions in a row here, else None."""
    first = state.legal_actions(0)[0]
    after = state.clone()
    after.apply(0, first)
    if after.to_move[:1] == (0,) and after.legal_actions(0):
        return f"{first}; {after.legal_actions(0)[0]}"
    return None


@pytest.mark.parametrize("game_id", lastcall.games())
def test_several_actions_in_one_answer_are_applied_in_order(game_id: str) -> None:
    g = lastcall.game(game_id)
    seats = ["human"] + ["random"] * (g.min_players - 1)
    match, _, _ = scripted_match(game_id, seats, [], seed=1, confirm_all=True)
    given: list[str] = []

    def ask(prompt: str) -> str:
        if given or len(match.rec.moves) > 3000:
            raise QuitGame
        answer = double_answer(match.rec.state)
        if answer is None:
            return "1"
        given.append(answer)
        return answer

    match.ask = ask
    with pytest.raises(QuitGame):
        play_match(match)
    assert given, "no decision allowing two actions in a row"
    first, second = given[0].split("; ")
    mine = [text for player, text in match.rec.moves if player == 0]
    assert mine[-2:] == [first, second]


def test_a_list_stops_at_the_first_illegal_action_and_says_so() -> None:
    match, _, out = scripted_match("barista", ["human", "random"], [], confirm_all=True)
    given: list[str] = []

    def ask(prompt: str) -> str:
        state = match.rec.state
        if given or double_answer(state) is None:
            if given:
                raise QuitGame
            return "1"
        given.append(str(state.legal_actions(0)[0]))
        return f"{given[0]}; challenge; {given[0]}"

    match.ask = ask
    with pytest.raises(QuitGame):
        play_match(match)
    mine = [text for player, text in match.rec.moves if player == 0]
    assert mine[-1] == given[0]
    assert "Stopped at 'challenge': P0 cannot 'challenge'" in out.getvalue()
    assert f"(and dropped '{given[0]}')" in out.getvalue()


def test_the_news_holds_everything_since_the_seat_last_decided() -> None:
    seats = ["human"] + ["random"] * 5
    match, script, out = scripted_match("barista", seats, ["1"] * 6, seed=4)
    marks: list[tuple[int, int]] = []  # (output length, events seen) at each prompt

    def ask(prompt: str) -> str:
        marks.append((len(out.getvalue()), len(match.rec.state.events(0))))
        return script(prompt)

    match.ask = ask
    with pytest.raises(QuitGame):
        play_match(match)
    screen = out.getvalue()
    events = [e.text for e in match.rec.state.events(0)]
    longest = 0
    for (start, before), (end, now) in itertools.pairwise(marks):
        news = events[before:now]
        panel = screen[start:end]
        assert all(text in panel for text in news)
        longest = max(longest, len(news))
    assert longest > 12  # more than the old cut-off, all shown


def test_log_shows_the_whole_log() -> None:
    match, _, out = scripted_match("barista", ["human", "random"], ["1", "1", "log"], seed=2)
    with pytest.raises(QuitGame):
        play_match(match)
    events = match.rec.state.events(0)
    screen = out.getvalue()
    assert f"The whole log as P0 saw it ({len(events)} events)" in screen
    for number, event in enumerate(events, 1):
        assert f"{number:>5}  {event.text}" in screen


def test_a_single_choice_is_taken_unless_every_move_is_confirmed() -> None:
    for confirm_all in (False, True):
        match, script, out = scripted_match(
            "barista", ["human", "random"], ["1"] * 30, seed=5, confirm_all=confirm_all
        )
        counts: list[int] = []

        def ask(
            prompt: str, match: Session = match, script: Script = script, counts: list[int] = counts
        ) -> str:
            counts.append(len(match.rec.state.legal_actions(0)))
            return script(prompt)

        match.ask = ask
        with pytest.raises(QuitGame):
            play_match(match)
        taken = "(the only choice, taken for you)" in out.getvalue()
        assert taken is not confirm_all
        assert (1 in counts) is confirm_all


def test_hand_over_wipes_the_screen_and_the_scrollback() -> None:
    answers = ["", "1", "", "1", "", "1"]
    match, script, out = scripted_match("barista", ["human", "human"], answers, terminal=True)
    with pytest.raises(QuitGame):
        play_match(match)
    assert any("Pass the terminal to P" in prompt for prompt in script.prompts)
    assert CLEAR_ALL in out.getvalue()


def test_the_spinner_shows_only_when_a_bot_takes_a_while() -> None:
    console, out = wide_console(terminal=True)
    with Thinking(console, "P1 (slow) is thinking..."):
        time.sleep(SPINNER_DELAY + 0.4)
    assert "P1 (slow) is thinking..." in out.getvalue()
    console, out = wide_console(terminal=True)
    with Thinking(console, "P1 (quick) is thinking..."):
        pass
    time.sleep(SPINNER_DELAY + 0.1)
    assert "thinking" not in out.getvalue()


# ----------------------------------------------------------------- seats


def test_seats_must_fill_every_place() -> None:
    assert seat_specs(None, 3) == ("human", "random", "random")
    assert seat_specs("Human, greedy", 2) == ("human", "greedy")
    with pytest.raises(LastcallError, match="3 players need 3 seats; --seats names 2"):
        seat_specs("human,random", 3)
    with pytest.raises(LastcallError, match="has no parameter 'x'"):
        seat_specs("human,random:x=1", 2)


# ----------------------------------------------------------------- saving and resuming


def test_autosave_saves_a_persons_move_at_once_and_bots_moves_at_most_each_second() -> None:
    match, _, _ = scripted_match("barista", ["random", "random"], [])
    saved: list[int] = []
    saver = Autosave(match.rec, lambda record: saved.append(len(record.moves)), interval=3600)
    state = match.rec.state
    for by_person in (False, False, True, False):
        player = state.to_move[0]
        match.rec.apply(player, state.legal_actions(player)[0])
        saver.after_move(by_person)
    assert saved == [3]  # the bots' moves wait; the person's move is saved at once
    saver.flush()
    saver.flush()
    assert saved == [3, 4]  # brought up to date once, not rewritten when nothing changed


def record_after(answers: list[str], seed: int = 3) -> tuple[MatchRecord, Session]:
    match, _, _ = scripted_match("barista", ["human", "random"], answers, seed=seed)
    with pytest.raises(QuitGame):
        play_match(match)
    return match.rec.record(), match


def test_resume_replays_to_the_same_table() -> None:
    record, before = record_after(["1", "2", "1", "1"])
    console, _ = wide_console()
    match = resume_match(record, console, Script([], io.StringIO()))
    assert match.rec.state == before.rec.state
    assert match.rec.moves == before.rec.moves
    state = lastcall.game("barista").new(2, record.seed)
    last_mine = max(i for i, (player, _) in enumerate(record.moves) if player == 0)
    for index, (player, text) in enumerate(record.moves):
        if index == last_mine:
            assert match.seen[0] == state.last_event  # news from P0's last decision on
        state.apply(player, state.game.parse_action(text))
    assert set(match.bots) == {1}


def test_resume_refuses_a_finished_or_broken_record() -> None:
    record, _ = record_after(["1", "1"])
    console, _ = wide_console()
    ask = Script([], io.StringIO())
    finished = MatchRecord(**{**record.__dict__, "scores": (1.0, 0.0)})
    with pytest.raises(LastcallError, match="that match is finished"):
        resume_match(finished, console, ask)
    short = MatchRecord(**{**record.__dict__, "seats": ("human",)})
    with pytest.raises(LastcallError, match="names 1 seats for 2 players"):
        resume_match(short, console, ask)
    moves = list(record.moves)
    moves[1] = (moves[1][0], "challenge")
    tampered = MatchRecord(**{**record.__dict__, "moves": tuple(moves)})
    with pytest.raises(LastcallError, match=r"move 1 .* does not replay"):
        resume_match(tampered, console, ask)


def test_a_resumed_match_keeps_the_names_it_was_saved_with() -> None:
    match, _, _ = scripted_match("barista", ["human", "random"], [])
    saved: list[MatchRecord] = []
    Autosave(match.rec, saved.append, names=("Ann", "Bo")).flush()
    assert saved[0].meta["names"] == ["Ann", "Bo"]
    console, _ = wide_console()
    again = resume_match(saved[0], console, Script([], io.StringIO()))
    assert again.names == ("Ann", "Bo")
    unnamed = MatchRecord(**{**saved[0].__dict__, "meta": {}})
    assert resume_match(unnamed, console, Script([], io.StringIO())).names == ("P0", "P1")


@pytest.mark.parametrize(
    "names", [["Ann"], ["Ann", "ann"], ["Ann", "\x1b[2JBo"], ["Ann", "B" * 40], "Ann,Bo"]
)
def test_names_read_back_from_a_record_are_checked(names: object) -> None:
    match, _, _ = scripted_match("barista", ["human", "random"], [])
    record = MatchRecord(**{**match.rec.record().__dict__, "meta": {"names": names}})
    console, _ = wide_console()
    with pytest.raises(LastcallError):
        resume_match(record, console, Script([], io.StringIO()))


def test_the_news_and_the_log_call_seats_by_their_names() -> None:
    match, _, _ = scripted_match("bartender", ["human", "random"], [])
    match.names = ("Ann", "Bo")
    state = match.rec.state
    while not any(e.data.get("p") == 1 for e in state.events(0)):
        player = state.to_move[0]
        state.apply(player, state.legal_actions(player)[0])
    texts = [e.text for e in state.events(0, names=match.names)]
    assert any(text.startswith("Bo ") for text in texts)
    assert not any("P1" in text for text in texts)
    assert [e.text for e in state.events(0)] != texts
