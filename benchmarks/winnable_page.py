"""Write the table and the chart of docs/winnable.md from the committed survey summary.

Run: ``python benchmarks/winnable_page.py`` (after ``benchmarks/winnable_summary.py``):
reads ``benchmarks/results/winnable.json`` and replaces the lines of ``docs/winnable.md``
between its ``<!-- winnable table -->`` and ``<!-- end of winnable table -->`` markers with
the table (one row a game, in the registry's order) and the notes on the published figures,
then draws the chart ``docs/images/winnable.svg`` (``pip install -e '.[plot]'``:
matplotlib). ``--print`` prints the table instead of writing anything.
tests/test_winnable_page.py checks that the page's rows agree with the summary.

Every figure is the library's own (``solitaire_core.survey.report.group_report``, in the
summary): the winnable fraction is at least solved / deals and at most (solved + unknown) /
deals, each with its 95% Wilson interval; percentages are printed to 0.1%. Under the
table, the games surveyed in pieces (``surveyed_in`` in the summary) name each piece's solver.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parents[1]
SUMMARY: Final = ROOT / "benchmarks" / "results" / "winnable.json"
PAGE: Final = ROOT / "docs" / "winnable.md"
CHART: Final = ROOT / "docs" / "images" / "winnable.svg"
START: Final = "<!-- winnable table -->"
END: Final = "<!-- end of winnable table -->"
HEADER: Final = (
    "| game | prefix | budget | deals | decided | solved | lost | unknown "
    "| winnable: at least (95% CI) | at most (95% CI) | published |"
)


def percent(value: float) -> str:
    """A fraction as a percentage to 0.1% (``0.815`` -> ``81.5%``)."""
    return f"{100 * value:.1f}%"


def with_interval(value: float, interval: list[float]) -> str:
    """``81.5% (79.0-83.8%)``: a fraction with its 95% interval."""
    return f"{percent(value)} ({100 * interval[0]:.1f}-{percent(interval[1])})"


def published_text(game: dict[str, Any]) -> str:
    """The published figures of a game for its table cell ("" where there is none)."""
    cells = []
    for item in game["published"]:
        margin = "" if item["margin"] is None else f" ± {item['margin']:g}"
        cells.append(f"{item['percent']:g}{margin}% ({item['short']})")
    return "; ".join(cells)


def row(game: dict[str, Any]) -> str:
    """One game's table row."""
    head = [game["game"], game["prefix"], f"{game['max_positions']:,}", f"{game['deals']:,}"]
    if not game["deals"]:
        cells = [*head, "-", "-", "-", "-", "not surveyed yet", "-", published_text(game)]
        return "| " + " | ".join(cells) + " |"
    cells = [
        *head,
        percent(game["decided_fraction"]),
        f"{game['solved']:,}",
        f"{game['unwinnable']:,}",
        f"{game['unknown']:,}",
        with_interval(game["winnable_fraction"], game["winnable_95ci"]),
        with_interval(game["winnable_at_most"], game["winnable_at_most_95ci"]),
        published_text(game),
    ]
    return "| " + " | ".join(cells) + " |"


def table(document: dict[str, Any]) -> list[str]:
    """The page's generated lines: a count of the deals so far, the table, the sources."""
    games = document["games"]
    target = document["target_deals"]
    full = sum(game["deals"] >= target for game in games)
    deals = sum(game["deals"] for game in games)
    lines = [
        f"So far {deals:,} deals of {len(games)} games: {full} games have all {target:,} "
        f"(deals 0..{target - 1:,}), the others fewer (the *deals* column; deals "
        "0..deals-1 of each game).",
        "",
        HEADER,
        "|---|---|---:|---:|---:|---:|---:|---:|---|---|---|",
        *(row(game) for game in games),
        "",
    ]
    sources = {item["short"]: item for game in games for item in game["published"]}
    lines += [f"* **{short}**: {item['source']}." for short, item in sources.items()]
    pieces = [
        f"* {game['game']}: " + "; ".join(
            f"deals {piece['deals'][0]:,}..{piece['deals'][1]:,}: {piece['with']}"
            for piece in game["surveyed_in"]
        ) + "."
        for game in games
        if game.get("surveyed_in")
    ]  # fmt: skip
    if pieces:
        lines += [
            "",
            "Games surveyed in pieces, by different builds of the solver (the campaign's first "
            "surveys: see *How it was made*):",
            "",
            *pieces,
        ]
    return lines


def write_page(document: dict[str, Any], page: Path) -> None:
    """Replace the generated part of the page (between the markers) with :func:`table`."""
    text = page.read_text(encoding="utf-8")
    before, rest = text.split(START + "\n", 1)
    _, after = rest.split(END, 1)
    page.write_text(before + START + "\n" + "\n".join(table(document)) + "\n" + END + after)


def draw_chart(document: dict[str, Any], path: Path) -> None:
    """Draw every surveyed game's bounds with their intervals as a horizontal chart (SVG).

    One row a game, highest first: a bar from the lower bound (solved / deals) to the upper
    bound ((solved + unknown) / deals), a thin line from the lower bound's 95% interval's
    low end to the upper bound's interval's high end, and a marker at each published figure.
    """
    import matplotlib  # noqa: PLC0415 (the plot extra, only for the chart)

    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "winnable"})
    from matplotlib import pyplot  # noqa: PLC0415

    games = [game for game in document["games"] if game["deals"]]
    games.sort(key=lambda game: (game["winnable_fraction"], game["winnable_at_most"]))
    figure, axes = pyplot.subplots(figsize=(8.0, 1.6 + 0.19 * len(games)))
    for y, game in enumerate(games):
        low, high = 100 * game["winnable_fraction"], 100 * game["winnable_at_most"]
        outer = (100 * game["winnable_95ci"][0], 100 * game["winnable_at_most_95ci"][1])
        axes.plot(outer, (y, y), color="0.55", linewidth=0.8, zorder=1)
        axes.barh(y, max(high - low, 0.4), left=low, height=0.55, color="#4c72b0", zorder=2)
        for item in game["published"]:
            axes.plot(item["percent"], y, marker="D", markersize=4, color="#c44e52", zorder=3)
    labels = [f"{game['game']} ({game['deals']:,})" for game in games]
    axes.set_yticks(range(len(games)), labels, fontsize=7)
    axes.set_ylim(-0.7, len(games) - 0.3)
    axes.set_xlim(0, 100)
    axes.set_xlabel("deals winnable, % (bar: at least .. at most; line: their 95% intervals)")
    axes.grid(axis="x", color="0.9", linewidth=0.6)
    axes.set_axisbelow(True)
    axes.plot([], [], marker="D", linestyle="", color="#c44e52", label="published figure")
    axes.legend(loc="upper left", fontsize=7)
    axes.set_title(
        f"How winnable is each game (solver, deals 0..N-1; N in brackets, "
        f"{document['target_deals']:,} the goal)",
        fontsize=9,
    )
    figure.tight_layout()
    figure.savefig(path, format="svg", metadata={"Date": None})
    pyplot.close(figure)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--summary", type=Path, default=SUMMARY)
    parser.add_argument("--page", type=Path, default=PAGE)
    parser.add_argument("--chart", type=Path, default=CHART)
    parser.add_argument("--print", action="store_true", help="print the table, write nothing")
    args = parser.parse_args()
    document = json.loads(args.summary.read_text(encoding="utf-8"))
    if args.print:
        print("\n".join(table(document)))
        return 0
    write_page(document, args.page)
    draw_chart(document, args.chart)
    print(f"wrote {args.page} and {args.chart}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
