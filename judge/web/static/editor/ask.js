// Asking about the position: the question API's own answer (POST /v1/rulings,
// docs/questions.md) drawn as the verdict, who chooses what, and the rules with their texts
// and sources.  Nothing here judges: the page shows what the engine answered.

export const ED_KINDS = [
  ["options", "What may the player to act do? (options)"],
  ["legal", "Is this action legal? (legal)"],
  ["order", "In what order do the waiting effects resolve? (order)"],
  ["damage", "Who takes the damage, who decides? (damage)"],
];

export function edEl(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = String(v);
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// An action in words, with the names of the cards it names: "B: block with B-1 (Storm Corsair)".
export function edActionText(action, nameOf) {
  if (!action || typeof action !== "object") return String(action);
  const parts = [];
  for (const [k, v] of Object.entries(action)) {
    if (k === "p" || k === "do") continue;
    const show = (x) => {
      if (typeof x === "string") {
        const n = nameOf(x);
        return n ? `${x} (${n})` : x;
      }
      if (x === null) return "none";
      return Array.isArray(x) ? x.map(show).join(", ") : JSON.stringify(x);
    };
    parts.push(`${k.replace(/_/g, " ")} ${show(v)}`);
  }
  return `${action.p}: ${String(action.do).replace(/_/g, " ")}${parts.length ? " — " + parts.join("; ") : ""}`;
}

export function edQuestion(doc, kind, action) {
  const q = { format: "judge-question/1", kind, position: doc };
  if (kind === "legal" && action) q.action = action;
  return q;
}

// The answer drawn into box: verdict, explanation, violations, choices, rules, the JSON.
export function edDrawAnswer(box, answer, nameOf) {
  box.textContent = "";
  box.append(edEl("h3", { class: "ed-verdict", id: "verdict", text: answer.verdict || "" }));
  if (answer.explanation) box.append(edEl("p", { class: "ed-explanation", text: answer.explanation }));
  if (Array.isArray(answer.violations) && answer.violations.length) {
    box.append(
      edEl("ul", { class: "ed-violations" }, answer.violations.map((v) => edEl("li", {}, edEl("span", { class: "rule-id", text: v.rule }), " ", v.message)))
    );
  }
  const choices = answer.choices || [];
  if (choices.length) {
    box.append(edEl("h4", { text: "Who chooses" }));
    for (const c of choices) {
      const li = edEl("section", { class: "ed-choice", dataset: { player: c.player || "" } });
      li.append(edEl("p", { class: "ed-chooser" }, edEl("strong", { text: c.player || "—" }), " decides: ", (c.decides || []).join("; ")));
      if (c.withheld) li.append(edEl("p", { class: "ed-note", text: c.withheld }));
      const ol = edEl("ol", { class: "ed-options" });
      for (const o of c.options || []) {
        ol.append(edEl("li", {}, edEl("span", { class: "ed-option", text: edActionText(o.action, nameOf) }), ...(o.does || []).map((d) => edEl("span", { class: "ed-does", text: ` ${d}` }))));
      }
      li.append(ol);
      box.append(li);
    }
  }
  if (Array.isArray(answer.order) && answer.order.length) {
    box.append(edEl("h4", { text: "Order" }));
    box.append(edEl("pre", { class: "ed-order", text: JSON.stringify(answer.order, null, 1) }));
  }
  const rules = answer.rules || [];
  if (rules.length) {
    box.append(edEl("h4", { text: "Rules" }));
    for (const r of rules) {
      box.append(
        edEl(
          "section",
          { class: "ed-rule", dataset: { rule: r.id } },
          edEl("p", {}, edEl("span", { class: "rule-id", text: r.id }), " ", edEl("strong", { class: "rule-title", text: r.title || "" }), r.confidence ? edEl("span", { class: "rule-label", title: r.confidence_means || "", text: ` ${r.confidence}` }) : null),
          edEl("p", { class: "rule-text", text: r.text || "" }),
          edEl("p", { class: "rule-source", text: r.source ? `Source: ${r.source}` : "" })
        )
      );
    }
  }
  const details = edEl("details", { class: "ed-json" }, edEl("summary", { text: "The answer as JSON" }));
  details.append(edEl("pre", { id: "answer-json", text: JSON.stringify(answer, null, 1) }));
  box.append(details);
}

export function edDrawProblem(box, status, body) {
  box.textContent = "";
  box.append(edEl("h3", { class: "ed-verdict", id: "verdict", text: `Not answered (${status}): ${(body && (body.detail || body.title)) || "the service refused the question"}` }));
  const errors = (body && body.errors) || [];
  if (errors.length) box.append(edEl("ul", { class: "ed-problems" }, errors.map((e) => edEl("li", {}, edEl("code", { text: e.path || "" }), " ", e.message))));
}
