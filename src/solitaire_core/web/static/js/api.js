// The client of the table's JSON API (docs/web.md): one function per route, every
// answer parsed; an error answer becomes an ApiError carrying the server's JSON.

import { language } from "./i18n.js";

/** An error answer of the API: status, error name, rule id, message and detail. */
export class ApiError extends Error {
  constructor(body) {
    super(body.message);
    this.status = body.status;
    this.error = body.error;
    this.rule = body.rule;
    this.detail = body.detail;
  }
}

async function call(method, path, body, { signal } = {}) {
  const separator = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${separator}lang=${language()}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (response.status === 204) return null;
  let data;
  try {
    data = await response.json();
  } catch {
    data = { status: response.status, error: "invalid_response", message: response.statusText };
  }
  if (!response.ok) throw new ApiError(data);
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const variants = () => call("GET", "/api/variants");
export const newGame = (request) => call("POST", "/api/games", request);
export const getGame = (id) => call("GET", game(id));
export const play = (id, move) => call("POST", `${game(id)}/moves`, move);
export const gesture = (id, request) => call("POST", `${game(id)}/gestures`, request);
export const undo = (id) => call("POST", `${game(id)}/undo`);
export const redo = (id) => call("POST", `${game(id)}/redo`);
export const autoFinish = (id) => call("POST", `${game(id)}/auto-finish`);
export const resign = (id) => call("POST", `${game(id)}/resign`);
export const hint = (id, level, options) => call("POST", `${game(id)}/hint`, { level }, options);
export const resume = (id) => call("POST", `${game(id)}/resume`);
export const statistics = () => call("GET", "/api/statistics");

/** Pause the clock, also while the page is being hidden or closed (a keepalive request). */
export function pause(id) {
  return fetch(`${game(id)}/pause?lang=${language()}`, { method: "POST", keepalive: true }).catch(
    () => null,
  );
}
