// The recorder's start screen: a match's settings (a new log), a position to start from, or a
// saved log to resume.  Builds the settings document POST /v1/recordings/start reads.

import { recReplace } from "./api.js";
import { vwEl, vwGameName } from "../viewer/util.js";

const REC_GAMES_ORDER = ["union-arena", "rangers-strike", "zx", "rebirth"];

function recField(label, control, hint) {
  return vwEl("label", { class: "rec-field" }, vwEl("span", { class: "rec-label" }, label), control, hint ? vwEl("span", { class: "rec-hint" }, hint) : null);
}

// "A Aki" lines -> [{id, name}]
export function recReadPlayers(text) {
  const out = [];
  for (const line of String(text || "").split(/\n/)) {
    const t = line.trim();
    if (!t) continue;
    const m = t.match(/^(\S+)\s*(.*)$/);
    out.push(m[2] ? { id: m[1], name: m[2] } : { id: m[1] });
  }
  return out;
}

// "A: A1 A2; B: B1 B2" -> [{id, players}]
export function recReadTeams(text) {
  const out = [];
  for (const part of String(text || "").split(";")) {
    const m = part.trim().match(/^([^:\s]+)\s*:\s*(.+)$/);
    if (m) out.push({ id: m[1], players: m[2].trim().split(/[\s,]+/) });
  }
  return out;
}

export class RecSettings {
  constructor(root, setup, onStart) {
    this.root = root;
    this.games = (setup && setup.games) || {};
    this.onStart = onStart; // async (kind, body) -> throws RecProblem on a refusal
    this.deckBoxes = {}; // "pid/list" -> its textarea, kept (with its text) while the players change
    this.deckShown = ""; // the players and lists the deck boxes are drawn for
  }

  render(message) {
    const games = REC_GAMES_ORDER.filter((g) => this.games[g]);
    this.game = vwEl("select", { id: "rec-game", onchange: () => this.gameChanged() }, games.map((g) => vwEl("option", { value: g }, vwGameName(g))));
    this.variant = vwEl("select", { id: "rec-variant", onchange: () => this.gameChanged(true) });
    this.players = vwEl("textarea", { id: "rec-players", rows: 4, spellcheck: "false", onchange: () => this.drawDecks() });
    this.teams = vwEl("input", { id: "rec-teams", type: "text", placeholder: "T1: A1 A2; T2: B1 B2" });
    this.teamsField = recField("Teams (tag battle)", this.teams, "Default: the first two seats against the last two.");
    this.sets = vwEl("fieldset", { id: "rec-sets", class: "rec-sets" });
    this.otherSets = vwEl("input", { id: "rec-set-other", type: "text", placeholder: "uploaded set name or sha256:…" });
    this.decks = vwEl("div", { id: "rec-decks", class: "rec-decks" });
    this.mode = vwEl("select", { id: "rec-mode", onchange: () => this.modeChanged() }, vwEl("option", { value: "observed" }, "observed (paper match)"), vwEl("option", { value: "seeded" }, "seeded (digital client)"));
    this.seed = vwEl("input", { id: "rec-seed", type: "text", autocomplete: "off" });
    this.seedField = recField("Seed", this.seed);
    this.options = vwEl("div", { id: "rec-options", class: "rec-options" });
    this.event = vwEl("input", { id: "rec-event", type: "text" });
    this.round = vwEl("input", { id: "rec-round", type: "number", min: "0" });
    this.table = vwEl("input", { id: "rec-table", type: "number", min: "0" });
    this.matchMore = vwEl("textarea", { id: "rec-match", rows: 2, spellcheck: "false", placeholder: '{"note": "…"}' });
    this.onIllegal = vwEl(
      "select",
      { id: "rec-on-illegal" },
      vwEl("option", { value: "skip" }, "skip it (the state stays as it was)"),
      vwEl("option", { value: "apply" }, "apply it as played"),
      vwEl("option", { value: "stop" }, "stop judging there")
    );
    this.errorsBox = vwEl("div", { id: "rec-start-errors", class: "rec-errors", role: "alert" });
    const form = vwEl(
      "form",
      { id: "rec-settings", class: "rec-card", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      vwEl("h2", null, "New match"),
      recField("Game", this.game),
      recField("Variant", this.variant),
      recField("Players", this.players, "One a line: id, then name (A Aki)."),
      this.teamsField,
      vwEl("div", { class: "rec-field" }, vwEl("span", { class: "rec-label" }, "Card sets"), this.sets, recField("Other sets", this.otherSets, "Sets uploaded to this service, by name or hash, comma-separated.")),
      vwEl("div", { class: "rec-field" }, vwEl("span", { class: "rec-label" }, "Decks"), vwEl("span", { class: "rec-hint" }, "One entry a line, by card name or code, with a quantity: 4 Cinder Gunner"), this.decks),
      recField("Hidden cards", this.mode),
      this.seedField,
      vwEl("details", { class: "rec-more" }, vwEl("summary", null, "Rule options"), this.options),
      vwEl("details", { class: "rec-more" }, vwEl("summary", null, "Event, round, table"), recField("Event", this.event), recField("Round", this.round), recField("Table", this.table), recField("More (JSON)", this.matchMore)),
      recField("An illegal play", this.onIllegal),
      vwEl("button", { type: "submit", id: "rec-start", class: "rec-primary" }, "Start recording"),
      this.errorsBox
    );
    this.position = vwEl("textarea", { id: "rec-position", rows: 4, spellcheck: "false", placeholder: "A position (judge-position/1), or a log with start" });
    const posFile = vwEl("input", { type: "file", accept: "application/json,.json", "aria-label": "Position file", onchange: (e) => this.readFile(e.target, this.position) });
    const posForm = vwEl(
      "form",
      { id: "rec-from-position", class: "rec-card", onsubmit: (e) => { e.preventDefault(); this.submitJson("position", this.position); } },
      vwEl("h2", null, "Start from a position"),
      recField("Position JSON", this.position),
      posFile,
      vwEl("button", { type: "submit", id: "rec-start-position" }, "Start from this position")
    );
    this.resume = vwEl("textarea", { id: "rec-resume", rows: 4, spellcheck: "false", placeholder: "A saved log (judge-action-log/1)" });
    const resFile = vwEl("input", { type: "file", id: "rec-resume-file", accept: "application/json,.json", "aria-label": "Saved log file", onchange: (e) => this.readFile(e.target, this.resume) });
    const resForm = vwEl(
      "form",
      { id: "rec-resume-form", class: "rec-card", onsubmit: (e) => { e.preventDefault(); this.submitJson("resume", this.resume); } },
      vwEl("h2", null, "Resume a saved log"),
      recField("Log JSON", this.resume),
      resFile,
      vwEl("button", { type: "submit", id: "rec-resume-start" }, "Resume")
    );
    const intro = vwEl("p", { class: "rec-intro" }, "Record a match as it is played: every decision is judged at once by the game's engine.");
    recReplace(this.root, vwEl("h1", null, "Record a match"), intro, message ? vwEl("p", { class: "rec-note", role: "status" }, message) : null, form, posForm, resForm);
    this.gameChanged();
  }

  readFile(input, target) {
    const file = input.files && input.files[0];
    if (!file) return;
    file.text().then((text) => {
      target.value = text;
    });
  }

  gameChanged(keepVariant) {
    const info = this.games[this.game.value] || {};
    if (!keepVariant) {
      recReplace(this.variant, ...(info.variants || []).map((v) => vwEl("option", { value: v }, v)));
      this.variant.closest(".rec-field").hidden = !(info.variants || []).length;
    }
    const tag = this.variant.value === "tag";
    this.teamsField.hidden = !tag;
    const wanted = tag ? "A1\nA2\nB1\nB2" : "A\nB";
    const have = recReadPlayers(this.players.value).length;
    if (!this.players.value.trim() || have !== (tag ? 4 : 2)) this.players.value = wanted;
    recReplace(this.sets, 
      ...(info.card_sets || []).map((s, i) =>
        vwEl("label", { class: "rec-check" }, vwEl("input", { type: "checkbox", value: s, checked: i === 0, dataset: { set: s } }), " " + s)
      )
    );
    recReplace(this.options, 
      ...(info.options || []).map((o) => {
        const sel = vwEl(
          "select",
          { id: `rec-opt-${o.name}`, dataset: { option: o.name } },
          o.choices.map((c) => vwEl("option", { value: JSON.stringify(c), selected: c === o.default }, String(c) + (c === o.default ? " (default)" : "")))
        );
        return recField(o.name.replace(/_/g, " "), sel, o.text.split("\n")[0]);
      })
    );
    this.drawDecks();
    this.modeChanged();
  }

  modeChanged() {
    this.seedField.hidden = this.mode.value !== "seeded";
  }

  // Drawn again only when the players or the lists change, reusing each box: the players'
  // field fires "change" as the focus leaves it for the first deck box, and a box drawn anew
  // then would take that focus (and what is typed next) with it.
  drawDecks() {
    const info = this.games[this.game.value] || {};
    const lists = info.deck_lists || ["main"];
    const players = recReadPlayers(this.players.value);
    const shown = JSON.stringify([players, lists]);
    if (shown === this.deckShown) return;
    this.deckShown = shown;
    const boxes = [];
    for (const p of players) {
      for (const list of lists) {
        const key = `${p.id}/${list}`;
        const ta = this.deckBoxes[key] || (this.deckBoxes[key] = vwEl("textarea", { id: `rec-deck-${p.id}-${list}`, rows: list === "main" ? 6 : 2, spellcheck: "false", dataset: { key, player: p.id, list } }));
        boxes.push(recField(`${p.name || p.id}: ${list}`, ta));
      }
    }
    recReplace(this.decks, ...boxes);
  }

  settings() {
    const players = recReadPlayers(this.players.value);
    const decks = {};
    for (const ta of this.decks.querySelectorAll("textarea")) {
      const { player, list } = ta.dataset;
      if (!ta.value.trim() && list !== "main") continue;
      (decks[player] = decks[player] || {})[list] = ta.value;
    }
    const sets = [...this.sets.querySelectorAll("input:checked")].map((i) => i.value);
    for (const s of this.otherSets.value.split(",")) if (s.trim()) sets.push(s.trim());
    const rule_options = {};
    for (const sel of this.options.querySelectorAll("select")) {
      const o = (this.games[this.game.value].options || []).find((x) => x.name === sel.dataset.option);
      const v = JSON.parse(sel.value);
      if (!o || v !== o.default) rule_options[sel.dataset.option] = v;
    }
    let match = {};
    if (this.matchMore.value.trim()) {
      try {
        match = JSON.parse(this.matchMore.value);
      } catch (err) {
        throw { local: [{ path: "match", message: `not JSON: ${err.message}` }] };
      }
    }
    if (this.event.value.trim()) match.event = this.event.value.trim();
    if (this.round.value !== "") match.round = Number(this.round.value);
    if (this.table.value !== "") match.table = Number(this.table.value);
    const out = {
      game: this.game.value,
      variant: this.variant.closest(".rec-field").hidden ? null : this.variant.value,
      players,
      rule_options,
      match,
      card_sets: sets,
      decks,
      hidden: this.mode.value === "seeded" ? { mode: "seeded", seed: this.seed.value } : { mode: "observed" },
    };
    if (out.variant === "tag" && this.teams.value.trim()) out.teams = recReadTeams(this.teams.value);
    return out;
  }

  showErrors(box, err) {
    const errors = (err && (err.local || err.errors)) || [];
    recReplace(box, 
      vwEl("p", { class: "rec-problem" }, (err && err.message) || "The settings were refused."),
      errors.length ? vwEl("ul", null, errors.map((e) => vwEl("li", { dataset: { path: e.path } }, vwEl("code", null, e.path || "(the whole)"), ": " + e.message))) : null
    );
    const first = errors[0] && this.fieldOf(errors[0].path);
    if (first) first.focus();
  }

  fieldOf(path) {
    const p = String(path || "");
    const deck = p.match(/^decks\.([^.]+)\.([^.[]+)/);
    if (deck) return document.getElementById(`rec-deck-${deck[1]}-${deck[2]}`);
    if (p.startsWith("players") || p.startsWith("decks")) return this.players;
    if (p.startsWith("hidden.seed")) return this.seed;
    if (p.startsWith("card_sets")) return this.otherSets;
    if (p.startsWith("teams")) return this.teams;
    if (p.startsWith("match")) return this.matchMore;
    return null;
  }

  async submit() {
    recReplace(this.errorsBox);
    let settings;
    try {
      settings = this.settings();
    } catch (err) {
      this.showErrors(this.errorsBox, { message: "The settings were refused.", local: err.local });
      return;
    }
    try {
      await this.onStart("settings", settings, this.onIllegal.value);
    } catch (err) {
      this.showErrors(this.errorsBox, err);
    }
  }

  async submitJson(kind, textarea) {
    const box = textarea.closest("form").querySelector(".rec-errors") || textarea.closest("form").appendChild(vwEl("div", { class: "rec-errors", role: "alert" }));
    recReplace(box);
    let doc;
    try {
      doc = JSON.parse(textarea.value);
    } catch (err) {
      this.showErrors(box, { message: `Not JSON: ${err.message}` });
      return;
    }
    try {
      await this.onStart(kind, doc, "skip");
    } catch (err) {
      this.showErrors(box, err);
    }
  }
}
