"""Asking a person for a line at the terminal without losing a Ctrl-C or a hang-up.

Python's ``input()`` blocks in ``read()``. A signal that lands after the
interpreter last looked for one but before that ``read()`` begins is noted and
then never acted on: the program sits waiting for a line with a Ctrl-C (or a
closed terminal) pending. Waiting first in ``select()`` on the terminal and on
a wake-up pipe, which the interpreter writes to as each signal arrives, closes
that gap: the wait ends as soon as either a line or a signal is there.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO


@contextmanager
def signals_wake() -> Iterator[int]:
    """While open, every signal with a Python handler writes a byte to the returned fd."""
    reader, writer = os.pipe()
    os.set_blocking(reader, False)
    os.set_blocking(writer, False)
    previous = signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
    try:
        yield reader
    finally:
        signal.set_wakeup_fd(previous)
        os.close(reader)
        os.close(writer)


def wait_for_line(source: int, wake: int) -> None:
    """Return once ``source`` has input; a signal arriving first has its handler run.

    The handler (``KeyboardInterrupt`` for Ctrl-C, the hang-up handler for a
    closed terminal) runs at the interpreter's next check, which the loop's
    jump back provides; a signal whose handler returns lets the wait go on.
    """
    while True:
        ready, _, _ = select.select([source, wake], [], [])
        if wake in ready:
            with suppress(BlockingIOError):
                os.read(wake, 512)
        if source in ready:
            return


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty() and stream.fileno() >= 0
    except (AttributeError, OSError, ValueError):  # a test's stand-in without a descriptor
        return False


def read_line() -> str:
    """``input()``, except that at a terminal a signal can never be left waiting."""
    if _is_terminal(sys.stdin) and threading.current_thread() is threading.main_thread():
        with signals_wake() as wake:
            wait_for_line(sys.stdin.fileno(), wake)
    return input()
