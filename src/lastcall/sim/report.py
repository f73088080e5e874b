"""A simulation's results on disk: per-game rows, charts and a Markdown report.

``write_report(out, summary, results)`` writes ``games.jsonl``, ``games.csv``,
``summary.json``, PNG charts (matplotlib, an optional extra) and
``report.md``, which embeds the charts.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from lastcall.core import LastcallError
from lastcall.sim.runner import GameResult, SimulationSummary
from lastcall.sim.stats import wilson

# Below this many games on offer, "never" or "always" taken says little.
MIN_OFFERS = 10


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise LastcallError("reports need matplotlib: pip install 'lastcall[report]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_rows(out: Path, results: Sequence[GameResult], players: int) -> None:
    with (out / "games.jsonl").open("w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(asdict(r), sort_keys=True) + "\n")
    with (out / "games.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(
            ["index", "seed", *(f"seat{p}" for p in range(players))]
            + [f"score{p}" for p in range(players)]
            + ["winners", "decisions", "seconds", "error"]
        )
        for r in results:
            scores = list(r.scores) if r.scores else [""] * players
            winners = " ".join(map(str, r.winners))
            row = [r.index, r.seed, *r.seats, *scores, winners, r.decisions, f"{r.seconds:.6f}"]
            writer.writerow([*row, r.error or ""])


def _seat_rates(summary: SimulationSummary) -> list[tuple[float, float, float]]:
    n = summary.games - summary.errors
    return [(w / n if n else 0.0, *wilson(w, n)) for w in summary.wins_by_seat]


def _bar_chart(
    plt: Any, path: Path, labels: list[str], rates: list[tuple[float, float, float]], title: str
) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.5))
    values = [r for r, _, _ in rates]
    errors = [[r - lo for r, lo, _ in rates], [hi - r for r, _, hi in rates]]
    ax.bar(labels, values, yerr=errors, capsize=4, color="#8c5a2b")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_charts(out: Path, summary: SimulationSummary, results: Sequence[GameResult]) -> list[str]:
    plt = _pyplot()
    ok = [r for r in results if r.error is None]
    charts = []
    seats = [f"P{p}" for p in range(summary.players)]
    _bar_chart(plt, out / "win_rate_by_seat.png", seats, _seat_rates(summary), "Win rate by seat")
    charts.append("win_rate_by_seat.png")
    if len(summary.by_bot) > 1:
        names = list(summary.by_bot)
        rates = [
            (row["win_rate"], row["ci95"][0], row["ci95"][1]) for row in summary.by_bot.values()
        ]
        _bar_chart(plt, out / "win_rate_by_bot.png", names, rates, "Win rate by bot (per seat)")
        charts.append("win_rate_by_bot.png")
    by_seat = [[r.scores[p] for r in ok] for p in range(summary.players)]
    _histogram(plt, out / "scores.png", by_seat, seats, "final score", "Scores by seat")
    charts.append("scores.png")
    if len(summary.by_bot) > 1:
        names = list(summary.by_bot)
        by_bot = [
            [r.scores[p] for r in ok for p, who in enumerate(r.seats) if who == name]
            for name in names
        ]
        _histogram(plt, out / "scores_by_bot.png", by_bot, names, "final score", "Scores by bot")
        charts.append("scores_by_bot.png")
    units = list(summary.mean_length)
    fig, axes = plt.subplots(1, 1 + len(units), figsize=(4 * (1 + len(units)), 3.5))
    panels = [
        ("decisions", [r.decisions for r in ok]),
        *((u, [r.length[u] for r in ok]) for u in units),
    ]
    for ax, (unit, values) in zip(list(axes) if units else [axes], panels, strict=True):
        ax.hist(values, bins=30, color="#2b5a8c")
        ax.set_xlabel(f"{unit} per game")
        ax.set_ylabel("games")
    fig.suptitle("Game length")
    fig.tight_layout()
    fig.savefig(out / "length.png", dpi=100)
    plt.close(fig)
    charts.append("length.png")
    return charts


def _histogram(
    plt: Any, path: Path, groups: list[list[float]], labels: list[str], x: str, title: str
) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist(groups, label=labels, bins=12)
    ax.set_xlabel(x)
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def markdown(summary: SimulationSummary, results: Sequence[GameResult], charts: list[str]) -> str:
    ok = [r for r in results if r.error is None]
    lengths = sorted(r.decisions for r in ok)
    lines = [
        f"# {summary.game}: {summary.games} simulated games, {summary.players} players",
        "",
        f"Bots: {', '.join(summary.bots)} (seated over every permutation); seed {summary.seed}; "
        f"options {json.dumps(summary.options, sort_keys=True)}; errors {summary.errors}.",
        "",
        "## Win rate by seat",
        "",
        "| seat | wins | win rate | 95% interval | mean score |",
        "|---|---:|---:|---:|---:|",
    ]
    for p, (rate, low, high) in enumerate(_seat_rates(summary)):
        lines.append(
            f"| P{p} | {summary.wins_by_seat[p]:g} | {rate:.1%} | {low:.1%} to {high:.1%} "
            f"| {summary.mean_scores[p]:.2f} |"
        )
    fair = 1 / summary.players
    low, high = summary.first_seat_ci95
    verdict = (
        "an advantage"
        if low > fair
        else "a disadvantage"
        if high < fair
        else "no significant advantage"
    )
    lines += [
        "",
        f"First-player advantage: the player who took the first turn (as the game decides "
        f"it) wins {summary.first_seat_win_rate:.1%} (95% interval {low:.1%} to {high:.1%}) "
        f"against a fair share of {fair:.1%}: {verdict}.",
        "",
    ]
    if summary.rival_wins:
        n_ok = summary.games - summary.errors
        for name, won in summary.rival_wins.items():
            lo, hi = wilson(won, n_ok)
            lines.append(
                f"{name} (a rival that is not a seat) wins {won / n_ok if n_ok else 0.0:.1%} "
                f"(95% interval {lo:.1%} to {hi:.1%})."
            )
        lines.append("")
    if len(summary.by_bot) > 1:
        lines += [
            "## Win rate by bot",
            "",
            "| bot | seats played | wins | win rate | 95% interval |",
            "|---|---:|---:|---:|---:|",
        ]
        for name, row in summary.by_bot.items():
            lo, hi = row["ci95"]
            lines.append(
                f"| {name} | {row['games']} | {row['wins']:g} | {row['win_rate']:.1%} "
                f"| {lo:.1%} to {hi:.1%} |"
            )
        lines.append("")
    if lengths:
        lines += [
            "## Game length",
            "",
            f"Decisions per game: mean {sum(lengths) / len(lengths):.1f}, "
            f"median {lengths[len(lengths) // 2]}, min {lengths[0]}, max {lengths[-1]}.",
            *(
                f"{unit.replace('_', ' ').capitalize()} per game (as the rulebook counts them): "
                f"mean {mean:.1f}."
                for unit, mean in summary.mean_length.items()
            ),
            "",
        ]
    lines += design_sections(summary)
    lines += ["## Charts", ""]
    lines += [f"![{name.removesuffix('.png')}]({name})" for name in charts]
    return "\n".join(lines) + "\n"


def flagged_offers(summary: SimulationSummary) -> tuple[list[str], list[str]]:
    """Components offered in at least ``MIN_OFFERS`` games: those never taken, those always."""
    seen = {name: o for name, o in summary.offers.items() if o["games"] >= MIN_OFFERS}
    never = [name for name, o in seen.items() if o["taken"] == 0]
    always = [name for name, o in seen.items() if o["taken"] == o["games"]]
    return never, always


def design_sections(summary: SimulationSummary) -> list[str]:
    """Score sources and take rates, where the game reports them."""
    lines: list[str] = []
    if summary.score_sources:
        total = sum(summary.score_sources.values())
        lines += [
            "## Where the points come from",
            "",
            "Mean points a seat took from each source, as the game breaks its score down "
            f"(they add up to the mean score, {total:.2f}).",
            "",
            "| source | mean points per seat | share |",
            "|---|---:|---:|",
        ]
        for name, points in summary.score_sources.items():
            share = f"{points / total:.1%}" if total else "-"
            lines.append(f"| {name} | {points:.2f} | {share} |")
        lines.append("")
    if summary.offers:
        never, always = flagged_offers(summary)
        # Where no component is ever held by two seats at once, holders equal the rate.
        shared = any(o["holders"] != o["rate"] for o in summary.offers.values())
        lines += [
            "## What seats take",
            "",
            "Each component that came within a seat's reach: the games it was offered in, "
            "the games a seat held it at the end"
            + (", how many seats held it on average" if shared else "")
            + ", and how often a seat holding it won (a fair share is "
            f"{1 / summary.players:.0%}). Flagged when offered in {MIN_OFFERS} games or more "
            "and taken in none or in all.",
            "",
            "| component | offered in | taken in | rate | "
            + ("seats holding it | " if shared else "")
            + "holders won | flag |",
            "|---|---:|---:|---:|" + ("---:|" if shared else "") + "---:|---|",
        ]
        ordered = sorted(summary.offers.items(), key=lambda item: (item[1]["rate"], item[0]))
        for name, o in ordered:
            flag = "never taken" if name in never else "always taken" if name in always else ""
            holders = f"| {o['holders']:.2f} " if shared else ""
            lines.append(
                f"| {name} | {o['games']} | {o['taken']} | {o['rate']:.2f} "
                f"{holders}| {o['holder_wins']:.2f} | {flag} |"
            )
        lines.append("")
    return lines


def write_report(out: Path, summary: SimulationSummary, results: Sequence[GameResult]) -> Path:
    """Write everything into ``out``; returns the Markdown report's path."""
    out.mkdir(parents=True, exist_ok=True)
    write_rows(out, results, summary.players)
    (out / "summary.json").write_text(
        json.dumps(summary.to_json(), sort_keys=True, indent=1) + "\n", encoding="utf-8"
    )
    charts = write_charts(out, summary, results)
    report = out / "report.md"
    report.write_text(markdown(summary, results, charts), encoding="utf-8")
    return report
