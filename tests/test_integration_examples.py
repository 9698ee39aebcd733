"""The examples of docs/integration.md: the web back end and the terminal loop.

* The web back end (``docs/examples/web_app.py``) is played through Starlette's
  test client: whole games to a win with the solver's moves (Klondike, and
  Canfield with its reserve and 19 recycles), every kind of request, and every
  kind of bad input. Every answer is checked against a shadow game that the
  test plays itself: no answer names a card hidden from the player (face-down
  column cards, the stock before its first recycle, the reserve under its
  top: computed here from the position, not by the library's view), the
  board of every view shows exactly the cards the player can see, and a
  refused or bad request changes nothing.
* The terminal loop (``docs/examples/terminal.py``) is fed scripted input: a
  win with the solver's moves, a resignation with refusals in Hungarian,
  statistics recorded (and a damaged statistics file left alone).

The clock never reads the wall clock here: the games get a fake time source.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest
from starlette.testclient import TestClient

import solitaire_core as sc
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.rule_ids import RuleId
from solitaire_core.statistics import StatisticsBoard, StatisticsStore

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
PAGE = ROOT / "docs" / "integration.md"


def load_example(name: str) -> ModuleType:
    """``docs/examples/<name>.py`` as a module (the folder is not a package)."""
    module_name = f"docs_examples_{name}"
    spec = importlib.util.spec_from_file_location(module_name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


WEB = load_example("web_app")
TERMINAL = load_example("terminal")

KLONDIKE_CODE = "KL1-D1N-AAAAAAG"
CANFIELD_CODE = "CF1-D3N-AAAAAAC"  # the solver wins it at once; a reserve, draw 3, recycles
CARD = re.compile(r"(?:[A2-9TJQK]|10)[SHDC♠♥♦♣]")
ALL_CARDS = frozenset(CARD_TEXTS)


class FakeClock:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- what the player may see, computed from the position (one deck) --------------------


def hidden_cards(position: sc.Position) -> frozenset[str]:
    """The cards the player cannot see: face-down column cards, the unseen stock, the
    reserve under its top. Written from the rules (RULES.md section 9), not from the
    library's view, so that it checks the view."""
    hidden: set[int] = set()
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        hidden.update(pile[:down])
    if position.recycles == 0:  # every stock card passes face up through the waste first
        hidden.update(position.stock)
    hidden.update(position.reserve[:-1])
    return frozenset(CARD_TEXTS[card] for card in hidden)


def card_strings(value: object) -> Iterator[str]:
    """Every string in a JSON value that is a card's text, wherever it is."""
    if isinstance(value, str):
        if CARD.fullmatch(value):
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_strings(key)
            yield from card_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_strings(item)


def assert_no_hidden_card(body: str, data: object, hidden: frozenset[str]) -> None:
    """Neither the parsed answer nor its raw text names a hidden card."""
    leaked = set(card_strings(data)) & hidden
    assert not leaked, f"the answer names hidden cards {sorted(leaked)}"
    for text in hidden:
        assert f'"{text}"' not in body, f"the answer's text names the hidden card {text}"


def board_cards(view: dict[str, Any]) -> list[str]:
    return list(card_strings(view["board"]))


def without_clock(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "clock"}


class Player:
    """A client of the web back end with a shadow game the test plays itself.

    Every request is checked: no hidden card in the answer (hidden before and
    after the request: an undo may name the card it turns back face down,
    which the player saw), and a view in the answer equal to the shadow's view
    with its board showing exactly the cards the player can see.
    """

    def __init__(self, client: TestClient, code: str) -> None:
        self.client = client
        self.shadow = sc.Game.from_code(code)
        created = client.post("/games", json={"code": code})
        assert created.status_code == 201, created.text
        data = created.json()
        self.path = f"/games/{data['id']}"
        assert created.headers["location"] == self.path
        self.answers = 1
        self.check(created.text, data, hidden_cards(self.shadow.position))

    def check(self, body: str, data: Any, hidden: frozenset[str]) -> None:
        assert_no_hidden_card(body, data, hidden)
        if isinstance(data, dict) and "board" in data:
            view = data
        elif isinstance(data, dict) and "view" in data:
            view = data["view"]
        else:
            return
        assert without_clock(view) == without_clock(self.shadow.view_json())
        shown = board_cards(view)
        assert len(shown) == len(set(shown))
        assert set(shown) == ALL_CARDS - hidden_cards(self.shadow.position)

    def send(
        self,
        method: str,
        path: str = "",
        *,
        status: int = 200,
        then: Callable[[sc.Game], object] | None = None,
        **options: Any,
    ) -> Any:
        """One request; ``then`` plays the same action on the shadow game."""
        before = hidden_cards(self.shadow.position)
        response = self.client.request(method, self.path + path, **options)
        assert response.status_code == status, response.text
        self.answers += 1
        if then is not None:
            then(self.shadow)
        hidden = before & hidden_cards(self.shadow.position)
        if response.headers["content-type"].startswith("image/svg+xml"):
            self.check_picture(response.text, hidden)
            return response.text
        data = response.json()
        self.check(response.text, data, hidden)
        return data

    def check_picture(self, svg: str, hidden: frozenset[str]) -> None:
        root = ElementTree.fromstring(svg)
        drawn = [e.get("data-card") for e in root.iter() if e.get("class") == "card"]
        assert all(isinstance(card, str) for card in drawn)
        assert not set(drawn) & hidden, f"the picture shows hidden cards {set(drawn) & hidden}"
        assert set(drawn) <= ALL_CARDS - hidden_cards(self.shadow.position)

    def view(self) -> dict[str, Any]:
        data: dict[str, Any] = self.send("GET")
        return data


def new_client(clock: FakeClock | None = None) -> TestClient:
    return TestClient(WEB.create_app(time_source=clock or FakeClock()))


# --- the web back end: whole games to a win ----------------------------------------------


def first_refused_move(game: sc.Game) -> str:
    """A column-to-column move the rules refuse now (there is always one: 7 columns)."""
    columns = len(game.position.tableau)
    for source in range(1, columns + 1):
        for target in range(1, columns + 1):
            if source != target and not game.is_legal(f"{source}{target}:1"):
                return f"{source}{target}:1"
    raise AssertionError("every column move is legal")


def send_move(player: Player, move: sc.Move, step: int) -> dict[str, Any]:
    """Send the solver's move, in turn as the view's structured move, as notation, or as
    a tap when it goes home (a tap finds the foundation by the card's suit)."""
    notation = sc.format_move(player.shadow.variant, move)
    offered = [m for m in player.view()["legal_moves"] if m["notation"] == notation]
    assert len(offered) == 1, f"the view does not offer {notation}"
    structured = offered[0]

    def play(game: sc.Game) -> object:
        return game.play(move)

    if structured["to"]["pile"] == "foundation" and len(structured["cards"]) == 1 and step % 2:
        body = {"gesture": "tap", "card": structured["cards"][0]}
        data: dict[str, Any] = player.send("POST", "/gestures", json=body, then=play)
    elif step % 3:
        data = player.send("POST", "/moves", json=structured, then=play)
    else:
        data = player.send("POST", "/moves", json={"notation": notation}, then=play)
    assert data["move"]["notation"] == notation
    assert data["move"] == structured  # one shape: the view's move comes back as it was sent
    assert data["events"] == player.shadow.last_events_json()
    return data


@pytest.mark.parametrize("code", [KLONDIKE_CODE, CANFIELD_CODE])
def test_a_game_played_to_a_win_never_shows_a_hidden_card(code: str) -> None:
    clock = FakeClock()
    player = Player(new_client(clock), code)
    start = player.shadow.position
    solution = sc.solve(player.shadow.variant, start)
    assert solution.is_solved
    recycles = 0
    for step, move in enumerate(solution.moves):
        if step % 10 == 5:  # a refused move: the rule's id, and nothing changes
            before = player.view()
            illegal = first_refused_move(player.shadow)
            refusal = player.shadow.check(illegal)
            assert refusal is not None
            data = player.send("POST", "/moves", json={"notation": illegal}, status=409)
            assert data == {
                "error": "refused",
                "rule": refusal.rule.value,
                "message": refusal.message(),
                "detail": refusal.detail(),
            }
            assert player.view() == before
        if step % 25 == 0:
            player.send("GET", "/board.svg")
        clock.now += 2.0  # two seconds a move
        send_move(player, move, step)
        recycles += move.kind is sc.MoveKind.RECYCLE
    view = player.view()
    assert view["status"]["won"] and not view["status"]["resigned"]
    assert view["legal_moves"] == []
    assert view["moves_made"] == len(solution.moves)
    # The clock starts at the first move and stops at the win.
    assert view["clock"] == {"elapsed": 2.0 * (len(solution.moves) - 1), "state": "stopped"}
    assert [len(pile["cards"]) for pile in view["board"]["foundations"]] == [13] * 4
    won = player.send("POST", "/moves", json={"notation": "d"}, status=409)
    assert won["rule"] == RuleId.GAME_WON.value
    assert player.send("POST", "/resign", status=409)["rule"] == RuleId.GAME_WON.value
    player.send("GET", "/board.svg")
    assert player.answers > 2 * len(solution.moves)
    if code == CANFIELD_CODE:
        assert recycles > 0  # the stock was seen whole, and its cards shown after that
        assert start.reserve


def test_a_winnable_deal_is_the_one_the_library_picks() -> None:
    client = new_client()
    created = client.post("/games", json={"game": "klondike-draw3", "seed": 1})
    assert created.status_code == 201, created.text
    data = created.json()
    picked = sc.pick_winnable_deal(sc.KLONDIKE_DRAW_3, seed=1)
    assert data["proven_winnable"] is picked.proven is True
    position = sc.Game.from_code(picked.code).position
    assert "code" not in data["view"]["game"]  # a deal code would give every hidden card away
    assert data["view"]["board"] == sc.view_json(sc.KLONDIKE_DRAW_3, position)["board"]
    assert_no_hidden_card(created.text, data, hidden_cards(position))


# --- the web back end: gestures, undo, redo, hint, clock, resign ---------------------------


def playing(notation: str) -> Callable[[sc.Game], object]:
    """Play ``notation`` on a shadow game."""
    return lambda game: game.play(notation)


def test_gestures_undo_redo_hint_clock_and_resign() -> None:
    clock = FakeClock()
    player = Player(new_client(clock), KLONDIKE_CODE)
    # The gestures of the game page, with the moves the rules choose for them.
    gestures: list[tuple[dict[str, Any], str]] = [
        ({"gesture": "tap", "card": "AH"}, "7f"),
        ({"gesture": "double_tap", "card": "9D"}, "54:1"),
        ({"gesture": "drag", "card": "AD", "to_foundation": True}, "1f"),
        ({"gesture": "drag", "card": "KD", "to_column": 0}, "31:1"),
        ({"gesture": "tap_stock"}, "d"),
    ]
    for body, notation in gestures:
        clock.now += 5.0
        data = player.send("POST", "/gestures", json=body, then=playing(notation))
        assert data["move"]["notation"] == notation
        assert data["events"] == player.shadow.last_events_json()
    refused = player.send(
        "POST", "/gestures?lang=hu", json={"gesture": "tap", "card": "JC"}, status=409
    )
    expected = player.shadow.try_tap("JC")
    assert isinstance(expected, sc.Refusal)
    assert refused["rule"] == RuleId.FOUNDATION_WRONG_RANK.value == expected.rule.value
    assert refused["message"] == expected.message("hu")
    assert refused["detail"] == expected.detail("hu")

    # Undo gives the events of the draw backwards; redo plays it again.
    drawn = player.shadow.last_events_json()
    undone = player.send("POST", "/undo", then=sc.Game.undo)
    assert undone["move"]["notation"] == "d"
    assert [event["type"] for event in undone["events"]] == [
        event["type"] for event in reversed(drawn)
    ]
    assert undone["events"][0]["from"] == drawn[-1]["to"]
    assert undone["view"]["status"]["assisted"] and undone["view"]["status"]["can_redo"]
    redone = player.send("POST", "/redo", then=sc.Game.redo)
    assert (redone["move"], redone["events"]) == (undone["move"], drawn)
    assert player.send("POST", "/redo", status=409)["rule"] == RuleId.NOTHING_TO_REDO.value

    # The hint, in Greek: the shadow's hint for the same position.
    expected_hint = player.shadow.hint()
    hint = player.send("POST", "/hint?lang=el")
    assert hint["kind"] == expected_hint.kind.value
    assert hint["reason"] == expected_hint.reason("el")
    assert expected_hint.move is not None
    assert hint["move"]["notation"] == sc.format_move(player.shadow.variant, expected_hint.move)
    assert hint["move"] in hint["view"]["legal_moves"]

    # The clock: 5 s a gesture from the first one, then paused time does not count.
    assert player.view()["clock"] == {"elapsed": 20.0, "state": "running"}
    assert player.send("POST", "/pause")["clock"] == {"elapsed": 20.0, "state": "paused"}
    clock.now += 600.0
    assert player.send("POST", "/resume")["clock"] == {"elapsed": 20.0, "state": "running"}
    clock.now += 1.0
    resigned = player.send("POST", "/resign", then=sc.Game.resign)
    assert resigned == {
        "move": None,
        "view": resigned["view"],
        "events": [{"type": "game_resigned"}],
    }
    assert resigned["view"]["status"]["resigned"] and resigned["view"]["legal_moves"] == []
    assert resigned["view"]["clock"] == {"elapsed": 21.0, "state": "stopped"}
    # A resignation is final.
    for path, final in (("/moves", {"notation": "wf"}), ("/undo", None), ("/resign", None)):
        data = player.send("POST", path, json=final, status=409)
        assert data["rule"] == RuleId.GAME_RESIGNED.value
    # The picture, and forgetting the game.
    svg = player.send("GET", "/board.svg")
    assert svg.startswith("<svg")
    assert player.client.delete(player.path).status_code == 204
    gone = player.client.get(player.path)
    assert gone.status_code == 404
    assert gone.json()["error"] == "unknown_game"


# --- the web back end: bad input gets a clean error and changes nothing ------------------


def assert_clean_error(data: dict[str, Any], error: str) -> None:
    assert set(data) == {"error", "message"}
    assert data["error"] == error
    message = data["message"]
    assert isinstance(message, str) and message
    assert message[0] == message[0].lower() and not message.endswith(".")


BAD_NEW_GAMES: list[tuple[Any, int, str]] = [
    (b"{not json", 400, "malformed_json"),
    (b"", 400, "malformed_json"),
    (b"\xff\xfe", 400, "malformed_json"),
    (b"[" * 100_000 + b"]" * 100_000, 400, "malformed_json"),
    ([], 422, "invalid_request"),
    ({}, 422, "invalid_request"),
    ({"colour": "red"}, 422, "invalid_request"),
    ({"code": 6}, 422, "invalid_request"),
    ({"code": "KL1-D2N-AAAAAAG"}, 422, "invalid_deal_code"),
    ({"code": KLONDIKE_CODE, "game": "klondike"}, 422, "invalid_request"),
    ({"game": "no-such-game"}, 422, "invalid_argument"),
    ({"game": "klondike", "seed": "7"}, 422, "invalid_request"),
    ({"game": "klondike", "seed": True}, 422, "invalid_request"),
    ({"game": "klondike", "seed": -1}, 422, "invalid_argument"),
]


@pytest.mark.parametrize(("body", "status", "error"), BAD_NEW_GAMES)
def test_a_bad_new_game_request_gets_a_clean_error(body: Any, status: int, error: str) -> None:
    client = new_client()
    if isinstance(body, bytes):
        response = client.post("/games", content=body)
    else:
        response = client.post("/games", json=body)
    assert response.status_code == status, response.text
    assert_clean_error(response.json(), error)


BAD_ACTIONS: list[tuple[str, Any, int, str]] = [
    ("/moves", b"7f", 400, "malformed_json"),
    ("/moves", ["7f"], 422, "invalid_request"),
    ("/moves", {"notation": "zz"}, 422, "invalid_move"),
    ("/moves", {"notation": 7}, 422, "invalid_move"),
    ("/moves", {"notation": "89"}, 422, "invalid_move"),
    ("/moves", {"move": "7f"}, 422, "invalid_move"),
    ("/moves", {"notation": "7f", "cards": ["KS"]}, 422, "invalid_move"),
    ("/moves", {"notation": "7f", "colour": "red"}, 422, "invalid_move"),
    ("/moves?lang=xx", {"notation": "7f"}, 422, "unknown_locale"),
    ("/gestures", {"gesture": "fling", "card": "AH"}, 422, "invalid_request"),
    ("/gestures", {"card": "AH"}, 422, "invalid_request"),
    ("/gestures", {"gesture": "tap", "card": "ZZ"}, 422, "invalid_card"),
    ("/gestures", {"gesture": "tap", "card": True}, 422, "invalid_card"),
    ("/gestures", {"gesture": "tap"}, 422, "invalid_card"),
    ("/gestures", {"gesture": "tap", "card": "AH", "to_column": 0}, 422, "invalid_request"),
    ("/gestures", {"gesture": "tap_stock", "card": "AH"}, 422, "invalid_request"),
    ("/gestures", {"gesture": "drag", "card": "KD"}, 422, "invalid_argument"),
    ("/gestures", {"gesture": "drag", "card": "KD", "to_column": 9}, 422, "invalid_argument"),
    ("/gestures", {"gesture": "drag", "card": "KD", "to_column": "1"}, 422, "invalid_request"),
    (
        "/gestures",
        {"gesture": "drag", "card": "AD", "to_foundation": "yes"},
        422,
        "invalid_request",
    ),
    ("/gestures?lang=xx", {"gesture": "tap", "card": "AH"}, 422, "unknown_locale"),
    ("/undo?lang=xx", None, 422, "unknown_locale"),
    ("/resign?lang=xx", None, 422, "unknown_locale"),
    ("/hint?lang=xx", None, 422, "unknown_locale"),
]


@pytest.mark.parametrize(("path", "body", "status", "error"), BAD_ACTIONS)
def test_a_bad_action_gets_a_clean_error_and_changes_nothing(
    path: str, body: Any, status: int, error: str
) -> None:
    player = Player(new_client(), KLONDIKE_CODE)
    player.send("POST", "/moves", json={"notation": "1f"}, then=lambda game: game.play("1f"))
    before = player.view()
    if isinstance(body, bytes):
        data = player.send("POST", path, content=body, status=status)
    else:
        data = player.send("POST", path, json=body, status=status)
    assert_clean_error(data, error)
    assert player.view() == before


def test_refused_undo_and_unknown_paths() -> None:
    client = new_client()
    player = Player(client, KLONDIKE_CODE)
    before = player.view()
    data = player.send("POST", "/undo?lang=hu", status=409)
    with pytest.raises(sc.IllegalMoveError) as refused:
        sc.Game.from_code(KLONDIKE_CODE).undo()
    expected = refused.value.refusal
    assert expected.rule is RuleId.NOTHING_TO_UNDO
    assert data == {
        "error": "refused",
        "rule": "NOTHING_TO_UNDO",
        "message": expected.message("hu"),
        "detail": expected.detail("hu"),
    }
    assert player.view() == before
    for method, path, status, error in (
        ("GET", "/games/0123456789abcdef", 404, "unknown_game"),
        ("POST", "/games/0123456789abcdef/moves", 404, "unknown_game"),
        ("GET", "/nothing/here", 404, "not_found"),
        ("DELETE", "/games", 405, "method_not_allowed"),
        ("PUT", player.path, 405, "method_not_allowed"),
    ):
        response = client.request(method, path, json={"notation": "7f"})
        assert response.status_code == status, (method, path, response.text)
        assert_clean_error(response.json(), error)
    assert player.view() == before


# --- the terminal loop --------------------------------------------------------------------


class Commands:
    """Scripted input, read with ``readline``: the player takes ``seconds`` to type a line."""

    def __init__(self, lines: list[str], clock: FakeClock, seconds: float = 2.0) -> None:
        self.lines = io.StringIO("".join(f"{line}\n" for line in lines))
        self.clock = clock
        self.seconds = seconds

    def readline(self) -> str:
        self.clock.now += self.seconds
        return self.lines.readline()


def boards_in(output: str) -> int:
    return output.count("Foundations:")


def test_the_terminal_loop_plays_to_a_win_and_records_it(tmp_path: Path) -> None:
    clock = FakeClock()
    game = sc.Game.from_code(KLONDIKE_CODE, time_source=clock)
    moves = sc.solve(game.variant, game.position).moves
    notations = [sc.format_move(game.variant, move) for move in moves]
    shadow = sc.Game.from_code(KLONDIKE_CODE)
    for move in moves:
        shadow.play(move)
    store = StatisticsStore(tmp_path / "statistics.sqlite3")
    out = io.StringIO()
    TERMINAL.play(game, Commands([*notations, "u", "resign"], clock), out, statistics=store)
    text = out.getvalue()
    assert game.is_won and game.moves == shadow.moves
    assert boards_in(text) == 1 + len(moves)  # the deal, then the board after every move
    final = sc.render_board(shadow.position, variant=shadow.variant)
    won = f"you won in {len(moves)} moves and {2 * (len(moves) - 1)} s, score {shadow.score_text}"
    assert text.endswith(
        f"{final}\nscore {shadow.score_text}   moves {len(moves)}\n{won}\n"
        "klondike, draw 1, standard scoring, unassisted: won 1 of 1, streak 1\n"
    )
    assert "refused" not in text  # the loop stopped at the win: "u" and "resign" were not read
    figures = store.board_statistics(StatisticsBoard.of(sc.KLONDIKE)).unassisted
    assert (figures.played, figures.won, figures.fewest_moves) == (1, 1, len(moves))


def test_the_terminal_loop_refuses_in_the_players_language_and_resigns(tmp_path: Path) -> None:
    clock = FakeClock()
    game = sc.Game.from_code(KLONDIKE_CODE, time_source=clock)
    shadow = sc.Game.from_code(KLONDIKE_CODE)
    shadow.play("7f")
    wrong = shadow.check("17")
    assert wrong is not None and wrong.rule is RuleId.WRONG_COLOR
    shadow.undo()
    hint = shadow.hint()
    assert hint.move is not None
    store = StatisticsStore(tmp_path / "statistics.sqlite3")
    out = io.StringIO()
    commands = ["7F", "17", "", "  u  ", "u", "hint", "zz", "help", "resign", "7f"]
    TERMINAL.play(game, Commands(commands, clock), out, locale="hu", statistics=store)
    lines = out.getvalue().splitlines()
    with pytest.raises(sc.IllegalMoveError) as refused_undo:
        shadow.undo()
    assert f"> refused: {wrong.explain('hu')}" in lines
    assert f"> refused: {refused_undo.value.refusal.explain('hu')}" in lines
    assert f"> hint: {sc.format_move(shadow.variant, hint.move)} ({hint.reason('hu')})" in lines
    assert any(line.startswith("> invalid move 'zz'") for line in lines)
    assert f"> {TERMINAL.HELP}" in lines
    assert "> you resigned after 1 moves, score 0" in lines
    assert lines[-1] == ("klondike, draw 1, standard scoring, assisted: won 0 of 1, streak 0")
    assert boards_in(out.getvalue()) == 3  # the deal, after 7f, after the undo
    assert game.is_resigned and game.actions == ("7f", "u", "resign")
    figures = store.board_statistics(StatisticsBoard.of(sc.KLONDIKE))
    assert (figures.assisted.resigned, figures.unassisted.played) == (1, 0)


def test_the_terminal_loop_leaves_a_damaged_statistics_file_alone(tmp_path: Path) -> None:
    damaged = tmp_path / "statistics.sqlite3"
    damaged.write_text("played,won\n12,7\n", encoding="utf-8")
    game = sc.Game.from_code(KLONDIKE_CODE)
    out = io.StringIO()
    TERMINAL.play(game, io.StringIO("resign\n"), out, statistics=StatisticsStore(damaged))
    assert out.getvalue().splitlines()[-1] == (
        f"the game was not recorded: cannot use the statistics database '{damaged}': "
        "not a SQLite database"
    )
    assert damaged.read_text(encoding="utf-8") == "played,won\n12,7\n"


@pytest.mark.parametrize("commands", ["7f\nq\nresign\n", "7f\n"])
def test_the_terminal_loop_stops_on_q_or_at_the_end_of_the_input(commands: str) -> None:
    game = sc.Game.from_code(KLONDIKE_CODE)
    out = io.StringIO()
    TERMINAL.play(game, io.StringIO(commands), out)
    assert out.getvalue().endswith("> game left unfinished\n")
    assert game.actions == ("7f",) and not game.is_over


def test_the_terminal_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    status = TERMINAL.main(
        [KLONDIKE_CODE, "--lang", "el"], commands=io.StringIO("17\nq\n"), out=out
    )
    refusal = sc.Game.from_code(KLONDIKE_CODE).check("17")
    assert refusal is not None
    assert status == 0
    assert out.getvalue().startswith(f"deal {KLONDIKE_CODE}; {TERMINAL.HELP}\n")
    assert f"> refused: {refusal.explain('el')}\n" in out.getvalue()
    # Without a code: a winnable deal, from a seed the test fixes.
    out = io.StringIO()
    status = TERMINAL.main(["--game", "klondike-draw3"], commands=io.StringIO(""), out=out, seed=1)
    assert status == 0
    picked = sc.pick_winnable_deal(sc.KLONDIKE_DRAW_3, seed=1)
    assert out.getvalue().startswith("deal a winnable Klondike draw 3 deal;")
    assert str(picked.code) not in out.getvalue()  # the code would show the hidden cards
    # ... and it is that deal: its board is the one shown.
    board = sc.render_board(sc.Game.from_code(picked.code).position, variant=sc.KLONDIKE_DRAW_3)
    assert board in out.getvalue()
    # Without a seed, the deal is the one of a random seed: the same header, no code.
    out = io.StringIO()
    assert TERMINAL.main(["--game", "klondike-draw3"], commands=io.StringIO(""), out=out) == 0
    assert out.getvalue().startswith("deal a winnable Klondike draw 3 deal;")
    # A bad code or game: exit status 2 and the library's message.
    assert TERMINAL.main(["KL1-D2N-AAAAAAG"], commands=io.StringIO(""), out=out) == 2
    assert capsys.readouterr().err.startswith("error: invalid deal code 'KL1-D2N-AAAAAAG'")
    assert TERMINAL.main(["--game", "chess"], commands=io.StringIO(""), out=out) == 2
    assert "chess" in capsys.readouterr().err


# --- the page and the packaging -------------------------------------------------------------


def page_block(language: str, after: str) -> str:
    """The body of the first ``language`` fenced block after the heading ``after``."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(f"^```{language}\n(.*?)^```$", text[text.index(after) :], re.M | re.S)
    assert found is not None, f"no {language} block after {after!r}"
    return found.group(1)


def test_the_page_shows_both_examples() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name in ("web_app.py", "terminal.py"):
        assert f'--8<-- "docs/examples/{name}"' in text


def test_the_pages_refusal_is_what_the_server_answers() -> None:
    shown = json.loads(page_block("json", "## A web back end"))
    client = new_client()
    game = client.post("/games", json={"code": KLONDIKE_CODE}).json()
    answer = client.post(f"/games/{game['id']}/moves", json={"notation": "17"})
    assert answer.status_code == 409
    assert answer.json() == shown


def test_the_pages_terminal_session_is_what_the_loop_prints() -> None:
    session = page_block("text", "## A game in the terminal").splitlines()
    command = session[0].removeprefix("$ python docs/examples/terminal.py ").split()
    typed = [line[2:] for line in session[1:] if line.startswith("> ")]
    # Typed at a terminal, a command shows after its prompt; read from a pipe, it does not.
    expected = "\n".join(session[1:]) + "\n"
    for line in typed:
        expected = expected.replace(f"> {line}\n", "> ", 1)
    out = io.StringIO()
    assert (
        TERMINAL.main(
            command, commands=io.StringIO("".join(f"{line}\n" for line in typed)), out=out
        )
        == 0
    )
    assert out.getvalue() == expected


def test_the_web_framework_is_no_dependency_of_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [re.split(r"[<>=!~\[ ;]", requirement)[0] for requirement in project["dependencies"]]
    assert "starlette" not in names and "httpx2" not in names
    test_extra = [
        re.split(r"[<>=!~\[ ;]", item)[0] for item in project["optional-dependencies"]["test"]
    ]
    assert {"starlette", "httpx2"} <= set(test_extra)
    web_extra = [
        re.split(r"[<>=!~\[ ;]", item)[0] for item in project["optional-dependencies"]["web"]
    ]
    assert {"starlette", "uvicorn"} <= set(web_extra)
    # Only the web front end imports it (the `web` extra, issue 32), and not at import of
    # the package or of the command line, which lists `serve` without the extra.
    web = ROOT / "src" / "solitaire_core" / "web"
    for source in (ROOT / "src").rglob("*.py"):
        if web not in source.parents:
            assert "starlette" not in source.read_text(encoding="utf-8"), source
    check = "import sys, solitaire_core, solitaire_core.cli; print('starlette' in sys.modules)"
    imported = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    )
    assert imported.stdout.strip() == "False"
