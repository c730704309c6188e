// The card panel <dialog id="card">: a card's definition and the engine's reading of it.

import { vwEl, vwWords } from "./util.js";
import { vwDialogBackdropClose, vwOpenDialog, vwCloseDialog } from "./keys.js";

const VW_CARD_SKIP = new Set(["code", "name", "effects", "text", "traits", "keywords", "races", "attribute"]);
const VW_CARD_LISTS = ["traits", "races", "keywords", "attribute"];

function vwCardValue(value) {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map(vwCardValue).join(", ") : "—";
  if (typeof value === "object") {
    const parts = Object.entries(value).map(([k, v]) => `${vwWords(k)} ${vwCardValue(v)}`);
    return parts.length ? parts.join(", ") : "none";
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return vwWords(value);
}

function vwEffectText(effect) {
  if (!effect || typeof effect !== "object") return String(effect);
  if (effect.text) return effect.text;
  const when = effect.when ? `${vwWords(effect.when)}: ` : "";
  const ops = (effect.do || []).map((op) => Object.entries(op).map(([k, v]) => (k === "op" ? vwWords(v) : `${vwWords(k)} ${vwCardValue(v)}`)).join(" "));
  return when + (ops.join("; ") || "(no text)");
}

export class VwCardPanel {
  constructor() {
    this.closeButton = vwEl("button", { type: "button", class: "vw-dialog-close", "aria-label": "Close the card" }, "✕");
    this.title = vwEl("h2", { id: "vw-card-title" }, "Card");
    this.body = vwEl("div", { class: "vw-card-body" });
    this.dialog = vwEl(
      "dialog",
      { id: "card", class: "vw-dialog vw-card-dialog", "aria-labelledby": "vw-card-title" },
      vwEl("div", { class: "vw-dialog-head" }, this.title, this.closeButton),
      this.body
    );
    this.closeButton.addEventListener("click", () => this.close());
    vwDialogBackdropClose(this.dialog);
    this.returnFocus = null;
    this.dialog.addEventListener("close", () => {
      if (this.returnFocus && this.returnFocus.isConnected) this.returnFocus.focus();
      this.returnFocus = null;
    });
  }

  // detail: {id, code} from the board; cards: code -> definition; readings: code -> [lines]
  open(detail, cards, readings) {
    const code = detail && detail.code;
    const id = detail && detail.id;
    const def = code ? cards.get(code) : null;
    this.dialog.dataset.code = code || "";
    this.dialog.dataset.cardId = id || "";
    this.title.textContent = def && def.name ? def.name : code ? code : "Hidden card";
    const parts = [];
    parts.push(
      vwEl(
        "p",
        { class: "vw-card-ids" },
        code ? vwEl("span", { class: "vw-card-code" }, code) : "face down",
        id ? [" · ", vwEl("span", { class: "vw-card-cardid" }, id)] : null
      )
    );
    if (!code) {
      parts.push(vwEl("p", { class: "vw-empty" }, "This card is hidden from this viewpoint."));
    } else if (!def) {
      parts.push(vwEl("p", { class: "vw-empty" }, "This card is not in the replay's card list."));
    } else {
      const rows = [];
      for (const [key, value] of Object.entries(def)) {
        if (VW_CARD_SKIP.has(key)) continue;
        if (value === null || value === undefined || (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length)) continue;
        if (Array.isArray(value) && !value.length) continue;
        rows.push(vwEl("div", { class: `vw-card-field vw-card-${key}` }, vwEl("dt", {}, key.length <= 3 ? key.toUpperCase() : vwWords(key)), vwEl("dd", {}, vwCardValue(value))));
      }
      if (rows.length) parts.push(vwEl("dl", { class: "vw-card-stats" }, rows));
      for (const key of VW_CARD_LISTS) {
        const list = def[key];
        const items = Array.isArray(list) ? list : list ? [list] : [];
        if (!items.length) continue;
        parts.push(
          vwEl(
            "p",
            { class: `vw-card-tags vw-cardtags-${key}` },
            vwEl("span", { class: "vw-card-tags-label" }, `${vwWords(key)}: `),
            items.map((t) => vwEl("span", { class: "vw-tag" }, vwWords(t)))
          )
        );
      }
      if (def.text) parts.push(vwEl("blockquote", { class: "vw-card-text" }, def.text));
      const effects = Array.isArray(def.effects) ? def.effects : [];
      if (effects.length) {
        parts.push(vwEl("h3", {}, "Effects"), vwEl("ul", { class: "vw-card-effects" }, effects.map((e) => vwEl("li", { class: "vw-card-effect" }, vwEffectText(e)))));
      }
    }
    const lines = code && readings ? readings[code] : null;
    if (Array.isArray(lines) && lines.length) {
      parts.push(vwEl("section", { class: "vw-card-reading" }, vwEl("h3", {}, "Engine's reading"), vwEl("ul", {}, lines.map((l) => vwEl("li", {}, String(l))))));
    }
    this.body.replaceChildren(...parts);
    if (!this.dialog.open) this.returnFocus = document.activeElement;
    vwOpenDialog(this.dialog);
    this.closeButton.focus();
  }

  close() {
    vwCloseDialog(this.dialog);
  }
}
