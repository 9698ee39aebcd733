// Gestures: what a person does to the cards, with a mouse, a finger or the keyboard,
// turned into intents for the table (the server decides whether they are legal).
//
// * drag a face-up card (with the cards on it) onto a pile: drop(card, pile);
// * tap (click) a card: choose(card); then tap a pile: place(pile);
// * double-tap (double-click) a card: home(card), to its foundation;
// * tap the stock: stock();
// * keyboard: Tab to a card or pile, Enter or Space to choose / place, F sends the
//   focused card home, Escape lets go, the arrow keys move between piles and cards.
// Pointer events serve mouse, pen and touch alike.

import { cardsWith } from "./board.js";

const DRAG_START_PX = 6; // a press that moves less is a tap
const DOUBLE_TAP_MS = 450;

/** The top card of a pile may move; in a column any face-up card may (with its run). */
function movable(card) {
  if (!card || !card.classList.contains("face")) return false;
  const pile = card.parentElement;
  if (pile.classList.contains("column")) return true;
  const cards = pile.querySelectorAll(":scope > .card.face");
  return cards[cards.length - 1] === card;
}

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The pile a dragged card is dropped on: the one it covers most (columns reach down). */
function dropTarget(root, card, source) {
  const rect = card.getBoundingClientRect();
  const tableBottom = root.getBoundingClientRect().bottom;
  let best = null;
  let bestArea = 0;
  for (const pile of root.querySelectorAll(".column, .foundation")) {
    if (pile === source) continue;
    const box = pile.getBoundingClientRect();
    const reach = pile.classList.contains("column")
      ? { left: box.left, right: box.right, top: box.top, bottom: tableBottom }
      : box;
    const area = overlap(rect, reach);
    if (area > bestArea) {
      best = pile;
      bestArea = area;
    }
  }
  return best;
}

/**
 * Listen to the table's pointer and keyboard events.
 * intents: { busy(), stock(), choose(card), place(pileName), home(card), drop(card, pileName),
 *            letGo() }, where card is a card element and pileName a data-pile value.
 */
export function attachGestures(root, intents) {
  let press = null; // {pointerId, x, y, card, pile, cards, dragging}
  let lastTap = null; // {text, time}

  function reset() {
    if (press?.cards) {
      for (const each of press.cards) {
        each.classList.remove("dragging");
        each.style.removeProperty("transform");
      }
    }
    press = null;
  }

  root.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || intents.busy()) return;
    const card = event.target.closest(".card");
    const pile = event.target.closest("[data-pile]");
    if (!pile) return;
    press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, pile, dragging: false };
    if (movable(card)) {
      press.card = card;
      event.preventDefault(); // no text selection, no native drag of the card
    }
  });

  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId || !press.card) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      press.dragging = true;
      press.cards = cardsWith(press.card);
      root.setPointerCapture?.(event.pointerId);
      for (const each of press.cards) each.classList.add("dragging");
    }
    for (const each of press.cards) {
      each.style.setProperty("transform", `translate(${dx}px, ${dy}px)`);
    }
  });

  root.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const current = press;
    if (current.dragging) {
      const target = dropTarget(root, current.card, current.pile);
      if (target) {
        press = null; // the cards stay where they were dropped until the board is redrawn
        intents.drop(current.card, target.dataset.pile);
      } else {
        reset();
      }
      lastTap = null;
      return;
    }
    press = null;
    const pileName = current.pile.dataset.pile;
    if (pileName === "stock") {
      intents.stock();
      return;
    }
    if (current.card) {
      const text = current.card.dataset.card;
      const now = performance.now();
      if (lastTap && lastTap.text === text && now - lastTap.time < DOUBLE_TAP_MS) {
        lastTap = null;
        intents.home(current.card);
      } else {
        lastTap = { text, time: now };
        intents.choose(current.card);
      }
      return;
    }
    lastTap = null;
    intents.place(pileName);
  });

  root.addEventListener("pointercancel", reset);
  root.addEventListener("lostpointercapture", () => {
    if (press?.dragging) reset();
  });

  root.addEventListener("keydown", (event) => {
    if (intents.busy()) return;
    const card = event.target.closest?.(".card.face");
    const pile = event.target.closest?.("[data-pile]");
    if (!pile) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (pile.dataset.pile === "stock") intents.stock();
      else if (card && movable(card)) intents.choose(card);
      else intents.place(pile.dataset.pile);
    } else if ((event.key === "f" || event.key === "F") && card && movable(card)) {
      event.preventDefault();
      intents.home(card);
    } else if (event.key === "Escape") {
      intents.letGo();
    } else if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      moveFocus(root, pile, event.target, event.key);
    }
  });
}

/** Arrow keys: left and right between piles, up and down along a pile's cards. */
function moveFocus(root, pile, focused, key) {
  const focusable = (element) => [...element.querySelectorAll(".card.face")];
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const piles = [...root.querySelectorAll("[data-pile]")];
    const step = key === "ArrowRight" ? 1 : -1;
    for (let i = piles.indexOf(pile) + step; i >= 0 && i < piles.length; i += step) {
      const cards = focusable(piles[i]);
      const target = cards.length ? cards[cards.length - 1] : piles[i].tabIndex >= 0 ? piles[i] : null;
      if (target) {
        target.focus();
        return;
      }
    }
    return;
  }
  const cards = focusable(pile);
  const at = cards.indexOf(focused);
  const next = cards[at + (key === "ArrowDown" ? 1 : -1)];
  next?.focus();
}
