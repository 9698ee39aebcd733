"""The web table in a real browser (issue 32): headless Chromium driven by selenium.

A scripted player wins Klondike draw 1 and Canfield through the page using only
what a person does: drags (pointer events), double-clicks and clicks on the
stock. Its moves are a winning line the solver finds for the deal; each is
performed as a gesture on the page, then played on a shadow game to know what
the board must show. After every move the page shows no card the player has
not seen (every ``data-card`` is face up in the shadow's view), no answer of
the server named one (:class:`web_support.BodyRecorder`), and at the end the
browser's console holds no error. Also: ``/?code=...`` shows the deal's face-up
cards; a game in progress survives stopping and starting the server; the
keyboard, the notation box and a refusal in Hungarian.

Skipped when selenium, Chromium or ChromeDriver is missing (CI installs them:
.ci/run). Waits are counts of polls, never wall-clock assertions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from solitaire_core import Game, Move, MoveKind, solve
from solitaire_core.game import move_to_json
from solitaire_core.moves import TO_FOUNDATION_KINDS

selenium = pytest.importorskip("selenium")
pytest.importorskip("uvicorn")

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from web_support import (  # noqa: E402
    CHROMEDRIVER,
    CHROMIUM,
    BodyRecorder,
    ServerThread,
    new_driver,
    temporary_folder,
    view_cards,
    wait_for,
)

from solitaire_core.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="needs chromium and chromedriver"
)

PILE_NAMES = {"column": "column-{}", "foundation": "foundation-{}"}


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser = new_driver()
    yield browser
    browser.quit()


@pytest.fixture
def served() -> Iterator[tuple[ServerThread, BodyRecorder]]:
    folder = temporary_folder()
    app = create_app(data=folder / "games.sqlite3", statistics=folder / "statistics.sqlite3")
    recorder = BodyRecorder(app, app.state.games)
    with ServerThread(recorder) as server:
        yield server, recorder


def reduce_motion(driver: Any, reduce: bool) -> None:
    value = "reduce" if reduce else "no-preference"
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": value}]},
    )


def open_page(driver: Any, url: str) -> None:
    driver.get(url)
    wait_for(driver, "return document.body.dataset.ready === 'true'")
    driver.get_log("browser")  # start the console afresh for this page


def version(driver: Any) -> int:
    return int(driver.execute_script("return document.getElementById('table').dataset.version"))


def settled(driver: Any, before: int) -> None:
    """Wait until the page has shown a new table and nothing is in flight."""
    wait_for(
        driver,
        f"return Number(document.getElementById('table').dataset.version) > {before}"
        " && document.body.dataset.busy === 'false'",
    )


def shown_cards(driver: Any) -> list[str]:
    cards: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"
    )
    return cards


def pile(driver: Any, name: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-pile="{name}"]')


def card(driver: Any, pile_name: str, text: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-pile="{pile_name}"] [data-card="{text}"]')


def pile_name(place: dict[str, Any]) -> str:
    template = PILE_NAMES.get(place["pile"])
    return template.format(place["index"] + 1) if template else str(place["pile"])


def perform(driver: Any, shadow: Game, move: Move) -> None:
    """Play one move of the line on the page as a person would, and on the shadow."""
    before = version(driver)
    actions = ActionChains(driver, duration=10)  # ms per pointer move (250 by default)
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        actions.click(pile(driver, "stock")).perform()
    else:
        data = move_to_json(shadow.variant, shadow.position, move)
        source = pile_name(data["from"])
        element = card(driver, source, data["cards"][0])
        if move.kind in TO_FOUNDATION_KINDS:
            actions.double_click(element).perform()
        else:
            target = pile(driver, pile_name(data["to"]))
            # Take the card by its top edge: the rest of it may lie under the cards on it.
            top_edge = 4 - element.size["height"] // 2
            actions.move_to_element_with_offset(element, 0, top_edge).click_and_hold()
            actions.move_by_offset(12, 12).pause(0.02)
            actions.move_to_element(target).pause(0.02).release().perform()
    try:
        settled(driver, before)
    except AssertionError:
        message = driver.find_element(By.ID, "message").text
        raise AssertionError(f"{move} ({move.kind.name}) was not played: {message!r}") from None
    shadow.play(move)
    error = driver.execute_script(
        "const m = document.getElementById('message');"
        " return m.classList.contains('error') ? m.textContent : ''"
    )
    assert not error, f"{move}: the page says {error!r}"
    unseen = set(shown_cards(driver)) - view_cards(shadow.view_json())
    assert not unseen, f"after {move} the page shows cards the player has not seen: {unseen}"


def console_errors(driver: Any) -> list[Any]:
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def win_through_the_page(driver: Any, url: str, code: str, recorder: BodyRecorder) -> None:
    shadow = Game.from_code(code)
    line = solve(shadow.variant, shadow.position, max_positions=200_000)
    assert line.moves, f"the solver finds no win for {code}"
    open_page(driver, f"{url}/?code={code}")
    for move in line.moves:
        perform(driver, shadow, move)
    assert shadow.is_won
    wait_for(driver, "return document.getElementById('message').querySelector('a')")
    link = driver.find_element(By.CSS_SELECTOR, "#message a").get_attribute("href")
    assert link.endswith(f"/?code={code}")  # the share link, once the game is over
    assert console_errors(driver) == []
    assert recorder.problems == []


def test_a_scripted_player_wins_klondike_through_the_page(
    driver: Any, served: tuple[ServerThread, BodyRecorder]
) -> None:
    server, recorder = served
    reduce_motion(driver, True)
    win_through_the_page(driver, server.url, "KL1-D1N-AAAAAAG", recorder)
    statistics = server.url + "/statistics"
    open_page(driver, statistics)
    assert "Klondike" in driver.find_element(By.ID, "boards").text


def test_a_scripted_player_wins_canfield_through_the_page(
    driver: Any, served: tuple[ServerThread, BodyRecorder]
) -> None:
    server, recorder = served
    reduce_motion(driver, True)
    win_through_the_page(driver, server.url, "CF1-D3N-AAAAAAC", recorder)


def test_a_code_link_shows_the_deal_and_moves_animate_without_error(
    driver: Any, served: tuple[ServerThread, BodyRecorder]
) -> None:
    server, recorder = served
    reduce_motion(driver, False)
    code = "YU1-D0N-AAAAAAG"
    open_page(driver, f"{server.url}/?code={code}")
    shadow = Game.from_code(code)
    view = shadow.view_json()
    columns = driver.execute_script(
        "return [...document.querySelectorAll('[data-pile^=\"column-\"]')].map(p =>"
        " [p.dataset.pile, [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card),"
        " p.querySelectorAll('.card:not([data-card])').length])"
    )
    expected = [
        [f"column-{i + 1}", column["face_up"], column["face_down"]]
        for i, column in enumerate(view["board"]["tableau"])
    ]
    assert columns == expected
    assert sorted(shown_cards(driver)) == sorted(
        text for column in view["board"]["tableau"] for text in column["face_up"]
    )
    backs = driver.execute_script(
        "return [...document.querySelectorAll('.card.back')].map(e => e.outerHTML)"
    )
    assert backs and not any("data-card" in back or "aria-label" in back for back in backs)
    for move in solve(shadow.variant, shadow.position, max_positions=200_000).moves[:8]:
        perform(driver, shadow, move)  # with the animations of the events
    assert console_errors(driver) == []
    assert recorder.problems == []


def test_a_game_in_progress_survives_a_restart_of_the_server(driver: Any) -> None:
    folder = temporary_folder()
    data = folder / "games.sqlite3"
    reduce_motion(driver, True)
    code = "KL1-D1N-AAAAAAG"
    shadow = Game.from_code(code)
    moves = solve(shadow.variant, shadow.position, max_positions=200_000).moves
    first = create_app(data=data, statistics=None)
    with ServerThread(first) as server:
        port = server.port
        open_page(driver, f"{server.url}/?code={code}")
        for move in moves[:5]:
            perform(driver, shadow, move)
        cards_before = shown_cards(driver)
    second = create_app(data=data, statistics=None)
    with ServerThread(second, port=port) as restarted:  # the same origin: the same game
        open_page(driver, f"{restarted.url}/")
        assert shown_cards(driver) == cards_before
        assert driver.find_element(By.ID, "moves").text == str(shadow.moves_made)
        perform(driver, shadow, moves[5])


def test_keyboard_notation_and_a_refusal_in_hungarian(
    driver: Any, served: tuple[ServerThread, BodyRecorder]
) -> None:
    server, _ = served
    reduce_motion(driver, True)
    open_page(driver, f"{server.url}/?code=KL1-D1N-AAAAAAG")
    # The keyboard: focus the AH, pick it up with Enter, put it on its foundation with F.
    before = version(driver)
    ace = card(driver, "column-7", "AH")
    ace.send_keys(Keys.ENTER)
    wait_for(driver, "return document.querySelector('.card.selected')")
    card(driver, "column-7", "AH").send_keys("f")
    settled(driver, before)
    assert "AH" in driver.find_element(By.CSS_SELECTOR, '[data-pile="foundation-2"]').get_attribute(
        "innerHTML"
    )
    # The notation box: 1f sends the AD home.
    before = version(driver)
    box = driver.find_element(By.ID, "notation")
    box.send_keys("1f", Keys.ENTER)
    settled(driver, before)
    assert card(driver, "foundation-3", "AD")
    # A refused move, in Hungarian: the engine's message, and nothing changes.
    language = driver.find_element(By.ID, "language")
    language.send_keys("Magyar")
    shown = shown_cards(driver)
    box = driver.find_element(By.ID, "notation")
    box.send_keys("24", Keys.ENTER)
    wait_for(driver, "return document.getElementById('message').classList.contains('error')")
    message = driver.find_element(By.ID, "message").text
    assert "lapra" in message or "tehető" in message, message
    assert shown_cards(driver) == shown
