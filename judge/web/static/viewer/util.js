// Small DOM and wording helpers shared by the viewer's modules.

// vwEl("li", {class: "x", dataset: {index: 3}, onclick: fn}, "text", childNode, [more])
export function vwEl(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "dataset") {
        for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) node.dataset[k] = String(v);
      } else if (key === "text") node.textContent = value;
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (value === true) node.setAttribute(key, "");
      else node.setAttribute(key, String(value));
    }
  }
  vwAppend(node, children);
  return node;
}

export function vwAppend(node, ...children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) vwAppend(node, ...child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
  return node;
}

// "front_line" -> "front line"
export function vwWords(value) {
  return String(value).replace(/_/g, " ");
}

// the verdicts, strongest first, with their label and a shape cue (never colour only)
export const VW_VERDICTS = {
  illegal: { label: "Illegal", glyph: "✕", help: "an illegal play" },
  unverifiable: { label: "Unverifiable", glyph: "?", help: "the engine cannot check this step" },
  uncertain: { label: "Uncertain", glyph: "≈", help: "nothing wrong found, on a state that may differ from the game's" },
  recorded: { label: "Recorded", glyph: "◆", help: "an outcome applied as the log records it, not checked against the card" },
  legal: { label: "Legal", glyph: "✓", help: "checked: legal" },
};
export const VW_AFTER_ILLEGAL = { label: "After an illegal play", glyph: "↯", help: "the game goes on from a state an illegal play changed" };
export const VW_PROBLEM_VERDICTS = ["illegal", "unverifiable", "uncertain"];

export function vwVerdictInfo(verdict) {
  return VW_VERDICTS[verdict] || { label: vwWords(verdict || "unknown"), glyph: "•", help: "" };
}

// a step with every optional field present (compact replays leave out the defaults)
export function vwNormStep(step) {
  if (!step) return step;
  if (step.vwNorm) return step;
  const s = Object.assign({}, step);
  for (const key of ["violations", "rulings", "events", "unverifiable", "depends_on"]) if (!Array.isArray(s[key])) s[key] = [];
  s.action = s.action || {};
  s.skipped = !!s.skipped;
  s.after_illegal = !!s.after_illegal;
  if (!s.verdict) s.verdict = "legal";
  Object.defineProperty(s, "vwNorm", { value: true });
  return s;
}

export function vwGameName(game) {
  const names = { "union-arena": "Union Arena", "rangers-strike": "Rangers Strike", zx: "Z/X", rebirth: "Rebirth for you" };
  return names[game] || vwWords(game || "Replay");
}

export function vwPlayerName(players, id) {
  const p = (players || []).find((x) => x && x.id === id);
  return p && p.name ? `${p.name} (${id})` : String(id);
}
