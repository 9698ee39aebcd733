"""The variants shipped by name (RULES.md sections 2, 4 and 10).

>>> KLONDIKE.draw_count, KLONDIKE.recycle_limit, KLONDIKE_VEGAS_DRAW_3.recycle_limit
(1, None, 0)
>>> REFLECHI.all_face_up, TRADITIONAL_DRAW_3.recycle_limit
(True, 2)
"""

from __future__ import annotations

from typing import Final

import attrs

from solitaire_core.scoring.policies import RULE_CARD_SCORING, STANDARD_REFLECHI, VEGAS
from solitaire_core.variants.policies import ORDERED_RUN
from solitaire_core.variants.variant import Variant

KLONDIKE: Final = Variant(name="Klondike", code_prefix="KL")
"""Klondike, Standard scoring, draw 1, unlimited recycles (seed 000)."""
KLONDIKE_DRAW_3: Final = attrs.evolve(KLONDIKE, name="Klondike draw 3", draw_count=3)
"""Klondike, Standard scoring, draw 3, unlimited recycles (seed 000)."""
KLONDIKE_VEGAS: Final = attrs.evolve(
    KLONDIKE, name="Klondike Vegas", recycle_limit=0, vegas=True, scoring=VEGAS
)
"""Klondike, Vegas scoring, draw 1, one pass through the stock (seed 000)."""
KLONDIKE_VEGAS_DRAW_3: Final = attrs.evolve(
    KLONDIKE_VEGAS, name="Klondike Vegas draw 3", draw_count=3
)
"""Klondike, Vegas scoring, draw 3, one pass through the stock (seed 000)."""

REFLECHI: Final = Variant(
    name="Réfléchi",
    all_face_up=True,
    group=ORDERED_RUN,
    code_prefix="TF",
    scoring=STANDARD_REFLECHI,
)
"""Réfléchi / Thoughtful: all tableau cards face up, only ordered groups move; draw 1 (seed 001)."""
REFLECHI_DRAW_3: Final = attrs.evolve(REFLECHI, name="Réfléchi draw 3", draw_count=3)
"""Réfléchi / Thoughtful, draw 3 (seed 001)."""

TRADITIONAL: Final = Variant(
    name="Traditional Klondike", recycle_limit=0, foundation_takeback=False
)
"""Traditional Klondike of seed 003, draw 1: one pass, no take-back."""
TRADITIONAL_DRAW_3: Final = attrs.evolve(
    TRADITIONAL, name="Traditional Klondike draw 3", draw_count=3, recycle_limit=2
)
"""Traditional Klondike of seed 003, draw 3: three passes (two recycles), no take-back."""

RULE_CARD: Final = Variant(name="Klondike rule card", scoring=RULE_CARD_SCORING)
"""The Greek rule card of seed 004: draw 1, unlimited recycles, take-back allowed."""
RULE_CARD_DRAW_3: Final = attrs.evolve(RULE_CARD, name="Klondike rule card draw 3", draw_count=3)
"""Seed 004's draw 3 variant (its own statistics in the app)."""

SHIPPED_VARIANTS: Final[dict[str, Variant]] = {
    "klondike": KLONDIKE,
    "klondike-draw3": KLONDIKE_DRAW_3,
    "klondike-vegas": KLONDIKE_VEGAS,
    "klondike-vegas-draw3": KLONDIKE_VEGAS_DRAW_3,
    "reflechi": REFLECHI,
    "reflechi-draw3": REFLECHI_DRAW_3,
    "traditional": TRADITIONAL,
    "traditional-draw3": TRADITIONAL_DRAW_3,
    "rule-card": RULE_CARD,
    "rule-card-draw3": RULE_CARD_DRAW_3,
}
"""Every shipped variant by a stable short name."""
