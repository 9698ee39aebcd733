"""A refusal: which rule stopped a move, with what, in which language."""

from __future__ import annotations

import attrs

from solitaire_core.cards import CARD_TEXTS, RANK_LETTERS, Card
from solitaire_core.errors import LocaleError, SolitaireError
from solitaire_core.moves import Move
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules.messages import (
    BASE_RANK_MESSAGES,
    DETAIL_TEMPLATES,
    LOCALES,
    RULE_MESSAGES,
    SUIT_NAMES,
)


def _require_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise LocaleError(locale, LOCALES)
    return locale


@attrs.frozen
class Refusal:
    """Why a move is not legal: the first broken rule, as data.

    Attributes:
        rule: the stable rule id (RULES.md section 12).
        move: the refused move, or None for a refused action that is not a
            move (undo, redo, an intent that maps to no move).
        detail_key: which detail template describes this case (stable, for
            apps that format their own text).
        card: the card that was to move, if one is involved.
        onto: the card it was to go on, or the card a foundation needs.
        column: the column involved, 0-based (shown 1-based in text).
        suit: the foundation involved, 0..3 = S, H, D, C.
        count: the number of cards asked for (or stock cards, recycles allowed).
        available: the number of cards that were there.
        variant: the variant's name, for rules that depend on it.
        rank: a rank the rule asks for, 1 (Ace) .. 13 (King), shown as its
            letter: the one rank an empty column takes, or (with
            ``FOUNDATION_WRONG_RANK``) the foundations' base rank in a game
            whose foundations start from a dealt base card (None where they
            start from the Ace).
    """

    rule: RuleId
    move: Move | None
    detail_key: str
    card: Card | None = None
    onto: Card | None = None
    column: int | None = None
    suit: int | None = None
    count: int | None = None
    available: int | None = None
    variant: str | None = None
    rank: int | None = None

    def message(self, locale: str = "en") -> str:
        """The rule's general message, e.g. ``"a card must go on a card of the opposite colour"``.

        One message per rule, but ``FOUNDATION_WRONG_RANK`` names the game's
        base rank where the foundations start from a dealt base card
        (``"... (7 first, the game's base rank)"``) instead of "Ace first"
        (FAMILY.md section 1.8).

        Raises:
            LocaleError: for a locale other than ``"en"``, ``"hu"``, ``"el"``.
        """
        locale = _require_locale(locale)
        if self.rule is RuleId.FOUNDATION_WRONG_RANK and self.rank is not None:
            return BASE_RANK_MESSAGES[locale].format(rank=RANK_LETTERS[self.rank - 1])
        return RULE_MESSAGES[locale][self.rule]

    def detail(self, locale: str = "en") -> str:
        """What exactly failed, e.g. ``"9H cannot go on 7C"``.

        Raises:
            LocaleError: for a locale other than ``"en"``, ``"hu"``, ``"el"``.
        """
        template = DETAIL_TEMPLATES[_require_locale(locale)][self.detail_key]
        suit_names = SUIT_NAMES[locale]
        return template.format(
            card=CARD_TEXTS[self.card] if self.card is not None else "?",
            onto=CARD_TEXTS[self.onto] if self.onto is not None else "?",
            needed=CARD_TEXTS[self.onto] if self.onto is not None else "?",
            column=self.column + 1 if self.column is not None else "?",
            suit=suit_names[self.suit] if self.suit is not None else "?",
            count=self.count,
            available=self.available,
            variant=self.variant,
            rank=RANK_LETTERS[self.rank - 1] if self.rank is not None else "?",
        )

    def explain(self, locale: str = "en") -> str:
        """Message and detail in one line: ``"<message> (<detail>)"``.

        Raises:
            LocaleError: for a locale other than ``"en"``, ``"hu"``, ``"el"``.
        """
        return f"{self.message(locale)} ({self.detail(locale)})"


class IllegalMoveError(SolitaireError, ValueError):
    """A move was refused by the rules; nothing was changed.

    Attributes:
        refusal: the first broken rule, with its stable id, message and detail.
    """

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"{refusal.rule.value}: {refusal.message()} ({refusal.detail()})")
        self.refusal = refusal
