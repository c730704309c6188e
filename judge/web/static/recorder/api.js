// The recorder's calls to the service (/v1/recordings/..., /v1/replays) and its saved state.

export class RecProblem extends Error {
  constructor(status, doc) {
    super((doc && (doc.detail || doc.title)) || `HTTP ${status}`);
    this.status = status;
    this.doc = doc || {};
    this.errors = (doc && doc.errors) || [];
  }
}

async function recAsk(url, options) {
  const res = await fetch(url, options);
  let doc = null;
  try {
    doc = await res.json();
  } catch (err) {
    doc = null;
  }
  if (!res.ok) throw new RecProblem(res.status, doc);
  return doc;
}

export function recGet(url) {
  return recAsk(url, { headers: { Accept: "application/json" } });
}

export function recPost(url, body) {
  return recAsk(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

// The page's state, kept in localStorage so that a reload loses nothing.
const REC_KEY = "tcg-judge.recorder.v1";

export function recLoadSaved() {
  try {
    const text = window.localStorage.getItem(REC_KEY);
    return text ? JSON.parse(text) : null;
  } catch (err) {
    return null;
  }
}

export function recSave(state) {
  try {
    if (state) window.localStorage.setItem(REC_KEY, JSON.stringify(state));
    else window.localStorage.removeItem(REC_KEY);
  } catch (err) {
    // storage full or refused (a private window): the recording goes on in memory
  }
}

// The canonical JSON of a value (keys sorted, no spaces), as the service writes an action's key.
export function recCanonical(value) {
  if (Array.isArray(value)) return "[" + value.map(recCanonical).join(",") + "]";
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + recCanonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

// node's children replaced by kids, leaving out null, undefined and false (replaceChildren
// itself would write them as text)
export function recReplace(node, ...kids) {
  node.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
  return node;
}
