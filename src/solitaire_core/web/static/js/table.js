// The table page: wires the API client, the board, the gestures, the animations and the
// controls together. The server is the authority: every action is sent to it, and the
// board is redrawn from the view it answers (the events only animate the change).

import * as api from "./api.js";
import { animate, snapshot } from "./animation.js";
import { cardsWith, pileName, render } from "./board.js";
import { startClock } from "./clock.js";
import { attachGestures } from "./gestures.js";
import { LANGUAGES, LANGUAGE_NAMES, language, setLanguage, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const root = $("table");
const state = {
  table: null, // the last table document answered
  facts: {}, // the games of GET /api/variants, by key
  selected: null, // {text, pile}: the card chosen by a tap, waiting for a pile
  hint: null, // the last hint's move, drawn until the next redraw
  busy: false,
  queue: Promise.resolve(),
  version: 0,
};
const clock = startClock($("clock"));

// --- showing a table -----------------------------------------------------------

function say(text, { error = false } = {}) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", error);
}

function dealText(deal) {
  const parts = [];
  if (deal.code) parts.push(deal.code);
  if (deal.grade) parts.push(t(deal.grade));
  if (deal.proven_winnable) parts.push(t("proven"));
  return parts.join(" · ");
}

function remember(id) {
  sessionStorage.setItem("solitaire.game", id);
  localStorage.setItem("solitaire.game", id);
}

function draw(events = []) {
  const table = state.table;
  const before = snapshot(root);
  render(root, table.view, state.facts[table.deal.game] ?? {});
  if (state.selected) {
    const card = root.querySelector(`[data-pile="${state.selected.pile}"] [data-card="${state.selected.text}"]`);
    if (card) for (const each of cardsWith(card)) each.classList.add("selected");
    else state.selected = null;
  }
  if (state.hint) markHint(state.hint);
  return animate(root, before, events);
}

async function show(table, { events = table.events } = {}) {
  state.table = table;
  state.hint = null;
  remember(table.id);
  const view = table.view;
  await draw(events);
  $("game-name").textContent = table.deal.name;
  $("score").textContent = view.score ? view.score.text : "";
  $("moves").textContent = String(view.moves_made);
  $("deal-info").textContent = dealText(table.deal);
  clock.set(view.clock);
  const over = view.status.won || view.status.resigned;
  $("undo").disabled = !view.status.can_undo;
  $("redo").disabled = !view.status.can_redo;
  $("hint").disabled = over;
  $("hard-hint").disabled = over;
  $("resign").disabled = over;
  $("auto-finish").disabled = !table.can_auto_finish;
  if (over) announceEnd(table);
  state.version += 1;
  root.dataset.version = String(state.version);
}

function announceEnd(table) {
  const message = $("message");
  message.classList.remove("error");
  message.textContent = `${table.view.status.won ? t("won") : t("resigned")} `;
  if (table.deal.code) {
    const link = document.createElement("a");
    link.href = `/?code=${encodeURIComponent(table.deal.code)}`;
    link.textContent = t("share");
    message.append(link);
  }
}

// --- acting ------------------------------------------------------------------

/** Run one request at a time; the table answered is shown, an error is said. */
function act(request, { redrawOnError = false } = {}) {
  state.queue = state.queue.then(async () => {
    state.busy = true;
    document.body.dataset.busy = "true";
    try {
      const table = await request();
      if (table) {
        say("");
        state.selected = null;
        await show(table);
      }
    } catch (error) {
      if (!(error instanceof api.ApiError)) {
        // The server cannot be reached (stopped, offline): say so; the next action tries again.
        say(String(error.message || error), { error: true });
        if (state.table) await draw();
        return;
      }
      say(error.detail && error.rule ? `${error.message} (${error.detail})` : error.message, { error: true });
      if (error.error === "conflict" || error.error === "unknown_game") {
        await reload();
      } else if (redrawOnError) {
        await draw();
      }
    } finally {
      state.busy = false;
      document.body.dataset.busy = "false";
    }
  });
  return state.queue;
}

async function reload() {
  if (!state.table) return;
  try {
    await show(await api.getGame(state.table.id), { events: [] });
  } catch (error) {
    if (error instanceof api.ApiError && error.error === "unknown_game") {
      await show(await api.newGame({ game: state.table.deal.game }), { events: [] });
    } else {
      throw error;
    }
  }
}

const id = () => state.table.id;

function target(pile) {
  if (pile.startsWith("column-")) return { to_column: Number(pile.slice(7)) - 1 };
  if (pile.startsWith("foundation-")) return { to_foundation: true };
  return null;
}

function dragTo(text, pile) {
  const where = target(pile);
  state.selected = null;
  if (!where) return draw(); // not a pile cards are put on: back where they were
  return act(() => api.gesture(id(), { gesture: "drag", card: text, ...where }), { redrawOnError: true });
}

const intents = {
  busy: () => state.busy || !state.table,
  stock: () => act(() => api.gesture(id(), { gesture: "tap_stock" })),
  home: (card) => {
    state.selected = null;
    return act(() => api.gesture(id(), { gesture: "tap", card: card.dataset.card }), { redrawOnError: true });
  },
  drop: (card, pile) => dragTo(card.dataset.card, pile),
  choose: (card) => {
    const pile = card.parentElement.dataset.pile;
    const chosen = state.selected;
    if (chosen && chosen.pile !== pile) {
      dragTo(chosen.text, pile);
      return;
    }
    state.selected = chosen && chosen.text === card.dataset.card ? null : { text: card.dataset.card, pile };
    draw();
    if (state.selected) say(`${card.getAttribute("aria-label")}: ${t("selected")}`);
    else say("");
    root.querySelector(`[data-pile="${pile}"] [data-card="${card.dataset.card}"]`)?.focus();
  },
  place: (pile) => {
    if (state.selected) dragTo(state.selected.text, pile);
  },
  letGo: () => {
    state.selected = null;
    say("");
    draw();
  },
};

// --- hints -------------------------------------------------------------------

function markHint(move) {
  const from = root.querySelector(`[data-pile="${pileName(move.from)}"]`);
  for (const text of move.cards) {
    from?.querySelector(`[data-card="${text}"]`)?.classList.add("hinted");
  }
  if (!move.cards.length) from?.classList.add("hint-source");
  if (move.to.pile !== "tableau") {
    root.querySelector(`[data-pile="${pileName(move.to)}"]`)?.classList.add("hint-target");
  }
}

function showHint(answer) {
  const hint = answer.hint;
  say(hint.move ? `${t("hintFor")}: ${hint.move.notation}. ${hint.reason}` : `${t("noHint")}: ${hint.reason}`);
  state.table = answer;
  state.hint = hint.move;
  draw();
}

let thinking = null;

function askHint(level) {
  if (level === "advisory") {
    return act(async () => {
      showHint(await api.hint(id(), "advisory"));
      return null;
    });
  }
  thinking = new AbortController();
  $("thinking").hidden = false;
  const signal = thinking.signal;
  return act(async () => {
    try {
      showHint(await api.hint(id(), "hard", { signal }));
    } catch (error) {
      if (error.name !== "AbortError") throw error;
      say("");
    } finally {
      $("thinking").hidden = true;
      thinking = null;
    }
    return null;
  });
}

// --- new games ---------------------------------------------------------------

function fillVariants(games) {
  const select = $("new-variant");
  select.replaceChildren();
  for (const game of games) {
    state.facts[game.key] = game;
    const option = document.createElement("option");
    option.value = game.key;
    option.textContent = game.name;
    select.append(option);
  }
}

function openNewGame() {
  const table = state.table;
  if (table) $("new-variant").value = table.deal.game;
  const playing = table && !table.view.status.won && !table.view.status.resigned && table.view.moves_made > 0;
  $("resign-note").hidden = !playing;
  updateDealKinds();
  $("new-dialog").showModal();
}

function updateDealKinds() {
  const facts = state.facts[$("new-variant").value] ?? {};
  const winnable = document.querySelector('input[name="kind"][value="winnable"]');
  const code = document.querySelector('input[name="kind"][value="code"]');
  winnable.disabled = !facts.winnable;
  $("new-grade").disabled = !facts.winnable;
  if (winnable.disabled && winnable.checked) {
    document.querySelector('input[name="kind"][value="random"]').checked = true;
  }
  code.disabled = false;
}

function newGameRequest(form) {
  const data = new FormData(form);
  const game = data.get("game");
  switch (data.get("kind")) {
    case "winnable": {
      const grade = data.get("grade");
      return grade ? { game, winnable: true, grade } : { game, winnable: true };
    }
    case "number":
      return { game, deal: Number.parseInt(String(data.get("number") || "0"), 10) };
    case "code":
      return { code: String(data.get("code")).trim() };
    default:
      return { game };
  }
}

async function startNewGame(request) {
  const table = state.table;
  const playing = table && !table.view.status.won && !table.view.status.resigned && table.view.moves_made > 0;
  await act(async () => {
    if (playing) await api.resign(table.id);
    say(t("loading"));
    return api.newGame(request);
  });
}

// --- the clock while the page is hidden --------------------------------------

let pausedByPage = false;

document.addEventListener("visibilitychange", () => {
  const table = state.table;
  if (!table) return;
  if (document.hidden && clock.running()) {
    pausedByPage = true;
    clock.pause();
    api.pause(table.id);
  } else if (!document.hidden && pausedByPage) {
    pausedByPage = false;
    act(async () => {
      const answer = await api.resume(table.id);
      state.table = answer;
      clock.set(answer.view.clock);
      return null;
    });
  }
});

// --- the controls ------------------------------------------------------------

function setUpControls() {
  $("undo").addEventListener("click", () => act(() => api.undo(id())));
  $("redo").addEventListener("click", () => act(() => api.redo(id())));
  $("hint").addEventListener("click", () => askHint("advisory"));
  $("hard-hint").addEventListener("click", () => askHint("hard"));
  $("cancel-hint").addEventListener("click", () => thinking?.abort());
  $("auto-finish").addEventListener("click", () => act(() => api.autoFinish(id())));
  $("resign").addEventListener("click", () => act(() => api.resign(id())));
  $("new-game").addEventListener("click", openNewGame);
  $("new-variant").addEventListener("change", updateDealKinds);
  $("new-form").addEventListener("submit", (event) => {
    const submitter = event.submitter;
    if (submitter?.value !== "deal") return;
    startNewGame(newGameRequest(event.target));
  });
  $("notation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("notation");
    const text = input.value.trim();
    if (!text || !state.table) return;
    input.value = "";
    const word = text.toLowerCase();
    if (word === "u" || word === "undo") act(() => api.undo(id()));
    else if (word === "redo") act(() => api.redo(id()));
    else act(() => api.play(id(), { notation: text }));
  });
  const languages = $("language");
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = LANGUAGE_NAMES[code];
    languages.append(option);
  }
  languages.value = language();
  languages.addEventListener("change", () => {
    setLanguage(languages.value);
    localStorage.setItem("solitaire.language", language());
    translatePage();
    if (state.table) show(state.table, { events: [] });
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    if ((event.ctrlKey || event.metaKey) && event.key === "z") act(() => api.undo(id()));
    if ((event.ctrlKey || event.metaKey) && event.key === "y") act(() => api.redo(id()));
  });
  let resizing = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => state.table && draw());
  });
  attachGestures(root, intents);
}

// --- starting ----------------------------------------------------------------

async function firstTable() {
  const params = new URLSearchParams(location.search);
  const code = params.get("code");
  const game = params.get("game");
  if (code || game) {
    history.replaceState(null, "", "/"); // a reload goes on with this game
    if (code) return api.newGame({ code });
    const deal = params.get("deal");
    return api.newGame(deal === null ? { game } : { game, deal: Number.parseInt(deal, 10) });
  }
  const known = sessionStorage.getItem("solitaire.game") ?? localStorage.getItem("solitaire.game");
  if (known) {
    try {
      return await api.getGame(known);
    } catch (error) {
      if (!(error instanceof api.ApiError) || error.error !== "unknown_game") throw error;
    }
  }
  return api.newGame({ game: "klondike" });
}

async function start() {
  const saved = localStorage.getItem("solitaire.language");
  const asked = saved ?? navigator.language.slice(0, 2);
  setLanguage(LANGUAGES.includes(asked) ? asked : "en");
  translatePage();
  setUpControls();
  fillVariants((await api.variants()).games);
  await act(async () => {
    try {
      return await firstTable();
    } catch (error) {
      if (!(error instanceof api.ApiError)) throw error;
      say(`${error.message}${error.detail ? ` (${error.detail})` : ""}`, { error: true });
      const table = await api.newGame({ game: "klondike" });
      await show(table, { events: [] });
      say(`${error.message}${error.detail ? ` (${error.detail})` : ""}`, { error: true });
      return null;
    }
  });
  document.body.dataset.ready = "true";
}

start();
