// Animation: cards glide from where they were to where the new view puts them, in the
// order of the engine's events (moved, turned, recycled). The board is redrawn from the
// server's view first; the events only say which card came from where ("FLIP").
// With prefers-reduced-motion nothing moves: the new board simply appears.

import { cardAt, pileName } from "./board.js";

const MOVE_MS = 200;
const TURN_MS = 150;
const STAGGER_MS = 40;
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** True when the player asked for reduced motion (checked at each animation). */
export function motionReduced() {
  return reducedMotion.matches;
}

/** Where every pile and drawn card is on screen now, to animate from after a redraw. */
export function snapshot(root) {
  const rects = new Map();
  for (const pile of root.querySelectorAll("[data-pile]")) {
    const name = pile.dataset.pile;
    rects.set(name, pile.getBoundingClientRect());
    for (const card of pile.querySelectorAll(":scope > .card")) {
      rects.set(`${name}|${card.dataset.place}`, card.getBoundingClientRect());
    }
  }
  return rects;
}

function glide(element, from, delay) {
  const now = element.getBoundingClientRect();
  const dx = from.left - now.left;
  const dy = from.top - now.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  return element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)`, zIndex: 40 },
      { transform: "translate(0, 0)", zIndex: 40 },
    ],
    { duration: MOVE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
  );
}

/**
 * Animate a redrawn board from the snapshot taken before it, event by event.
 * Resolves when every animation has finished (at once with reduced motion).
 */
export function animate(root, before, events) {
  if (motionReduced() || !events.length) return Promise.resolve();
  const running = [];
  let step = 0;
  for (const event of events) {
    if (event.type === "cards_moved") {
      event.cards.forEach((_, i) => {
        const to = { ...event.to, place: event.to.place + i };
        const element = cardAt(root, to);
        const fromPile = pileName(event.from);
        const from = before.get(`${fromPile}|${event.from.place + i}`) ?? before.get(fromPile);
        if (!element || !from) return;
        const animation = glide(element, from, step * STAGGER_MS);
        if (animation) running.push(animation.finished);
      });
      step += 1;
    } else if (event.type === "card_turned" && event.face_up) {
      const element = cardAt(root, event.at);
      if (!element) continue;
      const turn = element.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], {
        duration: TURN_MS,
        delay: step * STAGGER_MS + MOVE_MS / 2,
        fill: "backwards",
      });
      running.push(turn.finished);
    } else if (event.type === "waste_recycled" || event.type === "recycle_undone") {
      const target = event.type === "waste_recycled" ? "stock" : "waste";
      const source = event.type === "waste_recycled" ? "waste" : "stock";
      const pile = root.querySelector(`[data-pile="${target}"]`);
      const from = before.get(source);
      const card = pile?.querySelector(".card");
      if (card && from) {
        const animation = glide(card, from, step * STAGGER_MS);
        if (animation) running.push(animation.finished);
      }
      step += 1;
    }
  }
  return Promise.allSettled(running).then(() => undefined);
}
