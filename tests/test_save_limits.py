"""Saves at the library's limits (issue 35): what a game accepts, a save holds and loads back.

One limit is used at every door (``solitaire_core.limits``): a start position
beyond it is refused by the game, so every game that starts saves and loads;
a save beyond it is refused by ``save_game`` and by ``load_game``. And the
atomic writer keeps a new file's usual mode without touching the process's
umask, which other threads rely on.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

import attrs
import pytest
from guarded import run_guarded

from solitaire_core import (
    KLONDIKE,
    Game,
    GameClock,
    GameSettings,
    Move,
    PositionParseError,
    SaveFileError,
    deal_code_position,
    load_game,
    save_game,
)
from solitaire_core.game import load_document, save_document
from solitaire_core.limits import MAX_RECYCLES, MAX_SAVE_ACTIONS, MAX_SECONDS
from solitaire_core.statistics import GameRecord, Outcome


def seal(document: dict[str, Any]) -> dict[str, Any]:
    """The document with its checksum recomputed (docs/save-format.md), to pass that check."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return {**body, "checksum": hashlib.sha256(canonical.encode("ascii")).hexdigest()}


def stock_walk(game: Game, count: int) -> Game:
    """``count`` draws and recycles (unlimited recycles: Klondike draw 1)."""
    for _ in range(count):
        game.perform("d" if game.position.stock else "r")
    return game


# --- the recycles of a start position --------------------------------------------------------


@pytest.mark.parametrize(
    "recycles", [MAX_RECYCLES + 1, 10**30, 10**5000], ids=["1e9", "1e30", "1e5000"]
)
def test_a_start_beyond_the_recycle_limit_is_refused_at_the_door(recycles: int) -> None:
    # It was taken, and its save then could not be loaded: the save's start text holds
    # at most nine digits (issue 35, finding 1).
    start = attrs.evolve(deal_code_position("KL1-D1N-AAAAAAG"), recycles=recycles)
    with pytest.raises(PositionParseError, match=re.escape("recycles: must be 0 .. 999,999,999")):
        Game(KLONDIKE, start=start)
    with pytest.raises(PositionParseError, match="recycles"):
        start.validate()


def test_a_game_started_at_the_recycle_limit_saves_and_loads_past_it(tmp_path: Path) -> None:
    opening = deal_code_position("KL1-D1N-AAAAAAG")
    start = attrs.evolve(opening, recycles=MAX_RECYCLES)
    game = stock_walk(Game(KLONDIKE, start=start), len(opening.stock) + 1)  # one recycle more
    assert game.position.recycles == MAX_RECYCLES + 1
    path = tmp_path / "game.json"
    save_game(game, path)
    assert load_game(path) == game  # the save keeps the start, not the count reached


# --- actions, counts and the clock ------------------------------------------------------------


def test_a_save_holds_up_to_its_action_limit_and_no_more(tmp_path: Path) -> None:
    game = stock_walk(Game.from_code("KL1-D1N-AAAAAAG", settings=GameSettings(0)), MAX_SAVE_ACTIONS)
    path = tmp_path / "game.json"
    save_game(game, path)
    assert load_game(path) == game
    game.perform("d" if game.position.stock else "r")
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match="a save holds at most 100,000") as caught:
        save_game(game, path)
    assert caught.value.saving and caught.value.path == str(path)
    assert path.read_bytes() == before  # the old save is untouched
    document = save_document(stock_walk(Game.from_code("KL1-D1N-AAAAAAG"), 1))
    document["actions"] = ["d"] * (MAX_SAVE_ACTIONS + 1)  # refused before any replay
    with pytest.raises(SaveFileError, match="a save holds at most 100,000"):
        load_document(seal(document))


def test_an_undo_limit_a_save_cannot_hold_is_refused_when_saving(tmp_path: Path) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG", settings=GameSettings(2**63))
    with pytest.raises(SaveFileError, match="undo limit is over 2\\*\\*63 - 1"):
        save_game(game, tmp_path / "game.json")
    assert not (tmp_path / "game.json").exists()
    document = save_document(Game.from_code("KL1-D1N-AAAAAAG"))
    document["settings"] = {"undo_limit": 2**63}
    with pytest.raises(
        SaveFileError, match=re.escape("undo_limit must be null or an integer 0 .. 2")
    ):
        load_document(seal(document))


def clocked_game(now: list[float]) -> Game:
    game = Game.from_code("KL1-D1N-AAAAAAG", time_source=lambda: now[0])
    game.play("1f")
    return game


@pytest.mark.parametrize(
    "elapsed",
    [1.7976931348623157e308, MAX_SECONDS * 2, 10**400],
    ids=["max float", "twice the limit", "an int of 400 digits"],
)
def test_a_clock_beyond_the_seconds_limit_does_not_load(elapsed: float) -> None:
    # It loaded, and one move later the view JSON held "elapsed": Infinity (finding 5).
    now = [0.0]
    document = save_document(clocked_game(now))
    document["clock"] = {"elapsed": elapsed, "state": "running"}
    with pytest.raises(
        SaveFileError, match=re.escape("clock.elapsed must be seconds 0 .. 1,000,000,000")
    ):
        load_document(seal(document), time_source=lambda: now[0])


def test_a_clock_stops_at_the_seconds_limit_and_its_game_stays_valid() -> None:
    now = [0.0]
    document = save_document(clocked_game(now))
    document["clock"] = {"elapsed": MAX_SECONDS, "state": "running"}
    game = load_document(seal(document), time_source=lambda: now[0])
    now[0] = 1.7e308  # a time source that jumps as far as a float goes
    game.play("7f")
    assert game.clock.elapsed == MAX_SECONDS
    json.dumps(game.view_json(), allow_nan=False)  # valid JSON: no Infinity
    assert load_document(save_document(game), time_source=lambda: now[0]) == game
    game.resign()
    assert GameRecord.from_game(game).seconds == MAX_SECONDS
    assert GameRecord.from_game(game, outcome=Outcome.RESIGNED).outcome is Outcome.RESIGNED
    with pytest.raises(ValueError, match=re.escape("elapsed must be seconds 0 .. 1,000,000,000")):
        GameClock(elapsed=MAX_SECONDS * 2)


# --- the file ------------------------------------------------------------------------------


def test_a_byte_order_mark_is_ignored_as_in_position_files(tmp_path: Path) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play(Move.parse("1f"))
    path = tmp_path / "game.json"
    save_game(game, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_game(path) == game


def test_a_file_over_the_size_limit_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(5 * 1024 * 1024)  # sparse: nothing is written
    with pytest.raises(SaveFileError, match="larger than 4,194,304 bytes") as caught:
        load_game(path)
    assert "MAX_INPUT_BYTES" in str(caught.value)


LOAD = """
import sys
from solitaire_core import SaveFileError, load_game
try:
    load_game(sys.argv[1])
except SaveFileError as error:
    print(error.reason)
"""
"""Loads the save file named on the command line; prints why it was refused."""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and devices are POSIX")
def test_a_pipe_or_a_device_is_refused_without_reading(tmp_path: Path) -> None:
    # A FIFO blocked load_game forever, /dev/zero grew it without bound (finding 4). Opened
    # without waiting for a writer and refused by its kind, neither is read at all.
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    for path, kind in ((str(fifo), "a pipe"), ("/dev/zero", "a character device")):
        done = run_guarded([sys.executable, "-c", LOAD, path])
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout == f"cannot read the file: not a regular file ({kind})\n"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_loop_of_symbolic_links_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(SaveFileError, match="cannot read the file"):
        load_game(loop)
    with pytest.raises(SaveFileError, match="symbolic links") as caught:
        save_game(Game.from_code("KL1-D1N-AAAAAAG"), loop)
    assert caught.value.saving
    assert loop.is_symlink() and os.readlink(loop) == str(loop)


# --- the umask ---------------------------------------------------------------------------------


def test_saving_never_reads_or_sets_the_umask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = os.umask

    def spy(mask: int) -> int:
        calls.append(mask)
        return real(mask)

    monkeypatch.setattr(os, "umask", spy)
    save_game(Game.from_code("KL1-D1N-AAAAAAG"), tmp_path / "game.json")
    assert calls == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and umask")
def test_a_new_save_keeps_the_usual_mode_while_other_threads_create_files(tmp_path: Path) -> None:
    # save_game set the umask to 0 for a moment: a file another thread created then got
    # mode 0o666 (finding 2). Here another thread creates a file after every call of a
    # C function the saving thread makes (a profile hook hands over the turn), so it
    # meets any moment the umask is changed, on every run.
    others, saves = tmp_path / "others", tmp_path / "saves"
    others.mkdir()
    saves.mkdir()
    your_turn, done = threading.Event(), threading.Event()
    stopping = False
    modes: list[int] = []

    def create_files() -> None:
        while True:
            your_turn.wait()
            your_turn.clear()
            if stopping:
                return
            path = others / f"{len(modes)}.txt"
            with path.open("w", encoding="utf-8"):
                pass
            modes.append(path.stat().st_mode & 0o777)
            done.set()

    def hand_over(frame: object, event: str, arg: object) -> None:
        if event == "c_return":  # a C function (os.umask, os.open, ...) has just returned
            your_turn.set()
            done.wait()
            done.clear()

    def save_some() -> None:
        sys.setprofile(hand_over)  # this thread only
        try:
            for number in range(3):
                save_game(Game.from_code("KL1-D1N-AAAAAAG"), saves / f"{number}.json")
        finally:
            sys.setprofile(None)

    old_mask = os.umask(0o027)
    creator, saver = threading.Thread(target=create_files), threading.Thread(target=save_some)
    try:
        creator.start()
        saver.start()
        saver.join()
    finally:
        stopping = True
        your_turn.set()
        creator.join()
        os.umask(old_mask)
    assert len(modes) > 100  # the other thread had its turns
    assert set(modes) == {0o640}  # 0o666 narrowed by the umask, every time
    assert {path.stat().st_mode & 0o777 for path in saves.iterdir()} == {0o640}
