"""Real browsers: Playwright drives Debian's Chromium (``/usr/bin/chromium``).

Two people in two browser contexts play a whole Barista game to the end; a
person plays a bot to the end in every other game. Screenshots are kept in
``test-artifacts/web/`` (ignored by git). Without Chromium the tests skip,
saying so, except under ``CI=true`` where ``make browser`` installs it.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import lastcall
from tests.web.conftest import ServerThread, create_table, persons, table_size

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
# Shorter variants keep a browser match to a few hundred clicks; every rule still applies.
SHORT = {"on-the-rocks": {"length": "short"}}
CLICK_TIMEOUT_MS = 30_000

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
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


def shot(page: object, name: str) -> None:
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def click_something(page: object, rng: random.Random) -> bool:
    """Click one of the enabled action buttons, if the seat has any; whether it did."""
    buttons = page.locator("button.action:enabled")  # type: ignore[attr-defined]
    count = buttons.count()
    if count == 0:
        return False
    before = page.evaluate("document.body.dataset.decisions")  # type: ignore[attr-defined]
    buttons.nth(rng.randrange(count)).click(timeout=CLICK_TIMEOUT_MS)
    page.wait_for_function(  # type: ignore[attr-defined]
        f"document.body.dataset.decisions !== '{before}' || document.body.dataset.over === 'yes'",
        timeout=CLICK_TIMEOUT_MS,
    )
    return True


def is_over(page: object) -> bool:
    return bool(page.evaluate("document.body.dataset.over === 'yes'"))  # type: ignore[attr-defined]


def play(pages: list[object], rng: random.Random, name: str, seconds: float = 240.0) -> None:
    end = time.monotonic() + seconds
    clicks = 0
    while not all(is_over(p) for p in pages):
        assert time.monotonic() < end, f"{name}: the match did not end in time"
        moved = False
        for page in pages:
            if not is_over(page) and click_something(page, rng):
                moved = True
                clicks += 1
                if clicks == 6:
                    shot(page, f"{name}-early")
        if not moved:
            time.sleep(0.05)
    for number, page in enumerate(pages):
        page.wait_for_selector("#result:not([hidden])")  # type: ignore[attr-defined]
        shot(page, f"{name}-end-{number}")


def open_page(browser: object, url: str) -> object:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-decisions]")
    return page


def test_two_people_play_barista_to_the_end_in_two_browsers(
    server: ServerThread, browser: object
) -> None:
    table = create_table(server.base, "barista", persons(2), seed=21)
    pages = [open_page(browser, f"{server.base}/play/{table.token(p)}") for p in range(2)]
    for number, page in enumerate(pages):
        assert page.locator(".seat.mine .card").count() > 0  # type: ignore[attr-defined]
        shot(page, f"barista-start-{number}")
    play(pages, random.Random(5), "barista")
    texts = [p.inner_text("#result") for p in pages]  # type: ignore[attr-defined]
    assert all("Final result" in t for t in texts)
    assert sum("You win!" in t for t in texts) >= 1


@pytest.mark.parametrize("game_id", [g for g in lastcall.games() if g != "barista"])
def test_a_person_plays_a_bot_to_the_end(
    server: ServerThread, browser: object, game_id: str
) -> None:
    n = table_size(game_id)
    seats = [{"kind": "person", "name": "Pat"}] + [
        {"kind": "bot", "level": "random"} for _ in range(n - 1)
    ]
    table = create_table(server.base, game_id, seats, seed=8, options=SHORT.get(game_id, {}))
    page = open_page(browser, f"{server.base}/play/{table.token(0)}")
    shot(page, f"{game_id}-start")
    play([page], random.Random(6), game_id)
    assert "Final result" in page.inner_text("#result")  # type: ignore[attr-defined]


def test_the_lobby_starts_a_table_and_leads_to_the_seat(
    server: ServerThread, browser: object
) -> None:
    page = open_page_lobby(browser, server.base)
    page.select_option("#game", "bartender")  # type: ignore[attr-defined]
    page.click("#create-button")  # type: ignore[attr-defined]
    page.wait_for_selector("#open-my-seat")  # type: ignore[attr-defined]
    shot(page, "lobby-links")
    page.click("#open-my-seat")  # type: ignore[attr-defined]
    page.wait_for_selector("body[data-decisions]")  # type: ignore[attr-defined]
    assert page.locator(".pcard").count() > 0  # type: ignore[attr-defined]
    page.goto(server.base)  # type: ignore[attr-defined]
    page.wait_for_selector("#mine a")  # type: ignore[attr-defined]
    assert "bartender" in page.inner_text("#mine")  # type: ignore[attr-defined]


def open_page_lobby(browser: object, base: str) -> object:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector("#seats .seat-row")
    return page
