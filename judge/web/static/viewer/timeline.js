// The timeline: a compact scrubber over the whole replay (problem marks from the summary,
// like Joust's) and the step list <ol id="timeline">, every step for a replay of up to
// VW_TIMELINE_ALL steps, else the windows around the current step.

import { vwEl, vwWords, vwVerdictInfo, vwNormStep, VW_AFTER_ILLEGAL } from "./util.js";

export const VW_TIMELINE_ALL = 1000; // up to this many steps, one <li> per step
export const VW_TIMELINE_SPAN = 300; // else this many <li> around the current step
export const VW_MARK_BINS = 400; // the most marks the scrubber draws
const VW_SEVERITY = ["illegal", "uncertain", "unverifiable", "recorded"];

export function vwSummaryVerdicts(summary, options, total) {
  // what the summary alone tells of each step: index -> verdict (problems, outcomes)
  const known = new Map();
  const s = summary || {};
  for (const [key, verdict] of [
    ["recorded_steps", "recorded"],
    ["uncertain_steps", "uncertain"],
    ["unverifiable_steps", "unverifiable"],
    ["illegal_steps", "illegal"],
  ]) {
    for (const i of s[key] || []) known.set(i, verdict);
  }
  // under on_illegal "apply", every step after the first illegal play is after an illegal play
  let afterFrom = null;
  if (options && options.on_illegal === "apply" && (s.illegal_steps || []).length) {
    afterFrom = Math.min(...s.illegal_steps) + 1;
    if (afterFrom >= total) afterFrom = null;
  }
  return { known, afterFrom };
}

export class VwTimeline {
  constructor({ list, scrub, onPick }) {
    this.list = list; // <ol id="timeline">
    this.scrub = scrub; // the scrubber's container
    this.onPick = onPick;
    this.total = 0;
    this.from = 0;
    this.to = 0;
    this.current = -1;
    this.store = null;
    this.items = new Map(); // index -> <li>
    list.addEventListener("click", (e) => {
      const li = e.target.closest("li[data-index]");
      if (li && this.list.contains(li)) this.onPick(Number(li.dataset.index));
    });
    this.vwBuildScrub();
  }

  vwBuildScrub() {
    this.track = vwEl("div", { class: "vw-scrub-track", "aria-hidden": "true" });
    this.marks = vwEl("div", { class: "vw-scrub-marks" });
    this.band = vwEl("div", { class: "vw-scrub-after", hidden: true });
    this.shown = vwEl("div", { class: "vw-scrub-shown" });
    this.now = vwEl("div", { class: "vw-scrub-now" });
    this.track.append(this.band, this.shown, this.marks, this.now);
    this.range = vwEl("input", {
      type: "range",
      id: "scrubber",
      class: "vw-scrub-range",
      min: 0,
      max: 0,
      step: 1,
      value: 0,
      "aria-label": "Step (scrubber)",
    });
    this.range.addEventListener("input", () => this.onPick(Number(this.range.value)));
    // the page's keys drive the replay; the scrubber only takes pointer drags
    this.range.addEventListener("keydown", (e) => {
      if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"].includes(e.key)) e.preventDefault();
    });
    this.scrub.replaceChildren(this.track, this.range);
  }

  // a new replay (or view): its length and what the summary says
  reset(store) {
    this.store = store;
    const head = store.head || {};
    this.total = store.total;
    this.summary = vwSummaryVerdicts(head.summary, head.options, this.total);
    this.range.max = String(Math.max(0, this.total - 1));
    this.range.disabled = this.total <= 1;
    this.vwDrawMarks();
    this.from = this.to = 0;
    this.current = -1;
    this.items.clear();
    this.list.replaceChildren();
    this.list.dataset.total = String(this.total);
  }

  vwPct(i) {
    return this.total <= 1 ? 0 : (i / (this.total - 1)) * 100;
  }

  vwDrawMarks() {
    const frag = document.createDocumentFragment();
    // at most VW_MARK_BINS marks: a long replay's problems share a mark where they would
    // be drawn on the same spot (10,000 marks cost the first board hundreds of ms), each
    // mark the most serious verdict of its steps, titled with how many it stands for
    const bins = new Map();
    for (const [i, verdict] of this.summary.known) {
      const bin = this.summary.known.size > VW_MARK_BINS ? Math.round((this.vwPct(i) * VW_MARK_BINS) / 100) : i;
      const had = bins.get(bin);
      if (!had) bins.set(bin, { i, verdict, n: 1 });
      else {
        had.n += 1;
        if (VW_SEVERITY.indexOf(verdict) < VW_SEVERITY.indexOf(had.verdict)) Object.assign(had, { i, verdict });
      }
    }
    for (const { i, verdict, n } of bins.values()) {
      const info = vwVerdictInfo(verdict);
      const mark = vwEl("span", {
        class: `vw-scrub-mark vw-v-${verdict}`,
        title: n > 1 ? `Step ${i} and ${n - 1} more near it: ${info.label}` : `Step ${i}: ${info.label}`,
        text: info.glyph,
      });
      // through the CSSOM: a style attribute is refused by the API's policy (style-src-attr)
      mark.style.left = `${this.vwPct(i).toFixed(3)}%`;
      frag.append(mark);
    }
    this.marks.replaceChildren(frag);
    // many marks: thin lines (the glyphs would merge into one bar)
    this.marks.classList.toggle("vw-scrub-dense", this.summary.known.size > 40);
    if (this.summary.afterFrom !== null) {
      this.band.hidden = false;
      this.band.style.left = `${this.vwPct(this.summary.afterFrom)}%`;
      this.band.style.right = "0";
    } else this.band.hidden = true;
  }

  vwRangeFor(i) {
    if (this.total <= VW_TIMELINE_ALL) return [0, this.total];
    const w = 100;
    let from = Math.max(0, i - (i % w) - w);
    let to = Math.min(this.total, from + VW_TIMELINE_SPAN);
    from = Math.max(0, Math.min(from, to - VW_TIMELINE_SPAN));
    return [from, to];
  }

  // the <li> of step i: from the step when loaded, else from the summary
  vwItem(i) {
    const step = this.store && this.store.hasStep(i) ? vwNormStep(this.store.step(i)) : null;
    const li = document.createElement("li");
    li.dataset.index = String(i);
    this.vwFill(li, i, step);
    return li;
  }

  vwFill(li, i, step) {
    li.className = "vw-tl-item";
    let verdict = step ? step.verdict : this.summary.known.get(i) || "";
    const after = step ? step.after_illegal : this.summary.afterFrom !== null && i >= this.summary.afterFrom;
    li.dataset.verdict = verdict || "pending";
    if (after) li.dataset.afterIllegal = "1";
    else delete li.dataset.afterIllegal;
    if (step && step.skipped) li.dataset.skipped = "1";
    else delete li.dataset.skipped;
    li.replaceChildren();
    if (step) {
      li.dataset.turn = String(step.turn);
      const before = i > 0 && this.store.hasStep(i - 1) ? this.store.step(i - 1) : null;
      if (i === 0 || (before && before.turn !== step.turn)) {
        li.classList.add("vw-turn-start");
        li.append(vwEl("span", { class: "vw-tl-turn" }, step.turn ? `Turn ${step.turn}` : "Setup"));
      }
    } else li.classList.add("vw-tl-unloaded");
    const info = verdict ? vwVerdictInfo(verdict) : { label: "not loaded yet", glyph: "…" };
    const glyph = verdict === "legal" && after ? VW_AFTER_ILLEGAL.glyph : info.glyph;
    li.append(
      vwEl("span", { class: "vw-tl-mark", "aria-hidden": "true" }, glyph),
      vwEl("span", { class: "vw-tl-idx" }, String(i)),
      vwEl("span", { class: "vw-tl-what" }, step ? vwTimelineText(step) : "…")
    );
    const said = [];
    if (verdict && verdict !== "legal") said.push(info.label.toLowerCase());
    if (after) said.push("after an illegal play");
    if (step && step.skipped) said.push("not applied");
    if (said.length) li.append(vwEl("span", { class: "vw-sr" }, ` (${said.join(", ")})`));
    li.title = `Step ${i}${said.length ? ": " + said.join(", ") : ""}`;
  }

  vwRender(from, to, at) {
    this.from = from;
    this.to = to;
    this.items.clear();
    const frag = document.createDocumentFragment();
    for (let i = from; i < to; i++) {
      const li = this.vwItem(i);
      this.items.set(i, li);
      frag.append(li);
    }
    this.list.replaceChildren(frag);
    if (this.store && this.total > VW_TIMELINE_ALL) {
      // the list's other windows, steps only (their states come when the step is shown)
      // after the current step's own window, which the board is waiting for
      const store = this.store;
      const more = () => {
        for (let w = from - (from % 100); w < to; w += 100) if (!store.hasStep(w)) store.loadSteps(w).catch(() => {});
      };
      clearTimeout(this.loadTimer);
      this.loadTimer = setTimeout(() => {
        if (store !== this.store || this.from !== from) return; // moved on (a scrubber drag)
        store.loadSteps(at).then(more, more);
      }, 250);
    }
    this.list.dataset.from = String(from);
    this.list.dataset.to = String(to);
    this.shown.hidden = from === 0 && to === this.total;
    this.shown.style.left = `${this.vwPct(from)}%`;
    this.shown.style.width = `${Math.max(0.5, this.vwPct(Math.max(from, to - 1)) - this.vwPct(from))}%`;
    this.current = -1;
  }

  // steps [from, to) arrived: refresh their items (and the one after, for its turn mark)
  refresh(from, to) {
    for (let i = from; i <= to && i < this.to; i++) {
      const li = this.items.get(i);
      if (li && this.store.hasStep(i)) {
        this.vwFill(li, i, vwNormStep(this.store.step(i)));
        if (i === this.current) li.setAttribute("aria-current", "step");
      }
    }
  }

  setCurrent(i) {
    const [from, to] = this.vwRangeFor(i);
    const small = this.total <= VW_TIMELINE_ALL;
    const stale = small
      ? from !== this.from || to !== this.to
      : i < this.from || i >= this.to || (i < this.from + 50 && this.from > 0) || (i >= this.to - 50 && this.to < this.total);
    if (stale || (!this.items.size && this.total)) this.vwRender(from, to, i);
    const old = this.items.get(this.current);
    if (old) old.removeAttribute("aria-current");
    this.current = i;
    const li = this.items.get(i);
    if (li) {
      li.setAttribute("aria-current", "step");
      this.vwScrollTo(li);
    }
    this.range.value = String(i);
    this.range.setAttribute("aria-valuetext", `Step ${i} of ${this.total}`);
    this.now.style.left = `${this.vwPct(i)}%`;
  }

  vwScrollTo(li) {
    const list = this.list;
    if (list.scrollHeight <= list.clientHeight + 1) return; // the list is not a scroller (phone)
    const top = li.offsetTop; // the list is position: relative
    const bottom = top + li.offsetHeight;
    if (top < list.scrollTop + 24) list.scrollTop = Math.max(0, top - 24);
    else if (bottom > list.scrollTop + list.clientHeight - 24) list.scrollTop = bottom - list.clientHeight + 24;
  }
}

// the short text of a step in the list: "A play UAS-020 → front line"
export function vwTimelineText(step) {
  const a = step.action || {};
  const bits = [];
  if (a.p) bits.push(a.p);
  bits.push(vwWords(a.do || "?"));
  if (a.card) bits.push(String(a.card));
  if (a.to) bits.push(`→ ${vwWords(a.to)}`);
  return bits.join(" ");
}
