"""A program on a pseudo-terminal, read and typed to as a person would.

``pty.fork`` gives the child a real controlling terminal, so Ctrl-C typed into
it raises SIGINT in the child, Ctrl-D ends its input, and closing the master
side hangs it up, exactly as at a desk.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

import pyte

# Colour and cursor sequences, carriage returns and the terminal's bell: not text.
_CONTROL = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|[\r\x07]")


_LONGEST_CONTROL = 64


class Terminal:
    """``python -m lastcall.cli ARGS`` running on a pseudo-terminal of ``columns`` x ``lines``.

    ``text`` is everything shown so far, as a stream; ``display`` is what a
    person would see on the screen now, drawn by a terminal emulator.
    """

    def __init__(
        self,
        args: list[str],
        cwd: str,
        timeout: float = 90.0,
        columns: int = 100,
        lines: int = 60,
    ) -> None:
        env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")} | {
            "TERM": "xterm",
            "COLUMNS": str(columns),
            "LINES": str(lines),
            "PAGER": "cat",
        }
        env.pop("NO_COLOR", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: becomes the program
            try:
                # A person's terminal starts programs with these signals at their
                # defaults, whatever the shell that started the tests ignored.
                for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP):
                    signal.signal(number, signal.SIG_DFL)
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
                os.chdir(cwd)
                os.execve(sys.executable, [sys.executable, "-m", "lastcall.cli", *args], env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.timeout = timeout
        self.text = ""  # everything shown so far, control sequences removed
        self.mark = 0  # where the next expect starts looking
        self.status: int | None = None
        # A read may end inside a character or a control sequence: both wait for the next one.
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""

    def _read(self, deadline: float) -> bool:
        """Read what is waiting; False once the program has closed the terminal."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child is gone
            return False
        if not data:
            return False
        self.stream.feed(data)
        self.text += _CONTROL.sub("", self._complete(self._decoder.decode(data)))
        return True

    def _complete(self, text: str) -> str:
        """``text`` after what was held back, less a control sequence still being written."""
        text = self._pending + text
        cut = text.rfind("\x1b")
        if cut != -1 and len(text) - cut < _LONGEST_CONTROL and not _CONTROL.match(text, cut):
            self._pending = text[cut:]
            return text[:cut]
        self._pending = ""
        return text

    def expect(self, pattern: str, timeout: float | None = None) -> re.Match[str]:
        """Wait until ``pattern`` (a regex) shows up after the last match; return the match."""
        deadline = time.monotonic() + (timeout or self.timeout)
        regex = re.compile(pattern)
        while True:
            found = regex.search(self.text, self.mark)
            if found:
                self.mark = found.end()
                return found
            if time.monotonic() >= deadline or not self._read(deadline):
                found = regex.search(self.text, self.mark)
                if found:
                    self.mark = found.end()
                    return found
                tail = self.text[-3000:]
                raise AssertionError(f"{pattern!r} never appeared; the screen ended with:\n{tail}")

    @property
    def display(self) -> list[str]:
        """The screen's lines as they are shown now, trailing blanks removed."""
        return [line.rstrip() for line in self.screen.display]

    def settle(self, quiet: float = 0.2) -> None:
        """Read until the program has written nothing for ``quiet`` seconds."""
        while self.fd >= 0:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready or not self._read(time.monotonic() + quiet):
                return

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode("utf-8"))

    def sendline(self, text: str) -> None:
        self.send(text + "\r")

    def wait(self, timeout: float | None = None) -> int:
        """The exit code once the program ends (reading its last output meanwhile)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() >= deadline:
                self.close()
                raise AssertionError(f"the program did not end; the screen:\n{self.text[-3000:]}")
            if self.fd < 0:
                time.sleep(0.05)
            else:
                self._read(min(deadline, time.monotonic() + 0.05))
        while self.fd >= 0 and self._read(time.monotonic() + 0.05):
            if not select.select([self.fd], [], [], 0)[0]:
                break
        return self.status

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does."""
        os.close(self.fd)
        self.fd = -1

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except ProcessLookupError:
                pass
            self.status = -9
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
