// The step panel: what the current step is, what the judge says about it and why.

import { vwEl, vwWords, vwVerdictInfo, vwNormStep, vwPlayerName, VW_AFTER_ILLEGAL } from "./util.js";

// what each rule confidence label means (judge/core/rules.py LABELS, shortened)
export const VW_RULE_LABELS = {
  OFF: "Official text: the publisher's own rulebook, manual or FAQ.",
  "OFF-tr": "A translation of official text: as good as the translation.",
  FAN: "A fan summary: no official wording was found; check it against the official rules.",
  GAP: "Not found in any source: the engine's own decision, exposed as a rule option.",
  ENGINE: "A convention of this engine or of the action-log format, not a rule of the game.",
};

// "A plays UAS-020 (Harbour Cadet) → front line" and the action's other fields
export function vwActionWords(action, ctx) {
  const a = action || {};
  const who = a.p ? vwPlayerName(ctx.players, a.p) : "";
  const verb = vwWords(a.do || "(no action)");
  const main = a.card !== undefined ? `${verb} ${vwCardWords(a.card, ctx)}` : verb;
  const extras = [];
  for (const [key, value] of Object.entries(a)) {
    if (["p", "do", "card", "note"].includes(key)) continue;
    extras.push([vwWords(key), vwValueWords(value, ctx)]);
  }
  return { who, main, extras };
}

export function vwCardWords(card, ctx) {
  if (card === null || card === undefined) return "(hidden)";
  if (typeof card !== "string") return vwValueWords(card, ctx);
  const def = ctx.cardsByCode && ctx.cardsByCode.get(card);
  return def && def.name ? `${card} (${def.name})` : card;
}

export function vwValueWords(value, ctx) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length ? value.map((v) => vwValueWords(v, ctx)).join(", ") : "none";
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${vwWords(k)}: ${vwValueWords(v, ctx)}`)
      .join("; ");
  }
  if (typeof value === "string") {
    if (ctx.cardsByCode && ctx.cardsByCode.has(value)) return vwCardWords(value, ctx);
    return vwWords(value);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

// a rule's text is hard-wrapped: join its lines, keep paragraphs and list items
export function vwUnwrap(text) {
  return String(text)
    .replace(/\r\n?/g, "\n")
    .replace(/([^\n])\n(?!\n|\s*(?:[-*•]|\d+[.)]|[a-z][.)])\s)/g, "$1 ")
    .replace(/ {2,}/g, " ");
}

function vwRuleItem(kind, item, rules) {
  const rule = (rules || {})[item.rule] || null;
  const label = rule && rule.confidence ? rule.confidence : "";
  return vwEl(
    "li",
    { class: `vw-rule ${kind}`, dataset: { rule: item.rule } },
    vwEl(
      "p",
      { class: "vw-rule-head" },
      vwEl("span", { class: "rule-id" }, item.rule || "(no rule)"),
      " ",
      vwEl(
        "span",
        { class: "rule-label", dataset: { label }, title: VW_RULE_LABELS[label] || "" },
        label || "no label"
      ),
      " ",
      vwEl("span", { class: "rule-title" }, rule ? rule.title : "(not in this replay's rule list)")
    ),
    vwEl("p", { class: "rule-message" }, item.message || ""),
    rule && rule.text ? vwEl("blockquote", { class: "rule-text" }, vwUnwrap(rule.text)) : vwEl("p", { class: "rule-text vw-empty" }, ""),
    vwEl("p", { class: "rule-source" }, rule && rule.source ? `Source: ${rule.source}` : "")
  );
}

function vwSection(cls, title, body) {
  return vwEl("section", { class: `vw-step-part ${cls}` }, vwEl("h3", {}, title), body);
}

// ctx: {head, total, rules, cardsByCode, players, onGoto(i)}
export function vwRenderStep(container, rawStep, ctx) {
  const step = vwNormStep(rawStep);
  const frag = document.createDocumentFragment();
  if (!step) {
    container.replaceChildren(vwEl("p", { class: "vw-step-loading" }, "Loading the step…"));
    return;
  }
  const info = vwVerdictInfo(step.verdict);
  const badges = [
    vwEl(
      "span",
      { class: `vw-badge vw-v-${step.verdict}`, dataset: { verdict: step.verdict }, title: info.help },
      vwEl("span", { "aria-hidden": "true" }, info.glyph),
      " ",
      info.label
    ),
  ];
  if (step.after_illegal) {
    badges.push(
      vwEl("span", { class: "vw-badge vw-after-illegal", title: VW_AFTER_ILLEGAL.help },
        vwEl("span", { "aria-hidden": "true" }, VW_AFTER_ILLEGAL.glyph), " ", VW_AFTER_ILLEGAL.label)
    );
  }
  if (step.skipped) badges.push(vwEl("span", { class: "vw-badge vw-skipped", title: "The engine did not apply this action" }, "Not applied"));
  const who = step.action.p || step.player;
  frag.append(
    vwEl(
      "header",
      { class: "vw-step-head" },
      vwEl(
        "h2",
        { class: "vw-step-title", id: "vw-step-title" },
        "Step ",
        vwEl("span", { class: "step-index" }, String(step.index)),
        vwEl("span", { class: "vw-of" }, ` of ${ctx.total}`)
      ),
      vwEl("div", { class: "vw-badges" }, badges),
      vwEl(
        "p",
        { class: "vw-step-meta" },
        vwEl("span", { class: "step-turn" }, step.turn ? `Turn ${step.turn}` : "Setup"),
        " · ",
        vwEl("span", { class: "step-phase" }, vwWords(step.phase || "")),
        who ? [" · ", vwEl("span", { class: "step-player" }, vwPlayerName(ctx.players, who))] : null
      )
    )
  );
  const words = vwActionWords(step.action, ctx);
  frag.append(
    vwEl(
      "div",
      { class: "vw-action" },
      vwEl("p", { class: "action-text" }, words.who ? vwEl("strong", {}, `${words.who}: `) : null, words.main),
      words.extras.length
        ? vwEl("dl", { class: "vw-action-fields" }, words.extras.map(([k, v]) => vwEl("div", {}, vwEl("dt", {}, k), vwEl("dd", {}, v))))
        : null
    )
  );
  if (step.action.note !== undefined && step.action.note !== null && step.action.note !== "") {
    frag.append(vwEl("p", { class: "note" }, vwEl("span", { class: "vw-note-label" }, "Log note: "), String(step.action.note)));
  }
  if (step.recorded || step.outcome || step.action.do === "outcome" || step.verdict === "recorded") {
    frag.append(
      vwEl(
        "p",
        { class: "vw-recorded" },
        "Recorded outcome: applied as the log records it and found possible, not checked against the card's text."
      )
    );
  }
  if (step.violations.length) {
    frag.append(vwSection("vw-violations", "Violations", vwEl("ul", { class: "vw-rules" }, step.violations.map((v) => vwRuleItem("violation", v, ctx.rules)))));
  }
  if (step.unverifiable.length) {
    frag.append(
      vwSection("vw-unverifiable", "Not checked", vwEl("ul", {}, step.unverifiable.map((u) => vwEl("li", { class: "unverifiable" }, typeof u === "string" ? u : vwValueWords(u, ctx)))))
    );
  }
  if (step.rulings.length) {
    frag.append(vwSection("vw-rulings", "Rulings", vwEl("ul", { class: "vw-rules" }, step.rulings.map((r) => vwRuleItem("ruling", r, ctx.rules)))));
  }
  if (step.depends_on.length) {
    frag.append(
      vwSection(
        "vw-depends",
        "Depends on",
        vwEl(
          "p",
          {},
          step.depends_on.map((d, k) => [
            k ? ", " : "",
            vwEl("button", { type: "button", class: "vw-link", dataset: { goto: d }, onclick: () => ctx.onGoto && ctx.onGoto(d) }, `step ${d}`),
          ])
        )
      )
    );
  }
  frag.append(
    vwSection(
      "vw-events",
      "What happened",
      step.events.length
        ? vwEl("ol", { class: "vw-events" }, step.events.map((e) => vwEl("li", { class: "event", dataset: { type: e.type } }, e.text || vwWords(e.type || "event"))))
        : vwEl("p", { class: "vw-empty" }, step.skipped ? "Nothing: the action was not applied." : "No events.")
    )
  );
  if (Array.isArray(step.pending) && step.pending.length) {
    frag.append(
      vwSection("vw-pending", "Waiting for", vwEl("ul", { class: "vw-pending" }, step.pending.map((p) => vwEl("li", {}, p.text || vwValueWords(p, ctx)))))
    );
  }
  container.replaceChildren(frag);
}
