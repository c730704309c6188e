// The replay viewer: header, board, controls, step panel, timeline, card panel, notes.

import { renderBoard } from "./boards/index.js";
import { vwEl, vwAppend, vwWords, vwNormStep, vwVerdictInfo, vwGameName, vwPlayerName } from "./util.js";
import { VwStore, VW_STEP_LIMIT } from "./source.js";
import { VwTimeline, VW_TIMELINE_ALL } from "./timeline.js";
import { vwInstallKeys, vwBuildHelp, vwOpenDialog, vwCloseDialog } from "./keys.js";
import { vwRenderStep } from "./steppanel.js";
import { VwCardPanel } from "./cardpanel.js";
import { VwAnnotations } from "./annotations.js";

const VW_NAV = [
  { nav: "first", glyph: "|◀", text: "First", label: "First step (Home)" },
  { nav: "prevTurn", glyph: "◀◀", text: "Turn", label: "Previous turn (↑)" },
  { nav: "prev", glyph: "◀", text: "Back", label: "Previous step (←)" },
  { nav: "next", glyph: "▶", text: "Next", label: "Next step (→)" },
  { nav: "nextTurn", glyph: "▶▶", text: "Turn", label: "Next turn (↓)" },
  { nav: "last", glyph: "▶|", text: "Last", label: "Last step (End)" },
  { nav: "prevProblem", glyph: "◀!", text: "Issue", label: "Previous problem (Shift+N)" },
  { nav: "nextProblem", glyph: "!▶", text: "Issue", label: "Next problem (n)" },
];

export function vwParseHash(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const raw = params.get("step");
  const step = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : null;
  return { step, view: params.get("view") };
}

export class VwViewer {
  constructor(root, data, source) {
    this.root = root;
    this.data = data || {};
    this.source = source;
    this.stores = new Map();
    this.store = null;
    this.view = null;
    this.current = 0;
    this.loads = 0;
    this.drawnOnce = false;
    this.selected = null;
    this.generation = 0;
  }

  async start() {
    this.vwBuild();
    const want = vwParseHash(location.hash);
    const views = this.data.views && this.data.views.length ? this.data.views : [this.data.perspective || "judge"];
    this.vwFillViews(views);
    const view = want.view && views.includes(want.view) ? want.view : this.data.perspective && views.includes(this.data.perspective) ? this.data.perspective : views[0];
    window.addEventListener("hashchange", () => this.vwFollowHash());
    await this.switchView(view, want.step === null ? 0 : want.step);
  }

  // ---- the page ---------------------------------------------------------------------------
  vwBuild() {
    const root = this.root;
    root.classList.add("vw-viewer");
    root.setAttribute("aria-busy", "true");
    document.documentElement.lang = document.documentElement.lang || "en";
    this.title = vwEl("h1", { class: "vw-title" }, "Replay");
    this.playersLine = vwEl("p", { class: "vw-players" });
    this.resultLine = vwEl("p", { class: "vw-result" });
    this.countsLine = vwEl("p", { class: "vw-counts" });
    this.viewSelect = vwEl("select", { id: "view", name: "view" });
    this.viewSelect.addEventListener("change", () => this.switchView(this.viewSelect.value, this.current));
    const helpButton = vwEl("button", { type: "button", class: "vw-button vw-help-button", "aria-label": "Keyboard help (?)", "aria-haspopup": "dialog" }, "?");
    helpButton.addEventListener("click", () => this.vwToggleHelp());
    const header = vwEl(
      "header",
      { class: "vw-header" },
      vwEl("div", { class: "vw-heading" }, this.title, this.playersLine, this.resultLine, this.countsLine),
      vwEl("div", { class: "vw-header-tools" }, vwEl("label", { class: "vw-view-label" }, vwEl("span", {}, "Viewpoint"), this.viewSelect), helpButton)
    );
    this.board = vwEl("div", { class: "vw-board", id: "board", role: "region", "aria-label": "Board" });
    this.board.addEventListener("card-open", (e) => this.vwOpenCard(e.detail));
    this.navButtons = {};
    const nav = vwEl(
      "nav",
      { class: "vw-nav", "aria-label": "Replay controls" },
      VW_NAV.map((b) => {
        const button = vwEl(
          "button",
          { type: "button", class: `vw-nav-button vw-nav-${b.nav}`, dataset: { nav: b.nav }, "aria-label": b.label, title: b.label },
          vwEl("span", { class: "vw-nav-glyph", "aria-hidden": "true" }, b.glyph),
          vwEl("span", { class: "vw-nav-text", "aria-hidden": "true" }, b.text)
        );
        button.addEventListener("click", () => this.vwDo(b.nav));
        this.navButtons[b.nav] = button;
        return button;
      })
    );
    const scrub = vwEl("div", { class: "vw-scrub" });
    this.position = vwEl("p", { class: "vw-position", "aria-hidden": "true" });
    this.stepBody = vwEl("div", { class: "vw-step-body" });
    this.problemBox = vwEl("div", { class: "vw-problem vw-load-problem", role: "alert", hidden: true });
    this.stepSection = vwEl("section", { id: "step", class: "vw-step", "aria-labelledby": "vw-step-title", tabindex: "-1" }, this.problemBox, this.stepBody);
    this.list = vwEl("ol", { id: "timeline", class: "vw-timeline", "aria-label": "Steps" });
    this.listNote = vwEl("p", { class: "vw-timeline-note" });
    this.timeline = new VwTimeline({ list: this.list, scrub, onPick: (i) => this.goto(i) });
    this.live = vwEl("div", { class: "vw-sr vw-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    this.help = vwBuildHelp();
    this.cardPanel = new VwCardPanel();
    this.notes = new VwAnnotations({
      source: this.source,
      getContext: () => ({ step: this.current, view: this.view }),
      onAdded: () => {
        this.notes.show(this.current);
        this.vwAnnounce(`Annotation added to step ${this.current}.`);
      },
    });
    this.stepSection.append(this.notes.element);
    const stage = vwEl("div", { class: "vw-stage" }, this.board, vwEl("div", { class: "vw-controls" }, nav, this.position, scrub));
    const side = vwEl(
      "div",
      { class: "vw-side" },
      this.stepSection,
      vwEl("section", { class: "vw-timeline-wrap", "aria-labelledby": "vw-timeline-title" }, vwEl("h2", { id: "vw-timeline-title", class: "vw-timeline-title" }, "Steps"), this.listNote, this.list)
    );
    root.replaceChildren(header, vwEl("div", { class: "vw-layout" }, stage, side), this.live, this.help, this.cardPanel.dialog);
    vwInstallKeys({
      prev: () => this.vwDo("prev"),
      next: () => this.vwDo("next"),
      prevTurn: () => this.vwDo("prevTurn"),
      nextTurn: () => this.vwDo("nextTurn"),
      nextProblem: () => this.vwDo("nextProblem"),
      prevProblem: () => this.vwDo("prevProblem"),
      first: () => this.vwDo("first"),
      last: () => this.vwDo("last"),
      help: () => this.vwToggleHelp(),
    });
  }

  vwFillViews(views) {
    this.views = views;
    const label = (v) => {
      if (v === "judge") return "Judge (everything)";
      if (v === "public") return "Public (what spectators see)";
      return `Player ${v}`;
    };
    this.viewSelect.replaceChildren(...views.map((v) => vwEl("option", { value: v }, label(v))));
  }

  vwRelabelViews(players) {
    for (const option of this.viewSelect.options) {
      const v = option.value;
      if (v !== "judge" && v !== "public") option.textContent = `Player: ${vwPlayerName(players, v)}`;
    }
  }

  vwToggleHelp() {
    if (this.help.open) vwCloseDialog(this.help);
    else vwOpenDialog(this.help);
  }

  vwAnnounce(text) {
    this.live.textContent = text;
  }

  vwLoading(delta) {
    this.loads = Math.max(0, this.loads + delta);
    if (this.loads) {
      this.root.dataset.loading = "1";
      this.root.setAttribute("aria-busy", "true");
    } else {
      delete this.root.dataset.loading;
      this.root.setAttribute("aria-busy", "false");
    }
  }

  vwShowProblem(err) {
    if (!err) {
      this.problemBox.hidden = true;
      return;
    }
    console.warn("viewer:", err);
    this.problemBox.replaceChildren(
      vwEl("p", { class: "vw-problem-title" }, err.title || "Could not load the replay"),
      vwEl("p", { class: "vw-problem-detail" }, err.detail || String(err.message || err)),
      vwEl("button", { type: "button", class: "vw-button", onclick: () => this.vwRetry() }, "Try again")
    );
    this.problemBox.hidden = false;
  }

  vwRetry() {
    if (this.store && this.stores.get(this.view) === this.store) this.goto(this.current, { force: true });
    else this.switchView(this.view, this.current);
  }

  // ---- views ------------------------------------------------------------------------------
  async switchView(view, step) {
    const gen = ++this.generation;
    this.view = view;
    this.root.dataset.view = view;
    this.viewSelect.value = view;
    let store = this.stores.get(view);
    this.vwLoading(1);
    try {
      if (!store) {
        store = new VwStore(this.source, view);
        await store.loadHead();
        store.onLoad((kind, from, to) => {
          if (store === this.store && kind === "steps") this.timeline.refresh(from, to);
        });
        this.stores.set(view, store);
      }
    } catch (err) {
      if (gen === this.generation) this.vwShowProblem(err);
      return;
    } finally {
      this.vwLoading(-1);
    }
    if (gen !== this.generation) return;
    this.vwShowProblem(null);
    this.vwViewChanged = this.store !== null && this.store !== store;
    this.store = store;
    const head = store.head;
    this.cards = new Map((head.cards || []).map((c) => [c.code, c]));
    this.readings = Object.assign({}, this.data.readings || {}, store.readings || {});
    this.vwHeader(head, store);
    this.problems = this.vwProblems(head.summary || {});
    this.timeline.reset(store);
    this.listNote.textContent =
      store.total > VW_TIMELINE_ALL ? `${store.total} steps: the list shows the steps around the current one; the scrubber and the keys reach all of them.` : "";
    this.listNote.hidden = !this.listNote.textContent;
    this.notes.setAll([]);
    this.source
      .annotations(view)
      .then((r) => {
        if (this.view !== view) return;
        this.notes.setAll((r && r.annotations) || []);
        this.notes.show(this.current);
      })
      .catch((err) => console.warn("viewer: annotations", err));
    await this.goto(step === null || step === undefined ? 0 : step, { force: true });
    if (store.total <= VW_TIMELINE_ALL) this.vwLoadAllSteps(store);
  }

  // a short replay's whole step list, for the timeline (two requests at most)
  async vwLoadAllSteps(store) {
    for (let start = 0; start < store.total; start += VW_STEP_LIMIT) {
      try {
        await store.loadSteps(start, VW_STEP_LIMIT);
      } catch (err) {
        console.warn("viewer: steps", err);
        return;
      }
    }
  }

  vwHeader(head, store) {
    const variant = head.variant ? ` · ${vwWords(head.variant)}` : "";
    this.title.textContent = `${vwGameName(head.game)}${variant}`;
    document.title = `${vwGameName(head.game)} replay — ${(head.players || []).map((p) => p.name || p.id).join(" vs ")}`;
    const players = head.players || [];
    if (Array.isArray(head.teams) && head.teams.length) {
      this.playersLine.replaceChildren();
      vwAppend(
        this.playersLine,
        head.teams.map((t, k) => [k ? " vs " : "", vwEl("span", { class: "vw-team" }, `Team ${t.id}: ${(t.players || []).map((p) => vwPlayerName(players, p)).join(", ")}`)])
      );
    } else {
      this.playersLine.replaceChildren();
      vwAppend(this.playersLine, players.map((p, k) => [k ? " vs " : "", vwEl("span", { class: "vw-player" }, vwPlayerName(players, p.id))]));
    }
    const s = head.summary || {};
    const r = s.result;
    let result;
    if (r && r.winner) result = `Result: ${vwPlayerName(players, r.winner)} wins${r.reason ? ` (${vwWords(r.reason)})` : ""}`;
    else if (r && r.draw) result = "Result: a draw";
    else if (r && typeof r === "object") result = `Result: ${Object.entries(r).map(([k, v]) => `${vwWords(k)} ${v}`).join(", ")}`;
    else result = "Result: the log ends before the game does";
    if (s.stopped_at !== null && s.stopped_at !== undefined) result += ` · replay stopped at step ${s.stopped_at}`;
    const fidelity = head.fidelity || {};
    if (fidelity.status === "diverged" && fidelity.first_mismatch) {
      result += ` · the replay's state differs from the log's checkpoint after step ${fidelity.first_mismatch.after}`;
    }
    this.resultLine.textContent = result;
    const counts = [
      ["illegal", (s.illegal_steps || []).length],
      ["unverifiable", (s.unverifiable_steps || []).length],
      ["uncertain", (s.uncertain_steps || []).length],
      ["recorded", (s.recorded_steps || []).length],
    ];
    this.countsLine.replaceChildren();
    vwAppend(
      this.countsLine,
      `${store.total} steps`,
      counts
        .filter(([, n]) => n)
        .map(([v, n]) => [" · ", vwEl("span", { class: `vw-count vw-v-${v}` }, vwEl("span", { "aria-hidden": "true" }, vwVerdictInfo(v).glyph), ` ${n} ${v}`)]),
      counts[0][1] + counts[1][1] + counts[2][1] === 0 ? " · no problems found" : ""
    );
    this.vwRelabelViews(players);
  }

  vwProblems(summary) {
    const set = new Set();
    for (const key of ["illegal_steps", "unverifiable_steps", "uncertain_steps"]) for (const i of summary[key] || []) set.add(i);
    return [...set].sort((a, b) => a - b);
  }

  // ---- navigation -------------------------------------------------------------------------
  async vwDo(what) {
    const store = this.store;
    if (!store || !store.total) return;
    const i = this.current;
    const last = store.total - 1;
    let target = null;
    if (what === "first") target = 0;
    else if (what === "last") target = last;
    else if (what === "prev") target = Math.max(0, i - 1);
    else if (what === "next") target = Math.min(last, i + 1);
    else if (what === "nextProblem") {
      target = this.problems.find((p) => p > i);
      if (target === undefined) {
        this.vwAnnounce(this.problems.length ? "No later problem." : "This replay has no problem steps.");
        return;
      }
    } else if (what === "prevProblem") {
      const before = this.problems.filter((p) => p < i);
      if (!before.length) {
        this.vwAnnounce(this.problems.length ? "No earlier problem." : "This replay has no problem steps.");
        return;
      }
      target = before[before.length - 1];
    } else if (what === "nextTurn" || what === "prevTurn") {
      try {
        target = await this.vwTurnTarget(store, i, what === "nextTurn" ? 1 : -1);
      } catch (err) {
        this.vwShowProblem(err);
        return;
      }
      if (store !== this.store || i !== this.current) return; // moved meanwhile
    }
    if (target !== null && target !== undefined) this.goto(target);
  }

  async vwStepAt(store, i) {
    if (!store.hasStep(i)) {
      this.vwLoading(1);
      try {
        await store.loadSteps(i);
      } finally {
        this.vwLoading(-1);
      }
    }
    return store.step(i);
  }

  // the first step of the next turn, or of the turn before this one
  async vwTurnTarget(store, i, dir) {
    const last = store.total - 1;
    const here = await this.vwStepAt(store, i);
    const turn = here ? here.turn : null;
    if (dir > 0) {
      for (let k = i + 1; k <= last; k++) {
        const s = await this.vwStepAt(store, k);
        if (s && s.turn !== turn) return k;
      }
      return last;
    }
    let start = i;
    while (start > 0) {
      const s = await this.vwStepAt(store, start - 1);
      if (!s || s.turn !== turn) break;
      start--;
    }
    if (start === 0) return 0;
    const before = (await this.vwStepAt(store, start - 1)).turn;
    let k = start - 1;
    while (k > 0) {
      const s = await this.vwStepAt(store, k - 1);
      if (!s || s.turn !== before) break;
      k--;
    }
    return k;
  }

  vwFollowHash() {
    const want = vwParseHash(location.hash);
    if (want.view && want.view !== this.view && this.views.includes(want.view)) {
      this.switchView(want.view, want.step === null ? this.current : want.step);
    } else if (want.step !== null && want.step !== this.current) {
      this.goto(want.step);
    }
  }

  vwWriteHash() {
    const hash = `#step=${this.current}&view=${encodeURIComponent(this.view)}`;
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  async goto(index, opts) {
    const store = this.store;
    if (!store) return;
    const force = opts && opts.force;
    const i = store.total ? store.vwClamp(Number(index) || 0) : 0;
    if (!force && i === this.current && this.drawnStep === i && this.drawnStore === store) return;
    this.current = i;
    this.root.dataset.step = String(i);
    this.vwWriteHash();
    this.timeline.setCurrent(i);
    this.vwNavState();
    if (!store.total) {
      this.stepBody.replaceChildren(vwEl("p", { class: "vw-empty" }, "This replay has no steps."));
      this.vwDone();
      return;
    }
    if (store.ready(i)) {
      this.vwDraw(store, i);
    } else {
      this.vwShowProblem(null);
      this.stepBody.replaceChildren(vwEl("p", { class: "vw-step-loading" }, `Loading step ${i}…`));
      this.vwLoading(1);
      try {
        // a drag of the scrubber passes many steps: fetch only where it stops (the first
        // board, and a jump by key, need not wait)
        if (!force) await new Promise((resolve) => setTimeout(resolve, 80));
        if (store !== this.store || i !== this.current) return;
        await store.ensure(i);
        if (store === this.store && i === this.current) this.vwDraw(store, i);
      } catch (err) {
        if (store === this.store && i === this.current) this.vwShowProblem(err);
      } finally {
        this.vwLoading(-1);
      }
    }
    if (store === this.store) store.prefetch(i);
  }

  vwNavState() {
    const last = this.store ? this.store.total - 1 : 0;
    const i = this.current;
    const set = (name, off) => {
      this.navButtons[name].disabled = off;
    };
    set("first", i <= 0);
    set("prev", i <= 0);
    set("prevTurn", i <= 0);
    set("next", i >= last);
    set("nextTurn", i >= last);
    set("last", i >= last);
    set("nextProblem", !this.problems || !this.problems.some((p) => p > i));
    set("prevProblem", !this.problems || !this.problems.some((p) => p < i));
    this.position.textContent = `${i} / ${Math.max(0, last)}`;
  }

  vwDraw(store, i) {
    const step = vwNormStep(store.step(i));
    const head = store.head;
    this.vwShowProblem(null);
    try {
      renderBoard(this.board, {
        game: head.game,
        variant: head.variant,
        state: store.state(i),
        previous: i > 0 ? store.state(i - 1) : null,
        players: head.players || [],
        teams: head.teams || null,
        cards: head.cards || [],
        decks: head.decks || null,
        perspective: this.view,
        selected: this.selected,
      });
    } catch (err) {
      console.error("viewer: the board could not be drawn", err);
      this.board.replaceChildren(vwEl("p", { class: "vw-problem" }, `The board could not be drawn: ${err.message || err}`));
    }
    vwRenderStep(this.stepBody, step, {
      head,
      total: store.total,
      rules: head.rules_cited || {},
      cardsByCode: this.cards,
      players: head.players || [],
      onGoto: (d) => this.goto(d),
    });
    this.notes.show(i);
    this.drawnStep = i;
    this.drawnStore = store;
    // for tests and bench/viewer.py: which step the board shows, and when it was drawn
    this.root.dataset.drawn = String(i);
    performance.mark("vw-board-drawn", { detail: i });
    const info = vwVerdictInfo(step.verdict);
    const turn = step.turn ? `turn ${step.turn}` : "setup";
    const extra = step.after_illegal ? ", after an illegal play" : "";
    this.vwAnnounce(`${this.vwViewChanged ? `Viewpoint ${this.view}. ` : ""}Step ${i} of ${store.total}, ${turn}, ${vwWords(step.phase || "")}: ${info.label}${extra}.`);
    this.vwViewChanged = false;
    this.vwDone();
  }

  vwDone() {
    if (!this.drawnOnce) {
      this.drawnOnce = true;
      document.body.dataset.ready = "1";
    }
  }

  vwOpenCard(detail) {
    if (!detail) return;
    this.selected = detail.id || null;
    this.cardPanel.open(detail, this.cards || new Map(), this.readings || {});
  }
}

