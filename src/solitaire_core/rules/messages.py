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
        RuleId.NOT_SAME_COLOR: "a card must go on a card of the same colour",
        RuleId.SAME_SUIT_NOT_ALLOWED: "a card may go on a card of any suit but its own",
        RuleId.GROUP_NOT_SAME_SUIT: "only a run of one suit moves as a group",
        RuleId.GROUP_TOO_LONG: "the group is longer than the empty columns allow",
        RuleId.TOP_CARD_OR_WHOLE_COLUMN: "only the top card or the whole column may move",
        RuleId.GROUP_NOT_ALLOWED: "only one card at a time moves from column to column",
        RuleId.EMPTY_COLUMN_CLOSED: "nothing may be moved to an empty column",
        RuleId.EMPTY_COLUMN_WRONG_RANK: (
            "only a card one rank below the foundation base may start an empty column"
        ),
        RuleId.DEAL_NEEDS_NO_EMPTY_COLUMN: "the stock is dealt only when no column is empty",
        RuleId.FOUNDATION_COMPLETE_RUN_ONLY: (
            "only a complete King-to-Ace run of one suit goes to a foundation"
        ),
        RuleId.RESERVE_TOP_ONLY: "only the top card of the reserve can be played",
        RuleId.NO_STOCK: "this game has no stock",
        RuleId.NOTHING_TO_UNDO: "there is nothing to undo",
        RuleId.NOTHING_TO_REDO: "there is nothing to redo",
        RuleId.GAME_RESIGNED: "the game was resigned: nothing more can be played or undone",
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
        RuleId.NOT_SAME_COLOR: "a lap csak azonos színű lapra tehető",
        RuleId.SAME_SUIT_NOT_ALLOWED: (
            "a lap bármilyen lapra tehető, csak a saját színére (jelére) nem"
        ),
        RuleId.GROUP_NOT_SAME_SUIT: "csak egyszínű (azonos jelű) sorozat mozgatható együtt",
        RuleId.GROUP_TOO_LONG: "a csoport hosszabb, mint amit az üres oszlopok megengednek",
        RuleId.TOP_CARD_OR_WHOLE_COLUMN: "csak a legfelső lap vagy az egész oszlop mozgatható",
        RuleId.GROUP_NOT_ALLOWED: "oszlopról oszlopra egyszerre csak egy lap mozgatható",
        RuleId.EMPTY_COLUMN_CLOSED: "üres oszlopba nem tehető lap",
        RuleId.EMPTY_COLUMN_WRONG_RANK: (
            "üres oszlopot csak az alaplapnál eggyel kisebb rangú lap kezdhet"
        ),
        RuleId.DEAL_NEEDS_NO_EMPTY_COLUMN: (
            "a húzópakliból csak akkor lehet osztani, ha nincs üres oszlop"
        ),
        RuleId.FOUNDATION_COMPLETE_RUN_ONLY: (
            "az alapra csak egy teljes, egyszínű királytól ászig tartó sor kerülhet"
        ),
        RuleId.RESERVE_TOP_ONLY: "a tartalékból csak a legfelső lap játszható ki",
        RuleId.NO_STOCK: "ebben a játékban nincs húzópakli",
        RuleId.NOTHING_TO_UNDO: "nincs visszavonható lépés",
        RuleId.NOTHING_TO_REDO: "nincs újra végrehajtható lépés",
        RuleId.GAME_RESIGNED: "a játszmát feladtad: több lépés és visszavonás nincs",
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
        RuleId.NOT_SAME_COLOR: "ένα φύλλο μπαίνει σε φύλλο του ίδιου χρώματος",
        RuleId.SAME_SUIT_NOT_ALLOWED: (
            "ένα φύλλο μπαίνει σε φύλλο οποιουδήποτε σήματος εκτός από το δικό του"
        ),
        RuleId.GROUP_NOT_SAME_SUIT: "μόνο ακολουθία ενός σήματος μετακινείται μαζί",
        RuleId.GROUP_TOO_LONG: "η ομάδα είναι μεγαλύτερη απ' όσο επιτρέπουν οι άδειες στήλες",
        RuleId.TOP_CARD_OR_WHOLE_COLUMN: "μετακινείται μόνο το επάνω φύλλο ή ολόκληρη η στήλη",
        RuleId.GROUP_NOT_ALLOWED: "από στήλη σε στήλη μετακινείται μόνο ένα φύλλο τη φορά",
        RuleId.EMPTY_COLUMN_CLOSED: "σε άδεια στήλη δεν μπαίνει τίποτα",
        RuleId.EMPTY_COLUMN_WRONG_RANK: "άδεια στήλη ξεκινά μόνο φύλλο μία αξία κάτω από τη βάση",
        RuleId.DEAL_NEEDS_NO_EMPTY_COLUMN: (
            "το απόθεμα μοιράζεται μόνο όταν καμία στήλη δεν είναι άδεια"
        ),
        RuleId.FOUNDATION_COMPLETE_RUN_ONLY: (
            "στη βάση μπαίνει μόνο πλήρης ακολουθία ενός σήματος από Ρήγα σε Άσο"
        ),
        RuleId.RESERVE_TOP_ONLY: "παίζεται μόνο το επάνω φύλλο της εφεδρείας",
        RuleId.NO_STOCK: "αυτό το παιχνίδι δεν έχει απόθεμα",
        RuleId.NOTHING_TO_UNDO: "δεν υπάρχει τίποτα για αναίρεση",
        RuleId.NOTHING_TO_REDO: "δεν υπάρχει τίποτα για επανάληψη",
        RuleId.GAME_RESIGNED: "η παρτίδα εγκαταλείφθηκε: δεν παίζεται ούτε αναιρείται τίποτα πια",
    },
}
"""The general message of each rule, per locale."""

BASE_RANK_MESSAGES: Final[dict[str, str]] = {
    "en": "a foundation takes the next rank of its suit only ({rank} first, the game's base rank)",
    "hu": "az alapra csak a színe következő lapja kerülhet (először a játék alaprangja: {rank})",
    "el": (
        "η βάση δέχεται μόνο το επόμενο φύλλο του χρώματός της "
        "(πρώτα το {rank}, η αξία βάσης του παιχνιδιού)"
    ),
}
"""The message of ``FOUNDATION_WRONG_RANK`` in a game whose foundations start from a dealt
base card (Canfield, Agnes Sorel, ...): it names the base rank instead of "Ace first"
(FAMILY.md section 1.8, RULES.md section 12); ``{rank}`` is the rank's letter."""

DETAIL_TEMPLATES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "game_won": "all {count} cards are on the foundations",
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
        "game_resigned": "the player resigned this game",
        "card_in_stock": "that card is in the stock, face down",
        "card_face_down": "that card is face down",
        "no_waste": "this game has no waste",
        "no_reserve": "this game has no reserve",
        "reserve_empty": "the reserve is empty",
        "reserve_top_only": (
            "{count} cards from the reserve: only its top card {card} can be played"
        ),
        "group_not_same_suit": "{card} with the cards on it, {count} in all",
        "group_too_long": "{count} cards, but at most {available} may move now",
        "top_or_whole": "{count} of the {available} cards of column {column}",
        "empty_closed": "{card} cannot go to empty column {column}",
        "empty_no_base": (
            "{card} cannot go to empty column {column} before a foundation has its base"
        ),
        "empty_wrong_rank": "{card} cannot go to empty column {column}, which takes a {rank}",
        "deal_empty_column": "column {column} is empty",
        "no_stock": "{variant} has no stock",
        "not_complete_run": "column {column} has no complete King-to-Ace run of one suit on top",
        "run_count": (
            "column {column}'s complete run goes to a foundation as 13 cards ({column}f:13), "
            "not {count}"
        ),
        "run_only": "{card} alone cannot go to a foundation that takes complete runs",
        "deal_no_recycle": "{variant} deals its stock once, without recycling",
    },
    "hu": {
        "game_won": "mind a(z) {count} lap az alapokon van",
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
        "game_resigned": "ezt a játszmát feladtad",
        "card_in_stock": "az a lap a húzópakliban van, lefordítva",
        "card_face_down": "az a lap le van fordítva",
        "no_waste": "ebben a játékban nincs dobópakli",
        "no_reserve": "ebben a játékban nincs tartalék",
        "reserve_empty": "a tartalék üres",
        "reserve_top_only": "{count} lap a tartalékból: csak a legfelső, {card} játszható ki",
        "group_not_same_suit": "{card} a rajta lévő lapokkal, összesen {count} lap",
        "group_too_long": "{count} lap, de most legfeljebb {available} mozgatható",
        "top_or_whole": "a(z) {column}. oszlop {available} lapjából {count}",
        "empty_closed": "{card} nem kerülhet a(z) {column}. üres oszlopba",
        "empty_no_base": "{card} nem kerülhet a(z) {column}. üres oszlopba, amíg nincs alaplap",
        "empty_wrong_rank": (
            "{card} nem kerülhet a(z) {column}. üres oszlopba, oda {rank} rangú lap jöhet"
        ),
        "deal_empty_column": "a(z) {column}. oszlop üres",
        "no_stock": "a(z) {variant} játékban nincs húzópakli",
        "not_complete_run": (
            "a(z) {column}. oszlop tetején nincs teljes, egyszínű királytól ászig tartó sor"
        ),
        "run_count": (
            "a(z) {column}. oszlop teljes sora 13 lapként kerül az alapra ({column}f:13), "
            "nem {count} lapként"
        ),
        "run_only": "{card} egymagában nem kerülhet a csak teljes sorokat fogadó alapra",
        "deal_no_recycle": (
            "a(z) {variant} játék egyszer osztja ki a húzópaklit, visszaforgatás nélkül"
        ),
    },
    "el": {
        "game_won": "και τα {count} φύλλα είναι στις βάσεις",
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
        "game_resigned": "ο παίκτης εγκατέλειψε την παρτίδα",
        "card_in_stock": "αυτό το φύλλο είναι κλειστό στο απόθεμα",
        "card_face_down": "αυτό το φύλλο είναι κλειστό",
        "no_waste": "αυτό το παιχνίδι δεν έχει απόρριψη",
        "no_reserve": "αυτό το παιχνίδι δεν έχει εφεδρεία",
        "reserve_empty": "η εφεδρεία είναι άδεια",
        "reserve_top_only": "{count} φύλλα από την εφεδρεία: παίζεται μόνο το επάνω, {card}",
        "group_not_same_suit": "το {card} με τα φύλλα επάνω του, {count} συνολικά",
        "group_too_long": "{count} φύλλα, αλλά τώρα μετακινούνται το πολύ {available}",
        "top_or_whole": "{count} από τα {available} φύλλα της στήλης {column}",
        "empty_closed": "το {card} δεν μπαίνει στην άδεια στήλη {column}",
        "empty_no_base": (
            "το {card} δεν μπαίνει στην άδεια στήλη {column} πριν αποκτήσει βάση μια θεμελίωση"
        ),
        "empty_wrong_rank": "το {card} δεν μπαίνει στην άδεια στήλη {column}, που θέλει {rank}",
        "deal_empty_column": "η στήλη {column} είναι άδεια",
        "no_stock": "το {variant} δεν έχει απόθεμα",
        "not_complete_run": (
            "η στήλη {column} δεν έχει επάνω πλήρη ακολουθία ενός σήματος από Ρήγα σε Άσο"
        ),
        "run_count": (
            "η πλήρης ακολουθία της στήλης {column} πηγαίνει στη βάση ως 13 φύλλα "
            "({column}f:13), όχι {count}"
        ),
        "run_only": "το {card} μόνο του δεν μπαίνει σε βάση που δέχεται μόνο πλήρεις ακολουθίες",
        "deal_no_recycle": "το {variant} μοιράζει το απόθεμα μία φορά, χωρίς ανακύκλωση",
    },
}
"""Detail templates per locale, keyed by a refusal's ``detail_key``."""

SUIT_NAMES: Final[dict[str, tuple[str, str, str, str]]] = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "hu": ("pikk", "kőr", "káró", "treff"),
    "el": ("μπαστούνι", "κούπα", "καρό", "σπαθί"),
}
"""Suit names per locale, in suit order S, H, D, C."""
