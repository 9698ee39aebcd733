"""The games pages of the documentation, and the deal-code FAQ's test vectors.

* ``docs/games/`` (English) and ``docs/games/hu/`` (Hungarian): every shipped
  variant has a page in both languages whose generated part (between the
  ``<!-- generated: begin -->`` and ``<!-- generated: end -->`` markers) is
  exactly what ``docs/games/generate.py`` writes now, and whose hand-written
  notes below it are not empty; the two indexes are the generator's; no page
  is left for a game that is gone; every page is in the MkDocs nav; the command
  lines the pages show run (all but ``solve``, in-process).
  After changing a variant or the generator, run
  ``.venv/bin/python docs/games/generate.py`` and commit the pages.
* ``docs/deal-codes.md``: the test vectors of sections 4.3, 4.5 (Double and
  Triple Klondike) and 4.6 (Canfield) against the independent vectors in
  ``tests/data/deal_vectors.json`` and ``tests/data/family_deal_vectors.json``
  and against the engine.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import solitaire_core as sc
from solitaire_core.cli import main
from solitaire_core.position_json import position_to_json
from solitaire_core.variants import lookup_variant

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GAMES = DOCS / "games"
DATA = Path(__file__).parent / "data"
LANGUAGES = ("en", "hu")
KEYS = list(sc.SHIPPED_VARIANTS)
REGENERATE = "run `.venv/bin/python docs/games/generate.py` and commit the pages"


def load_generator() -> ModuleType:
    """``docs/games/generate.py`` as a module (it is not a package)."""
    name = "docs_games_generate"
    spec = importlib.util.spec_from_file_location(name, GAMES / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


GENERATOR = load_generator()


def page_text(key: str, language: str) -> str:
    path = GAMES / f"{key}.md" if language == "en" else GAMES / language / f"{key}.md"
    assert path.is_file(), f"no page {path.relative_to(ROOT)}: {REGENERATE}"
    return path.read_text(encoding="utf-8")


# --- the games pages ------------------------------------------------------------------


def test_the_generator_covers_every_shipped_game() -> None:
    assert GENERATOR.game_keys() == KEYS
    assert len(KEYS) == 10 + len(sc.variants.FAMILY_GAMES)  # the app's ten and the family


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_generated_section_is_current(key: str, language: str) -> None:
    text = page_text(key, language)
    _, section, _ = GENERATOR.split_page(text)
    assert section == GENERATOR.generated_section(key, language), (
        f"the generated part of the {language} page of {key} is stale: {REGENERATE}"
    )
    assert GENERATOR.page_path(key, language).read_text(encoding="utf-8") == text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_page_has_notes(key: str, language: str) -> None:
    notes = GENERATOR.notes(page_text(key, language))
    prose = re.sub(r"<!--.*?-->", "", notes, flags=re.DOTALL)
    prose = re.sub(r"(?m)^#.*$", "", prose)
    assert len(prose.split()) >= 20, f"the {language} page of {key} has no notes"


@pytest.mark.parametrize("language", LANGUAGES)
def test_index_is_current(language: str) -> None:
    path = GENERATOR.index_path(language)
    assert path.read_text(encoding="utf-8") == GENERATOR.index_page(language), (
        f"{path.relative_to(ROOT)} is stale: {REGENERATE}"
    )
    for key in KEYS:
        assert f"]({key}.md)" in path.read_text(encoding="utf-8")


def test_the_generator_reports_nothing_stale() -> None:
    assert GENERATOR.stale_files() == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_for_an_unknown_game(language: str) -> None:
    folder = GAMES if language == "en" else GAMES / language
    pages = {path.stem for path in folder.glob("*.md")}
    assert pages == {"index", *KEYS}


def test_every_games_page_is_in_the_nav() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r"(games/(?:hu/)?[a-z0-9-]+\.md)", config))
    expected = {"games/index.md", "games/hu/index.md"}
    expected |= {f"games/{key}.md" for key in KEYS} | {f"games/hu/{key}.md" for key in KEYS}
    assert listed == expected


def test_split_page_needs_both_markers() -> None:
    begin, end = GENERATOR.BEGIN, GENERATOR.END
    assert GENERATOR.split_page(f"a\n{begin}\nb\n{end}\nc") == ("a\n", f"{begin}\nb\n{end}\n", "c")
    for broken in (f"{begin} only", f"{end}\n{begin}", f"{begin}{begin}{end}"):
        with pytest.raises(ValueError):
            GENERATOR.split_page(broken)
    new = GENERATOR.updated_page("yukon", "en", None)
    assert new.startswith(begin) and new.endswith("## Notes\n\n")
    kept = GENERATOR.updated_page("yukon", "en", f"{begin}\nold\n{end}\n\n## Notes\n\nMine.\n")
    assert kept == GENERATOR.generated_section("yukon", "en") + "\n## Notes\n\nMine.\n"


@pytest.mark.parametrize("key", KEYS)
def test_page_commands_run(key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for command in GENERATOR.commands(key):
        if command.arguments[0] == "solve":
            continue  # a search: its time is not the page's business
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main(list(command.arguments))
        assert status == 0, command.text("en")
        if command.output:
            Path(command.output).write_text(out.getvalue(), encoding="utf-8")


@pytest.mark.parametrize("key", [key for key in KEYS if GENERATOR.deal_code(key)])
def test_opening_board_is_deal_one(key: str) -> None:
    code = GENERATOR.deal_code(key)
    assert sc.DealCode.parse(code).deal_number == 1
    assert lookup_variant(code.rsplit("-", 1)[0]) == sc.SHIPPED_VARIANTS[key]
    board = GENERATOR.opening_board(key)
    assert board.splitlines()[0] == f"{code}  ({sc.SHIPPED_VARIANTS[key].name}, deal 1)"
    assert f"```text\n{board}\n```" in page_text(key, "en")
    assert f"```text\n{board}\n```" in page_text(key, "hu")


# --- the deal-code FAQ's test vectors -------------------------------------------------

FAQ = DOCS / "deal-codes.md"
VECTORS: dict[str, dict[str, Any]] = {
    vector["code"]: vector
    for name in ("deal_vectors.json", "family_deal_vectors.json")
    for vector in json.loads((DATA / name).read_text(encoding="utf-8"))
}


def section_tables(heading: str) -> list[list[list[str]]]:
    """The tables (rows of stripped cells, header rows left out) of a ``###`` section."""
    lines = FAQ.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    tables: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in [*lines[start + 1 :], ""]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            tables.append(rows[2:])
            rows = []
    if rows:
        tables.append(rows[2:])
    return tables


def spans(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


def cards(cell: str) -> list[str]:
    (text,) = spans(cell) or [""]
    return text.split()


def number(cell: str) -> int:
    return int(cell.split(maxsplit=1)[0].replace(",", ""))


def engine_facts(code: str) -> dict[str, Any]:
    """What the engine deals for a code, in the vectors' shape."""
    parsed = sc.parse_deal_code(code)
    position = sc.deal_code_position(parsed)
    data = position_to_json(position)
    tops = [position.foundation_top(slot) for slot in range(len(position.foundations))]
    base = [sc.card_text(top) for top in tops if top is not None]
    return {
        "deal_number": parsed.deal_number,
        "deck": [sc.card_text(card) for card in parsed.deck],
        "columns": data["tableau"],
        "reserve": data.get("reserve", []),
        "base_card": base[0] if base else None,
        "stock": list(reversed(data["stock"])),
        "full_code": str(sc.FullDealCode.from_code(parsed)),
    }


def sources(code: str) -> list[dict[str, Any]]:
    """The independent vector and the engine's deal: the FAQ must agree with both."""
    return [VECTORS[code], engine_facts(code)]


def test_klondike_top_cards_table() -> None:
    (table,) = section_tables("### 4.3 Top cards and first stock cards")
    assert len(table) >= 30
    for code_cell, deal_cell, tops, stock in table:
        (code,) = spans(code_cell)
        for facts in sources(code):
            assert number(deal_cell) == facts["deal_number"], code
            assert cards(tops) == _tops(facts["columns"]), code
            assert cards(stock) == facts["stock"][:3], code


def _tops(columns: list[Any]) -> list[str]:
    """Top cards of columns given as card lists or as ``{"face_down", "face_up"}``."""
    return [
        column[-1] if isinstance(column, list) else (column["face_down"] + column["face_up"])[-1]
        for column in columns
    ]


def test_double_klondike_vectors() -> None:
    summary, columns, full_codes = section_tables("### 4.5 Two decks: Double Klondike")
    assert [spans(row[0])[0] for row in summary] == [
        "DK1-D1N-AAAAAAA",
        "DK1-D1N-AAAAAAB",
        "DK1-D1N-AAAAAAG",
    ]
    for code_cell, deal_cell, first, tops, stock in summary:
        (code,) = spans(code_cell)
        for facts in sources(code):
            assert number(deal_cell) == facts["deal_number"]
            assert cards(first) == facts["deck"][:12]
            assert cards(tops) == _tops(facts["columns"])
            assert cards(stock) == facts["stock"][:3]
    for facts in sources("DK1-D1N-AAAAAAB"):
        assert [
            {
                "face_down": [] if down == "(none)" else cards(down),
                "face_up": cards(up),
            }
            for _, down, up in columns
        ] == facts["columns"]
        text = FAQ.read_text(encoding="utf-8")
        match = re.search(r"Stock \(first drawn first\): `([^`]*)`", text)
        assert match is not None
        assert match.group(1).split() == facts["stock"]
    assert_full_codes(full_codes, {"DK": 107, "TK": 167})


def test_canfield_vectors() -> None:
    summary, full_codes = section_tables("### 4.6 Canfield")
    for code_cell, deal_cell, base, reserve, tops, stock in summary:
        (code,) = spans(code_cell)
        for facts in sources(code):
            assert number(deal_cell) == facts["deal_number"]
            assert cards(base) == [facts["base_card"]]
            assert cards(reserve) == facts["reserve"]
            assert cards(tops) == _tops(facts["columns"])
            assert cards(stock) == facts["stock"][:3]
            first = cards(base) + cards(reserve) + cards(tops)
            assert first == facts["deck"][:18]
    assert_full_codes(full_codes, {"CF": 48})
    canfield_six = dict((spans(code)[0], spans(full)[0]) for code, full in full_codes)
    klondike_six = VECTORS["KL1-D1N-AAAAAAG"]["full_code"]
    assert canfield_six["CF1-D3N-AAAAAAG"].split("-")[2] == klondike_six.split("-")[2]


def assert_full_codes(rows: list[list[str]], letters: dict[str, int]) -> None:
    assert rows
    for code_cell, full_cell in rows:
        (code,) = spans(code_cell)
        (full,) = spans(full_cell)
        for facts in sources(code):
            assert full == facts["full_code"], code
        header, _, body = full.rpartition("-")
        assert header == code.rsplit("-", 1)[0]
        assert len(body) == letters[code[:2]]
        assert sc.parse_deal_code(full).deck == sc.parse_deal_code(code).deck
