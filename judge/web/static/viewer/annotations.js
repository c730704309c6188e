// Annotations: the notes on the current step and the form that adds one.

import { vwEl, vwAppend } from "./util.js";

function vwWhen(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return d.toISOString().replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, " UTC");
}

export function vwAnnotationItem(a) {
  return vwEl(
    "li",
    { class: "annotation", dataset: { id: a.id, step: a.step, view: a.view } },
    vwEl("p", { class: "annotation-text" }, a.text || ""),
    vwEl(
      "p",
      { class: "annotation-meta" },
      vwEl("span", { class: "annotation-author" }, a.author || "anonymous"),
      a.view ? [" · ", vwEl("span", { class: "annotation-view" }, `view: ${a.view}`)] : null,
      a.created_at ? [" · ", vwEl("time", { datetime: a.created_at }, vwWhen(a.created_at))] : null
    )
  );
}

export class VwAnnotations {
  // getContext() -> {step, view}; onAdded(annotation) after a successful post
  constructor({ source, getContext, onAdded }) {
    this.source = source;
    this.getContext = getContext;
    this.onAdded = onAdded;
    this.byStep = new Map();
    this.list = vwEl("ul", { class: "vw-annotation-list", "aria-live": "polite" });
    this.empty = vwEl("p", { class: "vw-empty vw-annotation-empty" }, "No annotations on this step.");
    this.problem = vwEl("div", { class: "vw-problem", role: "alert", hidden: true });
    this.status = vwEl("p", { class: "vw-annotate-status", role: "status" });
    this.submit = vwEl("button", { type: "submit", class: "vw-button vw-primary" }, "Add annotation");
    this.stepLabel = vwEl("span", { class: "vw-annotate-step" }, "");
    this.form = vwEl(
      "form",
      { id: "annotate", class: "vw-annotate", novalidate: true },
      vwEl("p", { class: "vw-annotate-for" }, "On ", this.stepLabel),
      vwEl("label", { class: "vw-field" }, vwEl("span", {}, "Note"), vwEl("textarea", { name: "text", rows: 3, required: true, maxlength: 4000 })),
      vwEl(
        "div",
        { class: "vw-field-row" },
        vwEl("label", { class: "vw-field" }, vwEl("span", {}, "Author (optional)"), vwEl("input", { name: "author", type: "text", autocomplete: "name", maxlength: 200 })),
        vwEl(
          "label",
          { class: "vw-field" },
          vwEl("span", {}, "Token (optional)"),
          vwEl("input", { name: "token", type: "password", autocomplete: "off", "aria-describedby": "vw-token-help" })
        )
      ),
      vwEl("p", { class: "vw-help-text", id: "vw-token-help" }, "A bearer token, if the service asks for one to annotate."),
      this.problem,
      vwEl("div", { class: "vw-form-actions" }, this.submit, this.status)
    );
    this.off = vwEl("p", { class: "vw-annotate-off", hidden: true }, "");
    if (!source.canAnnotate) {
      this.form.hidden = true;
      this.off.hidden = false;
      this.off.textContent = source.whyNoAnnotate || "Annotations cannot be added here.";
    }
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.vwPost();
    });
    this.element = vwEl(
      "section",
      { class: "vw-annotations", "aria-labelledby": "vw-annotations-title" },
      vwEl("h3", { id: "vw-annotations-title" }, "Annotations"),
      this.list,
      this.empty,
      this.off,
      this.form
    );
  }

  setAll(annotations) {
    this.byStep = new Map();
    for (const a of annotations || []) this.vwAdd(a);
  }

  vwAdd(a) {
    const k = Number(a.step);
    if (!this.byStep.has(k)) this.byStep.set(k, []);
    const list = this.byStep.get(k);
    if (a.id !== undefined && list.some((x) => x.id === a.id)) return;
    list.push(a);
  }

  count(step) {
    return (this.byStep.get(step) || []).length;
  }

  show(step) {
    const items = this.byStep.get(step) || [];
    this.list.replaceChildren(...items.map(vwAnnotationItem));
    this.empty.hidden = items.length > 0;
    this.stepLabel.textContent = `step ${step}`;
  }

  vwShowProblem(p) {
    this.problem.replaceChildren();
    vwAppend(
      this.problem,
      vwEl("p", { class: "vw-problem-title" }, p.title || "Error"),
      p.detail ? vwEl("p", { class: "vw-problem-detail" }, p.detail) : null,
      p.errors && p.errors.length
        ? vwEl("ul", { class: "vw-problem-errors" }, p.errors.map((e) => vwEl("li", {}, e.path ? vwEl("code", {}, e.path) : null, e.path ? ": " : "", e.message || "")))
        : null
    );
    this.problem.hidden = false;
  }

  async vwPost() {
    const { step, view } = this.getContext();
    const data = new FormData(this.form);
    const text = String(data.get("text") || "").trim();
    const author = String(data.get("author") || "").trim();
    const token = String(data.get("token") || "").trim();
    this.problem.hidden = true;
    if (!text) {
      this.vwShowProblem({ title: "Nothing to add", detail: "Write the note first." });
      this.form.elements.text.focus();
      return;
    }
    const body = { step, text, view };
    if (author) body.author = author;
    this.submit.disabled = true;
    this.status.textContent = "Sending…";
    try {
      const created = await this.source.annotate(body, token || null);
      const a = Object.assign({ step, text, view, author: author || null }, created || {});
      this.vwAdd(a);
      this.form.elements.text.value = "";
      this.status.textContent = `Annotation added to step ${a.step}.`;
      if (this.onAdded) this.onAdded(a);
    } catch (err) {
      this.status.textContent = "";
      this.vwShowProblem(err && err.title ? err : { title: "Error", detail: String((err && err.message) || err) });
    } finally {
      this.submit.disabled = false;
    }
  }
}
