// Board drawing: the player's view (the server's JSON) as piles and cards in the DOM.
//
// The DOM contract (docs/web.md): every pile element carries data-pile = "stock",
// "waste", "reserve", "foundation-N" or "column-N" (1-based, left to right); every
// card element carries data-card with its text ("AH", "TD") when face up, and nothing
// naming the card when face down. Cards also carry data-place, their 0-based place in
// the pile counted from the bottom (the places of the events), which the animations use.

import { cardName, t } from "./i18n.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_TEXT = { T: "10" };
const MAX_UNIT = 118; // px: the widest a card gets (with its gap), on a big screen
const DOWN_FAN = 0.11; // of a card's height: the step between face-down cards of a column
const UP_FAN = 0.27; // of a card's height: the step between face-up cards of a column

/** The data-pile name of a place of the events or moves ({pile, index}). */
export function pileName(place) {
  if (place.pile === "column") return `column-${place.index + 1}`;
  if (place.pile === "foundation") return `foundation-${place.index + 1}`;
  return place.pile;
}

/** Where every pile goes, and how big a card is, for a view in a width and height (px). */
export function layout(view, facts, width, height) {
  const board = view.board;
  const columns = board.tableau.length;
  const hasStock = facts.stock !== "none";
  const hasWaste = facts.stock === "waste";
  const wasteUnits = hasWaste ? (facts.draw >= 3 ? 1.6 : 1) : 0;
  const left = (hasStock ? 1 : 0) + wasteUnits + (board.reserve ? 1 : 0);
  const foundations = board.foundations.length;
  const topUnits = left + foundations + (left ? 0.3 : 0);
  const across = Math.max(columns, topUnits);
  // The two rows and a fan of eight cards should fit the height, if the width allows.
  const byHeight = height / (1.4 * 0.88 * (2.15 + 7 * UP_FAN) + 0.4);
  const unit = Math.max(16, Math.min(MAX_UNIT, width / across, Math.max(byHeight, 34)));
  const gap = unit * 0.12;
  const cardW = unit - gap;
  const cardH = cardW * 1.4;
  const x0 = Math.max(0, (width - across * unit) / 2) + gap / 2;
  const piles = {};
  let x = x0;
  const top = gap * 1.5;
  if (hasStock) {
    piles.stock = { x, y: top, w: cardW, h: cardH };
    x += unit;
  }
  if (hasWaste) {
    piles.waste = { x, y: top, w: cardW + (wasteUnits - 1) * unit, h: cardH };
    x += wasteUnits * unit;
  }
  if (board.reserve) {
    piles.reserve = { x, y: top, w: cardW, h: cardH };
  }
  const right = x0 + across * unit;
  for (let i = 0; i < foundations; i += 1) {
    const fx = right - (foundations - i) * unit;
    piles[`foundation-${i + 1}`] = { x: fx, y: top, w: cardW, h: cardH };
  }
  // The columns sit under the foundations' right edge when the top row is wider
  // (Canfield's four columns under its four foundations), else across the table.
  const columnsX = right - columns * unit;
  const columnTop = top + cardH + gap * 2;
  const room = Math.max(cardH * 2, height - columnTop - gap);
  let bottom = columnTop + cardH;
  const fans = [];
  board.tableau.forEach((column, i) => {
    const down = column.face_down;
    const up = column.face_up.length;
    let downStep = cardH * DOWN_FAN;
    let upStep = cardH * UP_FAN;
    const spread = down * downStep + Math.max(up - 1, 0) * upStep;
    if (spread > 0 && spread + cardH > room) {
      const squeeze = Math.max(0.3, (room - cardH) / spread);
      downStep *= squeeze;
      upStep *= squeeze;
    }
    const h = cardH + down * downStep + Math.max(up - 1, 0) * upStep;
    piles[`column-${i + 1}`] = { x: columnsX + i * unit, y: columnTop, w: cardW, h };
    fans.push({ downStep, upStep });
    bottom = Math.max(bottom, columnTop + h);
  });
  return { unit, gap, cardW, cardH, piles, fans, height: Math.max(height, bottom + gap * 2) };
}

function cardElement(text, place, { x = 0, y = 0 } = {}) {
  const card = document.createElement("div");
  const suit = text[1];
  card.className = `card face ${suit === "H" || suit === "D" ? "red" : "black"}`;
  card.dataset.card = text;
  card.dataset.place = String(place);
  card.tabIndex = 0;
  card.setAttribute("role", "button");
  card.setAttribute("aria-label", cardName(text));
  const rank = RANK_TEXT[text[0]] ?? text[0];
  const symbol = SUIT_SYMBOLS[suit];
  for (const corner of ["top", "bottom"]) {
    const index = document.createElement("span");
    index.className = `index ${corner}`;
    index.setAttribute("aria-hidden", "true");
    const r = document.createElement("span");
    r.className = "rank";
    r.textContent = rank;
    const s = document.createElement("span");
    s.className = "suit";
    s.textContent = symbol;
    index.append(r, s);
    card.append(index);
  }
  const pip = document.createElement("span");
  pip.className = "JQK".includes(text[0]) ? "pip court" : "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = "JQK".includes(text[0]) ? `${text[0]}${symbol}` : symbol;
  card.append(pip);
  place_(card, x, y);
  return card;
}

function backElement(place, { x = 0, y = 0 } = {}) {
  const card = document.createElement("div");
  card.className = "card back";
  card.dataset.place = String(place);
  card.setAttribute("aria-hidden", "true");
  place_(card, x, y);
  return card;
}

function place_(element, x, y) {
  element.style.setProperty("left", `${x}px`);
  element.style.setProperty("top", `${y}px`);
}

function pileElement(name, box, label) {
  const pile = document.createElement("div");
  pile.className = `pile ${name.replace(/-\d+$/, "")}`;
  pile.dataset.pile = name;
  pile.setAttribute("role", "group");
  pile.setAttribute("aria-label", label);
  place_(pile, box.x, box.y);
  pile.style.setProperty("width", `${box.w}px`);
  pile.style.setProperty("height", `${box.h}px`);
  return pile;
}

function countBadge(count) {
  const badge = document.createElement("span");
  badge.className = "count";
  badge.textContent = String(count);
  badge.setAttribute("aria-hidden", "true");
  return badge;
}

/**
 * Draw a view into the table element (replacing what was there); returns the layout.
 * facts: the game's entry of GET /api/variants (stock kind, draw).
 */
export function render(root, view, facts) {
  const width = root.clientWidth;
  // The table takes the screen down to the notation box (kept in sight below it).
  const height = Math.max(window.innerHeight - root.getBoundingClientRect().top - 120, 240);
  const box = layout(view, facts, width, height);
  root.style.setProperty("--card-w", `${box.cardW}px`);
  root.style.setProperty("--card-h", `${box.cardH}px`);
  root.style.setProperty("height", `${box.height}px`);
  const board = view.board;
  const piles = [];

  if (box.piles.stock) {
    const count = board.stock.count;
    const stock = pileElement("stock", box.piles.stock, `${t("stock")}: ${count} ${t("cards")}`);
    stock.tabIndex = 0;
    stock.setAttribute("role", "button");
    if (count) {
      stock.append(backElement(count - 1), countBadge(count));
    } else {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = facts.stock === "waste" && board.waste.length ? "↻" : "";
      mark.setAttribute("aria-hidden", "true");
      stock.append(mark);
    }
    piles.push(stock);
  }
  if (box.piles.waste) {
    const waste = board.waste;
    const pile = pileElement("waste", box.piles.waste, `${t("waste")}: ${waste.length} ${t("cards")}`);
    const shown = facts.draw >= 3 ? 3 : 2;
    const first = Math.max(0, waste.length - shown);
    const step = facts.draw >= 3 ? box.unit * 0.3 : 0; // draw 3: the last three fanned
    for (let i = first; i < waste.length; i += 1) {
      pile.append(cardElement(waste[i], i, { x: (i - first) * step }));
    }
    piles.push(pile);
  }
  if (box.piles.reserve) {
    const reserve = board.reserve;
    const pile = pileElement("reserve", box.piles.reserve, `${t("reserve")}: ${reserve.count} ${t("cards")}`);
    if (reserve.count > 1 || (reserve.count === 1 && !reserve.top)) {
      pile.append(backElement(reserve.count - (reserve.top ? 2 : 1)));
    }
    if (reserve.top) pile.append(cardElement(reserve.top, reserve.count - 1));
    if (reserve.count) pile.append(countBadge(reserve.count));
    piles.push(pile);
  }
  board.foundations.forEach((slot, i) => {
    const name = `foundation-${i + 1}`;
    const pile = pileElement(name, box.piles[name], `${t("foundation")} ${i + 1}: ${slot.cards.length} ${t("cards")}`);
    const mark = document.createElement("span");
    mark.className = "mark suit-mark";
    // An empty slot shows its suit, and the base rank where it is not the Ace (Canfield).
    const base = board.foundation_base && board.foundation_base !== "A" ? board.foundation_base : "";
    mark.textContent = `${RANK_TEXT[base] ?? base}${SUIT_SYMBOLS[slot.suit] ?? ""}`;
    mark.setAttribute("aria-hidden", "true");
    pile.append(mark);
    const cards = slot.cards;
    for (let j = Math.max(0, cards.length - 2); j < cards.length; j += 1) {
      pile.append(cardElement(cards[j], j));
    }
    piles.push(pile);
  });
  board.tableau.forEach((column, i) => {
    const name = `column-${i + 1}`;
    const count = column.face_down + column.face_up.length;
    const label = `${t("column")} ${i + 1}: ${count ? `${count} ${t("cards")}` : t("empty")}`;
    const pile = pileElement(name, box.piles[name], label);
    const { downStep, upStep } = box.fans[i];
    for (let j = 0; j < column.face_down; j += 1) {
      pile.append(backElement(j, { y: j * downStep }));
    }
    column.face_up.forEach((text, j) => {
      const y = column.face_down * downStep + j * upStep;
      pile.append(cardElement(text, column.face_down + j, { y }));
    });
    if (!count) pile.tabIndex = 0;
    piles.push(pile);
  });
  root.replaceChildren(...piles);
  return box;
}

/** The card element at a place of the events, or null when it is not drawn. */
export function cardAt(root, place) {
  return root.querySelector(`[data-pile="${pileName(place)}"] > .card[data-place="${place.place}"]`);
}

/** The cards that move with a face-up card: it and, in a column, every card on it. */
export function cardsWith(card) {
  const pile = card.parentElement;
  if (!pile.classList.contains("column")) return [card];
  const place = Number(card.dataset.place);
  return [...pile.querySelectorAll(".card")].filter((each) => Number(each.dataset.place) >= place);
}
