"""Where simulated games are played: this machine's cores, or a Ray cluster.

A backend maps the play function over chunks of game indices and yields each
chunk's results as it finishes. Results are sorted by game index afterwards,
so every backend gives the same summary for the same seed.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from lastcall.core import LastcallError

Job = TypeVar("Job")
Out = TypeVar("Out")


class Backend(Protocol):
    name: str

    def run(self, fn: Callable[[Job], Out], jobs: Sequence[Job]) -> Iterator[Out]:
        """Apply ``fn`` to every job, yielding results in completion order."""
        ...


class LocalBackend:
    """Worker processes on this machine (in-process for a single worker)."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    def run(self, fn: Callable[[Job], Out], jobs: Sequence[Job]) -> Iterator[Out]:
        if self.workers == 1:
            yield from map(fn, jobs)
            return
        context = multiprocessing.get_context("spawn")
        with context.Pool(self.workers) as pool:
            yield from pool.imap_unordered(fn, jobs)


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
