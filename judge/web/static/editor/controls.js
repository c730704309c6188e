// The editor's form controls: a labelled field, a JSON object field, a state field of a
// card (bool, int, select), as spec.js describes them.  DOM only; no state of the page.

import { edEl } from "./ask.js";

export function field(label, control) {
  return edEl("label", { class: "ed-field" }, edEl("span", { text: label }), control);
}

export function jsonArea(id, value, onSet, label) {
  const ta = edEl("textarea", { id, rows: 2, spellcheck: "false", "aria-label": label, dataset: { focusKey: id } });
  ta.value = Object.keys(value).length ? JSON.stringify(value) : "";
  ta.addEventListener("change", () => {
    let v = {};
    try {
      v = ta.value.trim() ? JSON.parse(ta.value) : {};
      if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("an object is expected");
      ta.classList.remove("bad");
    } catch (err) {
      ta.classList.add("bad");
      ta.title = String(err.message || err);
      return;
    }
    onSet(v);
  });
  return field(label, ta);
}

export function setOrDelete(obj, key, v) {
  if (v === undefined || v === "" || v === false || Number.isNaN(v)) delete obj[key];
  else obj[key] = v;
}

export function control(f, value, onSet, id) {
  let c;
  if (f.type === "bool") {
    c = edEl("input", { type: "checkbox", id, dataset: { field: f.key, focusKey: id } });
    c.checked = f.absent ? value !== false : value === true;
    c.addEventListener("change", () => onSet(f.absent ? (c.checked ? undefined : false) : c.checked));
    return edEl("label", { class: "ed-check" }, c, ` ${f.label}`);
  }
  if (f.type === "id") {
    c = edEl("input", { id, value: value === undefined || value === null ? "" : value, size: 8, list: "ed-ids", dataset: { field: f.key, focusKey: id } });
    c.addEventListener("change", () => onSet(c.value.trim() || undefined));
  } else if (f.type === "int") {
    c = edEl("input", { type: "number", id, value: value === undefined ? "" : value, dataset: { field: f.key, focusKey: id } });
    c.addEventListener("change", () => onSet(c.value === "" ? undefined : Number(c.value)));
  } else {
    c = edEl("select", { id, dataset: { field: f.key, focusKey: id } }, f.options.map((o) => edEl("option", { value: o, text: o || "—" })));
    c.value = value || "";
    c.addEventListener("change", () => onSet(c.value || undefined));
  }
  return field(f.label, c);
}
