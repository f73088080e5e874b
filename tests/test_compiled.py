"""The compiled build (tools/compile.py): what it compiles, when it rebuilds, how it falls back.

`make test` runs these with the source and again with the compiled copy first on
``PYTHONPATH`` and ``LASTCALL_EXPECT_COMPILED=1``, so each run checks that it ran
what it meant to run.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import typing
from pathlib import Path
from types import ModuleType

import pytest

import lastcall
from lastcall.core import compiled
from lastcall.core.game import Game
from lastcall.core.state import _annotated_twin

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("LASTCALL_EXPECT_COMPILED") == "1"


def _compile_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lastcall_compile", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILE = _compile_script()


def test_the_run_uses_the_build_it_was_asked_for() -> None:
    assert compiled() is EXPECT_COMPILED
    for path in COMPILE.MODULES:
        name = "lastcall." + path.removesuffix(".py").replace("/", ".")
        module_file = str(importlib.import_module(name).__file__)
        assert module_file.endswith(".py") is not EXPECT_COMPILED, module_file


def test_every_listed_module_exists_and_every_game_is_compiled() -> None:
    package = ROOT / "src" / "lastcall"
    for path in COMPILE.MODULES:
        assert (package / path).is_file(), path
    games = {p.name for p in (package / "games").iterdir() if (p / "game.py").is_file()}
    assert games == set(COMPILE.GAMES)


@pytest.mark.parametrize("game_id", sorted(lastcall.games()))
def test_field_types_read_from_the_source_equal_the_declared_ones(game_id: str) -> None:
    """A compiled class keeps no annotations; its fields' types are read from its source."""
    state_class = lastcall.game(game_id).state_class
    types = state_class.field_types()
    assert set(types) == set(state_class._fields)
    checked = set()
    for klass in state_class.__mro__:
        if not klass.__module__.startswith("lastcall."):
            continue
        read = typing.get_type_hints(_annotated_twin(klass), localns={"Game": Game})
        if not compiled():
            own = inspect.get_annotations(klass)
            declared = typing.get_type_hints(klass, localns={"Game": Game})
            assert read == {name: declared[name] for name in own}
        for name in set(read) & set(types):
            assert read[name] == types[name], (klass, name)
            checked.add(name)
    assert checked == set(types)


def test_a_build_from_the_same_sources_is_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / COMPILE.STAMP).write_text(COMPILE.fingerprint())
    monkeypatch.setattr(COMPILE, "build", lambda target: pytest.fail("rebuilt"))
    monkeypatch.setattr(sys, "argv", ["compile.py", str(tmp_path)])
    assert COMPILE.main() == 0
    assert "up to date" in capsys.readouterr().out


def test_a_changed_source_or_module_list_changes_the_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "src" / "lastcall"
    (source / "core").mkdir(parents=True)
    (tmp_path / "rules").mkdir()
    module = source / "core" / "state.py"
    module.write_text("A = 1\n")
    monkeypatch.setattr(COMPILE, "ROOT", tmp_path)
    monkeypatch.setattr(COMPILE, "SOURCE", source)
    monkeypatch.setattr(COMPILE, "RULES", tmp_path / "rules")
    before = COMPILE.fingerprint()
    assert COMPILE.fingerprint() == before
    module.write_text("A = 2\n")
    edited = COMPILE.fingerprint()
    assert edited != before
    monkeypatch.setattr(COMPILE, "MODULES", COMPILE.MODULES[1:])
    assert COMPILE.fingerprint() != edited


@pytest.mark.parametrize("require", [False, True])
def test_without_a_compiler_the_source_runs_unless_the_build_is_required(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    require: bool,
) -> None:
    target = tmp_path / "compiled"
    (target / "lastcall").mkdir(parents=True)
    (target / COMPILE.STAMP).write_text("an older build")
    monkeypatch.setattr(COMPILE, "compiler_found", lambda: False)
    monkeypatch.setattr(sys, "argv", ["compile.py", str(target), *(["--require"] * require)])
    assert COMPILE.main() == (1 if require else 0)
    assert not target.exists()
    assert "no C compiler found; the pure-Python modules run" in capsys.readouterr().err


def test_a_failed_build_leaves_no_copy_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "compiled"

    def fail(where: Path) -> None:
        (where / "lastcall").mkdir(parents=True)
        raise RuntimeError("mypyc exited with status 1")

    monkeypatch.setattr(COMPILE, "compiler_found", lambda: True)
    monkeypatch.setattr(COMPILE, "build", fail)
    monkeypatch.setattr(sys, "argv", ["compile.py", str(target)])
    assert COMPILE.main() == 0
    assert not target.exists()
    assert "the build failed (mypyc exited with status 1)" in capsys.readouterr().err
