"""Rules files (docs/rules-files.md): every game round-trips; a bad file names its field and line.

Each bad-input case below is a hand-written file with the field and the TOML
line the error must name; the round trips run over every shipped game, and over
any variant the format can declare (Hypothesis).
"""

from __future__ import annotations

import json
import textwrap
import tomllib
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from strategies import rule_records

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.errors import RulesFileError, SolitaireError
from solitaire_core.rule_ids import RuleId
from solitaire_core.variants.rules_files import shipped_rules_files
from solitaire_core.variants.rules_text import json_text, toml_locator, toml_text
from solitaire_core.variants.shipped import PYTHON_GAMES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples" / "rules"

HEAD = 'format = "solitaire-core/rules"\nversion = 1\nkey = "test-rules-game"\nname.en = "Test"\n'
"""The four required lines (lines 1-4) that the bad-input cases build on."""


def _shipped() -> list[tuple[str, sc.Variant]]:
    return list(sv.SHIPPED_VARIANTS.items())


# --- round trips ---------------------------------------------------------------------


@pytest.mark.parametrize(("key", "variant"), _shipped(), ids=[key for key, _ in _shipped()])
def test_every_shipped_game_round_trips_through_its_document(key: str, variant: sc.Variant) -> None:
    document = sv.variant_to_rules(variant)
    assert json.loads(json.dumps(document)) == document  # JSON-ready, no None
    rules = sv.parse_rules(document)
    assert rules.variant == variant
    assert (rules.key, rules.aliases, rules.pysolfc_id) == (
        key,
        variant.aliases,
        sv.pysolfc_id(variant),
    )
    assert rules.names == sv.variant_names(variant)
    assert sv.read_rules_text(toml_text(document)).variant == variant
    assert sv.read_rules_text(json_text(document), format="json").variant == variant


@pytest.mark.parametrize(("key", "variant"), _shipped(), ids=[key for key, _ in _shipped()])
def test_every_shipped_game_has_its_file_in_the_package(key: str, variant: sc.Variant) -> None:
    text = sv.shipped_rules_text(key)
    assert text is not None
    rules = sv.read_rules_text(text, file=f"{key}.toml")
    assert rules.variant == variant
    assert rules.key == key
    assert sv.game_rules_text(variant) == text


def test_the_package_files_are_those_the_python_definitions_write() -> None:
    files = shipped_rules_files()
    for key in PYTHON_GAMES:
        text = sv.rules_text(sv.SHIPPED_VARIANTS[key])
        assert files.get(key) == text, f"{key}.toml is stale: run tools/game_files.py"
    assert set(files) == set(sv.SHIPPED_VARIANTS)


def test_the_shipped_files_hold_the_names_and_ids_of_the_games() -> None:
    klondike = tomllib.loads(sv.shipped_rules_text("klondike-draw3") or "")
    assert klondike["name"] == {"en": "Klondike draw 3", "hu": "Klondike, 3 lapos húzás"}
    assert klondike["pysolfc_id"] == 18
    assert klondike["code_prefix"] == "KL"
    traditional = tomllib.loads(sv.shipped_rules_text("traditional") or "")
    assert "pysolfc_id" not in traditional and "code_prefix" not in traditional


@settings(max_examples=150, deadline=None)
@given(rule_records())
def test_any_variant_of_the_format_round_trips(variant: sc.Variant) -> None:
    document = sv.variant_to_rules(variant, key="any-record", names={"hu": "bármi"})
    assert sv.variant_from_rules(document) == variant
    text = toml_text(document)
    assert sv.read_rules_text(text).variant == variant
    assert sv.read_rules_text(json_text(document), format="json").variant == variant
    assert tomllib.loads(text) == document


def test_a_short_file_takes_klondikes_values_for_what_it_leaves_out() -> None:
    rules = sv.read_rules_text(HEAD)
    assert rules.variant == sc.Variant(name="Test")
    assert rules.variant.layout == sv.KLONDIKE_LAYOUT


def test_the_layout_patterns() -> None:
    def layout(table: str) -> sv.Layout:
        return sv.read_rules_text(HEAD + "[layout]\n" + textwrap.dedent(table)).variant.layout

    assert layout('pattern = "triangle"\ncolumns = 9\n') == sv.Layout.triangle(9)
    assert layout('pattern = "mirrored_triangle"\n') == sv.Layout.triangle(7, mirrored=True)
    assert layout('pattern = "triangle"\nall_face_up = true\n') == sv.REFLECHI_LAYOUT
    assert layout('pattern = "rows"\ncolumns = 10\nface_down = 2\n') == sv.Layout.rows(10, down=2)
    assert layout("face_down = [0, 1]\nface_up = [1, 5]\n") == sv.Layout(
        face_down=(0, 1), face_up=(1, 5)
    )


def test_none_is_written_none_and_read_back() -> None:
    document = sv.variant_to_rules(sc.RULE_CARD)
    assert document["scoring"]["floor"] == "none"
    as_json = json.loads(json_text(document))
    as_json["scoring"]["floor"] = None  # JSON may say null
    assert sv.variant_from_rules(as_json) == sc.RULE_CARD


# --- bad files: each names its field and its line --------------------------------------

BAD_FILES = [
    # (case, the text after HEAD, field, line, words of the reason)
    ("unknown top-level key", "colums = 8\n", "colums", 5, "unknown field 'colums'"),
    (
        "unknown key in a table",
        "[layout]\ncolumn = 8\n",
        "layout.column",
        6,
        "did you mean 'columns'",
    ),
    (
        "unknown policy",
        '[build]\npolicy = "red_black"\n',
        "build.policy",
        6,
        "unknown build policy",
    ),
    (
        "unknown parameter",
        '[group]\npolicy = "ordered_run"\nsuit = true\n',
        "group.suit",
        7,
        "did you mean 'same_suit'",
    ),
    (
        "parameter of the wrong type",
        '[build]\npolicy = "same_suit"\nwrap = "yes"\n',
        "build.wrap",
        7,
        "must be true or false, got 'yes'",
    ),
    (
        "policy without parameters",
        '[group]\npolicy = "limited_run"\nlimit = 3\n',
        "group.limit",
        7,
        "the policy 'limited_run' takes no parameters",
    ),
    (
        "wrong type",
        '[layout]\npattern = "triangle"\ncolumns = "eight"\n',
        "layout.columns",
        7,
        "got 'eight'",
    ),
    ("too many columns", "[layout]\ncolumns = 31\n", "layout.columns", 6, "1..30"),
    (
        "a bool for an int",
        "[stock]\ndraw = true\n",
        "stock.draw",
        6,
        "must be an int >= 1, got true",
    ),
    ("no passes", "[stock]\npasses = 0\n", "stock.passes", 6, "'unlimited'"),
    ("bad stock kind", '[stock]\nkind = "talon"\n', "stock.kind", 6, "unknown value 'talon'"),
    (
        "a field of another stock kind",
        '[stock]\nkind = "deal"\ndraw = 3\n',
        "stock.draw",
        7,
        "not a field of a 'deal' stock",
    ),
    (
        "list item",
        "[layout]\nface_down = [0, -1]\nface_up = [1, 1]\n",
        "layout.face_down[1]",
        6,
        "got -1",
    ),
    (
        "lists of two lengths",
        "[layout]\nface_down = [0, 1]\nface_up = [1, 1, 1]\n",
        "layout.face_up",
        7,
        "lists 3 columns but face_down lists 2",
    ),
    (
        "a field of another pattern",
        '[layout]\npattern = "triangle"\nface_down = 2\n',
        "layout.face_down",
        7,
        "not a field of the 'triangle' pattern",
    ),
    (
        "face-down cards without a face-up card",
        "[layout]\nface_down = [0, 2]\nface_up = [1, 0]\n",
        "layout.face_up[1]",
        7,
        "column 2 has 2 face-down cards and no face-up card",
    ),
    (
        "contradiction: wrap from the Ace",
        "[foundations]\nwrap = true\n",
        "foundations.wrap",
        6,
        "foundations from the Ace never wrap",
    ),
    (
        "contradiction: Vegas scoring with recycles",
        '[scoring]\npolicy = "vegas_scoring"\n',
        "scoring.policy",
        6,
        "Vegas scoring never recycles",
    ),
    (
        "contradiction: Vegas scoring with passes",
        '[stock]\npasses = 2\n[scoring]\npolicy = "vegas_scoring"\n',
        "stock.passes",
        6,
        "give stock.passes = 1",
    ),
    (
        "contradiction: a reserve out of the dealing order",
        "[layout]\nreserve = 13\n",
        "layout.deal_order",
        5,
        "a reserve of 13 cards needs 'reserve' in deal_order",
    ),
    (
        "contradiction: a dealt base without its card",
        '[foundations]\nbase = "dealt_card"\ntakeback = false\n',
        "layout.deal_order",
        None,
        "need 'base_card' in deal_order",
    ),
    (
        "contradiction: the reserve's policy without a reserve",
        '[empty_column]\npolicy = "from_reserve"\n',
        "empty_column.policy",
        6,
        "from the reserve, but there is none",
    ),
    (
        "contradiction: complete runs and take-back",
        "[foundations]\ncomplete_runs = true\n",
        "foundations.takeback",
        5,
        "give no card back",
    ),
    (
        "contradiction: a prefix with draw 2",
        'code_prefix = "QD"\n[stock]\ndraw = 2\n',
        "stock.draw",
        7,
        "draws 1 or 3",
    ),
    (
        "contradiction: more cards dealt than the decks hold",
        '[layout]\npattern = "rows"\ncolumns = 10\nface_down = 5\n',
        "layout",
        5,
        "deals 60 cards but 1 deck(s) hold 52",
    ),
    (
        "contradiction: no stock and cards left",
        '[stock]\nkind = "none"\n',
        "stock",
        5,
        "a game without a stock must deal every card",
    ),
    ("bad prefix", 'code_prefix = "K1"\n', "code_prefix", 5, "two letters A-Z"),
    ("bad alias", 'aliases = ["ok", "Not OK"]\n', "aliases[1]", 5, "lower-case letters"),
    ("bad language", '[name]\nEN = "X"\n', "name.EN", 5, "two letters a-z"),
    ("decks out of range", "decks = 4\n", "decks", 5, "1..3"),
]


@pytest.mark.parametrize(
    ("text", "field", "line", "reason"),
    [case[1:] for case in BAD_FILES],
    ids=[case[0] for case in BAD_FILES],
)
def test_a_bad_file_names_the_field_and_the_line(
    text: str, field: str, line: int | None, reason: str
) -> None:
    head = HEAD
    if text.startswith("[name]"):
        head = HEAD.replace('name.en = "Test"\n', "")
    with pytest.raises(RulesFileError) as raised:
        sv.read_rules_text(head + text, file="bad.toml")
    error = raised.value
    assert (error.file, error.field, error.line) == ("bad.toml", field, line), str(error)
    assert reason in error.reason
    where = "rules file 'bad.toml'" + (f", line {line}" if line else "")
    assert str(error) == f"{where}: {field}: {error.reason}"
    assert isinstance(error, SolitaireError) and isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ('version = 1\nkey = "k"\nname.en = "K"\n', "format", "must be 'solitaire-core/rules'"),
        ('format = "solitaire-core/rules"\nversion = 2\nkey = "k"\n', "version", "a newer format"),
        ('format = "solitaire-core/rules"\nversion = 1\nname.en = "K"\n', "key", "is required"),
        ('format = "solitaire-core/rules"\nversion = 1\nkey = "k"\n', "name", "is required"),
        (
            'format = "solitaire-core/rules"\nversion = 1\nkey = "k"\nname.hu = "K"\n',
            "name.en",
            "is required",
        ),
    ],
)
def test_the_required_fields(text: str, field: str, reason: str) -> None:
    with pytest.raises(RulesFileError) as raised:
        sv.read_rules_text(text)
    assert raised.value.field == field and reason in raised.value.reason


def test_text_that_is_not_toml_names_its_line() -> None:
    with pytest.raises(RulesFileError) as raised:
        sv.read_rules_text(HEAD + "[layout\ncolumns = 8\n", file="broken.toml")
    error = raised.value
    assert (error.field, error.line) == ("", 5)
    assert error.reason.startswith("not TOML: ")
    assert "(column" in error.reason


def test_text_that_is_not_json_names_its_line() -> None:
    with pytest.raises(RulesFileError) as raised:
        sv.read_rules_text(
            '{\n  "format": "solitaire-core/rules",\n  "version": 1,\n}', format="json"
        )
    assert raised.value.line == 4 and raised.value.reason.startswith("not JSON")


def test_a_json_file_names_the_field() -> None:
    document = sv.variant_to_rules(sc.KLONDIKE)
    document["stock"]["passes"] = -1
    with pytest.raises(RulesFileError) as raised:
        sv.read_rules_text(json.dumps(document), format="json", file="k.json")
    assert (raised.value.field, raised.value.line) == ("stock.passes", None)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('layout = { pattern = "triangle", columns = "x" }\n', 5),  # inline table
        ('layout.columns = "x"\n', 5),  # dotted key
        ('\n# a comment\n[ layout ]\n  columns = "x"   # eight\n', 8),  # spaces and comments
        ('[layout]\n"columns" = "x"\n', 6),  # quoted key
        ('notes = """\ncolumns = 1\n"""\n[layout]\ncolumns = "x"\n', None),  # not a field
    ],
)
def test_lines_are_found_in_any_toml_layout(text: str, line: int | None) -> None:
    with pytest.raises(RulesFileError) as raised:
        sv.read_rules_text(HEAD + text)
    if line is None:  # an unknown field ('notes') comes first; its line is found
        assert (raised.value.field, raised.value.line) == ("notes", 5)
    else:
        assert (raised.value.field, raised.value.line) == ("layout.columns", line)


def test_the_locator_skips_multiline_strings() -> None:
    locate = toml_locator('a = """\nb = 1\n"""\nb = 2\n')
    assert locate(("b",)) == 4


def test_text_that_is_too_long_is_refused() -> None:
    with pytest.raises(RulesFileError, match="too long"):
        sv.read_rules_text(HEAD + "#" * 1_000_001)


# --- files and registration ----------------------------------------------------------------


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_game_is_registered_and_its_codes_round_trip(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "eight.toml",
        HEAD.replace("test-rules-game", "test-eight-columns")
        + 'aliases = ["test-eight"]\ncode_prefix = "QE"\nname.hu = "Nyolc"\n'
        + '[layout]\ncolumns = 8\n[empty_column]\npolicy = "any_card"\n',
    )
    rules = sv.load_rules_file(path)
    variant = rules.variant
    assert sv.lookup_variant("test-eight-columns") is variant
    assert sv.lookup_variant("test-eight") is variant
    assert sv.lookup_variant("QE1-D1N") is variant
    assert variant.key == "test-eight-columns" and variant.aliases == ("test-eight",)
    assert sv.variant_names(variant) == {"en": "Test", "hu": "Nyolc"}
    game = sc.Game(variant, 12345)
    code = str(game.code)
    assert code == "QE1-D1N-" + sc.deal_number_to_letters(12345)
    parsed = sc.DealCode.parse(code)
    assert parsed.variant is variant and parsed.deal_number == 12345
    assert sc.deal_code_position(parsed) == game.position
    full = sc.FullDealCode.from_code(parsed)
    assert sc.parse_deal_code(str(full)).variant is variant
    assert sv.load_rules_file(path) == rules  # loading again changes nothing
    assert variant.aliases == ("test-eight",)
    written = tmp_path / "again.json"
    sv.write_rules_file(variant, written)
    assert sv.read_rules_file(written) == rules


def test_a_prefix_of_a_shipped_game_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "clash.toml", HEAD + 'code_prefix = "KL"\n[layout]\ncolumns = 8\n')
    with pytest.raises(RulesFileError) as raised:
        sv.load_rules_file(path)
    error = raised.value
    assert (error.field, error.line) == ("code_prefix", 5)
    assert "'KL' is the deal-code prefix of the shipped game 'klondike'" in error.reason
    assert error.file == str(path)
    with pytest.raises(sc.InvalidArgumentError):
        sv.lookup_variant("test-rules-game")  # nothing registered


def test_a_shipped_games_own_file_loads(tmp_path: Path) -> None:
    path = _write(tmp_path, "klondike.toml", sv.shipped_rules_text("klondike") or "")
    assert sv.load_rules_file(path).variant == sc.KLONDIKE
    assert sv.lookup_variant("klondike") is sc.KLONDIKE


def test_a_key_of_another_game_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "yukon.toml", HEAD.replace("test-rules-game", "yukon"))
    with pytest.raises(RulesFileError) as raised:
        sv.load_rules_file(path)
    assert (raised.value.field, raised.value.line) == ("key", 3)
    assert "already the key of another game (Yukon)" in raised.value.reason


def test_a_pysolfc_id_of_another_game_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "pysol.toml", HEAD + "pysolfc_id = 2\n")
    with pytest.raises(RulesFileError) as raised:
        sv.load_rules_file(path)
    assert (raised.value.field, raised.value.line) == ("pysolfc_id", 5)
    assert "already 'klondike''s" in raised.value.reason


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(RulesFileError, match="no such file"):
        sv.read_rules_file(tmp_path / "missing.toml")
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'key = "\xe9"')
    with pytest.raises(RulesFileError, match="not UTF-8"):
        sv.read_rules_file(latin)


def test_the_format_comes_from_the_suffix_or_the_text(tmp_path: Path) -> None:
    document = sv.variant_to_rules(sc.KLONDIKE)
    sniffed = _write(tmp_path, "klondike.rules", json.dumps(document))
    assert sv.read_rules_file(sniffed).variant == sc.KLONDIKE


# --- the table of policies -------------------------------------------------------------------


def test_a_programs_own_policy_is_read_and_written_by_name() -> None:
    @attrs.frozen
    class ShortGroupsForRules:
        rules_name = "short_groups_for_rules"
        most: int = 3
        sequence_rule: RuleId = attrs.field(default=RuleId.GROUP_NOT_IN_SEQUENCE, init=False)
        limits_counts: bool = attrs.field(default=True, init=False)

        def lowest_movable_index(self, pile: object, face_down: int, table: object) -> int:
            return face_down

        def check_count(self, count: int, size: int, free: int) -> RuleId | None:
            return None if count <= self.most else RuleId.GROUP_TOO_LONG

        def moves_only_built_runs(self, table: object) -> bool:
            return False

    sv.register_policy(ShortGroupsForRules, kind="group")
    sv.register_policy(ShortGroupsForRules, kind=sv.PolicyKind.GROUP)  # again: nothing changes
    variant = sc.Variant(name="Short", group=ShortGroupsForRules(most=2))
    document = sv.variant_to_rules(variant, key="short")
    assert document["group"] == {"policy": "short_groups_for_rules", "most": 2}
    assert sv.variant_from_rules(document) == variant
    document["group"]["most"] = "two"
    with pytest.raises(RulesFileError, match=r"group\.most: must be an int"):
        sv.variant_from_rules(document)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: type("NoName", (), {"check_build": None}), "must declare rules_name"),
        (lambda: type("Bad", (), {"rules_name": "Bad-Name", "check_build": None}), "lower-case"),
        (lambda: type("Half", (), {"rules_name": "half"}), "lacks check_build"),
        (
            lambda: type("Taken", (), {"rules_name": "same_suit", "check_build": None}),
            "already SameSuit's",
        ),
    ],
)
def test_a_policy_that_cannot_be_registered(make: object, message: str) -> None:
    with pytest.raises(sc.InvalidArgumentError, match=message):
        sv.register_policy(make(), kind="build")  # type: ignore[operator]


def test_a_policy_kind_must_be_known() -> None:
    with pytest.raises(sc.InvalidArgumentError, match="a policy kind is one of"):
        sv.register_policy(sv.AnySuit, kind="tableau")


def test_an_unregistered_policy_cannot_be_written() -> None:
    class Loose:
        def check_build(self, card: int, onto: int) -> None:
            return None

    variant = sc.Variant(name="Loose", build=Loose())
    with pytest.raises(sc.InvalidArgumentError, match="not in the table of policies"):
        sv.variant_to_rules(variant, key="loose")


def test_an_unregistered_variant_needs_a_key() -> None:
    with pytest.raises(sc.InvalidArgumentError, match="give the key"):
        sv.variant_to_rules(sc.Variant(name="Nameless"))


def test_the_shipped_policies_are_named_by_their_classes() -> None:
    names = {kind: sv.policy_names(kind)[:5] for kind in sv.PolicyKind}
    assert names[sv.PolicyKind.BUILD] == (
        "alternate_colors",
        "same_color",
        "same_suit",
        "any_suit_but_own",
        "any_suit",
    )
    assert sv.policy_names("scoring")[:2] == ("standard_scoring", "vegas_scoring")
    for kind in sv.PolicyKind:
        for name in sv.policy_names(kind):
            cls = sv.policy_class(kind, name)
            assert cls is not None and cls.rules_name == name  # type: ignore[attr-defined]


# --- the examples of the docs --------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda path: path.name)
def test_the_docs_example_files_read(path: Path) -> None:
    rules = sv.read_rules_file(path)
    assert rules.key and rules.variant


def test_the_rules_files_page_names_every_shipped_policy_and_parameter() -> None:
    page = (ROOT / "docs" / "rules-files.md").read_text(encoding="utf-8")
    shipped = {
        "build": 5,
        "group": 4,
        "empty_column": 5,
        "scoring": 2,
    }
    for kind, count in shipped.items():
        for name in sv.policy_names(kind)[:count]:
            assert f"`{name}`" in page, name
            cls = sv.policy_class(kind, name)
            assert cls is not None
            for parameter in sv.policy_parameters(cls):
                assert f"`{parameter.name}`" in page, (name, parameter.name)


def test_the_rules_files_page_shows_the_example_file() -> None:
    page = (ROOT / "docs" / "rules-files.md").read_text(encoding="utf-8")
    example = (EXAMPLES / "klondike-8.toml").read_text(encoding="utf-8")
    assert f"$ cat klondike-8.toml\n{example}$ " in page
