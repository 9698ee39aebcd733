"""The documentation's examples are tests: shell sessions, tables of refusals, reference tables.

The Python examples in ``docs/*.md`` and ``README.md`` are ```` ```python ````
blocks of ``>>>`` doctests, which pytest runs itself (``--doctest-glob=*.md``).
This module checks the rest:

* every ```` ```console ```` block: each ``$ `` line is run by bash in a
  fresh temporary folder (one shell per block, so ``$?`` and files carry over
  from one command to the next), with the command ``solitaire-core`` and
  ``python3`` of the Python running the tests first on ``PATH``; what it prints
  (stdout and stderr) must match the lines under the command, where ``...``
  stands for any text (doctest's ELLIPSIS);
* every ```` ```python ```` block really is a doctest (so none is left unrun);
* the Examples page's table of refusals: each row is replayed from its deal,
  through the ``Game`` API and through the command line, and must give the
  row's rule id and its English and Hungarian details;
* the reference tables of the rules page (the shipped variants, every rule id
  with its English and Hungarian message) against the library;
* the MkDocs hooks in ``docs/hooks/`` (the generated API reference covers
  every public module; the docstring conversions).
"""

from __future__ import annotations

import contextlib
import doctest
import importlib.util
import io
import json
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.cli import main
from solitaire_core.rules.messages import RULE_MESSAGES
from solitaire_core.variants import family_of, registered_prefixes

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
SEPARATOR = "@@@ end of command @@@"


def fenced_blocks(path: Path, language: str) -> list[tuple[int, str]]:
    """The top-level fenced blocks of a language in a Markdown file: (line number, body)."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 1, match.group(2))
        for match in FENCE.finditer(text)
        if match.group(1) == language
    ]


def console_blocks() -> list[Any]:
    return [
        pytest.param(path, line, body, id=f"{path.relative_to(ROOT)}:{line}")
        for path in PAGES
        for line, body in fenced_blocks(path, "console")
    ]


def parse_session(body: str) -> list[tuple[str, str]]:
    """A console block as (command, expected output) pairs."""
    session: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            session.append((line[2:], []))
        else:
            assert session, f"output before the first command: {line!r}"
            session[-1][1].append(line)
    return [(command, "\n".join(output)) for command, output in session]


def run_session(commands: list[str], folder: Path) -> list[str]:
    """Run commands in one bash shell; returns each command's stdout and stderr."""
    script = ["status=0"]
    for command in commands:
        script.append(f"(exit $status); {{ {command}\n}} 2>&1; status=$?; echo '{SEPARATOR}'")
    environment = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8")
    environment["PATH"] = str(Path(sys.executable).parent) + os.pathsep + environment["PATH"]
    done = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    outputs = done.stdout.split(SEPARATOR + "\n")
    assert len(outputs) == len(commands) + 1, done.stdout + done.stderr
    return outputs[:-1]


@pytest.mark.parametrize(("path", "line", "body"), console_blocks())
def test_console_block(path: Path, line: int, body: str, tmp_path: Path) -> None:
    session = parse_session(body)
    outputs = run_session([command for command, _ in session], tmp_path)
    checker = doctest.OutputChecker()
    for (command, want), got in zip(session, outputs, strict=True):
        want_text, got_text = want.strip() + "\n", got.strip() + "\n"
        if want_text == "\n":
            want_text = ""
            got_text = got.strip() and got_text
        assert checker.check_output(want_text, got_text, doctest.ELLIPSIS), (
            f"{path.name}:{line}: $ {command}\n--- expected\n{want_text}--- got\n{got_text}"
        )


def test_the_docs_have_console_blocks() -> None:
    assert len(console_blocks()) >= 8


def test_the_readme_installs_the_two_builds_in_two_environments() -> None:
    # Issue 35: both commands made `.venv`, so the second (an editable install, always
    # plain Python) silently turned the first one's compiled build pure.
    (_, body), *_ = fenced_blocks(ROOT / "README.md", "sh")
    commands = [line for line in body.splitlines() if line.startswith("python3 -m venv ")]
    assert len(commands) == 2
    created = [command.split()[3] for command in commands]
    assert len(set(created)) == 2, created
    plain, editable = commands
    assert "pip install -q ." in plain and "pip install -q -e " in editable
    for command, folder in zip(commands, created, strict=True):
        assert all(word.startswith(folder + "/") for word in command.split() if "/bin/" in word)


@pytest.mark.parametrize("path", PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_python_block_is_a_doctest(path: Path) -> None:
    for line, body in fenced_blocks(path, "python"):
        assert body.lstrip().startswith(">>>"), f"{path.name}:{line}: not a doctest block"
        # Without a blank line the closing fence would be read as expected output.
        assert body.endswith("\n\n"), f"{path.name}:{line}: end the block with a blank line"


# --- tables ---------------------------------------------------------------------------


def markdown_table(path: Path, heading: str) -> list[list[str]]:
    """The rows (cells stripped) of the first table after a heading, header row left out."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    assert len(rows) > 2, f"no table under {heading!r} in {path.name}"
    return rows[2:]


def code_spans(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


REFUSALS = markdown_table(DOCS / "examples.md", "## Every rule, refused in a real game")


def start_game(origin: str) -> sc.Game:
    """A game from a deal code, or from ``"<SHIPPED_VARIANTS key> #<deal number>"``."""
    if "#" in origin:
        key, number = origin.split("#")
        return sc.Game(sc.SHIPPED_VARIANTS[key.strip()], int(number))
    return sc.Game.from_code(origin)


def refusal_of(game: sc.Game, action: str) -> sc.Refusal:
    if action in ("u", "redo"):
        with pytest.raises(sc.IllegalMoveError) as caught:
            game.undo() if action == "u" else game.redo()
        return caught.value.refusal
    refusal = game.check(action)
    assert refusal is not None, f"{action!r} is legal"
    return refusal


@pytest.mark.parametrize("row", REFUSALS, ids=lambda row: code_spans(row[0])[0])
def test_refusal_table_row(row: list[str]) -> None:
    rule_cell, game_cell, refused_cell, english, hungarian = row
    (rule,) = code_spans(rule_cell)
    origin, *played = code_spans(game_cell)
    moves = " ".join(played).split()
    (refused,) = code_spans(refused_cell)
    game = start_game(origin)
    for move in moves:
        game.perform(move)  # moves, and the actions of a record (resign)
    refusal = refusal_of(game, refused)
    assert (refusal.rule.value, refusal.detail("en"), refusal.detail("hu")) == (
        rule,
        english,
        hungarian,
    )
    if "#" not in origin:  # the same row on the command line
        for language, detail in (("en", english), ("hu", hungarian)):
            stdout = io.StringIO()
            with contextlib.redirect_stdout(stdout):
                status = main(["play", origin, *moves, refused, "--json", "--lang", language])
            error = json.loads(stdout.getvalue())["error"]
            assert (status, error["rule"], error["detail"]) == (1, rule, detail)
            assert error["index"] == len(moves)


def test_the_refusal_table_covers_every_rule_of_the_shipped_variants() -> None:
    shown = {code_spans(row[0])[0] for row in REFUSALS}
    # WRONG_SUIT has a row now: shipped family games build by suit (Trigon, Yukon's kin)
    elsewhere = {"GAME_WON"}  # a section of its own
    assert shown | elsewhere == {rule.value for rule in sc.RuleId}
    assert len(shown) == len(REFUSALS)  # one row per rule id
    assert "`GAME_WON`" in (DOCS / "examples.md").read_text(encoding="utf-8")


def test_rule_message_table() -> None:
    rows = markdown_table(DOCS / "variants.md", "## Rule ids and their messages")
    table = {code_spans(rule)[0]: (english, hungarian) for rule, english, hungarian in rows}
    assert table == {
        rule.value: (RULE_MESSAGES["en"][rule], RULE_MESSAGES["hu"][rule]) for rule in sc.RuleId
    }


def constant_name(variant: sc.Variant) -> str:
    """The variant's constant as the table names it: top level, else ``variants.NAME``.

    A game declared only by a rules file of the package has no constant: the
    table names it by its lookup, ``lookup_variant("odessa")``.
    """
    for name in sc.__all__:
        if getattr(sc, name) is variant:
            return name
    for name in sv.__all__:
        if getattr(sv, name) is variant:
            return f"variants.{name}"
    return f'lookup_variant("{variant.key}")'


def tableau_dealt(layout: sv.Layout) -> str:
    """A layout in words: the column sizes, which cards are face up, the reserve."""
    sizes = [down + up for down, up in zip(layout.face_down, layout.face_up, strict=True)]
    count = len(sizes)
    if len(set(sizes)) == 1:
        shape = f"{count} columns of {sizes[0]} card" + ("s" if sizes[0] > 1 else "")
    elif sizes == list(range(1, count + 1)):
        shape = f"{count} columns of 1 to {count} cards"
    elif sizes == list(range(count, 0, -1)):
        shape = f"{count} columns of {count} to 1 cards"
    else:
        shape = f"{count} columns of {', '.join(map(str, sizes))} cards"
    if not any(layout.face_down):
        face = "all face up"
    elif set(layout.face_up) == {1}:
        face = "last card face up"
    elif len(set(layout.face_up)) == 1:
        face = f"last {layout.face_up[0]} face up"
    else:
        face = f"last {min(layout.face_up)} to {max(layout.face_up)} face up"
    parts = [shape, face]
    if layout.reserve:
        parts.append(f"a reserve of {layout.reserve}")
    return "; ".join(parts)


GROUPS = {
    sv.ANY_FACE_UP_RUN: "any face-up group",
    sv.ORDERED_RUN: "ordered runs",
    sv.SUIT_RUN: "runs of one suit",
    sv.TOP_CARD_OR_WHOLE_COLUMN: "top card or whole column",
    sv.TOP_CARD_ONLY: "one card at a time",
}
BUILDING: dict[type, str] = {
    sv.AlternateColors: "opposite colour",
    sv.SameColor: "same colour",
    sv.SameSuit: "same suit",
    sv.AnySuitButOwn: "any suit but its own",
    sv.AnySuit: "any suit",
}
EMPTY_COLUMN = {
    sv.KINGS_ONLY: "King only",
    sv.ANY_CARD: "any card",
    sv.NO_CARD: "none",
    sv.BELOW_BASE: "one rank below the base",
    sv.FROM_RESERVE: "from the reserve, then any card",
}
FOUNDATIONS = {
    sv.FoundationBase.ACE: "Ace up",
    sv.FoundationBase.DEALT_CARD: "dealt base card",
    sv.FoundationBase.FIRST_CARD: "first card sets the base",
}


def building(policy: sv.BuildPolicy) -> str:
    words = BUILDING[type(policy)]
    if getattr(policy, "up_and_down", False):
        words += ", up or down"
    if getattr(policy, "wrap", False):
        words += ", King on Ace"
    return words


def stock_words(stock: sv.StockPolicy) -> tuple[str, str]:
    """The draw and passes cells."""
    if isinstance(stock, sv.WasteStock):
        limit = stock.recycle_limit
        passes = "unlimited" if limit is None else f"{limit + 1} pass" + ("es" if limit else "")
        return str(stock.draw_count), passes
    if isinstance(stock, sv.DealStock):
        deal = "deals a row" + (", no column empty" if stock.needs_no_empty_column else "")
        return deal, "1 pass"
    return "no stock", "none"


def deal_codes(variant: sc.Variant) -> set[str]:
    """The deal-code headers of ``variant``, from the registered code families."""
    return {
        f"{prefix}1-D{draw}{scoring.letter}"
        for prefix in registered_prefixes()
        for (draw, scoring), known in family_of(prefix).variants.items()
        if known == variant
    }


def describe(variant: sc.Variant) -> list[str]:
    """A shipped variant as the cells of the rules page's summary table."""
    key = next(key for key, known in sc.SHIPPED_VARIANTS.items() if known == variant)
    codes = deal_codes(variant)
    assert len(codes) <= 1, codes
    for code in codes:  # the code deals this very variant
        assert sc.DealCode.parse(f"{code}-AAAAAAB").variant == variant
    policy = next(name for name in sc.__all__ if getattr(sc, name) == variant.scoring)
    group = variant.group
    groups = GROUPS.get(group) or (
        "ordered runs of up to 2^(empty columns) cards" if isinstance(group, sv.LimitedRun) else "?"
    )
    foundations = variant.foundations
    draw, passes = stock_words(variant.stock)
    return [
        f"`{constant_name(variant)}`",
        f"`{key}`",
        f"`{codes.pop()}`" if codes else "none",
        str(variant.decks),
        tableau_dealt(variant.layout),
        groups,
        building(variant.build),
        EMPTY_COLUMN[variant.empty_column],
        "complete runs" if foundations.complete_runs else FOUNDATIONS[foundations.base],
        draw,
        passes,
        "yes" if variant.foundation_takeback else "no",
        f"`{policy}`",
    ]


def test_shipped_variant_table() -> None:
    rows = markdown_table(DOCS / "variants.md", "## The shipped variants at a glance")
    assert [row[0] for row in rows] == [
        f"`{constant_name(variant)}`" for variant in sc.SHIPPED_VARIANTS.values()
    ]
    for row, variant in zip(rows, sc.SHIPPED_VARIANTS.values(), strict=True):
        assert row == describe(variant)


# --- the MkDocs hooks -----------------------------------------------------------------


def load_hook(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_hook_{name}", DOCS / "hooks" / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_api_reference_covers_every_public_module() -> None:
    hook = load_hook("api_reference.py")
    pages = hook.public_modules()
    documented = {f"solitaire_core.{name}" for name, _ in pages}
    documented |= {child for _, children in pages for child in children}
    expected = {
        module.name
        for module in pkgutil.walk_packages(sc.__path__, "solitaire_core.")
        if not any(part.startswith("_") for part in module.name.split("."))
    }
    assert documented == expected
    names = [name for name, _ in pages]
    assert names[:3] == ["cards", "shuffle", "codes"]
    markdown = hook.page_markdown("rules", ["solitaire_core.rules.check"])
    assert "::: solitaire_core.rules\n" in markdown
    assert "::: solitaire_core.rules.check\n" in markdown


def test_docstring_conversions() -> None:
    pytest.importorskip("griffe")
    hook = load_hook("docstrings.py")
    examples = "\n\nAfter.\n\nExamples:\n    >>> 3\n    3"
    text = "Intro::\n\n    shape\n\n>>> 1 + 1\n2" + examples
    assert hook.fence_doctests(hook.literal_blocks(text)) == (
        "Intro:\n\n    shape\n\n```pycon\n>>> 1 + 1\n2\n```" + examples
    )
    known = {"Move": "solitaire_core.moves.Move"}
    converted = hook.convert_roles(
        "A :class:`Move`, :func:`~solitaire_core.rules._hidden` and :meth:`Game.play`.",
        known.get,
    )
    assert converted == "A [`Move`][solitaire_core.moves.Move], `_hidden` and `Game.play`."
