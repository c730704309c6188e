// The scorekeeper's recorder: the log kept in memory and localStorage, judged by the service
// after every decision (POST /v1/recordings/next), drawn with the replay viewer's board.

import { renderBoard } from "../viewer/boards/index.js";
import { vwEl, vwGameName, vwPlayerName, vwVerdictInfo, vwWords } from "../viewer/util.js";
import { docFromParam, hashParams } from "../viewer/doclink.js";
import { recGet, recPost, recLoadSaved, recSave, recCanonical, recReplace } from "./api.js";
import { RecSettings } from "./settings.js";

export class RecRecorder {
  constructor(root, data) {
    this.root = root;
    this.api = data.api || "/v1/recordings";
    this.replays = data.replays || "/v1/replays";
    this.state = null; // {log, onIllegal, perspective, history: [{label, verdict}]}
    this.answer = null;
    this.previous = null; // the state before the last step, for the board's "changed" marks
    this.selected = null; // a card picked on the board: the actions naming it
    this.busy = false;
    this.onKey = (e) => this.key(e);
  }

  async start() {
    try {
      this.setup = await recGet(`${this.api}/setup`);
    } catch (err) {
      recReplace(this.root, vwEl("p", { class: "rec-problem", role: "alert" }, `The service did not answer: ${err.message}`));
      return;
    }
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("hashchange", () => this.fromLink());
    if (await this.fromLink()) return;
    const saved = recLoadSaved();
    if (saved && saved.log) {
      this.state = saved;
      this.drawRecording();
      try {
        await this.refresh();
        return;
      } catch (err) {
        this.showSettings(`The saved recording could not be resumed: ${err.message}`);
        return;
      }
    }
    this.showSettings();
  }

  // "/record#position=<param>" (the position editor's link): a recording from that position
  async fromLink() {
    const param = hashParams(window.location.hash).get("position");
    if (!param) return false;
    history.replaceState(null, "", window.location.pathname);
    const going = this.state || recLoadSaved();
    if (going && going.log && going.log.actions.length) {
      const ok = window.confirm("Start a recording from the linked position? The recording in progress is replaced (download it first to keep it).");
      if (!ok) return false;
    }
    let doc = null;
    try {
      doc = docFromParam(param);
    } catch (err) {
      this.showSettings(`The link's position could not be read: ${err.message}`);
      return true;
    }
    try {
      await this.begin("position", doc, "skip");
    } catch (err) {
      this.showSettings(`The link's position was refused: ${err.message}`);
    }
    return true;
  }

  showSettings(message) {
    this.state = null;
    this.answer = null;
    this.root.dataset.view = "settings";
    delete this.root.dataset.answered; // no recording shown: a match started next is answered from 0
    this.root.setAttribute("aria-busy", "false");
    const form = new RecSettings(this.root, this.setup, (kind, body, onIllegal) => this.begin(kind, body, onIllegal));
    form.render(message);
  }

  // kind: settings (a new match), position, resume (a saved log); throws a RecProblem
  async begin(kind, body, onIllegal) {
    let log;
    if (kind === "settings") log = (await recPost(`${this.api}/start`, body)).log;
    else if (kind === "position") log = (await recPost(`${this.api}/start`, { position: body })).log;
    else {
      log = Object.assign({}, body);
      delete log.checkpoints; // written for the whole log: a recording that goes on changes it
      if (!Array.isArray(log.actions)) log.actions = [];
    }
    const state = { log, onIllegal: onIllegal || "skip", perspective: "judge", history: [] };
    // judged before the view changes: a refusal is shown on the form that sent it
    const answer = await recPost(`${this.api}/next`, { log, perspective: "judge", on_illegal: state.onIllegal });
    this.state = state;
    this.answer = null;
    this.drawRecording();
    this.take(answer);
  }

  save() {
    recSave(this.state);
  }

  // -- the recording view -----------------------------------------------------------------

  drawRecording() {
    this.root.dataset.view = "recording";
    const players = this.state.log.players || [];
    this.title = vwEl("h1", { class: "rec-title" });
    this.turn = vwEl("p", { id: "rec-turn", class: "rec-turn" });
    this.perspective = vwEl(
      "select",
      { id: "rec-perspective", onchange: () => { this.state.perspective = this.perspective.value; this.save(); this.refresh(); } },
      ["judge", "public", ...players.map((p) => p.id)].map((v) => vwEl("option", { value: v, selected: v === this.state.perspective }, v === "judge" || v === "public" ? v : vwPlayerName(players, v)))
    );
    const bar = vwEl(
      "div",
      { class: "rec-bar", role: "toolbar", "aria-label": "Recording" },
      vwEl("button", { type: "button", id: "rec-undo", onclick: () => this.undo(), title: "Undo the last decision (U)" }, "Undo"),
      vwEl("button", { type: "button", id: "rec-download", onclick: () => this.download() }, "Download log"),
      vwEl("button", { type: "button", id: "rec-store", onclick: () => this.store() }, "Save to the service"),
      vwEl("button", { type: "button", id: "rec-new", onclick: () => this.newMatch() }, "New match"),
      vwEl("label", { class: "rec-inline" }, "View ", this.perspective)
    );
    this.stored = vwEl("p", { id: "rec-stored", class: "rec-stored", role: "status" });
    this.status = vwEl("section", { id: "rec-status", class: "rec-status", "aria-live": "polite" });
    this.verdict = vwEl("section", { id: "rec-verdict", class: "rec-verdict", "aria-live": "polite" });
    this.board = vwEl("div", { id: "rec-board", class: "rec-board" });
    this.board.addEventListener("card-open", (e) => this.pick(e.detail && e.detail.id));
    this.filter = vwEl("p", { id: "rec-filter", class: "rec-filter" });
    this.actions = vwEl("ol", { id: "rec-actions", class: "rec-actions" });
    this.note = vwEl("input", { id: "rec-note", type: "text", placeholder: "A note on the next decision (kept on its step)", "aria-label": "Note on the next decision" });
    this.problem = vwEl("div", { id: "rec-problem", class: "rec-errors", role: "alert" });
    this.compose = this.drawCompose();
    this.history = vwEl("ol", { id: "rec-history", class: "rec-history", start: "0" });
    const right = vwEl(
      "div",
      { class: "rec-side" },
      vwEl("h2", null, "Decisions ", vwEl("span", { class: "rec-hint" }, "(1–9, ↑↓ and Enter)")),
      vwEl("p", { class: "rec-hint rec-keys" }, "Keys: 1–9 record · ↑↓ Enter · U undo · / find a card · N note · Esc all decisions · a card on the board: its decisions"),
      this.filter,
      this.actions,
      this.note,
      this.problem,
      this.compose,
      vwEl("details", { class: "rec-more", id: "rec-steps", ontoggle: () => this.drawHistory() }, vwEl("summary", null, "Steps recorded"), this.history)
    );
    recReplace(this.root, this.title, this.turn, bar, this.stored, vwEl("div", { class: "rec-layout" }, this.status, this.verdict, right, this.board));
  }

  drawCompose() {
    this.json = vwEl("textarea", { id: "rec-json", rows: 3, spellcheck: "false", placeholder: '{"p": "A", "do": "play", "card": "UAS-003", "to": "front_line"}', "aria-label": "The action as played (JSON)" });
    this.kinds = vwEl("div", { id: "rec-kinds", class: "rec-kinds" });
    this.search = vwEl("input", { id: "rec-search", type: "search", placeholder: "Name a card: search by name or code (/)", "aria-label": "Card search", oninput: () => this.searchCards() });
    this.found = vwEl("ul", { id: "rec-found", class: "rec-found" });
    return vwEl(
      "details",
      { id: "rec-compose", class: "rec-more" },
      vwEl("summary", null, "Record as played (any action)"),
      vwEl("p", { class: "rec-hint" }, "For a play that is not among the buttons, or a card that becomes known (observed mode): pick a kind, name the card, and record. It is judged at once."),
      this.kinds,
      this.search,
      this.found,
      this.json,
      vwEl("button", { type: "button", id: "rec-record-json", onclick: () => this.recordJson() }, "Record as played")
    );
  }

  async refresh() {
    this.busy = true;
    this.root.setAttribute("aria-busy", "true");
    try {
      const body = { log: this.state.log, perspective: this.state.perspective, on_illegal: this.state.onIllegal };
      this.take(await recPost(`${this.api}/next`, body));
    } finally {
      this.busy = false;
      this.root.setAttribute("aria-busy", "false");
    }
  }

  take(answer) {
    if (this.answer && this.answer.frame && answer.actions === this.answer.actions + 1) this.previous = this.answer.frame.state;
    else this.previous = null;
    this.answer = answer;
    const h = this.state.history || (this.state.history = []);
    h.length = Math.min(h.length, answer.actions);
    if (answer.last) h[answer.last.index] = { label: answer.last.label, verdict: answer.last.verdict };
    this.save();
    this.render();
  }

  render() {
    const a = this.answer;
    const log = this.state.log;
    const names = (log.players || []).map((p) => p.name || p.id).join(" vs ");
    this.title.textContent = `${vwGameName(a.game)}${a.variant ? " (" + a.variant + ")" : ""}: ${names}`;
    this.turn.textContent = `Turn ${a.turn}, ${vwWords(a.phase || "")} · ${a.actions} decision${a.actions === 1 ? "" : "s"} recorded · ${a.observed ? "observed" : "seeded"}`;
    this.root.dataset.answered = String(a.actions);
    this.drawStatus();
    this.drawVerdict();
    this.drawBoard();
    this.drawActions();
    this.drawKinds();
    this.drawHistory();
  }

  drawStatus() {
    const a = this.answer;
    const players = a.players || [];
    if (a.result) {
      const w = a.result.winner ? vwPlayerName(players, a.result.winner) : "nobody";
      recReplace(this.status, vwEl("p", { id: "rec-result", class: "rec-result" }, `The game is over: ${w} wins (${vwWords(a.result.reason)}).`));
      return;
    }
    if (a.stopped) {
      recReplace(this.status, vwEl("p", { class: "rec-result" }, "Judging stopped at the illegal play (on_illegal: stop). Undo it to go on."));
      return;
    }
    recReplace(this.status, 
      vwEl("p", { class: "rec-waiting" }, "Waiting for: "),
      vwEl("ul", { id: "rec-pending" }, (a.pending || []).map((p) => vwEl("li", { dataset: { player: p.player || "" } }, p.text)))
    );
  }

  drawVerdict() {
    const last = this.answer.last;
    if (!last) {
      recReplace(this.verdict, vwEl("p", { class: "rec-hint" }, "No decision recorded yet."));
      this.verdict.dataset.verdict = "";
      return;
    }
    const info = vwVerdictInfo(last.verdict);
    this.verdict.dataset.verdict = last.verdict;
    const items = [];
    for (const v of last.violations || []) {
      items.push(
        vwEl(
          "li",
          { class: "rec-violation", dataset: { rule: v.rule } },
          vwEl("strong", { class: "rec-rule" }, v.rule),
          v.title ? ` ${v.title}: ` : ": ",
          v.message,
          v.text ? vwEl("details", null, vwEl("summary", null, "Rule text"), vwEl("p", { class: "rec-rule-text" }, v.text), vwEl("p", { class: "rec-source" }, "Source: " + v.source)) : null
        )
      );
    }
    for (const r of last.rulings || []) items.push(vwEl("li", { class: "rec-ruling", dataset: { rule: r.rule } }, vwEl("strong", null, r.rule), ": " + r.message));
    const tail = last.skipped ? " (not carried out: the state stays as it was)" : "";
    recReplace(this.verdict, 
      vwEl("p", { class: "rec-last" }, vwEl("span", { class: `rec-badge rec-${last.verdict}` }, `${info.glyph} ${info.label}`), ` Step ${last.index}: ${last.label}${tail}`),
      items.length ? vwEl("ul", null, items) : null
    );
  }

  drawBoard() {
    const a = this.answer;
    try {
      renderBoard(this.board, {
        game: a.game,
        variant: a.variant,
        state: a.frame.state,
        previous: this.previous,
        players: a.players || [],
        teams: a.teams || null,
        cards: a.cards || [],
        decks: a.decks || null,
        perspective: a.perspective,
        selected: this.selected,
      });
    } catch (err) {
      recReplace(this.board, vwEl("p", { class: "rec-problem" }, `The board could not be drawn: ${err.message || err}`));
    }
  }

  shownActions() {
    const all = this.answer.legal_actions || [];
    if (!this.selected) return all;
    return all.filter((x) => (x.cards || []).includes(this.selected));
  }

  drawActions() {
    const shown = this.shownActions();
    if (this.selected) {
      recReplace(this.filter, 
        `Decisions with ${this.selected}: ${shown.length} `,
        vwEl("button", { type: "button", id: "rec-clear-filter", onclick: () => this.pick(null) }, "Show all (Esc)")
      );
    } else recReplace(this.filter, this.answer.observed ? "Cards not yet seen are not listed: record them as played, naming the card." : "");
    recReplace(this.actions, 
      ...shown.map((x, i) =>
        vwEl(
          "li",
          null,
          vwEl(
            "button",
            { type: "button", class: "rec-action", dataset: { action: x.key, cards: (x.cards || []).join(" ") }, onclick: () => this.record(x.action) },
            i < 9 ? vwEl("kbd", null, String(i + 1)) : null,
            " " + x.label
          )
        )
      )
    );
    if (!shown.length) this.actions.appendChild(vwEl("li", { class: "rec-hint" }, this.answer.result ? "The game is over." : "No legal action listed."));
  }

  drawKinds() {
    const a = this.answer;
    const buttons = [];
    for (const t of a.to_act || []) {
      for (const kind of t.kinds) {
        const p = t.player || (a.players[0] && a.players[0].id);
        buttons.push(vwEl("button", { type: "button", class: "rec-kind", dataset: { kind, player: p }, onclick: () => this.startJson(p, kind) }, `${p}: ${vwWords(kind)}`));
      }
    }
    recReplace(this.kinds, ...buttons);
  }

  // drawn while open only: a long game's list is not rebuilt at every decision
  drawHistory() {
    if (!this.history.parentElement.open) {
      recReplace(this.history);
      return;
    }
    const acts = this.state.log.actions;
    const h = this.state.history || [];
    recReplace(this.history, 
      ...acts.map((act, i) => {
        const item = h[i];
        const label = item ? item.label : recCanonical(act);
        const info = item ? vwVerdictInfo(item.verdict) : null;
        return vwEl(
          "li",
          { dataset: { index: i } },
          info ? vwEl("span", { class: `rec-badge rec-${item.verdict}`, title: info.label }, info.glyph) : null,
          " " + label,
          act.note ? vwEl("em", { class: "rec-note-text" }, ` — ${act.note}`) : null,
          " ",
          vwEl("button", { type: "button", class: "rec-note-edit", onclick: () => this.editNote(i) }, "Note")
        );
      })
    );
  }

  // -- recording ------------------------------------------------------------------------------

  async record(action) {
    if (this.busy) return;
    const act = Object.assign({}, action);
    const note = this.note.value.trim();
    if (note && !act.note) act.note = note;
    this.state.log.actions.push(act);
    recReplace(this.problem);
    const selected = this.selected;
    this.selected = null;
    try {
      await this.refresh();
      this.note.value = "";
      const first = this.actions.querySelector("button");
      if (first && !this.root.contains(document.activeElement)) first.focus();
    } catch (err) {
      this.selected = selected;
      this.state.log.actions.pop(); // a decision the service could not read is not recorded
      this.save();
      this.showProblem(err);
    }
  }

  recordJson() {
    let action;
    try {
      action = JSON.parse(this.json.value);
    } catch (err) {
      this.showProblem({ message: `Not JSON: ${err.message}` });
      return;
    }
    if (!action || typeof action !== "object" || Array.isArray(action)) {
      this.showProblem({ message: "An action is a JSON object with p and do." });
      return;
    }
    this.record(action).then(() => {
      if (!this.problem.childNodes.length) this.json.value = "";
    });
  }

  startJson(player, kind) {
    this.compose.open = true;
    this.json.value = JSON.stringify({ p: player, do: kind });
    this.json.focus();
  }

  async searchCards() {
    const q = this.search.value.trim();
    const asked = (this.searchSeq = (this.searchSeq || 0) + 1);
    const sets = this.state.log.card_sets || [];
    const own = (this.answer && this.answer.cards) || [];
    if (!q) {
      recReplace(this.found);
      this.found.setAttribute("aria-busy", "false");
      return;
    }
    this.found.setAttribute("aria-busy", "true"); // until this search's cards are listed
    let cards = [];
    if (sets.length) {
      const params = new URLSearchParams({ q });
      for (const s of sets) params.append("card_set", s);
      try {
        cards = (await recGet(`${this.api}/cards?${params}`)).cards;
      } catch (err) {
        cards = [];
      }
    }
    if (asked !== this.searchSeq) return; // a later search answers instead
    const key = q.toLowerCase();
    for (const c of own) {
      if (cards.some((x) => x.code === c.code)) continue;
      if (String(c.code).toLowerCase().includes(key) || String(c.name || "").toLowerCase().includes(key)) cards.push({ code: c.code, name: c.name, type: c.type });
    }
    recReplace(this.found, 
      ...cards.slice(0, 12).map((c) =>
        vwEl("li", null, vwEl("button", { type: "button", class: "rec-found-card", dataset: { code: c.code }, onclick: () => this.nameCard(c.code) }, `${c.name || c.code} (${c.code})${c.name_ja ? " " + c.name_ja : ""}`))
      )
    );
    this.found.setAttribute("aria-busy", "false");
  }

  // the card found goes into the action being written: its "card" field, or at the cursor
  nameCard(code) {
    let action = null;
    try {
      action = JSON.parse(this.json.value || "null");
    } catch (err) {
      action = null;
    }
    if (action && typeof action === "object" && !Array.isArray(action) && !action.card) {
      action.card = code;
      this.json.value = JSON.stringify(action);
    } else {
      const at = this.json.selectionStart || this.json.value.length;
      this.json.value = this.json.value.slice(0, at) + JSON.stringify(code) + this.json.value.slice(at);
    }
    this.json.focus();
  }

  async undo() {
    if (this.busy || !this.state || !this.state.log.actions.length) return;
    const act = this.state.log.actions.pop();
    try {
      await this.refresh();
    } catch (err) {
      this.state.log.actions.push(act);
      this.showProblem(err);
    }
  }

  async editNote(i) {
    const li = this.history.querySelector(`li[data-index="${i}"]`);
    const act = this.state.log.actions[i];
    const input = vwEl("input", { type: "text", class: "rec-note-input", value: act.note || "", "aria-label": `Note on step ${i}` });
    const done = async () => {
      const text = input.value.trim();
      if (text) act.note = text;
      else delete act.note;
      this.save();
      await this.refresh();
    };
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        done();
      } else if (e.key === "Escape") this.drawHistory();
    });
    li.appendChild(input);
    input.focus();
  }

  pick(id) {
    this.selected = id && this.selected !== id ? id : null;
    this.drawBoard();
    this.drawActions();
    const first = this.actions.querySelector("button.rec-action");
    if (this.selected && first) first.focus();
  }

  showProblem(err) {
    const errors = (err && err.errors) || [];
    recReplace(this.problem, 
      vwEl("p", { class: "rec-problem" }, `Not recorded: ${(err && err.message) || err}`),
      errors.length ? vwEl("ul", null, errors.map((e) => vwEl("li", null, vwEl("code", null, e.path), ": " + e.message))) : null
    );
  }

  download() {
    const log = this.state.log;
    const blob = new Blob([JSON.stringify(log, null, 1) + "\n"], { type: "application/json" });
    const a = vwEl("a", { href: URL.createObjectURL(blob), download: `${log.game}-${(log.players || []).map((p) => p.id).join("-")}.json` });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async store() {
    recReplace(this.stored, "Saving…");
    try {
      const doc = await recPost(`${this.replays}?on_illegal=${encodeURIComponent(this.state.onIllegal)}`, this.state.log);
      const link = `/replays/${doc.id}`;
      recReplace(this.stored, "Saved: ", vwEl("a", { id: "rec-replay-link", href: link }, link));
    } catch (err) {
      recReplace(this.stored);
      this.showProblem(err);
    }
  }

  newMatch() {
    if (this.state && this.state.log.actions.length && !window.confirm("Start a new match? The recording in progress is dropped (download it first to keep it).")) return;
    recSave(null);
    this.showSettings();
  }

  // -- keys -------------------------------------------------------------------------------------

  key(e) {
    if (!this.state || this.root.dataset.view !== "recording") return;
    const t = e.target;
    const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT");
    if (e.key === "Escape") {
      if (this.selected) this.pick(null);
      return;
    }
    if (typing || e.altKey || e.metaKey) return;
    if ((e.key === "z" && e.ctrlKey) || (e.key === "u" && !e.ctrlKey)) {
      e.preventDefault();
      this.undo();
      return;
    }
    if (e.ctrlKey) return;
    if (/^[1-9]$/.test(e.key)) {
      const b = this.actions.querySelectorAll("button.rec-action")[Number(e.key) - 1];
      if (b) {
        e.preventDefault();
        b.click();
      }
      return;
    }
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      const buttons = [...this.actions.querySelectorAll("button.rec-action")];
      if (!buttons.length) return;
      e.preventDefault();
      const i = buttons.indexOf(document.activeElement);
      const next = i < 0 ? 0 : (i + (e.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length;
      buttons[next].focus();
      return;
    }
    if (e.key === "/") {
      e.preventDefault();
      this.compose.open = true;
      this.search.focus();
    } else if (e.key === "n") {
      e.preventDefault();
      this.note.focus();
    }
  }
}
