"""Real browsers: Playwright drives Debian's Chromium (``/usr/bin/chromium``).

A person plays every game to the end against bots by clicking the pieces on
the board (or, where a choice stands for no piece, the prompt's buttons), at
a desktop size and at a phone's. At every step the prompt and a clickable
choice are in view without scrolling and nothing is wider than the window.
Two people at one table of each game see each other's moves marked within a
second, a page does not scroll when another seat moves, and neither page holds
the other's hidden pieces. Every page is watched for Content-Security-Policy
violations and console errors: there must be none. Screenshots and the
measured paint and redraw times go to ``test-artifacts/web/`` (ignored by git).
Without Chromium the tests skip, saying so, except under ``CI=true`` where
``make browser`` installs it.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lastcall
from lastcall.web.settings import sqlite_url
from tests.web.conftest import (
    HTTP,
    ServerThread,
    create_table,
    persons,
    settings_for,
    table_size,
)

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
# Shorter variants keep a browser match to a few hundred clicks; every rule still applies.
# A Barista game cut short by its turn limit: enough for the tests of what follows the end.
QUICK = {"turn_limit": 10}
# The shortest form each game has, for plays to the end (random bots let Barista run long).
SHORT = {"on-the-rocks": {"length": "short"}, "barista": QUICK}
CLICK_TIMEOUT_MS = 30_000
# Every Content-Security-Policy violation a page reports is kept, to be checked at the end.
WATCH_POLICY = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""
# What the page shows of one step: whether the prompt and a clickable choice are in view,
# and, for each clickable choice in view, a point where a real mouse click reaches it (its
# middle, else another point of it that nothing covers).
IN_VIEW = """() => {
  const seen = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0
      && box.bottom <= innerHeight && box.right <= innerWidth;
  };
  const reachable = (node) => {
    const b = node.getBoundingClientRect();
    const points = [[.5, .5], [.25, .5], [.75, .5], [.5, .25], [.5, .75], [.2, .2], [.8, .8]];
    for (const [fx, fy] of points) {
      const x = b.x + b.width * fx;
      const y = b.y + b.height * fy;
      const top = document.elementFromPoint(x, y);
      if (top && node.contains(top)) return [x, y];
    }
    return null;
  };
  const clickable = [...document.querySelectorAll(".comp.target, #pick button.choice")];
  const pieces = clickable.filter((n) => n.matches(".comp.target"));
  return {
    prompt: seen(document.getElementById("prompt-text")),
    spots: (pieces.length ? pieces : clickable).filter(seen).map(reachable).filter(Boolean),
    choices: clickable.length,
    wide: document.documentElement.scrollWidth > innerWidth,
    waiting: document.body.classList.contains("waiting"),
    decisions: document.body.dataset.decisions,
    over: document.body.dataset.over === "yes",
    problem: document.getElementById("problem").textContent,
  };
}"""
# The connection drops one decision may live through (the page reconnects by itself).
RECONNECTS = 3

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is not installed (make browser installs it)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    """A server whose sockets are not paced: these pages are clicked as fast as the server
    answers, faster than any person (the pace has its own tests, in test_attacks.py)."""
    unpaced = settings_for(
        sqlite_url(tmp_path / "web.db"), socket_burst=1_000_000, socket_rate=1_000_000.0
    )
    with ServerThread(unpaced) as running:
        yield running


class Watched:
    """A page with its console errors and policy violations collected."""

    def __init__(self, browser: Any, url: str, size: str = "desktop") -> None:
        width, height = SIZES[size]
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.add_init_script(WATCH_POLICY)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        started = time.perf_counter()
        self.page.goto(url)
        self.page.wait_for_selector("body[data-decisions] .board-root")
        self.first_paint = time.perf_counter() - started

    def clean(self) -> None:
        assert self.page.evaluate("window.__violations") == []
        assert self.errors == []

    def over(self) -> bool:
        return bool(self.page.evaluate("document.body.dataset.over === 'yes'"))

    def decisions(self) -> str:
        return str(self.page.evaluate("document.body.dataset.decisions"))

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)

    def close(self) -> None:
        self.context.close()


def settled(page: Watched, before: str) -> dict[str, Any]:
    """What the page shows once it has answered a click: the decision taken, or the
    choice open again (narrowed, refused, or not sent for want of a connection)."""
    end = time.monotonic() + CLICK_TIMEOUT_MS / 1000
    while True:
        shown: dict[str, Any] = page.page.evaluate(IN_VIEW)
        if shown["decisions"] != before or shown["over"] or not shown["waiting"]:
            return shown
        assert time.monotonic() < end, "the server never answered the move"
        time.sleep(0.005)


def reconnected(page: Watched) -> dict[str, Any]:
    """Wait for the page to connect again (the server sends its payload at once)."""
    end = time.monotonic() + CLICK_TIMEOUT_MS / 1000
    while True:
        shown: dict[str, Any] = page.page.evaluate(IN_VIEW)
        if "connect" not in shown["problem"].lower():
            return shown
        assert time.monotonic() < end, f"the page stayed disconnected: {shown['problem']}"
        time.sleep(0.05)


def click_a_piece(page: Watched, rng: random.Random) -> float | None:
    """Make one decision by clicking: a highlighted piece (again where it narrows the
    choices), else a prompt button. Checks what is in view first; the seconds from the
    first click to the redraw, or None when the seat has nothing to decide. A move the
    page could not send because its connection had dropped is clicked again once the
    page has reconnected; a refused move fails, saying why."""
    shown = page.page.evaluate(IN_VIEW)
    assert not shown["wide"], "the page scrolls sideways"
    if not shown["choices"] or shown["over"] or shown["waiting"]:
        return None
    assert shown["prompt"] and shown["spots"], shown
    before = shown["decisions"]
    started = time.perf_counter()
    drops = 0
    clicks = 0
    while shown["decisions"] == before and not shown["over"]:
        clicks += 1
        assert clicks <= 12, f"twelve clicks took no decision: {shown}"
        x, y = rng.choice(shown["spots"])
        page.page.mouse.click(x, y)
        shown = settled(page, before)
        if shown["decisions"] != before or shown["over"]:
            break
        if "connect" in shown["problem"].lower():
            drops += 1
            assert drops <= RECONNECTS, f"the connection kept dropping: {shown['problem']}"
            shown = reconnected(page)
            clicks = 0
            if shown["decisions"] != before or not shown["choices"]:
                break
        assert not page.page.locator("#refused").is_visible(), page.page.inner_text("#refused")
        assert shown["prompt"] and shown["spots"], shown
    return time.perf_counter() - started


def play_out(page: Watched, rng: random.Random, name: str, seconds: float = 300.0) -> list[float]:
    end = time.monotonic() + seconds
    redraws: list[float] = []
    while not page.over():
        assert time.monotonic() < end, f"{name}: the match did not end in time"
        took = click_a_piece(page, rng)
        if took is None:
            time.sleep(0.02)
            continue
        redraws.append(took)
        if len(redraws) == 4:
            page.shot(f"{name}-table")
    page.page.wait_for_selector("#result:not([hidden]) .standings")
    assert page.page.evaluate("scrollY") < 50 or page.page.locator("#result").is_visible()
    return redraws


def record_timings(name: str, first_paint: float, redraws: list[float]) -> None:
    """Kept for docs/web.md: a benchmark of this machine, never an assertion."""
    path = ARTEFACTS / "timings.json"
    found = json.loads(path.read_text()) if path.exists() else {}
    ordered = sorted(redraws) or [0.0]
    found[name] = {
        "first_paint_ms": round(first_paint * 1000),
        "redraw_p50_ms": round(statistics.median(ordered) * 1000),
        "redraw_p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000),
        "clicks": len(redraws),
    }
    path.write_text(json.dumps(found, indent=1, sort_keys=True))


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game_id", lastcall.games())
def test_a_person_plays_bots_to_the_end_by_clicking_the_board(
    server: ServerThread, browser: Any, game_id: str, size: str
) -> None:
    n = table_size(game_id)
    seats = [{"kind": "person", "name": "Alice"}] + [
        {"kind": "bot", "level": "random", "name": f"Bot {p}"} for p in range(1, n)
    ]
    table = create_table(server.base, game_id, seats, seed=8, options=SHORT.get(game_id, {}))
    page = Watched(browser, f"{server.base}/play/{table.token(0)}", size)
    assert "You are Alice." in page.page.inner_text("#status")
    page.page.click("#help-button")
    page.page.wait_for_selector("#how-to-play > *")
    page.shot(f"{game_id}-{size}-help")
    page.page.click("#help-close")
    redraws = play_out(page, random.Random(6), f"{game_id}-{size}")
    record_timings(f"{game_id}-{size}", page.first_paint, redraws)
    result = page.page.inner_text("#result")
    assert "Final result" in result and "Alice (you)" in result
    assert page.page.locator("#result .standings tbody tr").count() >= n
    page.shot(f"{game_id}-{size}-result")
    assert page.page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.clean()
    page.close()


def hidden_ids(board: dict[str, Any], seat: int) -> set[str]:
    """Ids of the pieces in ``seat``'s own hand zones (what only that seat sees)."""
    return {
        c["id"]
        for z in board["zones"]
        if z.get("owner") == seat and z["kind"] == "hand"
        for c in z["components"]
        if c["kind"] != "back"
    }


@pytest.mark.parametrize("game_id", lastcall.games())
def test_two_people_see_each_others_moves_marked_and_never_the_others_hidden_pieces(
    server: ServerThread, browser: Any, game_id: str
) -> None:
    n = table_size(game_id)
    table = create_table(
        server.base, game_id, persons(2) + [{"kind": "bot", "level": "random"}] * (n - 2)
    )
    pages = [Watched(browser, f"{server.base}/play/{table.token(p)}") for p in range(2)]
    rng = random.Random(4)
    marked = 0
    for _ in range(12):
        movers = [
            p for p in range(2) if pages[p].page.locator(".comp.target, #pick .choice").count()
        ]
        if not movers or any(p.over() for p in pages) or marked >= 3:
            break
        mover = movers[0]
        other = pages[1 - mover]
        other.page.evaluate("window.scrollTo(0, 120)")
        before_scroll = other.page.evaluate("scrollY")
        before = other.decisions()
        assert click_a_piece(pages[mover], rng) is not None
        end = time.monotonic() + 1.0
        while other.decisions() == before:
            assert time.monotonic() < end, "the other page did not show the move within a second"
            time.sleep(0.01)
        # a secret choice shows nothing but that it was made; the others mark what changed
        marked += other.page.locator(".comp.changed, .event.fresh").count() > 0
        assert other.page.evaluate("scrollY") == before_scroll, "the page moved"
        for p in range(2):
            secret = hidden_ids(table.seat(p).read()["board"], p)
            dom = set(
                pages[1 - p].page.eval_on_selector_all("[data-id]", "n => n.map(e => e.dataset.id)")
            )
            assert not secret & dom, f"seat {1 - p} shows seat {p}'s hidden pieces"
    assert marked >= 2, "the other seat's moves were not marked"
    for number, page in enumerate(pages):
        page.shot(f"{game_id}-two-{number}")
        page.clean()
        page.close()


def test_the_lobby_starts_a_table_and_fits_a_phone(server: ServerThread, browser: Any) -> None:
    for size in SIZES:
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_init_script(WATCH_POLICY)
        page = context.new_page()
        page.goto(server.base)
        page.wait_for_selector("#seats .seat-row")
        page.select_option("#game", "bartender")
        page.select_option("#players", "4")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), size
        page.click("#create-button")
        page.wait_for_selector("#open-my-seat")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), size
        page.screenshot(path=str(ARTEFACTS / f"lobby-{size}.png"), full_page=True)
        links = page.inner_text("#link-list")
        assert "played by the server" in links and links.count("/play/") == 3  # me, watch, host
        page.click("#open-my-seat")
        page.wait_for_selector("body[data-decisions] .board-root")
        assert page.evaluate("window.__violations") == []
        context.close()


def test_a_rematch_fills_the_lobby_with_the_same_seats(server: ServerThread, browser: Any) -> None:
    seats = [{"kind": "person", "name": "Alice"}, {"kind": "bot", "level": "random", "name": "Rob"}]
    table = create_table(server.base, "barista", seats, seed=2, options=QUICK)
    page = Watched(browser, f"{server.base}/play/{table.token(0)}")
    play_out(page, random.Random(1), "barista-rematch")
    page.page.click("#rematch-link")
    page.page.wait_for_selector("#rematch-note:not([hidden])")
    rows = page.page.locator(".seat-row")
    assert page.page.input_value("#game") == "barista"
    assert rows.nth(0).locator("[name=kind]").input_value() == "me"
    assert rows.nth(0).locator("[name=name]").input_value() == "Alice"
    assert rows.nth(1).locator("[name=kind]").input_value() == "bot"
    assert rows.nth(1).locator("[name=level]").input_value() == "random"
    page.clean()
    page.close()


def test_the_replay_follows_the_log_and_steps_with_the_arrow_keys(
    server: ServerThread, browser: Any
) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "level": "random"}]
    table = create_table(server.base, "barista", seats, seed=3, options=QUICK)
    page = Watched(browser, f"{server.base}/play/{table.token(0)}")
    play_out(page, random.Random(2), "barista-replay")
    page.page.click("#replay-link")
    page.page.wait_for_selector("body[data-step='0'] .board-root")
    for step in (1, 2, 3):
        page.page.keyboard.press("ArrowRight")
        page.page.wait_for_selector(f"body[data-step='{step}']")
    assert page.page.locator("#log .fresh").count() > 0
    page.page.keyboard.press("ArrowLeft")
    page.page.wait_for_selector("body[data-step='2']")
    page.page.keyboard.press("End")
    page.page.wait_for_selector("#result:not([hidden]) .standings")
    labels = page.page.locator(".replay-tools button").all_inner_texts()
    assert labels == ["First", "Back", "Next", "Last"]
    page.shot("barista-replay")
    page.clean()
    page.close()


def test_a_bot_takes_a_seat_only_after_its_person_confirms(
    server: ServerThread, browser: Any
) -> None:
    table = create_table(server.base, "barista", persons(2))
    page = Watched(browser, f"{server.base}/play/{table.token(0)}")
    page.page.click("#to-bot")
    assert page.page.locator("#to-bot-confirm").is_visible()
    page.page.click("#to-bot-no")
    assert table.seat(0).read()["seats"][0]["bot"] is None
    page.page.click("#to-bot")
    page.page.click("#to-bot-yes")
    page.page.wait_for_selector("#from-bot:not([hidden])")
    assert table.seat(0).read()["seats"][0]["bot"] is not None
    page.clean()
    page.close()


def test_the_tab_says_whose_turn_it_is_and_the_favicon_is_served(
    server: ServerThread, browser: Any
) -> None:
    table = create_table(server.base, "barista", persons(2))
    page = Watched(browser, f"{server.base}/play/{table.token(0)}")
    assert page.page.title().startswith("Your turn")
    assert page.page.get_attribute("#icon", "href") == "/static/icon-turn.svg"
    assert HTTP.get(f"{server.base}/favicon.ico").status_code == 200
    page.clean()
    page.close()


def test_a_friend_makes_their_link_private_and_the_page_follows(
    server: ServerThread, browser: Any
) -> None:
    table = create_table(server.base, "on-the-rocks", persons(2), options=SHORT["on-the-rocks"])
    old = table.token(1)
    page = Watched(browser, f"{server.base}/play/{old}")
    assert "secret seed" in page.page.inner_text("#deal")
    page.page.click("#rotate")
    page.page.wait_for_url(lambda url: old not in url)
    page.page.wait_for_selector("body[data-decisions]")
    assert table.seat(1).get().status_code == 404
    page.shot("rotated-link")
    page.clean()
    page.close()


AXE_VERSION = "4.14.1"
# Serious and critical violations found by axe-core on a page, as "rule: where" lines.
AXE_RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}"""


@pytest.fixture(scope="module")
def axe_script() -> str:
    """axe-core at a pinned version, from its npm package (kept in test-artifacts/)."""
    folder = ARTEFACTS.parent / f"axe-core-{AXE_VERSION}"
    script = folder / "package" / "axe.min.js"
    if not script.exists():
        folder.mkdir(parents=True, exist_ok=True)
        try:
            packed = subprocess.run(
                ["npm", "pack", f"axe-core@{AXE_VERSION}", "--silent"],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=300,
                check=True,
            )
            with tarfile.open(folder / packed.stdout.strip().splitlines()[-1]) as tar:
                tar.extract("package/axe.min.js", folder, filter="data")
        except (OSError, subprocess.SubprocessError) as exc:
            if os.environ.get("CI") == "true":
                pytest.fail(f"axe-core could not be fetched: {exc}")
            pytest.skip(f"axe-core could not be fetched: {exc}")
    return script.read_text(encoding="utf-8")


def axe_violations(page: Any, script: str) -> list[str]:
    page.add_script_tag(content=script)
    found: list[str] = page.evaluate(AXE_RUN)
    return found


def test_axe_finds_no_serious_violation_on_the_lobby_tables_help_and_results(
    server: ServerThread, browser: Any, axe_script: str
) -> None:
    # the check is injected, so this context alone lets a script in past the page's policy
    context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.goto(server.base)
    page.wait_for_selector("#seats .seat-row")
    found = {"lobby": axe_violations(page, axe_script)}
    for game_id in lastcall.games():
        n = table_size(game_id)
        seats = [{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * (n - 1)
        table = create_table(server.base, game_id, seats, options=SHORT.get(game_id, {}))
        page.goto(f"{server.base}/play/{table.token(0)}")
        page.wait_for_selector("body[data-decisions] .board-root")
        found[game_id] = axe_violations(page, axe_script)
    page.click("#help-button")
    page.wait_for_selector("#how-to-play > *")
    found["help"] = axe_violations(page, axe_script)
    seats = [{"kind": "person"}, {"kind": "bot", "level": "random"}]
    table = create_table(server.base, "barista", seats, options=QUICK)
    watched = Watched(browser, f"{server.base}/play/{table.token(0)}")
    play_out(watched, random.Random(3), "barista-axe")
    watched.close()
    page.goto(f"{server.base}/play/{table.token(0)}")
    page.wait_for_selector("#result:not([hidden]) .standings")
    found["results"] = axe_violations(page, axe_script)
    context.close()
    bad = {where: v for where, v in found.items() if v}
    assert not bad, json.dumps(bad, indent=1)
