// Replay data sources (embedded or the JSON API) and the per-view window cache.
//
// A source answers, for one view (judge, public or a player id):
//   head(view)                 -> {total, views, replay: head, readings}
//   steps(view, offset, limit) -> {total, offset, steps: [...]}
//   states(view, offset, limit)-> {total, offset, states: [{index, state}]}
//   annotations(view)          -> {annotations: [...]}
//   annotate(body, token)      -> the new annotation (API only)
// Errors are VwProblem objects (title, detail, status, errors).

export const VW_STEP_WINDOW = 100; // steps per window around the current step
export const VW_STATE_WINDOW = 100; // states per window (API limit: 200)
export const VW_STEP_LIMIT = 500; // the API's largest steps page

export class VwProblem extends Error {
  constructor(title, detail, status, errors) {
    super(detail ? `${title}: ${detail}` : title);
    this.title = title || "Error";
    this.detail = detail || "";
    this.status = status || 0;
    this.errors = Array.isArray(errors) ? errors : [];
  }
}

function vwSourceSlice(list, offset, limit) {
  const from = Math.max(0, offset | 0);
  return (list || []).slice(from, from + Math.max(0, limit | 0));
}

export class VwEmbeddedSource {
  constructor(data) {
    this.data = data;
    this.canAnnotate = false;
    this.whyNoAnnotate = "This is a self-contained replay file: annotations can only be added on the judge service.";
  }
  vwReplay(view) {
    const r = (this.data.replays || {})[view];
    if (!r) throw new VwProblem("Unknown view", `This file holds no replay for the view "${view}".`, 404);
    return r;
  }
  async head(view) {
    const r = this.vwReplay(view);
    return {
      id: this.data.id || null,
      perspective: view,
      total: (r.steps || []).length,
      views: this.data.views || [view],
      replay: r.head || {},
      readings: this.data.readings || {},
    };
  }
  async steps(view, offset, limit) {
    const r = this.vwReplay(view);
    return { total: r.steps.length, offset, limit, perspective: view, steps: vwSourceSlice(r.steps, offset, limit) };
  }
  async states(view, offset, limit) {
    const r = this.vwReplay(view);
    const states = vwSourceSlice(r.states, offset, limit).map((state, k) => ({ index: offset + k, state }));
    return { total: (r.steps || []).length, offset, limit, perspective: view, states };
  }
  async annotations(view) {
    // each view's list was chosen when the file was written, by the service's rule
    // (judge.core.annotations: written from a view no wider than the reader's); a file
    // written without per-view lists: the judge sees every note, another view the
    // public ones and its own
    const r = this.vwReplay(view);
    if (Array.isArray(r.annotations)) return { annotations: r.annotations };
    const all = this.data.annotations || [];
    const mine = view === "judge" ? all : all.filter((a) => !a.view || a.view === view || a.view === "public");
    return { annotations: mine };
  }
  async annotate() {
    throw new VwProblem("Not available", this.whyNoAnnotate, 0);
  }
}

async function vwReadProblem(response) {
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  if (body && typeof body === "object") {
    return new VwProblem(body.title || `HTTP ${response.status}`, body.detail || "", response.status, body.errors);
  }
  return new VwProblem(`HTTP ${response.status}`, response.statusText || "The server refused the request.", response.status);
}

// A 503 or 504 with Retry-After is work the service could not do in time and says when to
// ask again (answer-busy, answer-timeout: a narrower view's first read has the replay's
// records made, a window of states is judged again; store-unavailable): asked again after
// that wait, at most VW_RETRIES times, each wait at most VW_RETRY_MAX_MS.  Anything else
// (a 429 included: that client must slow down) is the reader's to see.
export const VW_RETRIES = 3;
export const VW_RETRY_MAX_MS = 10000;

function vwRetryAfter(response, attempt) {
  if (attempt > VW_RETRIES || (response.status !== 503 && response.status !== 504)) return null;
  const seconds = Number(response.headers.get("Retry-After"));
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(seconds * 1000, VW_RETRY_MAX_MS);
}

export class VwApiSource {
  constructor(data, fetcher) {
    this.base = String(data.base || `/v1/replays/${encodeURIComponent(data.id)}`).replace(/\/+$/, "");
    this.fetcher = fetcher || ((url, init) => fetch(url, init));
    this.canAnnotate = true;
    this.whyNoAnnotate = "";
  }
  async vwGet(path, params) {
    const qs = new URLSearchParams(params).toString();
    for (let attempt = 1; ; attempt++) {
      let response;
      try {
        response = await this.fetcher(`${this.base}/${path}?${qs}`, { headers: { Accept: "application/json" } });
      } catch (e) {
        throw new VwProblem("Network error", `Could not reach the judge service (${e.message || e}).`, 0);
      }
      if (response.ok) return response.json();
      const problem = await vwReadProblem(response);
      const wait = vwRetryAfter(response, attempt);
      if (wait === null) throw problem;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  head(view) {
    return this.vwGet("head", { perspective: view });
  }
  steps(view, offset, limit) {
    return this.vwGet("steps", { offset, limit: Math.min(limit, VW_STEP_LIMIT), perspective: view });
  }
  states(view, offset, limit) {
    return this.vwGet("states", { offset, limit: Math.min(limit, 200), perspective: view });
  }
  annotations(view) {
    return this.vwGet("annotations", { perspective: view });
  }
  async annotate(body, token) {
    const headers = { "Content-Type": "application/json", Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    let response;
    try {
      response = await this.fetcher(`${this.base}/annotations`, { method: "POST", headers, body: JSON.stringify(body) });
    } catch (e) {
      throw new VwProblem("Network error", `Could not reach the judge service (${e.message || e}).`, 0);
    }
    if (!response.ok) throw await vwReadProblem(response);
    return response.json();
  }
}

export function vwMakeSource(data, fetcher) {
  if (data && data.mode === "api") return new VwApiSource(data, fetcher);
  return new VwEmbeddedSource(data || {});
}

// One view's data: the head, then steps and states fetched in aligned windows and kept.
export class VwStore {
  constructor(source, view) {
    this.source = source;
    this.view = view;
    this.head = null;
    this.readings = {};
    this.total = 0;
    this.steps = []; // sparse: steps[i] once its window arrived
    this.states = []; // sparse: states[i] (null is a real "no state")
    this.stateKnown = []; // true once states[i] was fetched
    this.pendingSteps = new Map(); // window start -> promise
    this.pendingStates = new Map();
    this.listeners = [];
  }
  onLoad(fn) {
    this.listeners.push(fn);
  }
  vwEmit(kind, from, to) {
    for (const fn of this.listeners) {
      try {
        fn(kind, from, to);
      } catch (e) {
        console.error(e);
      }
    }
  }
  async loadHead() {
    const h = await this.source.head(this.view);
    this.head = h.replay || {};
    this.readings = h.readings || {};
    const summarySteps = this.head.summary && this.head.summary.steps;
    this.total = Number.isFinite(h.total) ? h.total : summarySteps || 0;
    this.views = h.views || null;
    return this;
  }
  step(i) {
    return this.steps[i];
  }
  hasStep(i) {
    return this.steps[i] !== undefined;
  }
  hasState(i) {
    return i < 0 || this.stateKnown[i] === true;
  }
  state(i) {
    return i < 0 ? null : this.states[i];
  }
  // ready to draw step i without a fetch: the step, its state and the one before
  ready(i) {
    return this.hasStep(i) && this.hasState(i) && this.hasState(i - 1);
  }
  vwClamp(i) {
    return Math.max(0, Math.min(this.total - 1, i));
  }
  loadSteps(start, size) {
    size = size || VW_STEP_WINDOW;
    start = Math.max(0, start - (start % size));
    if (start >= this.total) return Promise.resolve();
    let complete = true;
    for (let i = start; i < Math.min(this.total, start + size); i++) {
      if (!this.hasStep(i)) {
        complete = false;
        break;
      }
    }
    if (complete) return Promise.resolve();
    const key = `${start}:${size}`;
    if (this.pendingSteps.has(key)) return this.pendingSteps.get(key);
    const p = this.source
      .steps(this.view, start, size)
      .then((page) => {
        const list = page.steps || [];
        const offset = Number.isFinite(page.offset) ? page.offset : start;
        list.forEach((s, k) => {
          const i = Number.isFinite(s.index) ? s.index : offset + k;
          this.steps[i] = s;
        });
        if (Number.isFinite(page.total)) this.total = page.total;
        this.vwEmit("steps", offset, offset + list.length);
      })
      .finally(() => this.pendingSteps.delete(key));
    this.pendingSteps.set(key, p);
    return p;
  }
  loadStates(start) {
    const size = VW_STATE_WINDOW;
    start = Math.max(0, start - (start % size));
    if (start >= this.total) return Promise.resolve();
    if (this.hasState(start) && this.hasState(Math.min(this.total, start + size) - 1)) return Promise.resolve();
    if (this.pendingStates.has(start)) return this.pendingStates.get(start);
    const p = this.source
      .states(this.view, start, size)
      .then((page) => {
        (page.states || []).forEach((entry, k) => {
          const i = entry && Number.isFinite(entry.index) ? entry.index : start + k;
          this.states[i] = entry ? entry.state : null;
          this.stateKnown[i] = true;
        });
        this.vwEmit("states", start, start + size);
      })
      .finally(() => this.pendingStates.delete(start));
    this.pendingStates.set(start, p);
    return p;
  }
  // everything needed to draw step i (the step, its state, the state before)
  ensure(i) {
    const jobs = [this.loadSteps(i), this.loadStates(i)];
    if (i > 0 && i % VW_STATE_WINDOW === 0) jobs.push(this.loadStates(i - 1));
    return Promise.all(jobs);
  }
  // the windows next to i, in the background (errors are left for ensure to report)
  prefetch(i) {
    const next = i - (i % VW_STEP_WINDOW) + VW_STEP_WINDOW;
    const prev = i - (i % VW_STEP_WINDOW) - 1;
    const quiet = (p) => p.catch(() => {});
    if (next < this.total) {
      quiet(this.loadSteps(next));
      quiet(this.loadStates(next));
    }
    if (prev >= 0 && i % VW_STEP_WINDOW < VW_STEP_WINDOW / 4) {
      quiet(this.loadSteps(prev));
      quiet(this.loadStates(prev));
    }
  }
}
