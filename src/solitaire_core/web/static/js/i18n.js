// The page's own words in English, Hungarian and Greek (the rules' refusals and the
// hints' reasons come from the server, already in the language asked for).

const WORDS = {
  en: {
    newGame: "New game", undo: "Undo", redo: "Redo", hint: "Hint", hardHint: "Think hard",
    autoFinish: "Finish", resign: "Resign", statistics: "Statistics", language: "Language",
    score: "Score", moves: "Moves", time: "Time", play: "Play", move: "Move",
    notationHelp: "a move such as 7f, 54, 1-3:2, d (draw), r (recycle), wf, w3, rf, u (undo)",
    game: "Game", deal: "Deal", random: "Random deal", winnable: "Winnable deal",
    byNumber: "Deal number", byCode: "Deal code", grade: "Grade", anyGrade: "any",
    easy: "easy", medium: "medium", hard: "hard", start: "Deal", cancel: "Cancel",
    resignFirst: "The game in progress will be recorded as resigned.",
    searching: "The hard AI is thinking…", won: "Won! Every card is home.",
    resigned: "Resigned: the game is recorded as lost.", share: "Share this deal",
    proven: "proven winnable", stock: "stock", waste: "waste", reserve: "reserve",
    foundation: "foundation", column: "column", empty: "empty", faceDown: "face-down card",
    cards: "cards", selected: "selected: choose where it goes", hintFor: "Hint",
    noHint: "No hint", table: "Card table", loading: "Dealing…", back: "Back to the table",
    played: "played", won_: "won", lost: "lost", resigned_: "resigned", winPercent: "win %",
    streak: "streak", bestStreak: "best streak", bestScore: "best score", fastest: "fastest win",
    fewestMoves: "fewest moves", unassisted: "on their own", assisted: "with help",
    noGames: "No game has been finished yet.", draw: "draw", scoring: "scoring",
    keyboardHelp: "Keys: Tab to a card, Enter picks it up and Enter on a pile puts it there; F sends it home; Esc drops it; arrows move between piles.",
  },
  hu: {
    newGame: "Új játék", undo: "Vissza", redo: "Újra", hint: "Tipp", hardHint: "Gondold végig",
    autoFinish: "Befejezés", resign: "Feladás", statistics: "Statisztika", language: "Nyelv",
    score: "Pont", moves: "Lépések", time: "Idő", play: "Lépés", move: "Lépés",
    notationHelp: "egy lépés, például 7f, 54, 1-3:2, d (húzás), r (újrakeverés), wf, w3, rf, u (vissza)",
    game: "Játék", deal: "Leosztás", random: "Véletlen leosztás", winnable: "Nyerhető leosztás",
    byNumber: "Leosztás száma", byCode: "Leosztáskód", grade: "Nehézség", anyGrade: "bármilyen",
    easy: "könnyű", medium: "közepes", hard: "nehéz", start: "Osztás", cancel: "Mégse",
    resignFirst: "A folyamatban lévő játék feladottként kerül a statisztikába.",
    searching: "Az erős gép gondolkodik…", won: "Nyertél! Minden lap a helyén.",
    resigned: "Feladva: a játék vesztesként számít.", share: "A leosztás megosztása",
    proven: "bizonyítottan nyerhető", stock: "húzópakli", waste: "dobópakli", reserve: "tartalék",
    foundation: "alapsor", column: "oszlop", empty: "üres", faceDown: "lefordított lap",
    cards: "lap", selected: "kiválasztva: válaszd ki, hová kerüljön", hintFor: "Tipp",
    noHint: "Nincs tipp", table: "Kártyaasztal", loading: "Osztás…", back: "Vissza az asztalhoz",
    played: "játszott", won_: "nyert", lost: "vesztett", resigned_: "feladott", winPercent: "nyerési %",
    streak: "sorozat", bestStreak: "legjobb sorozat", bestScore: "legjobb pont", fastest: "leggyorsabb",
    fewestMoves: "legkevesebb lépés", unassisted: "segítség nélkül", assisted: "segítséggel",
    noGames: "Még nincs befejezett játék.", draw: "húzás", scoring: "pontozás",
    keyboardHelp: "Billentyűk: Tab egy lapra, Enter felveszi, Enter egy oszlopon leteszi; F az alapsorra teszi; Esc elengedi; nyilak a kupacok között.",
  },
  el: {
    newGame: "Νέο παιχνίδι", undo: "Αναίρεση", redo: "Επανάληψη", hint: "Βοήθεια", hardHint: "Σκέψου βαθιά",
    autoFinish: "Ολοκλήρωση", resign: "Παραίτηση", statistics: "Στατιστικά", language: "Γλώσσα",
    score: "Πόντοι", moves: "Κινήσεις", time: "Χρόνος", play: "Παίξε", move: "Κίνηση",
    notationHelp: "μια κίνηση όπως 7f, 54, 1-3:2, d (τράβηγμα), r (ανακύκλωση), wf, w3, rf, u (αναίρεση)",
    game: "Παιχνίδι", deal: "Μοίρασμα", random: "Τυχαίο μοίρασμα", winnable: "Μοίρασμα που κερδίζεται",
    byNumber: "Αριθμός μοιράσματος", byCode: "Κωδικός μοιράσματος", grade: "Δυσκολία", anyGrade: "οποιαδήποτε",
    easy: "εύκολο", medium: "μέτριο", hard: "δύσκολο", start: "Μοίρασε", cancel: "Άκυρο",
    resignFirst: "Το τρέχον παιχνίδι θα καταγραφεί ως παραίτηση.",
    searching: "Ο δυνατός υπολογιστής σκέφτεται…", won: "Νίκη! Όλα τα φύλλα στις βάσεις.",
    resigned: "Παραίτηση: το παιχνίδι μετρά ως ήττα.", share: "Μοιράσου αυτό το μοίρασμα",
    proven: "αποδεδειγμένα κερδίζεται", stock: "τράπουλα", waste: "ανοιχτά φύλλα", reserve: "απόθεμα",
    foundation: "βάση", column: "στήλη", empty: "άδεια", faceDown: "κλειστό φύλλο",
    cards: "φύλλα", selected: "επιλέχθηκε: διάλεξε πού θα πάει", hintFor: "Βοήθεια",
    noHint: "Καμία βοήθεια", table: "Τραπέζι", loading: "Μοίρασμα…", back: "Πίσω στο τραπέζι",
    played: "παιχνίδια", won_: "νίκες", lost: "ήττες", resigned_: "παραιτήσεις", winPercent: "% νικών",
    streak: "σερί", bestStreak: "καλύτερο σερί", bestScore: "καλύτερο σκορ", fastest: "ταχύτερη νίκη",
    fewestMoves: "λιγότερες κινήσεις", unassisted: "χωρίς βοήθεια", assisted: "με βοήθεια",
    noGames: "Δεν έχει τελειώσει ακόμη κανένα παιχνίδι.", draw: "τράβηγμα", scoring: "βαθμολογία",
    keyboardHelp: "Πλήκτρα: Tab σε ένα φύλλο, Enter το σηκώνει, Enter σε μια στήλη το αφήνει· F στη βάση· Esc το αφήνει· βέλη ανάμεσα στις στοίβες.",
  },
};

const RANKS = {
  en: ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
  hu: ["ász", "kettes", "hármas", "négyes", "ötös", "hatos", "hetes", "nyolcas", "kilences", "tízes", "bubi", "dáma", "király"],
  el: ["άσος", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά", "οκτώ", "εννέα", "δέκα", "βαλές", "ντάμα", "ρήγας"],
};
const SUITS = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  hu: { S: "pikk", H: "kőr", D: "káró", C: "treff" },
  el: { S: "μπαστούνια", H: "κούπες", D: "καρό", C: "σπαθιά" },
};

export const LANGUAGES = ["en", "hu", "el"];
export const LANGUAGE_NAMES = { en: "English", hu: "Magyar", el: "Ελληνικά" };

let current = "en";

/** Choose the language of the page's words (en, hu or el). */
export function setLanguage(language) {
  current = LANGUAGES.includes(language) ? language : "en";
  document.documentElement.lang = current;
}

/** The language in use. */
export function language() {
  return current;
}

/** A word of the page in the language in use. */
export function t(key) {
  return WORDS[current][key] ?? WORDS.en[key] ?? key;
}

/** A card's name for screen readers: "ten of hearts", "kőr tízes". */
export function cardName(text) {
  const rank = RANKS[current]["A23456789TJQK".indexOf(text[0])];
  const suit = SUITS[current][text[1]];
  if (current === "hu") return `${suit} ${rank}`;
  if (current === "el") return `${rank} ${suit}`;
  return `${rank} of ${suit}`;
}

/** Every element with data-i18n gets its word; data-i18n-label sets aria-label instead. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
  for (const element of root.querySelectorAll("[data-i18n-placeholder]")) {
    element.setAttribute("placeholder", t(element.dataset.i18nPlaceholder));
  }
}
