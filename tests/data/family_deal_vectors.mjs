// family_deal_vectors.mjs -- independent reference implementation of the
// deal codes and deals of the Klondike family (FAMILY.md sections 1.7, 1.8,
// 2 and each game's "Deal" line; RULES.md sections 1, 2 and 8), including
// the FULL deal code (any card order, ranked as a multiset permutation).
//
// Written from the rule books only, without looking at the Python package in
// src/, so the vectors it prints are an independent check of the engine.
// The one-deck shuffle is copied from deal_vectors.mjs (same author rules).
//
// Usage (Node 20+):
//   node tests/data/family_deal_vectors.mjs > tests/data/family_deal_vectors.json
//   node tests/data/family_deal_vectors.mjs --check   # assert the rule books' examples

import { readFileSync } from "node:fs";

const MASK64 = (1n << 64n) - 1n;
const TWO64 = 1n << 64n;

// --- Cards (RULES.md section 1) ------------------------------------------
// Card index i = suit*13 + (rank-1), suits in order S, H, D, C.
const SUITS = "SHDC";
const RANKS = "A23456789TJQK"; // rank 1..13; T = ten
const cardText = (c) => RANKS[c % 13] + SUITS[Math.floor(c / 13)];

// --- SplitMix64 (RULES.md section 8, step 2); arithmetic mod 2^64 ----------
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

// --- Shuffle for k decks (FAMILY.md 1.7) ------------------------------------
// deck = [0 .. 52k-1], Fisher-Yates from 52k-1 down to 1, then every entry i
// stands for the card i mod 52.
function shuffledDeck(dealNumber, decks) {
  const next = splitmix64(dealNumber);
  const n = 52 * decks;
  const deck = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i >= 1; i--) {
    const j = bounded(next, i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck.map((x) => x % 52);
}

// --- Games (FAMILY.md section 2 and the Deal lines) -------------------------
// cols: per column [face_down, face_up]. draw: the code's d (0 = no waste).
// special: "canfield" (base deck[0], reserve deck[1..13], tableau from 14),
// "agnes" (tableau from 0, base card deck[28] after the tableau).
const tri = (n) => Array.from({ length: n }, (_, c) => [c, 1]); // col c+1: c down + 1 up
const up = (n) => Array.from({ length: n }, (_, c) => [0, c + 1]); // col c+1: c+1 up
const same = (n, d, u) => Array.from({ length: n }, () => [d, u]);
const yukon = () => [[0, 1], ...Array.from({ length: 6 }, (_, i) => [i + 1, 5])];

const GAMES = {
  KL: { decks: 1, draw: 1, cols: tri(7) },
  TF: { decks: 1, draw: 1, cols: up(7) },
  TP: { decks: 1, draw: 1, cols: tri(7) },
  WH: { decks: 1, draw: 1, cols: up(7) },
  SH: { decks: 1, draw: 1, cols: Array.from({ length: 7 }, (_, c) => [6 - c, 1]) },
  EC: { decks: 1, draw: 1, cols: same(7, 2, 1) },
  WC: { decks: 1, draw: 1, cols: same(10, 2, 1) },
  PS: { decks: 1, draw: 1, cols: same(6, 0, 1) },
  TR: { decks: 1, draw: 1, cols: tri(7) },
  DK: { decks: 2, draw: 1, cols: tri(9) },
  GA: { decks: 2, draw: 1, cols: tri(9) },
  TK: { decks: 3, draw: 1, cols: tri(13) },
  LJ: { decks: 2, draw: 3, cols: up(10) },
  ET: { decks: 2, draw: 1, cols: same(8, 0, 8) },
  SA: { decks: 1, draw: 3, cols: up(7) },
  NA: { decks: 1, draw: 1, cols: tri(9) },
  AP: { decks: 1, draw: 1, cols: same(7, 0, 4) },
  RP: { decks: 1, draw: 1, cols: same(7, 0, 4) },
  EH: { decks: 1, draw: 0, cols: same(7, 2, 1) },
  AG: { decks: 1, draw: 0, cols: up(7), special: "agnes" },
  SE: { decks: 1, draw: 0, cols: tri(7) },
  WW: { decks: 1, draw: 0, cols: same(7, 2, 1) },
  YU: { decks: 1, draw: 0, cols: yukon() },
  RU: { decks: 1, draw: 0, cols: yukon() },
  AL: { decks: 1, draw: 0, cols: yukon() },
  SO: { decks: 1, draw: 0, cols: Array.from({ length: 10 }, (_, c) => [0, Math.min(c + 1, 8)]) },
  CF: { decks: 1, draw: 3, cols: same(4, 0, 1), special: "canfield" },
};

// --- Deal by positions (FAMILY.md 1.7 row rule) -----------------------------
// Returns deck POSITIONS (indexes into deck), so the rule books' examples
// ("column 7 = deck[6, 12, ...]") can be checked exactly even with 2-3 decks.
function dealPositions(game) {
  const g = GAMES[game];
  let k = 0;
  let base = null;
  let reserve = [];
  if (g.special === "canfield") {
    base = k++; // deck[0] to its foundation
    for (let i = 0; i < 13; i++) reserve.push(k++); // deck[1..13], deck[13] on top
  }
  const sizes = g.cols.map(([d, u]) => d + u);
  const piles = sizes.map(() => []);
  const rows = Math.max(...sizes);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < sizes.length; c++) if (sizes[c] > r) piles[c].push(k++);
  const columns = piles.map((p, c) => ({
    face_down: p.slice(0, g.cols[c][0]),
    face_up: p.slice(g.cols[c][0]),
  }));
  if (g.special === "agnes") base = k++; // deck[28] to its foundation
  const total = 52 * g.decks;
  const stock = [];
  while (k < total) stock.push(k++); // stock[0] drawn / dealt first
  return { columns, reserve, base, stock };
}

// --- Deal codes: 7 letters A-Z, base 26, A = 0, most significant first -----
function numberToLetters(n, width = 7) {
  let v = BigInt(n);
  let s = "";
  for (let i = 0; i < width; i++) {
    s = String.fromCharCode(65 + Number(v % 26n)) + s;
    v /= 26n;
  }
  if (v !== 0n) throw new Error(`number too large for ${width} letters: ${n}`);
  return s;
}
function lettersToNumber(s) {
  let v = 0n;
  for (const ch of s) {
    const d = ch.charCodeAt(0) - 65;
    if (d < 0 || d > 25) throw new Error("bad letter " + ch);
    v = v * 26n + BigInt(d);
  }
  return v;
}
const header = (game) => `${game}1-D${GAMES[game].draw}N-`;

// --- Full deal code: rank of a multiset permutation ---------------------------
function factorial(n) {
  let f = 1n;
  for (let i = 2n; i <= BigInt(n); i++) f *= i;
  return f;
}
// Number of distinct arrangements of k copies of each of the 52 cards.
const arrangements = (k) => factorial(52 * k) / factorial(k) ** 52n;
// W_k: smallest w with 26^w >= (52k)! / (k!)^52.
function fullWidth(k) {
  const total = arrangements(k);
  let w = 0;
  let p = 1n;
  while (p < total) {
    p *= 26n;
    w++;
  }
  return w;
}

// Lexicographic rank (0-based) among all distinct arrangements of the multiset
// of `cards` (values compared as numbers). At position i with n cards left
// and M arrangements of them, choosing value v first leaves M * count[v] / n.
function multisetRank(cards, alphabet = 52) {
  const count = new Array(alphabet).fill(0);
  for (const c of cards) count[c]++;
  let n = BigInt(cards.length);
  let M = factorial(cards.length);
  for (const c of count) M /= factorial(c);
  let rank = 0n;
  for (const c of cards) {
    let smaller = 0n;
    for (let v = 0; v < c; v++) smaller += BigInt(count[v]);
    rank += (M * smaller) / n; // each term M*count[v]/n is an integer
    M = (M * BigInt(count[c])) / n;
    count[c]--;
    n--;
  }
  return rank;
}
function multisetUnrank(rank, counts) {
  const count = counts.slice();
  let len = count.reduce((a, b) => a + b, 0);
  let n = BigInt(len);
  let M = factorial(len);
  for (const c of count) M /= factorial(c);
  if (rank < 0n || rank >= M) throw new Error("rank out of range");
  const out = [];
  for (let i = 0; i < len; i++) {
    for (let v = 0; v < count.length; v++) {
      if (count[v] === 0) continue;
      const sub = (M * BigInt(count[v])) / n;
      if (rank < sub) {
        out.push(v);
        M = sub;
        count[v]--;
        n--;
        break;
      }
      rank -= sub;
    }
  }
  return out;
}

function fullCode(game, cards) {
  const k = GAMES[game].decks;
  if (cards.length !== 52 * k) throw new Error("wrong card count");
  return header(game) + numberToLetters(multisetRank(cards), fullWidth(k));
}
function fullCodeToCards(code) {
  const m = /^([A-Z]{2})1-D([013])N-([A-Z]+)$/.exec(code);
  if (!m) throw new Error("bad full code " + code);
  const g = GAMES[m[1]];
  if (!g || String(g.draw) !== m[2]) throw new Error("bad header " + code);
  if (m[3].length !== fullWidth(g.decks)) throw new Error("bad width " + code);
  return multisetUnrank(lettersToNumber(m[3]), new Array(52).fill(g.decks));
}

// --- One vector -------------------------------------------------------------
function vector(game, dealNumber) {
  const g = GAMES[game];
  const deck = shuffledDeck(dealNumber, g.decks);
  const pos = dealPositions(game);
  const txt = (ps) => ps.map((p) => cardText(deck[p]));
  const code = header(game) + numberToLetters(dealNumber);
  if (lettersToNumber(code.slice(-7)) !== BigInt(dealNumber)) throw new Error("codec");
  return {
    code,
    game,
    decks: g.decks,
    deal_number: Number(dealNumber),
    deck: deck.map(cardText),
    columns: pos.columns.map((c) => ({ face_down: txt(c.face_down), face_up: txt(c.face_up) })),
    reserve: txt(pos.reserve),
    base_card: pos.base === null ? null : cardText(deck[pos.base]),
    stock: txt(pos.stock),
    full_code: fullCode(game, deck),
  };
}

// --- Checks -----------------------------------------------------------------
function check() {
  const fails = [];
  let oks = 0;
  const expect = (what, got, want) => {
    const g = JSON.stringify(got);
    const w = JSON.stringify(want);
    if (g === w) {
      oks++;
      return;
    }
    console.log(`FAIL ${what}: got ${g}, want ${w}`);
    fails.push(what);
  };
  const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const P = Object.fromEntries(Object.keys(GAMES).map((g) => [g, dealPositions(g)]));
  const all = (c) => [...c.face_down, ...c.face_up];

  // Every deal uses every deck position exactly once, counts match FAMILY.md 2.
  for (const [g, p] of Object.entries(P)) {
    const used = [...p.columns.flatMap(all), ...p.reserve, ...(p.base === null ? [] : [p.base]), ...p.stock];
    expect(`${g} positions are a partition`, used.slice().sort((a, b) => a - b), range(0, 52 * GAMES[g].decks - 1));
    p.columns.forEach((c, i) =>
      expect(`${g} col ${i + 1} counts`, [c.face_down.length, c.face_up.length], GAMES[g].cols[i]));
  }

  // Triangle games (KL, TP, TR, SE): RULES.md §2.
  for (const g of ["KL", "TP", "TR", "SE"]) {
    expect(`${g} col 1`, all(P[g].columns[0]), [0]);
    expect(`${g} col 7 top`, P[g].columns[6].face_up, [27]);
    expect(`${g} col 7`, all(P[g].columns[6]), [6, 12, 17, 21, 24, 26, 27]);
    expect(`${g} stock`, P[g].stock, range(28, 51));
  }
  // All-face-up triangle (TF, WH, SA).
  for (const g of ["TF", "WH", "SA"]) {
    P[g].columns.forEach((c, i) => expect(`${g} col ${i + 1} all up`, c.face_down.length, 0));
    expect(`${g} col 7 top`, P[g].columns[6].face_up.at(-1), 27);
    expect(`${g} stock`, P[g].stock, range(28, 51));
  }
  // Small Harp: column 7 = deck[6]; column 1's top = deck[27], 6 down.
  expect("SH col 7", all(P.SH.columns[6]), [6]);
  expect("SH col 1 top", P.SH.columns[0].face_up, [27]);
  expect("SH col 1", all(P.SH.columns[0]), [0, 7, 13, 18, 22, 25, 27]);
  expect("SH stock", P.SH.stock, range(28, 51));
  // Eastcliff, Easthaven, Will o' the Wisp: column c = deck[c-1], deck[c+6], deck[c+13].
  for (const g of ["EC", "EH", "WW"]) {
    for (let c = 1; c <= 7; c++) {
      expect(`${g} col ${c} down`, P[g].columns[c - 1].face_down, [c - 1, c + 6]);
      expect(`${g} col ${c} up`, P[g].columns[c - 1].face_up, [c + 13]);
    }
    expect(`${g} stock`, P[g].stock, range(21, 51));
  }
  // Westcliff: column c = deck[c-1], deck[c+9], deck[c+19]; stock deck[30..51].
  for (let c = 1; c <= 10; c++)
    expect(`WC col ${c}`, [P.WC.columns[c - 1].face_down, P.WC.columns[c - 1].face_up], [[c - 1, c + 9], [c + 19]]);
  expect("WC stock", P.WC.stock, range(30, 51));
  // Pas Seul: deck[0..5], stock deck[6..51].
  expect("PS cols", P.PS.columns.map(all), range(0, 5).map((i) => [i]));
  expect("PS stock", P.PS.stock, range(6, 51));
  // Double Klondike / Gargantua: column 1 = deck[0], column 9's top = deck[44], stock from 45 (59).
  for (const g of ["DK", "GA"]) {
    expect(`${g} col 1`, all(P[g].columns[0]), [0]);
    expect(`${g} col 9 top`, P[g].columns[8].face_up, [44]);
    expect(`${g} col 9 down`, P[g].columns[8].face_down.length, 8);
    expect(`${g} stock`, P[g].stock, range(45, 103));
  }
  // Triple Klondike: column 13's top = deck[90], stock deck[91..155] (65).
  expect("TK col 13 top", P.TK.columns[12].face_up, [90]);
  expect("TK col 1", all(P.TK.columns[0]), [0]);
  expect("TK stock", P.TK.stock, range(91, 155));
  // Lady Jane: column 10's top = deck[54], stock deck[55..103] (49).
  expect("LJ col 10 top", P.LJ.columns[9].face_up.at(-1), 54);
  expect("LJ stock", P.LJ.stock, range(55, 103));
  // Eight Times Eight: column c = deck[c-1+8k], k = 0..7; stock deck[64..103].
  for (let c = 1; c <= 8; c++)
    expect(`ET col ${c}`, P.ET.columns[c - 1].face_up, range(0, 7).map((k) => c - 1 + 8 * k));
  expect("ET stock", P.ET.stock, range(64, 103));
  // Nine Across: column 9's top = deck[44]; stock deck[45..51] (7).
  expect("NA col 9 top", P.NA.columns[8].face_up, [44]);
  expect("NA stock", P.NA.stock, range(45, 51));
  // Australian Patience / Raw Prawn: column c = deck[c-1, c+6, c+13, c+20].
  for (const g of ["AP", "RP"]) {
    for (let c = 1; c <= 7; c++) expect(`${g} col ${c}`, P[g].columns[c - 1].face_up, [c - 1, c + 6, c + 13, c + 20]);
    expect(`${g} stock`, P[g].stock, range(28, 51));
  }
  // Agnes Sorel: columns deck[0..27] all face up, base deck[28], stock deck[29..51].
  expect("AG tableau", P.AG.columns.flatMap(all).sort((a, b) => a - b), range(0, 27));
  expect("AG col 7", all(P.AG.columns[6]), [6, 12, 17, 21, 24, 26, 27]);
  expect("AG base", P.AG.base, 28);
  expect("AG stock", P.AG.stock, range(29, 51));
  // Yukon family: rows and the stated columns; no stock.
  for (const g of ["YU", "RU", "AL"]) {
    const C = P[g].columns;
    expect(`${g} col 1`, [C[0].face_down, C[0].face_up], [[], [0]]);
    expect(`${g} col 2`, [C[1].face_down, C[1].face_up], [[1], [7, 13, 19, 25, 31]]);
    expect(`${g} col 7`, [C[6].face_down, C[6].face_up], [[6, 12, 18, 24, 30, 36], [41, 45, 48, 50, 51]]);
    const rowsGiven = [[0, 6], [7, 12], [13, 18], [19, 24], [25, 30], [31, 36], [37, 41], [42, 45], [46, 48], [49, 50], [51, 51]];
    rowsGiven.forEach(([a, b], r) =>
      expect(`${g} row ${r}`, C.filter((c) => all(c).length > r).map((c) => all(c)[r]), range(a, b)));
    // column c's card in row k is face down iff k < c - 1
    C.forEach((col, i) => expect(`${g} col ${i + 1} down rows`, col.face_down.length, i));
    expect(`${g} stock`, P[g].stock, []);
  }
  // Somerset: column 1 = deck[0]; column 10 = deck[9, 18, 26, 33, 39, 44, 48, 51].
  expect("SO col 1", all(P.SO.columns[0]), [0]);
  expect("SO col 10", P.SO.columns[9].face_up, [9, 18, 26, 33, 39, 44, 48, 51]);
  expect("SO sizes", P.SO.columns.map((c) => c.face_up.length), [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]);
  expect("SO stock", P.SO.stock, []);
  // Canfield: base deck[0], reserve deck[1..13] (deck[13] on top), columns deck[14..17], stock deck[18..51].
  expect("CF base", P.CF.base, 0);
  expect("CF reserve", P.CF.reserve, range(1, 13));
  expect("CF reserve top", P.CF.reserve.at(-1), 13);
  expect("CF columns", P.CF.columns.map(all), [[14], [15], [16], [17]]);
  expect("CF stock", P.CF.stock, range(18, 51));

  // RULES.md §8 check values (one deck).
  const d6 = vector("KL", 6);
  expect("AAAAAAG = 6", String(lettersToNumber("AAAAAAG")), "6");
  expect("ZZZZZZZ = 26^7-1", String(lettersToNumber("ZZZZZZZ")), "8031810175");
  expect("deal 6 column 1", all(d6.columns[0]), ["AD"]);
  expect("deal 6 column 7 top", d6.columns[6].face_up, ["AH"]);
  expect("deal 6 stock first", d6.stock[0], "QH");
  const d1 = vector("KL", 1);
  expect("deal 1 column 1", all(d1.columns[0]), ["7H"]);
  expect("deal 1 column 7", all(d1.columns[6]).join(" "), "JH 3S 4D KS TC TH 8C");
  expect("deal 1 stock first 3", d1.stock.slice(0, 3).join(" "), "QS 4C 6S");
  expect("deal 6 code", d6.code, "KL1-D1N-AAAAAAG");
  expect("YU code example", vector("YU", 1).code, "YU1-D0N-AAAAAAB");
  expect("SA code example", vector("SA", 1).code, "SA1-D3N-AAAAAAB");

  // The k-deck shuffle with k = 1 is RULES.md §8: compare with deal_vectors.json.
  const dv = JSON.parse(readFileSync(new URL("./deal_vectors.json", import.meta.url), "utf8"));
  for (const v of dv) expect(`deal_vectors ${v.code} deck`, shuffledDeck(v.deal_number, 1).map(cardText), v.deck);
  // Each card appears exactly k times in a k-deck shuffle.
  for (const k of [1, 2, 3])
    for (const n of [0, 1, 6, 123456]) {
      const cnt = new Array(52).fill(0);
      for (const c of shuffledDeck(n, k)) cnt[c]++;
      expect(`deal ${n} k=${k} multiset`, cnt.every((x) => x === k), true);
    }

  // Full deal code.
  const W = [1, 2, 3].map(fullWidth);
  expect("W_1", W[0], 48);
  expect("KL1-D1N-AAAAAAG full code", d6.full_code, "KL1-D1N-MUKXTDXKGUGEFVZGKCJKVSWJAKQBVMQIWYAKNZEPFJIINDZS");
  // Rank 0 is every card's copies adjacent in index order; the last rank is the reverse.
  for (const k of [1, 2, 3]) {
    const sorted = Array.from({ length: 52 * k }, (_, i) => Math.floor(i / k));
    expect(`k=${k} rank of sorted`, String(multisetRank(sorted)), "0");
    expect(`k=${k} rank of reversed`, String(multisetRank(sorted.slice().reverse())), String(arrangements(k) - 1n));
    expect(`k=${k} unrank 0`, multisetUnrank(0n, new Array(52).fill(k)), sorted);
    expect(`k=${k} 26^(W-1) < total`, 26n ** BigInt(W[k - 1] - 1) < arrangements(k), true);
    expect(`k=${k} 26^W >= total`, 26n ** BigInt(W[k - 1]) >= arrangements(k), true);
  }
  // Brute force on small multisets: enumerate distinct arrangements in lexicographic order.
  const brute = (counts) => {
    const out = [];
    const cur = [];
    const c = counts.slice();
    const len = c.reduce((a, b) => a + b, 0);
    const rec = () => {
      if (cur.length === len) return void out.push(cur.slice());
      for (let v = 0; v < c.length; v++)
        if (c[v] > 0) {
          c[v]--; cur.push(v); rec(); cur.pop(); c[v]++;
        }
    };
    rec();
    return out;
  };
  for (const counts of [[1, 1, 1, 1], [2, 2, 2], [3, 3], [1, 2, 3], [2, 0, 1, 2], [3, 3, 3]]) {
    const perms = brute(counts);
    let ok = true;
    perms.forEach((p, r) => {
      if (multisetRank(p, counts.length) !== BigInt(r)) ok = false;
      if (JSON.stringify(multisetUnrank(BigInt(r), counts)) !== JSON.stringify(p)) ok = false;
    });
    expect(`brute force ranks for counts ${counts}`, ok, true);
  }
  // Round trips: the vectors, and a few more deals of every game.
  for (const v of VECTORS()) {
    expect(`${v.code} full code round trip`, fullCodeToCards(v.full_code).map(cardText), v.deck);
    expect(`${v.code} full code header`, v.full_code.slice(0, 8), v.code.slice(0, 8));
    expect(`${v.code} full code width`, v.full_code.length, 8 + W[v.decks - 1]);
  }
  for (const g of Object.keys(GAMES))
    for (const n of [0, 2, 999, 26 ** 7 - 1]) {
      const deck = shuffledDeck(n, GAMES[g].decks);
      expect(`${g} deal ${n} full code round trip`, fullCodeToCards(fullCode(g, deck)), deck);
    }

  console.log(`W_1 = ${W[0]}, W_2 = ${W[1]}, W_3 = ${W[2]}`);
  const dk1 = vector("DK", 1);
  console.log(`${dk1.code} full code (first 30): ${dk1.full_code.slice(0, 30)}`);
  console.log(`${fails.length ? "FAILED" : "all ok"}: ${oks} checks passed, ${fails.length} failed`);
  return fails.length === 0;
}

// --- The vectors ------------------------------------------------------------
function VECTORS() {
  return [
    vector("DK", 0),
    vector("DK", 1),
    vector("DK", 6),
    vector("TK", 1),
    vector("CF", 0),
    vector("CF", 1),
    vector("CF", 6),
    vector("AG", 1),
    vector("YU", 1),
    vector("SO", 1),
    vector("SE", 1),
    vector("NA", 1),
    vector("KL", 6),
  ];
}

if (process.argv.includes("--check")) {
  process.exit(check() ? 0 : 1);
}
// One vector per line keeps the file diff-friendly and readable.
console.log("[\n" + VECTORS().map((v) => "  " + JSON.stringify(v)).join(",\n") + "\n]");
