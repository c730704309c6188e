// The board: one component for every game, drawn from the game's own zones in a replay's state
// by the generic renderer (board-core.js) and one layout per game (layout as data).
import { boardDraw, boardEl } from "./board-core.js";
import { uaLayout } from "./union-arena.js";
import { rsLayout } from "./rangers-strike.js";
import { zxLayout } from "./zx.js";
import { r4uLayout } from "./rebirth.js";

export const boardLayouts = {
  "union-arena": uaLayout,
  "rangers-strike": rsLayout,
  zx: zxLayout,
  rebirth: r4uLayout,
};

// el: the container (emptied); ctx: {game, variant, state, previous, players, teams, cards,
// perspective, selected} (and optionally decks: the replay's deck lists, to name cards the
// state gives by id only).  Clicking a face-up card dispatches "card-open" {id, code} on el.
export function renderBoard(el, ctx) {
  const layout = boardLayouts[ctx && ctx.game];
  if (!layout) {
    el.textContent = "";
    const root = boardEl("div", "board");
    root.dataset.game = String((ctx && ctx.game) || "");
    root.appendChild(boardEl("p", "board-empty", `No board for the game ${ctx && ctx.game}.`));
    el.appendChild(root);
    return root;
  }
  return boardDraw(el, ctx || {}, layout);
}
