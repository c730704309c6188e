// The judge's position editor (GET /position, docs/editor.md): describe a table and ask.
// The page's whole state is one position document (doc.js); every change is checked by the
// service as `judge position` checks it (POST /v1/positions/check), the board drawn from the
// engine's state of the position by the replay viewer's own component, and the question
// asked of the question API.  Keyboard first: "/" searches cards, Enter puts the first found
// card in the chosen zone, Ctrl+Enter asks.

import { renderBoard } from "../viewer/boards/index.js";
import { docToParam, docFromParam, hashParams } from "../viewer/doclink.js";
import { edGames } from "./spec.js";
import {
  edNewDoc, edPlayerIds, edTeams, edSpec, edZoneSpec, edPlayerZones, edZoneList, edKnownCount,
  edAddCard, edAddBlank, edSetUnknown, edRemove, edEntry, edEntryCode, edSetField, edSetExtra,
  edOtherFields, edStartControlled, edDocControlled, edPlayerControlled, edFindId, edSearch,
  edPathText, edClean,
} from "./doc.js";
import { ED_KINDS, edEl, edActionText, edQuestion, edDrawAnswer, edDrawProblem } from "./ask.js";
import { field, jsonArea, setOrDelete, control } from "./controls.js";

const S = {
  data: null, doc: null, cards: [], byCode: new Map(), setCache: new Map(), check: null,
  target: null, selected: null, version: 0, checked: 0, kind: "options", action: null, answerSeq: 0,
};
let root;
const $ = (sel) => root.querySelector(sel);

function nameOf(ref) {
  if (typeof ref !== "string") return null;
  const c = S.byCode.get(ref);
  if (c) return c.name;
  const found = S.check && S.check.ids ? edFindId(S.check.ids, ref) : null;
  if (!found) return null;
  const code = edEntryCode(edEntry(S.doc, found.player, found.zone, found.index));
  const def = code && S.byCode.get(code);
  return def ? def.name : null;
}

// ---- the document changes ------------------------------------------------------------

// A change of the document: the part of the form it touches is drawn again ("moment": the
// moment's fields; "zones": the players' zones and the chosen card; else the whole form, as
// for a new game or new players), and the document is checked.
function changed(opts = {}) {
  if (!opts.keepSelection && S.selected) {
    const e = edEntry(S.doc, S.selected.player, S.selected.zone, S.selected.index);
    if (e === undefined) S.selected = null;
  }
  render(opts.parts);
  scheduleCheck();
}

let loads = 0; // card sets being fetched (a game chosen while another's load)
async function loadCards() {
  loads += 1;
  root.dataset.loading = "1";
  try {
    const out = [];
    for (const name of S.doc.card_sets || []) {
      if (!S.setCache.has(name)) {
        const r = await fetch(`${S.data.cards_at}${encodeURIComponent(name)}`);
        S.setCache.set(name, r.ok ? (await r.json()).cards : []);
      }
      out.push(...S.setCache.get(name));
    }
    for (const c of S.doc.cards || []) if (c && c.code) out.push(c);
    S.cards = out;
    S.byCode = new Map(out.map((c) => [c.code, c]));
  } finally {
    loads -= 1;
    if (!loads) delete root.dataset.loading;
  }
}

// The live check.  Every change makes a new version of the document (#editor's
// data-version) and is checked at once, with no delay to wait out; one check is in flight at
// a time, and when it comes back the latest version is checked next, so a burst of changes
// (typing, a card put after a card) costs one or two checks, not one each.  An answer about
// a version that is no longer the latest is not drawn: the latest document wins.  data-checked
// is the version the problems and the board show (data-checking while it is behind).
let checking = null;
function scheduleCheck() {
  S.version += 1;
  root.dataset.version = String(S.version);
  root.dataset.checking = "1";
  if (!checking) checking = checkLoop().finally(() => { checking = null; });
}

// Resolves once the latest version is checked and drawn.
function checked() {
  return checking || Promise.resolve();
}

async function checkLoop() {
  while (S.checked < S.version) {
    const version = S.version;
    const body = await runCheck(JSON.stringify(S.doc));
    if (version !== S.version) continue; // changed meanwhile: check the latest instead
    S.check = body;
    drawProblems();
    drawBoard();
    drawIds();
    drawLegal();
    writeLinks(); // (the link and the JSON once per version checked, not per keystroke)
    S.checked = version;
    root.dataset.checked = String(version);
  }
  delete root.dataset.checking;
}

// One check of a document (its JSON): the service's answer, or its refusal as problems.
async function runCheck(json) {
  try {
    const r = await fetch("/v1/positions/check", { method: "POST", headers: { "Content-Type": "application/json" }, body: json });
    const body = await r.json();
    if (r.status === 200) return body;
    return { problems: (body.errors || [{ path: "", message: body.detail || `HTTP ${r.status}` }]).map((e) => ({ path: e.path, message: e.message })) };
  } catch (err) {
    return { problems: [{ path: "", message: `the service did not answer: ${err}` }] };
  }
}

// ---- drawing -------------------------------------------------------------------------

function drawProblems() {
  const box = $("#problems");
  box.textContent = "";
  const problems = (S.check && S.check.problems) || [];
  box.dataset.count = String(problems.length);
  if (!problems.length) {
    box.append(edEl("p", { class: "ed-ok", text: "The position holds: no problem." }));
    return;
  }
  box.append(edEl("p", { class: "ed-bad", text: `${problems.length} problem${problems.length === 1 ? "" : "s"}:` }));
  box.append(
    edEl("ul", {}, problems.map((p) => edEl("li", { dataset: { path: p.path || "" } }, edEl("strong", { class: "ed-where", text: edPathText(S.doc, p.path) }), ": ", p.message, " ", edEl("code", { class: "ed-path", text: p.path || "" }))))
  );
}

function drawIds() {
  const list = $("#ed-ids");
  list.textContent = "";
  const ids = (S.check && S.check.ids) || {};
  for (const zones of Object.values(ids)) {
    for (const items of Object.values(zones)) {
      for (const item of items) for (const id of Array.isArray(item) ? item : [item]) if (id) list.append(edEl("option", { value: id, label: nameOf(id) || id }));
    }
  }
}

function drawBoard() {
  const box = $("#board");
  const c = S.check;
  if (!c || !c.state) {
    box.classList.add("stale");
    return; // the last board that held stays, marked as such
  }
  box.classList.remove("stale");
  const sel = S.selected && c.ids && c.ids[S.selected.player] && c.ids[S.selected.player][S.selected.zone];
  const item = sel ? sel[S.selected.index] : null;
  renderBoard(box, {
    game: S.doc.game, variant: S.doc.variant, state: c.state, players: S.doc.players, teams: S.doc.teams,
    cards: S.cards, decks: c.decks, perspective: "judge", zonesOpen: true,
    selected: Array.isArray(item) ? item[item.length - 1] : item,
  });
}

function drawSetup() {
  const box = $("#setup");
  box.textContent = "";
  const d = S.doc;
  const games = S.data.games;
  const game = edEl("select", { id: "game", "aria-label": "Game" }, Object.entries(games).map(([k, g]) => edEl("option", { value: k, text: g.name })));
  game.value = d.game;
  game.addEventListener("change", () => startNew(game.value, (games[game.value].variants || [])[0]));
  box.append(field("Game", game));
  const fresh = edEl("button", { type: "button", id: "new-position", class: "ed-small", text: "New position", title: "An empty table of this game (and variant): the cards, the moment and the answer cleared" });
  fresh.addEventListener("click", newPosition);
  box.append(fresh);
  const variants = games[d.game].variants || [];
  if (variants.length) {
    const v = edEl("select", { id: "variant" }, variants.map((x) => edEl("option", { value: x, text: x === "tag" ? "tag battle (2 vs 2)" : x })));
    v.value = d.variant || variants[0];
    v.addEventListener("change", () => startNew(d.game, v.value));
    box.append(field("Variant", v));
  }
  const players = edEl("input", { id: "players", value: d.players.map((p) => p.id).join(", "), dataset: { focusKey: "players" } });
  players.addEventListener("change", () => renamePlayers(players.value.split(/[,\s]+/).filter(Boolean)));
  box.append(field("Players (ids)", players));
  const sets = edEl("fieldset", { class: "ed-sets" }, edEl("legend", { text: "Card sets" }));
  for (const name of games[d.game].sets || []) {
    const cb = edEl("input", { type: "checkbox", value: name, "data-set": name });
    cb.checked = (d.card_sets || []).includes(name);
    cb.addEventListener("change", async () => {
      d.card_sets = [...sets.querySelectorAll("input:checked")].map((x) => x.value);
      await loadCards();
      changed();
    });
    sets.append(edEl("label", {}, cb, ` ${name}`));
  }
  box.append(sets);
  box.append(jsonArea("doc-extra", edOtherFields(d, edDocControlled()), async (v) => {
    for (const k of Object.keys(edOtherFields(d, edDocControlled()))) delete d[k];
    Object.assign(d, v);
    await loadCards();
    changed();
  }, "Other fields (JSON: cards, rule_options, match, hidden)"));
}

function drawMoment() {
  const box = $("#moment");
  box.textContent = "";
  const d = S.doc;
  const st = d.start;
  const ids = d.players.map((p) => p.id);
  const turn = edEl("input", { id: "turn", type: "number", min: 0, value: st.turn, dataset: { focusKey: "turn" } });
  turn.addEventListener("change", () => { st.turn = Number(turn.value); changed({ parts: "moment" }); });
  box.append(field("Turn", turn));
  const phase = edEl("select", { id: "phase" }, edEl("option", { value: "", text: "—" }), S.data.games[d.game].phases.map((p) => edEl("option", { value: p, text: p })));
  phase.value = st.phase || "";
  phase.addEventListener("change", () => { st.phase = phase.value; changed({ parts: "moment" }); });
  box.append(field("Phase", phase));
  for (const key of ["turn_player", "first"]) {
    const s = edEl("select", { id: key.replace("_", "-") }, edEl("option", { value: "", text: "— (none)" }), ids.map((p) => edEl("option", { value: p, text: p })));
    s.value = st[key] || "";
    s.addEventListener("change", () => { st[key] = s.value || null; changed({ parts: "moment" }); });
    box.append(field(key === "first" ? "First player" : "Turn player", s));
  }
  for (const f of edSpec(d).start || []) box.append(control(f, st[f.key], (v) => { setOrDelete(st, f.key, v); changed({ parts: "moment" }); }, `start-${f.key}`));
  const battleSpec = edSpec(d).battle;
  if (battleSpec) {
    const fsb = edEl("fieldset", { class: "ed-pending", id: "battle" }, edEl("legend", { text: "An attack waiting for its answer (block, counter, guard)" }));
    for (const f of battleSpec) {
      fsb.append(control(f, (st.battle || {})[f.key], (v) => {
        const b = { ...(st.battle || {}) };
        setOrDelete(b, f.key, v);
        if (Object.keys(b).length) st.battle = b;
        else delete st.battle;
        changed({ parts: "moment" });
      }, `start-battle-${f.key}`));
    }
    box.append(fsb);
  }
  // effects waiting
  const pend = edEl("fieldset", { class: "ed-pending", id: "pending" }, edEl("legend", { text: "Effects waiting to resolve" }));
  (st.pending || []).forEach((p, i) => {
    const rm = edEl("button", { type: "button", class: "ed-small", text: "remove", "aria-label": `remove waiting effect ${i + 1}` });
    rm.addEventListener("click", () => { st.pending.splice(i, 1); if (!st.pending.length) delete st.pending; changed({ parts: "moment" }); });
    pend.append(edEl("p", { class: "ed-pend", dataset: { index: i } }, `${i + 1}. ${p.source}${nameOf(p.source) ? ` (${nameOf(p.source)})` : ""}${p.effect ? `, effect ${p.effect}` : ""}${Object.keys(edOtherFields(p, ["source", "effect"])).length ? " " + JSON.stringify(edOtherFields(p, ["source", "effect"])) : ""} `, rm));
  });
  const src = edEl("input", { id: "pending-source", placeholder: "card id, e.g. A-3", size: 8, list: "ed-ids", dataset: { focusKey: "pending-source" } });
  const eff = edEl("input", { id: "pending-effect", type: "number", min: 1, placeholder: "effect", dataset: { focusKey: "pending-effect" } });
  const add = edEl("button", { type: "button", id: "pending-add", text: "Add waiting effect" });
  add.addEventListener("click", () => {
    if (!src.value.trim()) return;
    const p = { source: src.value.trim() };
    if (eff.value) p.effect = Number(eff.value);
    (st.pending = st.pending || []).push(p);
    changed({ parts: "moment" });
  });
  pend.append(edEl("div", { class: "ed-row" }, field("Source", src), field("Effect (1…)", eff), add));
  box.append(pend);
  box.append(jsonArea("start-extra", edOtherFields(st, edStartControlled(d)), (v) => {
    for (const k of Object.keys(edOtherFields(st, edStartControlled(d)))) delete st[k];
    Object.assign(st, v);
    changed({ parts: "moment" });
  }, "Other start fields (JSON: entering, used, extra_draw_open, …)"));
}

function entryLabel(entry, z) {
  const code = edEntryCode(entry);
  if (entry === null && z && z.kind === "units" && z.blank) return z.blank.label; // an empty square
  if (code === null) return entry && typeof entry === "object" ? `unknown card ${JSON.stringify(edOtherFields(entry, ["card"]))}`.replace(" {}", "") : "unknown card";
  const def = S.byCode.get(code);
  let t = def ? `${def.name} (${code})` : code;
  if (entry && typeof entry === "object") {
    const flags = Object.entries(entry).filter(([k]) => k !== "card").map(([k, v]) => (v === true ? k.replace(/_/g, " ") : `${k.replace(/_/g, " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`));
    if (flags.length) t += ` · ${flags.join(", ")}`;
  }
  return t;
}

function drawZones() {
  const box = $("#zones");
  box.textContent = "";
  const d = S.doc;
  const spec = edSpec(d);
  for (const p of d.players) {
    const pid = p.id;
    const fs = edEl("fieldset", { class: "ed-player", dataset: { player: pid } }, edEl("legend", { text: `Player ${pid}` }));
    for (const z of spec.zones) {
      const list = z.kind === "single" ? (edPlayerZones(d, pid)[z.key] ? [edPlayerZones(d, pid)[z.key]] : []) : edZoneList(d, pid, z.key);
      const isTarget = S.target && S.target.player === pid && S.target.zone === z.key;
      const zoneEl = edEl("section", { class: "ed-zone" + (isTarget ? " target" : ""), dataset: { player: pid, zone: z.key } });
      const choose = edEl("button", { type: "button", class: "ed-zone-name", "aria-pressed": isTarget ? "true" : "false", dataset: { focusKey: `zone-${pid}-${z.key}` }, text: `${z.label} (${list.length})` });
      choose.addEventListener("click", () => chooseZone(pid, z.key, true));
      zoneEl.append(choose);
      const items = edEl("div", { class: "ed-items" });
      const raw = edPlayerZones(d, pid)[z.key];
      const counted = raw && typeof raw === "object" && !Array.isArray(raw); // {"count": n}: no card to list
      if (!counted) list.forEach((entry, i) => {
        const sel = S.selected && S.selected.player === pid && S.selected.zone === z.key && S.selected.index === i;
        const b = edEl("button", { type: "button", class: "ed-item" + (sel ? " selected" : "") + (edEntryCode(entry) === null ? " unknown" : ""), dataset: { index: i, focusKey: `item-${pid}-${z.key}-${i}` }, text: entryLabel(entry, z) });
        b.addEventListener("click", () => select(pid, z.key, i));
        items.append(b);
      });
      zoneEl.append(items);
      if (z.blank) {
        const add = edEl("button", { type: "button", class: "ed-small ed-blank", dataset: { focusKey: `blank-${pid}-${z.key}` }, text: `+ ${z.blank.label}` });
        add.addEventListener("click", () => {
          const index = edAddBlank(d, pid, z.key); // (chosen, as a card put is)
          if (index >= 0) S.selected = { player: pid, zone: z.key, index };
          changed({ parts: "zones" });
        });
        zoneEl.append(add);
      }
      if (z.countable) {
        const known = edKnownCount(list);
        const n = edEl("input", { type: "number", min: 0, class: "ed-count", value: list.length - known, "aria-label": `${z.label} of ${pid}: unknown cards`, dataset: { focusKey: `count-${pid}-${z.key}` } });
        n.addEventListener("change", () => { edSetUnknown(d, pid, z.key, n.value); changed({ parts: "zones" }); });
        zoneEl.append(edEl("label", { class: "ed-field inline" }, edEl("span", { text: "unknown:" }), n));
      }
      fs.append(zoneEl);
    }
    const zones = edPlayerZones(d, pid);
    for (const f of spec.players) fs.append(control(f, zones[f.key], (v) => { setOrDelete(zones, f.key, v); changed({ parts: "zones" }); }, `player-${pid}-${f.key}`));
    const unseen = edEl("textarea", { rows: 2, class: "ed-unseen", "aria-label": `Unseen cards of ${pid}`, dataset: { focusKey: `unseen-${pid}` } });
    unseen.value = Array.isArray(zones.unseen) ? zones.unseen.join(", ") : "";
    unseen.addEventListener("change", () => {
      const codes = unseen.value.split(/[,\n]+/).map((s) => s.trim()).filter(Boolean);
      if (codes.length) zones.unseen = codes;
      else delete zones.unseen;
      changed({ parts: "zones" });
    });
    fs.append(field("Unseen cards (optional: the codes behind the unknown ones; empty: any card of the sets)", unseen));
    fs.append(jsonArea(`player-extra-${pid}`, edOtherFields(zones, edPlayerControlled(d)), (v) => {
      for (const k of Object.keys(edOtherFields(zones, edPlayerControlled(d)))) delete zones[k];
      Object.assign(zones, v);
      changed({ parts: "zones" });
    }, `Other fields of ${pid} (JSON)`));
    box.append(fs);
  }
}

function drawEntry() {
  const box = $("#entry");
  box.textContent = "";
  if (!S.selected) {
    for (const k of ["player", "zone", "index"]) delete box.dataset[k];
    box.append(edEl("p", { class: "ed-note", text: "Choose a card (on the board or in a zone's list) to set its state." }));
    return;
  }
  const { player, zone, index } = S.selected;
  const z = edZoneSpec(S.doc, zone);
  const entry = edEntry(S.doc, player, zone, index);
  box.dataset.player = player;
  box.dataset.zone = zone;
  box.dataset.index = String(index);
  box.append(edEl("h3", { text: `${player} · ${z ? z.label : zone}, card ${index + 1}: ${entryLabel(entry, z)}` }));
  const def = S.byCode.get(edEntryCode(entry));
  if (def && def.text) box.append(edEl("p", { class: "ed-card-text", text: def.text }));
  if (z && z.kind === "units" && entry && typeof entry === "object") {
    for (const f of z.fields || []) {
      box.append(control(f, entry[f.key], (v) => { edSetField(S.doc, player, zone, index, f.key, v); changed({ parts: "zones", keepSelection: true }); }, `entry-${f.key}`));
    }
    if (z.mods) {
      const n = edEl("input", { type: "number", step: 500, id: "entry-bp", placeholder: "+1000", dataset: { focusKey: "entry-bp" } });
      const until = edEl("select", { id: "entry-bp-until" }, ["turn", "battle", "next_turn"].map((u) => edEl("option", { value: u, text: `until end of ${u.replace("_", " ")}` })));
      const add = edEl("button", { type: "button", id: "entry-bp-add", text: "Add BP change" });
      add.addEventListener("click", () => {
        if (!n.value) return;
        const mods = (entry.mods || []).concat([{ bp: Number(n.value), until: until.value }]);
        edSetField(S.doc, player, zone, index, "mods", mods);
        changed({ parts: "zones", keepSelection: true });
      });
      box.append(edEl("div", { class: "ed-row" }, field("BP change", n), until, add));
    }
    const controlled = ["card", ...(z.fields || []).map((f) => f.key)];
    box.append(jsonArea("entry-extra", edOtherFields(entry, controlled), (v) => { edSetExtra(S.doc, player, zone, index, v, controlled.slice(1)); changed({ parts: "zones", keepSelection: true }); }, "Other fields (JSON: mods, under, vehicle, force, shift, used, …)"));
  }
  const rm = edEl("button", { type: "button", id: "entry-remove", text: "Remove this card" });
  rm.addEventListener("click", () => { edRemove(S.doc, player, zone, index); S.selected = null; changed({ parts: "zones" }); });
  box.append(rm);
}

function drawTarget() {
  const t = $("#target");
  if (!S.target) {
    t.textContent = "Choose a zone (click it on the board, or its name below), then search.";
    return;
  }
  const z = edZoneSpec(S.doc, S.target.zone);
  t.textContent = `Adding to ${S.target.player} · ${z ? z.label : S.target.zone}`;
}

function drawResults() {
  const box = $("#results");
  box.textContent = "";
  const q = $("#search").value;
  const found = edSearch(S.cards, q);
  found.forEach((c, i) => {
    const b = edEl("button", { type: "button", class: "ed-result" + (i === 0 ? " first" : ""), role: "option", dataset: { code: c.code } }, edEl("span", { class: "ed-name", text: c.name }), " ", edEl("span", { class: "ed-code", text: `${c.code} · ${c.type || ""}` }));
    b.addEventListener("click", () => place(c.code));
    box.append(b);
  });
  if (q && !found.length) box.append(edEl("p", { class: "ed-note", text: "No card of the chosen sets has that name or code." }));
}

function drawLegal() {
  const sel = $("#legal-action");
  if (!sel) return;
  const legal = (S.check && S.check.legal_actions) || [];
  const current = sel.value;
  sel.textContent = "";
  sel.append(edEl("option", { value: "", text: legal.length ? "— pick an action, or type one below —" : "— no legal action (type one below) —" }));
  legal.forEach((a, i) => sel.append(edEl("option", { value: String(i), text: edActionText(a, nameOf) })));
  if ([...sel.options].some((o) => o.value === current)) sel.value = current;
}

function drawAsk() {
  const box = $("#ask-form");
  box.textContent = "";
  const kind = edEl("select", { id: "kind" }, ED_KINDS.map(([k, t]) => edEl("option", { value: k, text: t })));
  kind.value = S.kind;
  kind.addEventListener("change", () => { S.kind = kind.value; drawAsk(); writeLinks(); });
  box.append(field("Question", kind));
  if (S.kind === "legal") {
    const sel = edEl("select", { id: "legal-action" });
    sel.addEventListener("change", () => {
      const a = sel.value === "" ? null : S.check.legal_actions[Number(sel.value)];
      S.action = a;
      $("#action-json").value = a ? JSON.stringify(a) : "";
      writeLinks();
    });
    box.append(field("Legal now (or pick a card on the board)", sel));
    const ta = edEl("textarea", { id: "action-json", rows: 2, spellcheck: "false", placeholder: '{"p": "B", "do": "block", "card": "B-2"}' });
    ta.value = S.action ? JSON.stringify(S.action) : "";
    ta.addEventListener("change", () => {
      try { S.action = ta.value.trim() ? JSON.parse(ta.value) : null; ta.classList.remove("bad"); } catch (err) { ta.classList.add("bad"); }
      writeLinks();
    });
    box.append(field("The action (as the log writes it)", ta));
    drawLegal();
  }
  const ask = edEl("button", { type: "button", id: "ask", text: "Ask (Ctrl+Enter)" });
  ask.addEventListener("click", askNow);
  box.append(ask);
}

function render(parts = "all") {
  const active = document.activeElement;
  const focused = active && active.dataset ? active.dataset.focusKey : null;
  if (parts === "all") drawSetup();
  if (parts === "all" || parts === "moment") drawMoment();
  if (parts !== "moment") {
    drawZones();
    drawEntry();
    drawTarget();
  }
  if (focused && !active.isConnected) { // (drawn again: the same control takes the focus)
    const again = root.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

// The zone cards are put in, marked without drawing the zones again.
function markTarget() {
  for (const z of root.querySelectorAll("#zones .ed-zone")) {
    const on = !!S.target && z.dataset.player === S.target.player && z.dataset.zone === S.target.zone;
    z.classList.toggle("target", on);
    z.querySelector(".ed-zone-name").setAttribute("aria-pressed", on ? "true" : "false");
  }
  drawTarget();
}

// ---- actions -------------------------------------------------------------------------

function chooseZone(pid, zone, focusSearch) {
  S.target = { player: pid, zone };
  markTarget();
  if (focusSearch) $("#search").focus();
}

function select(pid, zone, index) {
  S.selected = { player: pid, zone, index };
  const z = edZoneSpec(S.doc, zone);
  if (z && z.kind !== "single") S.target = { player: pid, zone };
  render("zones");
  drawBoard();
  const first = $("#entry input, #entry select, #entry textarea, #entry button");
  if (first) first.focus();
}

function place(code) {
  if (!S.target) {
    $("#target").textContent = "Choose a zone first (its name below, or the zone on the board).";
    return;
  }
  const index = edAddCard(S.doc, S.target.player, S.target.zone, code);
  // the card just put is the chosen one: its panel is open to set its state (rested, …),
  // while the focus stays in the search for the next card
  if (index >= 0) S.selected = { player: S.target.player, zone: S.target.zone, index };
  $("#search").value = "";
  drawResults();
  changed({ parts: "zones" });
  $("#search").focus();
}

async function askNow() {
  const box = $("#answer");
  const seq = ++S.answerSeq;
  root.dataset.asking = "1";
  box.textContent = "Asking…";
  const q = edQuestion(S.doc, S.kind, S.action);
  try {
    const r = await fetch("/v1/rulings", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(q) });
    const body = await r.json();
    if (seq !== S.answerSeq) return;
    if (r.ok) edDrawAnswer(box, body, nameOf);
    else edDrawProblem(box, r.status, body);
  } catch (err) {
    edDrawProblem(box, 0, { detail: String(err) });
  }
  root.dataset.answered = String(seq);
  delete root.dataset.asking;
}

function writeLinks() {
  const doc = edClean(S.doc);
  const ask = { kind: S.kind };
  if (S.kind === "legal" && S.action) ask.action = S.action;
  const hash = `position=${docToParam(doc)}&ask=${docToParam(ask)}`;
  history.replaceState(null, "", `#${hash}`);
  $("#share-link").value = location.href;
  $("#record-link").href = `/record#position=${docToParam(doc)}`;
  $("#doc-json").value = JSON.stringify(doc, null, 1);
}

function renamePlayers(ids) {
  const d = S.doc;
  if (!ids.length || new Set(ids).size !== ids.length) return;
  const old = d.players.map((p) => p.id);
  const players = {};
  ids.forEach((id, i) => { players[id] = (d.start.players || {})[old[i]] || {}; });
  d.players = ids.map((id) => ({ id }));
  d.start.players = players;
  if (d.teams) d.teams = edTeams(ids);
  for (const k of ["turn_player", "first"]) if (old.includes(d.start[k])) d.start[k] = ids[old.indexOf(d.start[k])];
  S.target = null;
  S.selected = null;
  changed();
}

async function startNew(game, variant) {
  S.doc = edNewDoc(game, variant, S.data.games[game].sets || []);
  const phases = S.data.games[game].phases;
  S.doc.start.phase = phases.includes("main") ? "main" : phases[0]; // where most questions are
  S.target = null;
  S.selected = null;
  await loadCards();
  changed();
}

// "New position": the next table to describe, of the same game and variant; the answer
// about the last one goes with it (the question asked stays chosen).
async function newPosition() {
  S.action = null;
  S.answerSeq += 1; // an answer still on its way is not drawn
  delete root.dataset.asking;
  $("#answer").textContent = "";
  $("#search").value = "";
  drawResults();
  drawAsk();
  await startNew(S.doc.game, S.doc.variant);
}

async function loadDoc(doc) {
  if (!doc || typeof doc !== "object" || !edGames[doc.game]) throw new Error("not a position of a game the editor knows");
  doc.start = doc.start || {};
  doc.start.players = doc.start.players || {};
  doc.players = doc.players || edPlayerIds(doc.game, doc.variant).map((id) => ({ id }));
  S.doc = doc;
  S.target = null;
  S.selected = null;
  await loadCards();
  changed();
}

// ---- the page ------------------------------------------------------------------------

function shell() {
  root.textContent = "";
  root.append(
    edEl("header", { class: "ed-head" }, edEl("h1", { text: "Position editor" }), edEl("p", { class: "ed-note", text: "Describe a table, then ask. Keys: / search cards · Enter put the first found card in the chosen zone · Esc clear, leave the search · Ctrl+Enter ask." })),
    edEl("datalist", { id: "ed-ids" }),
    edEl("section", { id: "setup", class: "ed-box", "aria-label": "Game" }),
    edEl("section", { id: "moment", class: "ed-box", "aria-label": "The moment" }),
    edEl("section", { class: "ed-box ed-board-box", "aria-label": "Board" }, edEl("div", { id: "board" }), edEl("div", { id: "problems", role: "status", "aria-live": "polite" })),
    edEl(
      "section", { class: "ed-box ed-cards", "aria-label": "Cards" },
      edEl("p", { id: "target", class: "ed-target" }),
      edEl("label", { class: "ed-field" }, edEl("span", { text: "Search cards (name or code, Japanese or English)" }), edEl("input", { id: "search", type: "search", autocomplete: "off", role: "combobox", "aria-controls": "results", "aria-expanded": "true" })),
      edEl("div", { id: "results", role: "listbox", "aria-label": "Cards found" }),
      edEl("div", { id: "entry", class: "ed-entry", "aria-label": "The chosen card" }),
      edEl("div", { id: "zones" })
    ),
    edEl("section", { class: "ed-box", id: "ask-box", "aria-label": "Ask" }, edEl("h2", { text: "Ask" }), edEl("div", { id: "ask-form" }), edEl("div", { id: "answer", "aria-live": "polite" })),
    edEl(
      "section", { class: "ed-box", "aria-label": "Share" },
      edEl("label", { class: "ed-field" }, edEl("span", { text: "Link to this position and question" }), edEl("input", { id: "share-link", readonly: true })),
      edEl("p", {}, edEl("a", { id: "record-link", href: "/record", text: "Start a recording from this position" })),
      edEl("details", { id: "doc-json-box" }, edEl("summary", { text: "The position as JSON (paste one to load it)" }), edEl("textarea", { id: "doc-json", rows: 10, spellcheck: "false" }), edEl("button", { type: "button", id: "doc-load", text: "Load this JSON" })),
    )
  );
  const search = $("#search");
  search.addEventListener("input", drawResults);
  search.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      const first = edSearch(S.cards, search.value)[0];
      if (first) place(first.code);
    } else if (ev.key === "Escape") {
      if (!search.value) search.blur(); // a second Escape leaves the search
      search.value = "";
      drawResults();
    }
  });
  $("#doc-load").addEventListener("click", async () => {
    try { await loadDoc(JSON.parse($("#doc-json").value)); } catch (err) { $("#problems").textContent = `Not loaded: ${err.message || err}`; }
  });
  const board = $("#board");
  board.addEventListener("zone-open", (ev) => {
    const { player, zone } = ev.detail;
    const spec = edSpec(S.doc).zones.find((z) => z.board === zone);
    if (!spec) return;
    chooseZone(player || (S.target && S.target.player) || S.doc.players[0].id, spec.key, true);
  });
  board.addEventListener("card-open", (ev) => {
    const id = ev.detail.id;
    if (S.kind === "legal" && S.check && S.check.legal_actions) {
      const i = S.check.legal_actions.findIndex((a) => JSON.stringify(a).includes(`"${id}"`));
      if (i >= 0) {
        const sel = $("#legal-action");
        sel.value = String(i);
        sel.dispatchEvent(new Event("change"));
      }
    }
    const found = S.check && edFindId(S.check.ids, id);
    if (found) select(found.player, found.zone, found.index);
  });
  document.addEventListener("keydown", (ev) => {
    const typing = ev.target.closest && ev.target.closest("input, textarea, select");
    if (ev.key === "/" && !typing) { ev.preventDefault(); search.focus(); }
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); askNow(); }
  });
}

async function main() {
  root = document.getElementById("editor");
  const blob = document.getElementById("replay-data");
  S.data = JSON.parse(blob.textContent);
  shell();
  const params = hashParams(location.hash);
  let ask = null;
  try {
    if (params.get("ask")) ask = docFromParam(params.get("ask"));
  } catch (err) { ask = null; }
  if (ask && ED_KINDS.some(([k]) => k === ask.kind)) {
    S.kind = ask.kind;
    S.action = ask.action || null;
  }
  drawAsk();
  let loaded = false;
  if (params.get("position")) {
    try { await loadDoc(docFromParam(params.get("position"))); loaded = true; } catch (err) { console.warn("the link's position was not read:", err); }
  }
  if (!loaded) await startNew("union-arena", undefined);
  root.removeAttribute("aria-busy");
  document.body.dataset.ready = "1";
  if (ask && loaded) {
    await checked();
    drawAsk();
    await askNow();
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
