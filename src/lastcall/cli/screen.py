"""A game's table (``Game.present``) laid out as lines of text for a terminal.

Everything here works on the :class:`~lastcall.core.present.Table` alone, so it
draws every game the same way and never reaches into one. The screen a person
decides on must fit the terminal with the prompt and every choice on it; the
layout therefore gives the choices their room first, then the seat's own
zones, then the shared ones, and summarises the rest in a line each.
"""

from __future__ import annotations

import difflib
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from lastcall.core.present import Choice, Component, Standing, Table, Zone

# Choices are laid out in at most this many columns before labels get too short to read.
MAX_COLUMNS = 4
# Fewer table lines than this and the layout drops the group headers of the choices.
MIN_TABLE_LINES = 3
ELLIPSIS = "…"
# Zones a person acts on most, after their own: drawn before other seats' areas.
SHARED_KINDS = ("board", "market", "supply", "pile")


def clip(text: str, width: int) -> str:
    """``text`` on one line of at most ``width`` characters, an ellipsis where it was cut."""
    indent = text[: len(text) - len(text.lstrip(" "))]
    line = indent + " ".join(text.split())
    if len(line) <= width:
        return line
    return line[: max(0, width - 1)] + ELLIPSIS


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` wrapped to ``width``, its own line breaks kept, later lines indented."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        lines.extend(
            textwrap.wrap(paragraph, width, subsequent_indent=indent, break_on_hyphens=False)
            or [""]
        )
    return lines


def short(component: Component) -> str:
    """A component in a few words: its name with the number it shows."""
    if component.kind == "back":
        return f"{component.name} ({component.count})"
    if component.kind == "track" and component.value is not None and component.count > 1:
        return f"{component.name} {component.value}/{component.count}"
    if component.value is not None and component.kind in ("counter", "track", "die"):
        return f"{component.name} {component.value}"
    if component.count > 1:
        return f"{component.name} x{component.count}"
    return component.name


def zone_line(zone: Zone, width: int) -> str:
    """A zone summarised on one line: its name, then each component in a few words."""
    parts = ", ".join(short(c) for c in zone.components) or "nothing"
    return clip(f"{zone.name}: {parts}", width)


def zone_lines(zone: Zone, width: int) -> list[str]:
    """A zone in wrapped lines, components in a few words: the seat's own, in the compact table."""
    parts = ", ".join(short(c) for c in zone.components) or "nothing"
    return wrap(f"{zone.name}: {parts}", width, "  ")


def ordered_zones(table: Table) -> tuple[list[Zone], list[Zone], list[Zone]]:
    """The viewer's own zones, the shared ones, and everyone else's."""
    own: list[Zone] = []
    shared: list[Zone] = []
    others: list[Zone] = []
    for zone in table.zones:
        if table.viewer is not None and zone.owner == table.viewer:
            own.append(zone)
        elif zone.owner is None and zone.kind in SHARED_KINDS:
            shared.append(zone)
        else:
            others.append(zone)
    return own, shared, others


def compact_table(table: Table, width: int, height: int) -> list[str]:
    """At most ``height`` lines: the status, own zones in full, then one line per other zone."""
    own, shared, others = ordered_zones(table)
    lines = [clip(f"{table.title}: {table.status}", width)]
    for zone in own:
        lines.extend(zone_lines(zone, width))
    lines.extend(zone_line(zone, width) for zone in [*shared, *others])
    if len(lines) <= height:
        return lines
    kept = lines[: max(0, height - 1)]
    hidden = len(lines) - len(kept)
    return [*kept, clip(f"({hidden} more lines: type table)", width)][:height]


def full_table(table: Table, width: int) -> list[str]:
    """Every zone and every component with its full text, own zones first."""
    own, shared, others = ordered_zones(table)
    lines = [f"{table.title}: {table.status}"]
    for zone in [*own, *shared, *others]:
        lines.append("")
        lines.append(clip(f"== {zone.name} ==", width))
        if zone.text:
            lines.extend(wrap(zone.text, width))
        if not zone.components:
            lines.append("  (empty)")
        for component in zone.components:
            head = short(component)
            text = component.text if component.text != component.name else ""
            lines.extend(wrap(f"  {head}: {text}" if text else f"  {head}", width, "      "))
    if table.standings:
        lines.append("")
        lines.append("== Score ==")
        lines.extend(standing_lines(table.standings, width))
    return lines


# ----------------------------------------------------------------- choices


def ordered_choices(choices: Sequence[Choice]) -> list[Choice]:
    """Choices gathered by group, groups in the order they first appear; numbered in this order."""
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.group, []).append(choice)
    return [choice for members in groups.values() for choice in members]


def choice_text(choice: Choice) -> str:
    """A choice in words with what it costs and gives."""
    terms = [term for term in (choice.cost and f"pay {choice.cost}", choice.gain) if term]
    if not terms:
        return choice.label
    return f"{choice.label} ({'; '.join(terms)})"


def choice_lines(choices: Sequence[Choice], width: int, height: int) -> list[str]:
    """The numbered choices in as few lines as fit ``height``: with group headers if there is
    room, else in columns, labels cut to the column."""
    ordered = ordered_choices(choices)
    digits = len(str(len(ordered)))
    entries = [f"{i:>{digits}} {choice_text(c)}" for i, c in enumerate(ordered, 1)]
    grouped = len({c.group for c in ordered}) > 1 or bool(ordered and ordered[0].group)
    if grouped:
        with_headers: list[str] = []
        group = None
        for choice, entry in zip(ordered, entries, strict=True):
            if choice.group != group:
                group = choice.group
                with_headers.append(clip(f"{group or 'Other'}:", width))
            with_headers.extend(wrap(entry, width, " " * (digits + 3))[:2])
        if len(with_headers) <= height:
            return with_headers
    plain = [clip(entry, width) for entry in entries]
    for columns in range(1, MAX_COLUMNS + 1):
        rows = -(-len(plain) // columns)
        if rows <= height or columns == MAX_COLUMNS:
            return in_columns(plain, columns, width)
    return plain


def in_columns(entries: Sequence[str], columns: int, width: int) -> list[str]:
    """``entries`` down then across ``columns`` columns of equal width."""
    if columns == 1:
        return list(entries)
    rows = -(-len(entries) // columns)
    column_width = (width - (columns - 1) * 2) // columns
    lines = []
    for row in range(rows):
        cells = [
            clip(entries[i], column_width).ljust(column_width)
            for i in range(row, len(entries), rows)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def prompt_line(table: Table, width: int) -> list[str]:
    """What the seat is asked, with the card or rule that asks it."""
    if table.prompt is None:
        return []
    text = table.prompt.text
    if table.prompt.source:
        text = f"{text} ({table.prompt.source})"
    return wrap(text, width)[:2]


# ----------------------------------------------------------------- the decision screen


@dataclass(frozen=True, slots=True)
class Screen:
    """One decision laid out: news that fit above the table (or none), then the rest."""

    news: list[str]
    """Lines of news too long for the screen: shown a page at a time before it."""
    body: list[str]


def decision_screen(
    table: Table, news: Sequence[str], width: int, height: int, reserved: int = 1
) -> Screen:
    """The news, a compact table, the prompt and the numbered choices in ``height`` lines.

    ``reserved`` lines stay free for the input prompt. The choices always fit
    (in columns if need be); the table takes what is left; news that do not
    fit above them is handed back to be paged first.
    """
    room = max(1, height - reserved)
    asked = prompt_line(table, width)
    choices = choice_lines(table.choices, width, max(1, room - len(asked) - MIN_TABLE_LINES))
    left = room - len(asked) - len(choices)
    news_lines = [line for item in news for line in wrap(item, width, "  ")]
    headed = ["Since your last decision:", *news_lines] if news_lines else []
    table_lines = compact_table(table, width, max(1, left - len(headed)))
    if headed and len(headed) + len(table_lines) > left:
        table_lines = compact_table(table, width, max(1, left))
        return Screen(news=headed, body=[*table_lines, *asked, *choices])
    return Screen(news=[], body=[*headed, *table_lines, *asked, *choices])


def pages(lines: Sequence[str], height: int) -> list[list[str]]:
    """``lines`` cut into screens of ``height`` lines."""
    size = max(1, height)
    return [list(lines[i : i + size]) for i in range(0, len(lines), size)]


# ----------------------------------------------------------------- info, standings


@dataclass(frozen=True, slots=True)
class Entry:
    """Something ``info`` can show: a component on the table or a glossary term."""

    name: str
    where: str
    text: str


def entries(table: Table, glossary: Mapping[str, str]) -> list[Entry]:
    """Every component shown and every glossary term, each once."""
    found: list[Entry] = []
    seen: set[tuple[str, str]] = set()
    for zone in table.zones:
        for component in zone.components:
            key = (component.name.lower(), component.text)
            if key in seen:
                continue
            seen.add(key)
            text = component.text or short(component)
            found.append(Entry(short(component), f"{component.kind}, {zone.name}", text))
    for term, meaning in glossary.items():
        if (term.lower(), meaning) not in seen:
            found.append(Entry(term, "glossary", meaning))
    return found


def look_up(query: str, known: Iterable[Entry], limit: int = 5) -> list[Entry]:
    """The entries ``query`` names: exact name, then names containing it, then close spellings."""
    wanted = " ".join(query.lower().split())
    pool = list(known)
    if not wanted:
        return []
    exact = [e for e in pool if e.name.lower() == wanted]
    if exact:
        return exact[:limit]
    inside = [e for e in pool if wanted in e.name.lower()]
    if inside:
        return inside[:limit]
    names = {e.name.lower(): e for e in pool}
    close = difflib.get_close_matches(wanted, list(names), n=limit, cutoff=0.6)
    if close:
        return [names[name] for name in close]
    words = [e for e in pool if all(word in e.text.lower() for word in wanted.split())]
    return words[:limit]


def entry_lines(entry: Entry, width: int) -> list[str]:
    return [clip(f"{entry.name} ({entry.where})", width), *wrap(entry.text, width, "  ")]


def standing_lines(standings: Sequence[Standing], width: int) -> list[str]:
    """Each seat and rival: place, name, score, then its points by source."""
    lines: list[str] = []
    for standing in standings:
        place = f"{standing.rank}." if standing.rank is not None else "-"
        score = "?" if standing.score is None else f"{standing.score:g}"
        head = f"{place:>3} {standing.name}: {score}"
        if standing.detail:
            head += f" ({standing.detail})"
        lines.append(clip(head, width))
        if standing.sources:
            parts = ", ".join(f"{name} {points:g}" for name, points in standing.sources)
            lines.extend(wrap(f"      {parts}", width, "      "))
    return lines


def suggestions(text: str, words: Iterable[str], limit: int = 3) -> list[str]:
    """Known answers spelled close to ``text``, closest first."""
    return difflib.get_close_matches(text.lower(), list(dict.fromkeys(words)), n=limit, cutoff=0.6)
