"""Every event a game logs gives one argument for each name its template mentions.

Arguments follow the template's first mentions in order; a wrong count would
only show when that event is read, so it is checked on the source. A function
that only passes its own caller's template on (`Match.note`) is checked at its
callers instead.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

SOURCES = sorted(
    p
    for root in ("src/lastcall", "tests/toys")
    for p in (Path(__file__).parents[1] / root).rglob("*.py")
)


# Where each logging call takes its template.
TEMPLATE_AT = {"announce": 1, "tell": 2, "note": 0}


def _passed_on(tree: ast.AST) -> set[int]:
    """Ids of template arguments that are the enclosing function's own parameter."""
    passed = set()
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = {a.arg for a in func.args.args + func.args.kwonlyargs}
        for node in ast.walk(func):
            if isinstance(node, ast.Name) and node.id in params:
                passed.add(id(node))
    return passed


def _calls(path: Path) -> list[tuple[int, list[str], int]]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    passed = _passed_on(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        at = TEMPLATE_AT.get(node.func.attr)
        if at is None or len(node.args) <= at:
            continue
        template = node.args[at]
        if id(template) in passed and node.func.attr != "note":
            continue
        assert isinstance(template, ast.Constant) and isinstance(template.value, str), (
            f"{path}:{node.lineno}: an event template is a literal text"
        )
        names: list[str] = []
        for _, name, _, _ in string.Formatter().parse(template.value):
            if name is not None and name not in names:
                names.append(name)
        found.append((node.lineno, names, len(node.args) - at - 1))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(p.parents[2])))
def test_each_event_names_as_many_arguments_as_it_gets(path: Path) -> None:
    for line, names, given in _calls(path):
        assert len(names) == given, f"{path.name}:{line}: template names {names}, {given} given"
        assert all(n.isidentifier() for n in names), f"{path.name}:{line}: {names}"
