"""The web API's errors: one JSON shape: the status, the rule id, a message in the language.

Every error answer of the API is a JSON object::

    {"status": 409, "error": "refused", "rule": "WRONG_COLOR",
     "message": "a card must go on a card of the opposite colour",
     "detail": "AD cannot go on AH"}

* ``status``: the HTTP status, repeated in the body;
* ``error``: what went wrong, a stable name in lower case (:data:`ERRORS`);
* ``rule``: for a refusal by the rules (409 ``refused``), the stable rule id
  (:class:`~solitaire_core.rule_ids.RuleId`); null otherwise;
* ``message``: in the language of ``?lang=`` (``en``, ``hu``, ``el``): the
  rule's message for a refusal, else this module's message for the error;
* ``detail``: what exactly failed: the refusal's detail in the same language,
  or the library's own message for bad input (in English: it quotes the bad
  input), or null.

:class:`WebRequestError` is the one exception the API raises for what it
refuses itself; the library's exceptions are mapped to these answers by the
application's handlers (:mod:`solitaire_core.web.app`).
"""

from __future__ import annotations

from typing import Any, Final

from solitaire_core.errors import SolitaireError
from solitaire_core.rules import Refusal

ERRORS: Final[dict[str, dict[str, str]]] = {
    "refused": {
        "en": "the rules refuse this",
        "hu": "a szabályok ezt nem engedik",
        "el": "οι κανόνες δεν το επιτρέπουν",
    },
    "malformed_json": {
        "en": "the request's body is not JSON",
        "hu": "a kérés törzse nem JSON",
        "el": "το σώμα του αιτήματος δεν είναι JSON",
    },
    "invalid_request": {
        "en": "the request is not one this server takes",
        "hu": "ezt a kérést a szerver nem fogadja el",
        "el": "ο διακομιστής δεν δέχεται αυτό το αίτημα",
    },
    "invalid_deal_code": {
        "en": "this deal code cannot be read",
        "hu": "ez a leosztáskód nem olvasható",
        "el": "αυτός ο κωδικός μοιράσματος δεν διαβάζεται",
    },
    "invalid_move": {
        "en": "this move cannot be read",
        "hu": "ez a lépés nem olvasható",
        "el": "αυτή η κίνηση δεν διαβάζεται",
    },
    "invalid_card": {
        "en": "this card cannot be read",
        "hu": "ez a lap nem olvasható",
        "el": "αυτό το φύλλο δεν διαβάζεται",
    },
    "invalid_argument": {
        "en": "a value is out of its range",
        "hu": "egy érték a megengedett tartományon kívül esik",
        "el": "μια τιμή είναι εκτός ορίων",
    },
    "unknown_variant": {
        "en": "there is no game of this name here",
        "hu": "ilyen nevű játék itt nincs",
        "el": "δεν υπάρχει εδώ παιχνίδι με αυτό το όνομα",
    },
    "unknown_game": {
        "en": "there is no such game: it ended long ago, or never was",
        "hu": "nincs ilyen játék: rég véget ért, vagy sosem volt",
        "el": "δεν υπάρχει τέτοιο παιχνίδι: έληξε πριν από καιρό ή δεν υπήρξε ποτέ",
    },
    "unknown_locale": {
        "en": "unknown language: en, hu and el are spoken here",
        "hu": "ismeretlen nyelv: en, hu és el választható",
        "el": "άγνωστη γλώσσα: υποστηρίζονται en, hu και el",
    },
    "no_winnable_deals": {
        "en": "this game has no deal code, so no winnable deal can be picked",
        "hu": "ennek a játéknak nincs leosztáskódja, így nyerhető leosztás nem választható",
        "el": "αυτό το παιχνίδι δεν έχει κωδικό μοιράσματος· δεν επιλέγεται μοίρασμα",
    },
    "cannot_auto_finish": {
        "en": "auto-finish would not surely win from here: play on",
        "hu": "az automatikus befejezés innen nem nyerne biztosan: játssz tovább",
        "el": "η αυτόματη ολοκλήρωση δεν κερδίζει σίγουρα από εδώ: συνέχισε να παίζεις",
    },
    "conflict": {
        "en": "the game changed in another window: it is shown as it is now",
        "hu": "a játék egy másik ablakban megváltozott: most a jelenlegi állása látszik",
        "el": "το παιχνίδι άλλαξε σε άλλο παράθυρο: φαίνεται όπως είναι τώρα",
    },
    "not_found": {
        "en": "there is nothing at this address",
        "hu": "ezen a címen nincs semmi",
        "el": "δεν υπάρχει τίποτα σε αυτή τη διεύθυνση",
    },
    "method_not_allowed": {
        "en": "this address does not take this method",
        "hu": "ez a cím nem fogadja ezt a metódust",
        "el": "αυτή η διεύθυνση δεν δέχεται αυτή τη μέθοδο",
    },
    "store_failed": {
        "en": "the server cannot keep the game now: nothing was changed",
        "hu": "a szerver most nem tudja menteni a játékot: semmi sem változott",
        "el": "ο διακομιστής δεν μπορεί να κρατήσει το παιχνίδι τώρα: τίποτα δεν άλλαξε",
    },
}
"""The API's error names, with a message in each language."""

LANGUAGES: Final = ("en", "hu", "el")
"""The languages of the messages: those of the rules' refusals."""


def error_message(error: str, locale: str) -> str:
    """The message of an error name in a language (English for an unknown language)."""
    messages = ERRORS[error]
    return messages.get(locale, messages["en"])


def error_json(
    status: int, error: str, locale: str, *, detail: str | None = None, rule: str | None = None
) -> dict[str, Any]:
    """An error answer's body (see the module docs)."""
    return {
        "status": status,
        "error": error,
        "rule": rule,
        "message": error_message(error, locale),
        "detail": detail,
    }


def refusal_json(refusal: Refusal, locale: str) -> dict[str, Any]:
    """The body of a 409 refusal: the rule id, the rule's message and its detail."""
    return {
        "status": 409,
        "error": "refused",
        "rule": refusal.rule.value,
        "message": refusal.message(locale),
        "detail": refusal.detail(locale),
    }


class WebRequestError(SolitaireError, ValueError):
    """A request the API refuses itself: answered with ``status`` and the JSON of the module docs.

    Attributes:
        status: the HTTP status (400, 404, 409 or 422).
        error: one of the names of :data:`ERRORS`.
        detail: what exactly is wrong, in English (quoting the input), or None.
    """

    def __init__(self, status: int, error: str, detail: str | None = None) -> None:
        assert error in ERRORS, error  # a name of this module's table, never the player's
        super().__init__(f"{error}: {detail}" if detail else error)
        self.status = status
        self.error = error
        self.detail = detail


__all__ = [
    "ERRORS",
    "LANGUAGES",
    "WebRequestError",
    "error_json",
    "error_message",
    "refusal_json",
]
