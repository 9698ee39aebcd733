// deal_vectors.mjs -- independent reference implementation of the deal-code
// shuffle and deal (RULES.md sections 1, 2 and 8, codec version 1).
//
// Written from the spec only, without looking at the Python package, so that
// the vectors it prints are an independent check of solitaire_core.
//
// Usage (Node 20+):
//   node tests/data/deal_vectors.mjs > tests/data/deal_vectors.json
//   node tests/data/deal_vectors.mjs --check   # verify the RULES.md check values
//   node tests/data/deal_vectors.mjs --trace 1 # first Fisher-Yates steps of deal 1

const MASK64 = (1n << 64n) - 1n;
const TWO64 = 1n << 64n;

// --- Cards (RULES.md section 1) ------------------------------------------
// Card index i = suit*13 + (rank-1), suits in order S, H, D, C.
const SUITS = "SHDC";
const RANKS = "A23456789TJQK"; // rank 1..13; T = ten
const cardText = (i) => RANKS[i % 13] + SUITS[Math.floor(i / 13)];

// --- SplitMix64 (section 8, step 2); all arithmetic mod 2^64 ---------------
function splitmix64(seed) {
  let state = BigInt(seed) & MASK64;
  return function next() {
    state = (state + 0x9E3779B97F4A7C15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
    return z ^ (z >> 31n);
  };
}

// --- Unbiased bounded integer in [0, n) (step 3) ---------------------------
function bounded(next, n) {
  const N = BigInt(n);
  const limit = TWO64 - (TWO64 % N); // reject x >= limit
  let x = next();
  while (x >= limit) x = next();
  return Number(x % N);
}

// --- Shuffle (steps 1 and 4) -----------------------------------------------
function shuffledDeck(dealNumber) {
  const next = splitmix64(dealNumber);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i >= 1; i--) {
    const j = bounded(next, i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

// --- Deal (section 2): row r = 0..6 gives one card to columns r..6 ---------
function deal(deck) {
  const columns = [[], [], [], [], [], [], []]; // each bottom -> top
  let k = 0;
  for (let r = 0; r < 7; r++)
    for (let c = r; c < 7; c++) columns[c].push(deck[k++]);
  const stock = deck.slice(28); // stock[0] = deck[28] = first card drawn
  return { columns, stock };
}

// --- Deal codes: 7 letters A-Z, base 26, A = 0, most significant first -----
function numberToLetters(n) {
  let v = BigInt(n);
  let s = "";
  for (let i = 0; i < 7; i++) {
    s = String.fromCharCode(65 + Number(v % 26n)) + s;
    v /= 26n;
  }
  if (v !== 0n) throw new Error("deal number too large: " + n);
  return s;
}
function lettersToNumber(s) {
  let v = 0n;
  for (const ch of s) v = v * 26n + BigInt(ch.charCodeAt(0) - 65);
  return v;
}

function vector(prefix, dealNumber) {
  const letters = numberToLetters(dealNumber);
  if (lettersToNumber(letters) !== BigInt(dealNumber)) throw new Error("codec");
  const deck = shuffledDeck(dealNumber);
  const { columns, stock } = deal(deck);
  const next = splitmix64(dealNumber);
  return {
    code: `${prefix}-${letters}`,
    deal_number: Number(dealNumber),
    splitmix64_first_outputs: [next(), next(), next()].map(String),
    deck: deck.map(cardText),
    columns: columns.map((col) => col.map(cardText)),
    stock: stock.map(cardText),
  };
}

// --- Check values from RULES.md section 8 -----------------------------------
function check() {
  const fails = [];
  const expect = (what, got, want) => {
    const ok = got === want;
    console.log(`${ok ? "ok  " : "FAIL"} ${what}: got ${got}, want ${want}`);
    if (!ok) fails.push(what);
  };
  const d6 = vector("KL1-D1N", 6);
  expect("AAAAAAG = 6", String(lettersToNumber("AAAAAAG")), "6");
  expect("ZZZZZZZ = 26^7-1", String(lettersToNumber("ZZZZZZZ")), "8031810175");
  expect("deal 6 column 1", d6.columns[0].join(" "), "AD");
  expect("deal 6 column 7 top", d6.columns[6].at(-1), "AH");
  expect("deal 6 stock first", d6.stock[0], "QH");
  const d1 = vector("KL1-D1N", 1);
  expect("deal 1 column 1", d1.columns[0].join(" "), "7H");
  expect("deal 1 column 7", d1.columns[6].join(" "), "JH 3S 4D KS TC TH 8C");
  expect("deal 1 stock first 3", d1.stock.slice(0, 3).join(" "), "QS 4C 6S");
  return fails.length === 0;
}

// --- Trace: the first Fisher-Yates steps, for debugging a port -------------
function trace(dealNumber, steps = 5) {
  const next = splitmix64(dealNumber);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i >= 52 - steps; i--) {
    const x = next(); // never rejected in practice for n <= 52
    const j = Number(x % BigInt(i + 1));
    console.log(`i=${i} x=${x} j=x mod ${i + 1}=${j} swap ${cardText(deck[i])}<->${cardText(deck[j])}`);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
}

// --- Main --------------------------------------------------------------------
if (process.argv.includes("--check")) {
  process.exit(check() ? 0 : 1);
}
if (process.argv.includes("--trace")) {
  trace(Number(process.argv[process.argv.indexOf("--trace") + 1] ?? 1));
  process.exit(0);
}

const KL = [
  0, 1, 2, 3, 4, 5, 6, 7, 25, 26, 27, 675, 676, 1000, 17576, 123456,
  456976, 9999999, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32,
  1234567890, 5000000000, 26 ** 7 - 2, 26 ** 7 - 1,
];
const vectors = [
  ...KL.map((n) => vector("KL1-D1N", n)),
  vector("KL1-D3N", 6),
  vector("KL1-D3V", 6),
  vector("KL1-D1V", 1000),
  vector("KL1-D3V", 26 ** 7 - 1),
  vector("TF1-D1N", 1),
  vector("TF1-D1N", 6),
  vector("TF1-D3N", 123456),
];

// One vector per line keeps the file diff-friendly and readable.
console.log("[\n" + vectors.map((v) => "  " + JSON.stringify(v)).join(",\n") + "\n]");
