// The keyboard: one table of keys (the help dialog lists it) and the handler.

import { vwEl } from "./util.js";

// action name -> keys (KeyboardEvent.key values) and what they do
export const VW_KEYMAP = [
  { action: "prev", keys: ["ArrowLeft"], show: "←", what: "Previous step" },
  { action: "next", keys: ["ArrowRight"], show: "→", what: "Next step" },
  { action: "prevTurn", keys: ["ArrowUp"], show: "↑", what: "Previous turn (its first step)" },
  { action: "nextTurn", keys: ["ArrowDown"], show: "↓", what: "Next turn (its first step)" },
  { action: "nextProblem", keys: ["n"], show: "n", what: "Next problem (illegal, unverifiable or uncertain step)" },
  { action: "prevProblem", keys: ["N"], show: "N (Shift+n)", what: "Previous problem" },
  { action: "first", keys: ["Home"], show: "Home", what: "First step" },
  { action: "last", keys: ["End"], show: "End", what: "Last step" },
  { action: "help", keys: ["?"], show: "?", what: "This help" },
];
export const VW_KEYS_EXTRA = [{ show: "Esc", what: "Close a dialog (help, card)" }];

const VW_TEXT_INPUTS = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "time", "datetime-local", "month", "week"]);

// true when the key goes to a field the user is typing in (or a native control that uses it)
export function vwIsTyping(target) {
  if (!target || !(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return VW_TEXT_INPUTS.has((target.getAttribute("type") || "text").toLowerCase());
  return false;
}

export function vwKeyAction(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  for (const entry of VW_KEYMAP) if (entry.keys.includes(event.key)) return entry.action;
  return null;
}

// handlers: {action: fn}; keys are ignored while typing and while a modal dialog is open
export function vwInstallKeys(handlers, root) {
  const onKey = (event) => {
    if (event.defaultPrevented || vwIsTyping(event.target)) return;
    const action = vwKeyAction(event);
    if (!action || !handlers[action]) return;
    const modal = document.querySelector("dialog[open]");
    if (modal && !(action === "help" && modal.id === "help")) return;
    event.preventDefault();
    handlers[action](event);
  };
  (root || document).addEventListener("keydown", onKey);
  return () => (root || document).removeEventListener("keydown", onKey);
}

export function vwBuildHelp() {
  const rows = [...VW_KEYMAP, ...VW_KEYS_EXTRA].map((k) =>
    vwEl("div", { class: "vw-help-row" }, vwEl("dt", {}, vwEl("kbd", {}, k.show)), vwEl("dd", {}, k.what))
  );
  const close = vwEl("button", { type: "button", class: "vw-dialog-close", "aria-label": "Close help" }, "✕");
  const dialog = vwEl(
    "dialog",
    { id: "help", class: "vw-dialog", "aria-labelledby": "vw-help-title" },
    vwEl("div", { class: "vw-dialog-head" }, vwEl("h2", { id: "vw-help-title" }, "Keyboard"), close),
    vwEl("dl", { class: "vw-help-keys" }, rows),
    vwEl(
      "p",
      { class: "vw-help-note" },
      "Keys do nothing while you type in a field. A link to this page keeps the step and the viewpoint (#step=…&view=…)."
    )
  );
  close.addEventListener("click", () => vwCloseDialog(dialog));
  vwDialogBackdropClose(dialog);
  return dialog;
}

export function vwOpenDialog(dialog) {
  if (dialog.open) return;
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}

export function vwCloseDialog(dialog) {
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}

// a click on the backdrop (outside the dialog's box) closes it
export function vwDialogBackdropClose(dialog) {
  dialog.addEventListener("click", (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) vwCloseDialog(dialog);
  });
}
