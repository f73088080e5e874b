"""Colour tags in rendered tables: painted for terminals, stripped for plain text."""

from __future__ import annotations

from rich.text import Text

from lastcall.core import escape, paint, plain


def test_paint_wraps_text_in_a_style_tag_and_plain_removes_it() -> None:
    painted = paint("mocha", "bold red") + " and " + paint("latte", "black on yellow")
    assert painted == "[bold red]mocha[/] and [black on yellow]latte[/]"
    assert plain(painted) == "mocha and latte"
    assert Text.from_markup(painted).plain == "mocha and latte"


def test_brackets_in_painted_text_stay_literal() -> None:
    painted = paint("[wild]", "green")
    assert plain(painted) == "[wild]"
    assert Text.from_markup(painted).plain == "[wild]"
    assert plain(escape("a [b] c")) == "a [b] c"
