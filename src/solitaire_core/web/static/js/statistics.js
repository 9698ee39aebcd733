// The statistics page: every board's figures from GET /api/statistics (the SQLite
// statistics the server records when a game ends), games played with help apart.

import * as api from "./api.js";
import { LANGUAGES, LANGUAGE_NAMES, language, setLanguage, t, translatePage } from "./i18n.js";

const COLUMNS = [
  ["played", (f) => f.played],
  ["won_", (f) => f.won],
  ["lost", (f) => f.lost],
  ["resigned_", (f) => f.resigned],
  ["winPercent", (f) => (f.win_percentage === null ? "–" : f.win_percentage.toFixed(1))],
  ["streak", (f) => f.current_streak],
  ["bestStreak", (f) => f.best_streak],
  ["bestScore", (f) => f.best_score_text ?? "–"],
  ["fastest", (f) => (f.fastest_win === null ? "–" : seconds(f.fastest_win))],
  ["fewestMoves", (f) => f.fewest_moves ?? "–"],
];

function seconds(value) {
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = String(text);
  return element;
}

function boardTable(board) {
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.textContent = `${board.name} · ${t("draw")} ${board.draw} · ${t("scoring")}: ${board.scoring}`;
  table.append(caption);
  const head = document.createElement("tr");
  head.append(cell("th", ""), ...COLUMNS.map(([key]) => cell("th", t(key))));
  table.append(head);
  for (const ledger of ["unassisted", "assisted"]) {
    const row = document.createElement("tr");
    const figures = board[ledger];
    row.append(cell("th", t(ledger)), ...COLUMNS.map(([, value]) => cell("td", value(figures))));
    table.append(row);
  }
  const scroll = document.createElement("div");
  scroll.className = "scroll";
  scroll.append(table);
  return scroll;
}

async function show() {
  const { boards } = await api.statistics();
  const place = document.getElementById("boards");
  if (!boards.length) {
    place.replaceChildren(cell("p", t("noGames")));
  } else {
    place.replaceChildren(...boards.map(boardTable));
  }
  document.body.dataset.ready = "true";
}

function start() {
  const saved = localStorage.getItem("solitaire.language");
  setLanguage(saved ?? navigator.language.slice(0, 2));
  translatePage();
  const select = document.getElementById("language");
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = LANGUAGE_NAMES[code];
    select.append(option);
  }
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    localStorage.setItem("solitaire.language", language());
    translatePage();
    show();
  });
  show();
}

start();
