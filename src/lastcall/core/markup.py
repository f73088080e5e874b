"""Colour for rendered tables, in a tag syntax terminals and web pages can both read.

``Game.render`` returns text in which colour and weight are tags:
``paint("mocha", "bold red")`` gives ``[bold red]mocha[/]``. The terminal prints
the tags as colour (they are Rich markup); ``plain`` removes them for logs,
files and tests. A literal ``[`` in painted text is escaped, so card names can
never open a tag.
"""

from __future__ import annotations

import re

_TAG = re.compile(r"(?<!\\)\[(?:/|[a-z][a-z0-9 #,._-]*)?\]")


def escape(text: str) -> str:
    """``text`` with every ``[`` made literal."""
    return text.replace("[", r"\[")


def paint(text: str, style: str) -> str:
    """``text`` in a style such as ``"bold"``, ``"red"`` or ``"black on yellow"``."""
    return f"[{style}]{escape(text)}[/]"


def plain(text: str) -> str:
    """The text without its tags, with escaped brackets made plain again."""
    return _TAG.sub("", text).replace(r"\[", "[")
