"""A signal that reaches the program while it waits for a line is never left pending.

The signal is sent to another thread on purpose: there it interrupts no
``read()`` of the main thread, which is what happens when one lands just
before the main thread starts to read. Only the wake-up pipe can end the wait.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

import pytest

from lastcall.cli.asking import signals_wake, wait_for_line

pytestmark = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(),
    reason="signal handlers can only be set in the main thread",
)


class Interrupted(Exception):
    pass


@pytest.fixture
def quiet_pipe() -> Iterator[tuple[int, int]]:
    """A source with no line in it yet (and the end that can give it one)."""
    reader, writer = os.pipe()
    yield reader, writer
    os.close(reader)
    os.close(writer)


@pytest.fixture
def later() -> Iterator[Callable[[float, Callable[[], object]], threading.Timer]]:
    """Run an action on another thread after a delay; whatever has not run is called off."""
    timers: list[threading.Timer] = []

    def schedule(seconds: float, action: Callable[[], object]) -> threading.Timer:
        timer = threading.Timer(seconds, action)
        timer.daemon = True
        timer.start()
        timers.append(timer)
        return timer

    yield schedule
    for timer in timers:
        timer.cancel()
        timer.join()


def signal_from_another_thread() -> None:
    signal.pthread_kill(threading.get_ident(), signal.SIGUSR1)


Later = Callable[[float, Callable[[], object]], threading.Timer]


def test_a_signal_caught_by_another_thread_ends_the_wait(
    quiet_pipe: tuple[int, int], later: Later
) -> None:
    source, feed = quiet_pipe

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise Interrupted

    previous = signal.signal(signal.SIGUSR1, interrupt)
    try:
        later(0.1, signal_from_another_thread)
        rescue = later(5.0, lambda: os.write(feed, b"too late\n"))
        with signals_wake() as wake, pytest.raises(Interrupted):
            wait_for_line(source, wake)
        assert rescue.is_alive(), "the wait ended only when a line came"
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_a_signal_whose_handler_returns_lets_the_wait_go_on(
    quiet_pipe: tuple[int, int], later: Later
) -> None:
    source, feed = quiet_pipe
    seen: list[int] = []
    previous = signal.signal(signal.SIGUSR1, lambda signum, frame: seen.append(signum))
    try:
        later(0.05, signal_from_another_thread)
        later(0.3, lambda: os.write(feed, b"1\n"))
        with signals_wake() as wake:
            wait_for_line(source, wake)
        assert seen == [signal.SIGUSR1]
        assert os.read(source, 16) == b"1\n"
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_the_previous_wakeup_fd_is_put_back() -> None:
    before = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(before)
    with signals_wake() as wake:
        assert wake >= 0
    assert signal.set_wakeup_fd(before) == before
