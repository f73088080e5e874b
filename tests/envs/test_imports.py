"""The engine stays free of the learning libraries: only the adapters import them."""

from __future__ import annotations

import subprocess
import sys

LIBRARIES = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "numpy", "torch")


def _imported_after(code: str) -> list[str]:
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {LIBRARIES!r} if m in sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return result.stdout.split()


def test_import_lastcall_imports_no_learning_library() -> None:
    assert _imported_after("import lastcall, lastcall.envs; lastcall.game('barista')") == []


def test_the_cli_and_the_bots_import_no_learning_library() -> None:
    assert (
        _imported_after("import lastcall.cli.app, lastcall.bots, lastcall.sim, lastcall.sim.bench")
        == []
    )


def test_each_adapter_imports_only_what_it_needs() -> None:
    assert "pyspiel" not in _imported_after("import lastcall.envs.pettingzoo")
    assert "pettingzoo" not in _imported_after("import lastcall.envs.openspiel")
