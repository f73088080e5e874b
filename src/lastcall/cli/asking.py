"""Asking a person for a line at the terminal without losing a Ctrl-C or a hang-up.

Python's ``input()`` blocks in ``read()``. A signal that lands after the
interpreter last looked for one but before that ``read()`` begins is noted and
then never acted on: the program sits waiting for a line with a Ctrl-C (or a
closed terminal) pending. Waiting first in ``select()`` on the terminal and on
a wake-up pipe, which the interpreter writes to as each signal arrives, closes
that gap: the wait ends as soon as either a line or a signal is there.

At a terminal the line itself is read through readline, so the arrow keys
edit it and bring back earlier answers (they never reach the answer as
escape sequences), and Tab completes what the prompt knows.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import termios
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from types import ModuleType
from typing import TextIO


def _line_editor() -> ModuleType | None:
    """The readline module, which ``input()`` uses at a terminal once it is imported."""
    try:
        import readline
    except ImportError:  # a Python built without it: plain lines, still correct
        return None
    return readline


_READLINE = _line_editor()


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


@contextmanager
def keys_one_by_one(fd: int) -> Iterator[None]:
    """While open, the terminal hands over each key as it is typed, unechoed.

    Waiting for a whole line would let the terminal itself edit it, so the
    arrow keys would arrive as escape sequences; waiting for the first key
    instead leaves the line to readline, which reads that key and the rest.
    Ctrl-C and Ctrl-Z still raise their signals.
    """
    before = termios.tcgetattr(fd)
    keys = termios.tcgetattr(fd)
    keys[3] &= ~(termios.ICANON | termios.ECHO)
    keys[6][termios.VMIN] = 1
    keys[6][termios.VTIME] = 0
    termios.tcsetattr(fd, termios.TCSANOW, keys)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, before)


def read_line(prompt: str = "") -> str:
    """``input()``, except that at a terminal a signal can never be left waiting.

    ``prompt`` is shown once the terminal is ready for the answer, so not even
    the quickest typist's first keys are taken by the terminal's own editing.
    """
    if _is_terminal(sys.stdin) and threading.current_thread() is threading.main_thread():
        source = sys.stdin.fileno()
        editing: AbstractContextManager[None] = (
            keys_one_by_one(source) if _READLINE is not None else nullcontext()
        )
        with signals_wake() as wake, editing:
            _show(prompt)
            wait_for_line(source, wake)
    else:
        _show(prompt)
    return input()


def _show(prompt: str) -> None:
    if prompt:
        sys.stdout.write(prompt)
        sys.stdout.flush()


def completions(
    text: str, words: Sequence[str], info_names: Callable[[], Sequence[str]]
) -> list[str]:
    """What Tab offers for ``text``, the part of the line after the last ``;``.

    Action words and commands complete at the start; after ``info `` the names
    of what ``info`` can show do.
    """
    lead = text[: len(text) - len(text.lstrip())]
    body = text.lstrip().lower()
    if body.startswith("info "):
        candidates = [f"info {name}" for name in info_names()]
    else:
        candidates = list(words)
    return [lead + word for word in dict.fromkeys(candidates) if word.lower().startswith(body)]


@contextmanager
def completing(words: Sequence[str], info_names: Callable[[], Sequence[str]]) -> Iterator[None]:
    """While open, Tab at the prompt completes ``words`` (and ``info`` names)."""
    if _READLINE is None:
        yield
        return
    editor = _READLINE
    found: list[str] = []

    def complete(text: str, index: int) -> str | None:
        if index == 0:
            found[:] = completions(text, words, info_names)
        return found[index] if index < len(found) else None

    previous = editor.get_completer()
    previous_delims = editor.get_completer_delims()
    editor.set_completer(complete)
    editor.set_completer_delims(";")
    if "libedit" in (editor.__doc__ or ""):
        editor.parse_and_bind("bind ^I rl_complete")
    else:
        editor.parse_and_bind("tab: complete")
    try:
        yield
    finally:
        editor.set_completer(previous)
        editor.set_completer_delims(previous_delims)
