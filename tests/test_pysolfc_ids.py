"""PySolFC's game ids of the shipped games: each recorded id belongs to one game.

The ids were read from the ``registerGame(GameInfo(id, ...))`` calls of PySolFC's
``pysollib/games/*.py`` (docs: SHIPPED_PYSOLFC_IDS); the expectations below are
written out by hand from those calls, so a typo in the table fails here.
"""

from __future__ import annotations

import pytest

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.variants.shipped import SHIPPED_PYSOLFC_IDS

KNOWN = {
    "klondike": 2,  # "Klondike", klondike.py
    "klondike-draw3": 18,  # "Klondike (Draw 3)"
    "klondike-vegas": 129,  # "Vegas Klondike": draw 1, one pass
    "double-klondike": 21,  # harp.py
    "triple-klondike": 273,  # harp.py
    "yukon": 19,  # yukon.py
    "spiderette": 24,  # spider.py
    "canfield": 105,  # canfield.py
    "saratoga": 479,  # altname "Thoughtful": Réfléchi draw 3's rules
    "eight-times-eight": 127,  # AchtmalAcht, not "8 x 8" (id 4)
    # The games added by rules files (docs/FAMILY.md sections 3.17 on, 4.5 on, 5.5 on, 6.2 on).
    "odessa": 27,  # yukon.py
    "roslin": 387,  # yukon.py, altname "Roslyn"
    "moosehide": 339,  # yukon.py
    "double-yukon": 271,  # yukon.py
    "triple-yukon": 272,  # yukon.py
    "double-russian-solitaire": 466,  # yukon.py
    "triple-russian-solitaire": 488,  # yukon.py
    "geoffrey": 492,  # yukon.py, altname "Thornq"
    "queensland": 525,  # yukon.py
    "canister": 231,  # klondike.py
    "american-canister": 601,  # klondike.py
    "british-canister": 602,  # klondike.py
    "morehead": 362,  # klondike.py
    "lucky-thirteen": 585,  # klondike.py
    "lucky-piles": 586,  # klondike.py
    "westhaven": 225,  # klondike.py
    "double-easthaven": 1,  # "Gypsy", gypsy.py, altname "Double Easthaven"
    "triple-easthaven": 453,  # "Gypsy (3 Decks)", gypsy.py, altname "Triple Easthaven"
    "chinese-discipline": 187,  # yukon.py
    "queenie": 189,  # yukon.py
    "rushdike": 190,  # yukon.py
    "big-forty": 473,  # klondike.py
    "aunt-mary": 407,  # klondike.py
    "chinaman": 634,  # klondike.py
    "chinese-solitaire": 188,  # yukon.py
    "russian-point": 191,  # yukon.py
    "rainbow": 108,  # canfield.py
    "chameleon": 43,  # canfield.py, altname "Kansas"
}


def test_every_recorded_id_belongs_to_one_game() -> None:
    ids = list(SHIPPED_PYSOLFC_IDS.values())
    assert len(ids) == len(set(ids))
    assert set(SHIPPED_PYSOLFC_IDS) <= set(sv.SHIPPED_VARIANTS)
    # every family game and three of the app's
    assert len(SHIPPED_PYSOLFC_IDS) == len(sv.FAMILY_GAMES) + 3


@pytest.mark.parametrize(("key", "game_id"), KNOWN.items())
def test_known_ids(key: str, game_id: int) -> None:
    variant = sv.SHIPPED_VARIANTS[key]
    assert sv.pysolfc_id(variant) == game_id
    assert sv.pysolfc_variant(game_id) is variant
    assert sv.variant_to_rules(variant)["pysolfc_id"] == game_id


def test_games_pysolfc_lacks_have_no_id() -> None:
    for key in ("reflechi", "reflechi-draw3", "traditional", "rule-card", "klondike-vegas-draw3"):
        assert sv.pysolfc_id(sv.SHIPPED_VARIANTS[key]) is None
    assert sv.pysolfc_variant(4) is None


def test_every_family_game_has_its_id() -> None:
    for variant in sv.FAMILY_GAMES:
        assert sv.pysolfc_id(variant) is not None, variant.name


def test_an_id_of_another_game_is_refused() -> None:
    other = sc.Variant(name="Not Klondike", decks=2, layout=sv.Layout.triangle(9))
    with pytest.raises(sc.InvalidArgumentError, match="PySolFC id 2 is already 'klondike''s"):
        sv.register_variant("test-not-klondike", other, pysolfc_id=2)
    with pytest.raises(sc.InvalidArgumentError):
        sv.lookup_variant("test-not-klondike")  # nothing registered
