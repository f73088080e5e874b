"""Where simulated games are played: this machine's cores, or a Ray cluster.

A backend maps the play function over chunks of game indices and yields each
chunk's results as it finishes. Results are sorted by game index afterwards,
so every backend gives the same summary for the same seed.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any, Protocol, TypeVar

from lastcall.core import LastcallError

Job = TypeVar("Job")
Out = TypeVar("Out")


class Backend(Protocol):
    name: str

    def run(self, fn: Callable[[Job], Out], jobs: Sequence[Job]) -> Iterator[Out]:
        """Apply ``fn`` to every job, yielding results in completion order."""
        ...


def start_method() -> str:
    """Fork where it is safe, so a worker starts with the games already imported.

    A spawned worker imports the package again, seconds of CPU each; macOS
    and Windows fork unsafely or not at all, and spawn there.
    """
    forks = "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
    return "fork" if forks else "spawn"


def _worker_started() -> None:
    """A worker leaves SIGTERM to its default and Ctrl-C to the run, which ends it."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def sigterm_exits() -> Iterator[None]:
    """Within it, SIGTERM is an exit of the main thread, so ``finally`` blocks that end
    child processes run (by default SIGTERM ends the process at once and leaves them
    behind). Elsewhere than the main thread it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class LocalBackend:
    """Worker processes on this machine (in-process for a single worker).

    The workers start once per run and take the jobs in turn; the run ends
    them however it ends, SIGTERM included (turned into an exit for that).
    """

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    def run(self, fn: Callable[[Job], Out], jobs: Sequence[Job]) -> Iterator[Out]:
        if self.workers == 1:
            yield from map(fn, jobs)
            return
        context = multiprocessing.get_context(start_method())
        # The handler is in place before the first worker forks: a SIGTERM that lands
        # while the pool starts still ends the run through its ``finally``.
        with sigterm_exits():
            # Frozen, the objects the workers inherit are never visited by their collector,
            # whose visits would copy every page a forked worker shares with the run.
            gc.freeze()
            try:
                pool = context.Pool(
                    max(1, min(self.workers, len(jobs))), initializer=_worker_started
                )
            finally:
                gc.unfreeze()
            try:
                yield from pool.imap_unordered(fn, jobs)
            finally:
                pool.terminate()
                pool.join()


class RayBackend:
    """Tasks on a Ray cluster: ``address`` joins one, ``None`` starts a local instance."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError as exc:
            raise LastcallError("the ray backend needs Ray: pip install 'lastcall[ray]'") from exc
        self.ray: Any = ray
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None and workers:
                options["num_cpus"] = workers
            ray.init(address=address, **options)

    def run(self, fn: Callable[[Job], Out], jobs: Sequence[Job]) -> Iterator[Out]:
        remote = self.ray.remote(fn)
        pending = [remote.remote(job) for job in jobs]
        while pending:
            done, pending = self.ray.wait(pending, num_returns=1)
            yield from self.ray.get(done)


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    if name == "local":
        if address is not None:
            raise LastcallError("--address goes with --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(address, workers)
    raise LastcallError(f"unknown backend {name!r}; backends: local, ray")
