"""Human messages for refusals, in English, Hungarian and Greek.

Each rule id has one general message per locale; each refusal also has a
detail naming the cards or places involved. Locales: ``"en"`` (default),
``"hu"`` (the app's players), ``"el"``.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.rule_ids import RuleId

LOCALES: Final = ("en", "hu", "el")
"""The message languages: English (the default), Hungarian (the app's players), Greek."""

RULE_MESSAGES: Final[dict[str, dict[RuleId, str]]] = {
    "en": {
        RuleId.GAME_WON: "the game is won: no more moves",
        RuleId.EMPTY_SOURCE: "there is no card to move there",
        RuleId.SAME_COLUMN: "a group cannot move onto its own column",
        RuleId.WASTE_TOP_ONLY: "only the top card of the waste can be played",
        RuleId.FOUNDATION_SINGLE_CARD: (
            "only one card at a time may go to or come from a foundation"
        ),
        RuleId.FACE_DOWN_CARD: "a face-down card cannot be moved or played",
        RuleId.GROUP_NOT_IN_SEQUENCE: ("the cards on it are not in descending, alternating order"),
        RuleId.TAKEBACK_NOT_ALLOWED: "in this variant cards stay on the foundations",
        RuleId.EMPTY_COLUMN_KING_ONLY: (
            "only a King (with what lies on it) may go to an empty column"
        ),
        RuleId.WRONG_COLOR: "a card must go on a card of the opposite colour",
        RuleId.WRONG_SUIT: "a card must go on a card of the right suit",
        RuleId.WRONG_RANK: "a card must go on a card exactly one rank higher",
        RuleId.FOUNDATION_WRONG_RANK: (
            "a foundation takes the next rank of its suit only (Ace first)"
        ),
        RuleId.STOCK_EMPTY: "nothing left to draw (recycle instead, where allowed)",
        RuleId.RECYCLE_NOT_ALLOWED: "this scoring or variant never recycles the waste",
        RuleId.STOCK_NOT_EMPTY: "the waste can only be recycled when the stock is empty",
        RuleId.RECYCLE_LIMIT_REACHED: "no passes through the stock are left",
        RuleId.NOTHING_TO_UNDO: "there is nothing to undo",
        RuleId.NOTHING_TO_REDO: "there is nothing to redo",
    },
    "hu": {
        RuleId.GAME_WON: "a játszma megnyerve: több lépés nincs",
        RuleId.EMPTY_SOURCE: "onnan nincs mit mozgatni",
        RuleId.SAME_COLUMN: "a sorozat nem tehető a saját oszlopára",
        RuleId.WASTE_TOP_ONLY: "a dobópakliból csak a legfelső lap játszható ki",
        RuleId.FOUNDATION_SINGLE_CARD: (
            "az alapra egyszerre csak egy lap tehető, és csak egy vehető le"
        ),
        RuleId.FACE_DOWN_CARD: "lefordított lap nem mozgatható és nem játszható ki",
        RuleId.GROUP_NOT_IN_SEQUENCE: (
            "a rajta lévő lapok nem csökkenő, váltakozó színű sorrendben vannak"
        ),
        RuleId.TAKEBACK_NOT_ALLOWED: "ebben a változatban az alapra tett lap ott marad",
        RuleId.EMPTY_COLUMN_KING_ONLY: (
            "üres oszlopra csak király kerülhet (a rátett lapokkal együtt)"
        ),
        RuleId.WRONG_COLOR: "a lap csak ellenkező színű lapra tehető",
        RuleId.WRONG_SUIT: "a lap csak a megfelelő színű (jelű) lapra tehető",
        RuleId.WRONG_RANK: "a lap csak pontosan eggyel magasabb rangú lapra tehető",
        RuleId.FOUNDATION_WRONG_RANK: (
            "az alapra csak a színe következő lapja kerülhet (először az ász)"
        ),
        RuleId.STOCK_EMPTY: "a húzópakli üres (ha lehet, forgassa vissza a dobópaklit)",
        RuleId.RECYCLE_NOT_ALLOWED: "ennél a pontozásnál vagy változatnál nincs visszaforgatás",
        RuleId.STOCK_NOT_EMPTY: "a dobópakli csak üres húzópaklinál forgatható vissza",
        RuleId.RECYCLE_LIMIT_REACHED: "nem maradt több kör a húzópakliból",
        RuleId.NOTHING_TO_UNDO: "nincs visszavonható lépés",
        RuleId.NOTHING_TO_REDO: "nincs újra végrehajtható lépés",
    },
    "el": {
        RuleId.GAME_WON: "η παρτίδα κερδήθηκε: δεν υπάρχουν άλλες κινήσεις",
        RuleId.EMPTY_SOURCE: "δεν υπάρχει φύλλο για μετακίνηση εκεί",
        RuleId.SAME_COLUMN: "μια ακολουθία δεν μπαίνει στην ίδια της τη στήλη",
        RuleId.WASTE_TOP_ONLY: "παίζεται μόνο το επάνω φύλλο της απόρριψης",
        RuleId.FOUNDATION_SINGLE_CARD: "στη βάση μπαίνει και από αυτήν βγαίνει ένα φύλλο τη φορά",
        RuleId.FACE_DOWN_CARD: "ένα κλειστό φύλλο δεν μετακινείται ούτε παίζεται",
        RuleId.GROUP_NOT_IN_SEQUENCE: (
            "τα φύλλα επάνω του δεν είναι σε φθίνουσα σειρά με εναλλαγή χρωμάτων"
        ),
        RuleId.TAKEBACK_NOT_ALLOWED: "σε αυτή την παραλλαγή τα φύλλα μένουν στις βάσεις",
        RuleId.EMPTY_COLUMN_KING_ONLY: (
            "σε άδεια στήλη μπαίνει μόνο Ρήγας (με ό,τι έχει επάνω του)"
        ),
        RuleId.WRONG_COLOR: "ένα φύλλο μπαίνει σε φύλλο αντίθετου χρώματος",
        RuleId.WRONG_SUIT: "ένα φύλλο μπαίνει σε φύλλο του σωστού χρώματος (σήματος)",
        RuleId.WRONG_RANK: "ένα φύλλο μπαίνει σε φύλλο ακριβώς μία αξία μεγαλύτερο",
        RuleId.FOUNDATION_WRONG_RANK: (
            "η βάση δέχεται μόνο το επόμενο φύλλο του χρώματός της (πρώτα ο Άσος)"
        ),
        RuleId.STOCK_EMPTY: "δεν έμεινε τίποτα να τραβήξετε (ανακυκλώστε, όπου επιτρέπεται)",
        RuleId.RECYCLE_NOT_ALLOWED: "αυτή η βαθμολόγηση ή παραλλαγή δεν ανακυκλώνει",
        RuleId.STOCK_NOT_EMPTY: "η απόρριψη ανακυκλώνεται μόνο όταν το απόθεμα είναι άδειο",
        RuleId.RECYCLE_LIMIT_REACHED: "δεν απομένουν άλλα περάσματα από το απόθεμα",
        RuleId.NOTHING_TO_UNDO: "δεν υπάρχει τίποτα για αναίρεση",
        RuleId.NOTHING_TO_REDO: "δεν υπάρχει τίποτα για επανάληψη",
    },
}
"""The general message of each rule, per locale."""

DETAIL_TEMPLATES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "game_won": "all 52 cards are on the foundations",
        "stock_empty": "the stock is empty",
        "stock_not_empty": "the stock still holds {count} cards",
        "waste_empty": "the waste is empty",
        "recycle_not_allowed": "{variant} has no recycle",
        "recycle_limit": "all {count} recycles are used",
        "waste_top_only": "{count} cards from the waste: only its top card {card} can be played",
        "column_empty": "column {column} is empty",
        "column_too_short": "column {column} has {available} cards, not {count}",
        "foundation_empty": "the {suit} foundation is empty",
        "single_card": "{count} cards at once",
        "face_down": "{count} cards from column {column} would include a face-down card",
        "not_in_sequence": "{card} with the cards on it, {count} in all",
        "takeback": "{card} stays on its foundation in {variant}",
        "takeback_variant": "{variant} never takes cards back from the foundations",
        "same_column": "column {column} onto itself",
        "king_only": "{card} cannot go to empty column {column}",
        "card_on_card": "{card} cannot go on {onto}",
        "foundation_rank": "{card} cannot go on the {suit} foundation, which needs {needed}",
        "foundation_full": "{card} cannot go on the full {suit} foundation",
        "nothing_to_undo": "{count} actions can be undone now",
        "nothing_to_redo": "no undone action to play again",
        "card_in_stock": "that card is in the stock, face down",
        "card_face_down": "that card is face down",
    },
    "hu": {
        "game_won": "mind az 52 lap az alapokon van",
        "stock_empty": "a húzópakli üres",
        "stock_not_empty": "a húzópakliban még {count} lap van",
        "waste_empty": "a dobópakli üres",
        "recycle_not_allowed": "a(z) {variant} változatban nincs visszaforgatás",
        "recycle_limit": "mind a(z) {count} visszaforgatás elfogyott",
        "waste_top_only": "{count} lap a dobópakliból: csak a legfelső, {card} játszható ki",
        "column_empty": "a(z) {column}. oszlop üres",
        "column_too_short": "a(z) {column}. oszlopban {available} lap van, nem {count}",
        "foundation_empty": "a(z) {suit} alap üres",
        "single_card": "egyszerre {count} lap",
        "face_down": "a(z) {column}. oszlop {count} lapja között lefordított lap is lenne",
        "not_in_sequence": "{card} a rajta lévő lapokkal, összesen {count} lap",
        "takeback": "{card} az alapon marad a(z) {variant} változatban",
        "takeback_variant": "a(z) {variant} változatban nem vehető vissza lap az alapról",
        "same_column": "a(z) {column}. oszlop önmagára",
        "king_only": "{card} nem kerülhet a(z) {column}. üres oszlopba",
        "card_on_card": "{card} nem tehető a(z) {onto} lapra",
        "foundation_rank": "{card} nem kerülhet a(z) {suit} alapra, oda {needed} jön",
        "foundation_full": "{card} nem kerülhet a megtelt {suit} alapra",
        "nothing_to_undo": "most {count} lépés vonható vissza",
        "nothing_to_redo": "nincs visszavont lépés",
        "card_in_stock": "az a lap a húzópakliban van, lefordítva",
        "card_face_down": "az a lap le van fordítva",
    },
    "el": {
        "game_won": "και τα 52 φύλλα είναι στις βάσεις",
        "stock_empty": "το απόθεμα είναι άδειο",
        "stock_not_empty": "το απόθεμα έχει ακόμη {count} φύλλα",
        "waste_empty": "η απόρριψη είναι άδεια",
        "recycle_not_allowed": "η παραλλαγή {variant} δεν έχει ανακύκλωση",
        "recycle_limit": "χρησιμοποιήθηκαν και οι {count} ανακυκλώσεις",
        "waste_top_only": "{count} φύλλα από την απόρριψη: παίζεται μόνο το επάνω, {card}",
        "column_empty": "η στήλη {column} είναι άδεια",
        "column_too_short": "η στήλη {column} έχει {available} φύλλα, όχι {count}",
        "foundation_empty": "η βάση {suit} είναι άδεια",
        "single_card": "{count} φύλλα μαζί",
        "face_down": "{count} φύλλα από τη στήλη {column} θα περιείχαν κλειστό φύλλο",
        "not_in_sequence": "το {card} με τα φύλλα επάνω του, {count} συνολικά",
        "takeback": "το {card} μένει στη βάση στην παραλλαγή {variant}",
        "takeback_variant": "η παραλλαγή {variant} δεν παίρνει φύλλα πίσω από τις βάσεις",
        "same_column": "η στήλη {column} στον εαυτό της",
        "king_only": "το {card} δεν μπαίνει στην άδεια στήλη {column}",
        "card_on_card": "το {card} δεν μπαίνει στο {onto}",
        "foundation_rank": "το {card} δεν μπαίνει στη βάση {suit}, που θέλει {needed}",
        "foundation_full": "το {card} δεν μπαίνει στη γεμάτη βάση {suit}",
        "nothing_to_undo": "τώρα αναιρούνται {count} κινήσεις",
        "nothing_to_redo": "δεν υπάρχει αναιρεμένη κίνηση",
        "card_in_stock": "αυτό το φύλλο είναι κλειστό στο απόθεμα",
        "card_face_down": "αυτό το φύλλο είναι κλειστό",
    },
}
"""Detail templates per locale, keyed by a refusal's ``detail_key``."""

SUIT_NAMES: Final[dict[str, tuple[str, str, str, str]]] = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "hu": ("pikk", "kőr", "káró", "treff"),
    "el": ("μπαστούνι", "κούπα", "καρό", "σπαθί"),
}
"""Suit names per locale, in suit order S, H, D, C."""
