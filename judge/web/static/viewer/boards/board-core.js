// The generic board renderer: draws any game's layout (see the per-game layout modules)
// from a replay step's state.  It only draws: nothing here decides what is legal.
//
// A layout is data:
//   {game, name,
//    rows: [[zone, ...], ...]      each player's zones, row by row, the first row nearest the
//                                  middle of the table (the top players' rows are reversed)
//    field: [zone, ...]            zones of the whole table, drawn between the sides (Z/X squares)
//    header: [{key, label}]        top-level state fields shown in the header besides turn/phase
//    flags: [{key, label}]         a player's boolean fields shown by the player's name when true
//    cardFields: [field, ...]      how a card entry's fields are shown (badges, stacks)
//    idPrefixes: {prefix: list}    instance ids "<player>-<prefix><n>" name the n-th code of the
//                                  player's deck list (the replay's decks), for ids without a code}
// A zone: {key (the state's key), label (the rulebook's name), kind, ...options}
//   kind "cards":  a row of cards: a list (ids, null = hidden, entries, tuples) or a count
//                  (that many hidden cards); options: faceDown (cards the owner keeps face
//                  down), compact (small name chips: discard piles), tuple ([field names] of a
//                  list entry), split ({up, down}: an object of face-up cards and a face-down
//                  count), note ({key, label}: a sibling count shown by the label)
//   kind "slots":  fixed places; null is an empty place (slots: how many at least)
//   kind "card":   one card or null
//   kind "count":  a pile of face-down cards shown by its number
//   kind "number": a number that is no pile (damage)
//   kind "tally":  {active, total} tokens (active ones upright)
//   kind "counters": {name: number}
//   kind "squares": a grid of squares (grid: {rows, cols, squares: [{name, row, col,
//                  playerSquare}]}); the state's value is {name: card or null}
// A card field: {key, kind, label, printed, value}
//   kind "rested": true rests the card; "state": the value `value` rests the card;
//   "number": a badge `label n`, with printed (the definition's field) the change shown;
//   "counter": a badge when not 0; "flag": a badge `label` when true (labelFalse when false);
//   "text": a badge `label: v`; "stack": a list of cards stacked under this one (tuple: as a zone's);
//   "card": one card id stacked under this one; "info": only in the card's tooltip;
//   "faceUp": false draws the (known) card marked face down.

export const BOARD_HIDDEN_TEXT = "a hidden card";
export const BOARD_MAX_BACKS = 12;

const boardDefsCache = new WeakMap();

export function boardDefs(cards) {
  if (!Array.isArray(cards)) return new Map();
  let m = boardDefsCache.get(cards);
  if (!m) {
    m = new Map();
    for (const c of cards) if (c && c.code) m.set(c.code, c);
    boardDefsCache.set(cards, m);
  }
  return m;
}

export function boardEl(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

export function boardIsHidden(item) {
  return item === null || item === undefined || item === BOARD_HIDDEN_TEXT;
}

// A list entry as an object: {id, ...fields}, or null when hidden.
export function boardEntry(item, tuple) {
  if (boardIsHidden(item)) return null;
  if (typeof item === "string") return { id: item };
  if (Array.isArray(item)) {
    const names = tuple || ["id", "state"];
    const o = {};
    names.forEach((n, i) => { if (i < item.length) o[n] = item[i]; });
    if (boardIsHidden(o.id)) return null;
    return o;
  }
  if (typeof item === "object") return item;
  return { id: String(item) };
}

// The code of an instance id from the replay's deck lists: "A-7" is the 7th code of A's main list.
export function boardCodeOf(id, ctx, layout) {
  const decks = ctx.decks || (ctx.head && ctx.head.decks);
  if (!decks || typeof id !== "string") return null;
  const m = /^(.+)-([A-Za-z]*)(\d+)$/.exec(id);
  if (!m) return null;
  const deck = decks[m[1]];
  const list = deck && deck[(layout.idPrefixes || { "": "main" })[m[2]]];
  return Array.isArray(list) ? list[Number(m[3]) - 1] || null : null;
}

export function boardPlayerName(ctx, pid) {
  const p = (ctx.players || []).find((x) => x.id === pid);
  return p && p.name ? `${p.name} (${pid})` : String(pid);
}

// Where each card was in the previous state, and its fields: to mark what changed.
export function boardIndex(state, layout) {
  const idx = new Map();
  if (!state) return idx;
  const put = (entry, where) => {
    if (!entry || entry.id === undefined) return;
    idx.set(entry.id, { where, sig: boardSig(entry, layout) });
    for (const f of layout.cardFields || []) {
      if (f.kind === "stack" && Array.isArray(entry[f.key])) {
        for (const s of entry[f.key]) put(boardEntry(s, f.tuple), `${where}/${entry.id}/${f.key}`);
      } else if (f.kind === "card" && entry[f.key]) {
        put(boardEntry(entry[f.key]), `${where}/${entry.id}/${f.key}`);
      }
    }
  };
  for (const [pid, ps] of Object.entries(state.players || {})) {
    for (const row of layout.rows) {
      for (const z of row) {
        for (const e of boardZoneEntries(ps, z)) put(e, `${pid}/${z.key}`);
      }
    }
  }
  for (const z of layout.field || []) {
    const v = state[z.key];
    if (z.kind === "squares" && v) {
      for (const [name, e] of Object.entries(v)) put(boardEntry(e), `${z.key}/${name}`);
    }
  }
  return idx;
}

export function boardSig(entry, layout) {
  const o = {};
  const stackKeys = new Set((layout.cardFields || []).filter((f) => f.kind === "stack" || f.kind === "card").map((f) => f.key));
  for (const k of Object.keys(entry).sort()) {
    if (stackKeys.has(k)) {
      const v = entry[k];
      o[k] = Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? x[0] : x && x.id ? x.id : x)) : v;
    } else {
      o[k] = entry[k];
    }
  }
  return JSON.stringify(o);
}

// The face-up entries of a player's zone (hidden ones left out).
export function boardZoneEntries(ps, z) {
  if (!ps) return [];
  const v = ps[z.key];
  let list = [];
  if (z.split && v && typeof v === "object" && !Array.isArray(v)) list = v[z.split.up] || [];
  else if (z.kind === "card" && Array.isArray(v) && z.tuple) list = [v];
  else if (Array.isArray(v)) list = v;
  else if (z.kind === "card" && v) list = [v];
  return list.map((x) => boardEntry(x, z.tuple)).filter(Boolean);
}

// The number a zone's data-count carries.
export function boardZoneCount(v, z) {
  if (v === null || v === undefined) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (z.kind === "tally" && typeof v === "object") return Number(v[z.total || "total"]) || 0;
  if (z.split && typeof v === "object" && !Array.isArray(v)) {
    return (v[z.split.up] || []).length + (Number(v[z.split.down]) || 0);
  }
  if (z.kind === "card") return Array.isArray(v) ? (v[0] === null && !z.countHidden ? 0 : 1) : 1;
  if (z.kind === "counters" && typeof v === "object") {
    return Object.values(v).reduce((a, b) => a + (Number(b) || 0), 0);
  }
  if (z.kind === "slots" && Array.isArray(v)) return v.filter((x) => x !== null).length;
  if (z.kind === "squares" && typeof v === "object") return Object.values(v).filter((x) => x !== null).length;
  if (Array.isArray(v)) return v.length;
  return 0;
}

export function boardBack(extraCls) {
  const b = boardEl("div", "card back" + (extraCls ? " " + extraCls : ""));
  b.setAttribute("aria-label", "hidden card");
  return b;
}

function boardSigned(n) {
  return n > 0 ? `+${n}` : String(n);
}

// Badges and tooltip lines of a card entry.
export function boardCardFacts(entry, def, layout) {
  const badges = [];
  const info = [];
  let rested = false;
  let faceDown = false;
  const known = new Set(["id", "code", "name"]);
  for (const f of layout.cardFields || []) {
    known.add(f.key);
    const v = entry[f.key];
    if (v === undefined || v === null) continue;
    const label = f.label || f.key;
    switch (f.kind) {
      case "rested":
        if (v === true) { rested = true; badges.push({ text: label || "rested", cls: "b-rested" }); }
        break;
      case "state":
        if (v === f.value) { rested = true; badges.push({ text: v, cls: "b-rested" }); }
        else info.push(`${label}: ${v}`);
        break;
      case "number": {
        const printed = f.printed && def ? def[f.printed] : undefined;
        const b = { text: `${label} ${v}`, cls: "b-num" };
        if (typeof printed === "number" && typeof v === "number" && printed !== v) {
          b.text += ` (${boardSigned(v - printed)})`;
          b.cls += v > printed ? " up" : " down";
          info.push(`${label} ${v}, printed ${printed}`);
        } else {
          info.push(`${label} ${v}`);
        }
        badges.push(b);
        break;
      }
      case "counter":
        if (v) badges.push({ text: `${label} ${v}`, cls: "b-counter" });
        info.push(`${label}: ${v}`);
        break;
      case "flag":
        if (v === true) badges.push({ text: label, cls: "b-flag" });
        else if (v === false && f.labelFalse) badges.push({ text: f.labelFalse, cls: "b-flag off" });
        break;
      case "faceUp":
        if (v === false) { faceDown = true; badges.push({ text: label || "face down", cls: "b-flag" }); }
        break;
      case "text":
        badges.push({ text: `${label}: ${Array.isArray(v) ? v.join(", ") : v}`, cls: "b-text" });
        break;
      case "info":
        info.push(`${label}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
        break;
      default:
        break;
    }
  }
  for (const [k, v] of Object.entries(entry)) {
    if (known.has(k)) continue;
    info.push(`${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  return { badges, info, rested, faceDown };
}

// Draws one face-up card (a button) and what is stacked under it.
export function boardUnit(entry, r, where) {
  const { ctx, layout, defs, prevIdx } = r;
  const code = entry.code || boardCodeOf(entry.id, ctx, layout);
  const def = code ? defs.get(code) : undefined;
  const name = entry.name || (def && def.name) || entry.id;
  const facts = boardCardFacts(entry, def, layout);
  const btn = boardEl("button", "card");
  btn.type = "button";
  if (entry.id !== undefined) btn.dataset.cardId = entry.id;
  if (code) btn.dataset.code = code;
  if (def && def.type) btn.dataset.type = def.type;
  if (def && def.color) btn.dataset.color = def.color;
  if (def && def.frame) btn.dataset.color = def.frame;
  if (def && def.category) btn.dataset.color = def.category;
  if (facts.rested) btn.classList.add("rested");
  if (facts.faceDown) btn.classList.add("face-down");
  if (r.compact) btn.classList.add("mini");
  if (ctx.selected !== null && ctx.selected !== undefined && entry.id === ctx.selected) btn.classList.add("selected");
  const prev = prevIdx ? prevIdx.get(entry.id) : null;
  if (r.prevState && (!prev || prev.where !== where || prev.sig !== boardSig(entry, layout))) {
    btn.classList.add("changed");
  }
  const title = [name, `${entry.id}${code ? " · " + code : ""}`, ...facts.info];
  if (facts.rested) title.push("rested");
  btn.title = title.join("\n");
  btn.appendChild(boardEl("span", "card-name", name));
  if (!r.compact) {
    btn.appendChild(boardEl("span", "card-id", entry.id));
    if (facts.badges.length) {
      const bs = boardEl("span", "badges");
      for (const b of facts.badges) bs.appendChild(boardEl("span", "badge " + b.cls, b.text));
      btn.appendChild(bs);
    }
  }
  btn.addEventListener("click", () => {
    r.el.dispatchEvent(new CustomEvent("card-open", { detail: { id: entry.id, code: code || null }, bubbles: true }));
  });
  const stacks = [];
  for (const f of layout.cardFields || []) {
    let items = null;
    if (f.kind === "stack" && Array.isArray(entry[f.key]) && entry[f.key].length) items = entry[f.key];
    else if (f.kind === "card" && entry[f.key]) items = [entry[f.key]];
    if (!items) continue;
    const st = boardEl("div", "stack");
    st.dataset.stack = f.key;
    st.appendChild(boardEl("span", "stack-label", `${f.label || f.key} (${items.length})`));
    const sub = { ...r, compact: true };
    for (const it of items) {
      const e = boardEntry(it, f.tuple);
      st.appendChild(e ? boardUnit(e, sub, `${where}/${entry.id}/${f.key}`) : boardBack("mini"));
    }
    stacks.push(st);
  }
  if (!stacks.length) return btn;
  const wrap = boardEl("div", "unit");
  wrap.appendChild(btn);
  for (const s of stacks) wrap.appendChild(s);
  return wrap;
}

function boardDrawBacks(box, n, compact) {
  const shown = Math.min(n, BOARD_MAX_BACKS);
  for (let i = 0; i < shown; i++) box.appendChild(boardBack(compact ? "mini" : ""));
  if (n > shown) box.appendChild(boardEl("span", "more", `+${n - shown}`));
}

// Draws the items of a "cards" zone into box.
function boardDrawItems(box, v, z, r, where) {
  const sub = z.compact ? { ...r, compact: true } : r;
  if (typeof v === "number") {
    boardDrawBacks(box, v, z.compact);
    return;
  }
  let list = v;
  let down = 0;
  if (z.split && v && typeof v === "object" && !Array.isArray(v)) {
    list = v[z.split.up] || [];
    down = Number(v[z.split.down]) || 0;
  }
  if (!Array.isArray(list)) return;
  let hiddenRun = 0;
  const flush = () => { if (hiddenRun) { boardDrawBacks(box, hiddenRun, z.compact); hiddenRun = 0; } };
  for (const item of list) {
    const e = boardEntry(item, z.tuple);
    if (!e) { hiddenRun++; continue; }
    flush();
    const u = boardUnit(e, sub, where);
    if (z.faceDown) (u.classList.contains("card") ? u : u.firstChild).classList.add("face-down");
    box.appendChild(u);
  }
  flush();
  if (down) {
    const d = boardEl("span", "down-group");
    d.appendChild(boardEl("span", "down-label", z.split.label || "face down"));
    boardDrawBacks(d, down, z.compact);
    box.appendChild(d);
  }
}

export function boardZone(ps, z, pid, r, prevPs) {
  const v = ps ? ps[z.key] : undefined;
  const count = boardZoneCount(v, z);
  const zone = boardEl("div", `zone kind-${z.kind}${z.compact ? " compact" : ""}`);
  zone.dataset.zone = z.key;
  if (pid !== null) zone.dataset.player = pid;
  zone.dataset.count = String(count);
  if (r.prevState && prevPs !== undefined) {
    const pv = prevPs ? prevPs[z.key] : undefined;
    const whole = z.kind === "tally" || z.kind === "counters" || z.kind === "card";
    if (boardZoneCount(pv, z) !== count || (whole && JSON.stringify(pv === undefined ? null : pv) !== JSON.stringify(v === undefined ? null : v))) {
      zone.classList.add("changed");
    }
  }
  const head = boardEl("div", "zone-label");
  head.appendChild(boardEl("span", "zone-name", z.label));
  let countText = String(count);
  if (z.kind === "tally" && v && typeof v === "object") countText = `${v[z.active || "active"]}/${v[z.total || "total"]}`;
  if (z.kind !== "count" && z.kind !== "number") head.appendChild(boardEl("span", "zone-count", countText));
  if (z.note && ps && ps[z.note.key] !== undefined) {
    head.appendChild(boardEl("span", "zone-note", `${ps[z.note.key]} ${z.note.label}`));
    if (r.prevState && prevPs && prevPs[z.note.key] !== ps[z.note.key]) zone.classList.add("changed");
  }
  zone.appendChild(head);
  if (r.ctx.zonesOpen) boardZoneOpener(zone, head, pid, z, r);
  const box = boardEl("div", "cards");
  zone.appendChild(box);
  const where = `${pid}/${z.key}`;
  switch (z.kind) {
    case "count": {
      const pile = boardEl("div", "pile");
      pile.appendChild(boardEl("span", "pile-n", count));
      pile.setAttribute("aria-label", `${z.label}: ${count}`);
      box.appendChild(pile);
      break;
    }
    case "number": {
      const n = boardEl("span", "number" + (count ? "" : " zero"), count);
      n.setAttribute("aria-label", `${z.label}: ${count}`);
      box.appendChild(n);
      break;
    }
    case "tally": {
      const total = Number(v && v[z.total || "total"]) || 0;
      const active = Number(v && v[z.active || "active"]) || 0;
      for (let i = 0; i < total; i++) {
        const t = boardEl("span", "token" + (i < active ? "" : " rested"), z.token || "AP");
        t.title = i < active ? "active" : "rested";
        box.appendChild(t);
      }
      if (!total) box.appendChild(boardEl("span", "empty", "none"));
      break;
    }
    case "counters": {
      const entries = v && typeof v === "object" ? Object.entries(v) : [];
      for (const [k, n] of entries) box.appendChild(boardEl("span", "badge b-counter", `${k} ${n}`));
      if (!entries.length) box.appendChild(boardEl("span", "empty", "none"));
      break;
    }
    case "card": {
      const e = z.tuple && Array.isArray(v) ? boardEntry(v, z.tuple) : boardEntry(v);
      if (e) box.appendChild(boardUnit(e, r, where));
      else if (Array.isArray(v) && z.tuple) box.appendChild(boardBack(""));
      else box.appendChild(boardEl("span", "slot empty", "empty"));
      break;
    }
    case "slots": {
      const list = Array.isArray(v) ? v : [];
      const n = Math.max(list.length, z.slots || 0);
      for (let i = 0; i < n; i++) {
        const e = boardEntry(list[i], z.tuple);
        const slot = boardEl("div", "slot");
        slot.dataset.slot = String(i + 1);
        if (e) slot.appendChild(boardUnit(e, r, where));
        else slot.appendChild(boardEl("span", "slot-empty", `${z.slotLabel || "square"} ${i + 1}`));
        box.appendChild(slot);
      }
      break;
    }
    case "squares":
      boardSquares(box, v, z, r);
      break;
    default:
      boardDrawItems(box, v, z, r, where);
      if (count === 0) box.appendChild(boardEl("span", "empty", "empty"));
  }
  return zone;
}

// A board that edits (ctx.zonesOpen, the position editor): a click on a zone outside its
// cards, or Enter on its label, dispatches "zone-open" {player, zone} on the board's element
// (player null for a zone of the whole table).  The viewer does not set it: nothing changes there.
function boardZoneOpener(zone, head, pid, z, r) {
  zone.classList.add("openable");
  head.tabIndex = 0;
  head.setAttribute("role", "button");
  head.setAttribute("aria-label", `${z.label}${pid !== null ? ` of ${pid}` : ""}: choose this zone`);
  const open = () => r.el.dispatchEvent(new CustomEvent("zone-open", { detail: { player: pid, zone: z.key }, bubbles: true }));
  zone.addEventListener("click", (ev) => { if (!ev.target.closest(".card")) open(); });
  head.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(); }
  });
}

// The grid of squares (Z/X): the bottom player's own player square is drawn at the bottom.
export function boardSquares(box, v, z, r) {
  const grid = z.grid;
  const seats = r.order; // player ids in the log's order
  const bottomSeat = Math.max(0, seats.indexOf(r.bottom));
  // the grid's rows are seen from seat 0: row 0 holds seat 0's player square
  const seat0Row = (grid.squares.find((s) => s.playerSquare === 0) || { row: 0 }).row;
  const flipRows = bottomSeat === 0 ? seat0Row === 0 : seat0Row !== 0;
  const g = boardEl("div", "squares");
  g.style.gridTemplateColumns = `repeat(${grid.cols}, minmax(0, 1fr))`;
  const prevSq = r.prevState ? r.prevState[z.key] || {} : null;
  for (const s of grid.squares) {
    const row = flipRows ? grid.rows - 1 - s.row : s.row;
    const col = bottomSeat === 0 ? s.col : grid.cols - 1 - s.col;
    const cell = boardEl("div", "square");
    cell.style.gridRow = String(row + 1);
    cell.style.gridColumn = String(col + 1);
    cell.dataset.square = String(s.name);
    const label = boardEl("span", "square-name", `${z.squareLabel || "Square"} ${s.name}`);
    if (s.playerSquare !== undefined && s.playerSquare !== null && seats[s.playerSquare] !== undefined) {
      const owner = seats[s.playerSquare];
      cell.dataset.playerSquare = owner;
      cell.classList.add("player-square");
      label.textContent = `${s.name} · ${owner}'s player square`;
    }
    cell.appendChild(label);
    const item = v ? v[String(s.name)] : null;
    const e = boardEntry(item);
    if (e) {
      if (e.controller !== undefined) cell.dataset.player = e.controller;
      cell.classList.add(e.controller === r.bottom ? "mine" : "theirs");
      cell.appendChild(boardUnit(e, r, `${z.key}/${s.name}`));
    }
    if (prevSq && JSON.stringify(prevSq[String(s.name)] || null) !== JSON.stringify(item || null)) {
      cell.classList.add("changed");
    }
    g.appendChild(cell);
  }
  box.appendChild(g);
}

// The sides' order: the perspective's player (or team) at the bottom, the first player when
// the judge's or the public's.
export function boardSeating(ctx, state) {
  const order = (ctx.players || []).map((p) => p.id);
  for (const pid of Object.keys((state && state.players) || {})) if (!order.includes(pid)) order.push(pid);
  const persp = ctx.perspective;
  const bottom = order.includes(persp) ? persp : order[0];
  const teams = Array.isArray(ctx.teams) && ctx.teams.length ? ctx.teams : null;
  const teamOf = (pid) => (teams ? teams.find((t) => (t.players || []).includes(pid)) : null);
  let bottomIds;
  if (teams && teamOf(bottom)) {
    bottomIds = teamOf(bottom).players.slice();
  } else {
    bottomIds = [bottom];
  }
  const topIds = order.filter((p) => !bottomIds.includes(p));
  return { order, bottom, bottomIds, topIds, teamOf };
}

export function boardPhaseText(phase) {
  if (!phase) return "";
  const s = String(phase).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function boardHeader(state, r) {
  const { ctx, layout } = r;
  const h = boardEl("div", "board-head");
  h.appendChild(boardEl("span", "board-game", layout.name + (ctx.variant ? ` · ${ctx.variant === "tag" ? "tag battle (2 vs 2)" : ctx.variant}` : "")));
  if (!state) return h;
  const item = (label, value, cls) => {
    const s = boardEl("span", "head-item" + (cls ? " " + cls : ""));
    s.appendChild(boardEl("span", "head-label", label));
    s.appendChild(boardEl("span", "head-value", value));
    h.appendChild(s);
    return s;
  };
  if (state.turn !== undefined && state.turn !== null) item("Turn", state.turn);
  if (state.phase) item("Phase", boardPhaseText(state.phase));
  if (state.turn_player) {
    let t = boardPlayerName(ctx, state.turn_player);
    const team = r.seating.teamOf(state.turn_player);
    if (team) t += ` · team ${team.id}`;
    item("Turn player", t);
  }
  for (const f of layout.header || []) {
    const v = state[f.key];
    if (v === undefined || v === null) continue;
    const text = typeof v === "object"
      ? Object.entries(v).map(([k, x]) => `${k} ${x}`).join(" · ")
      : String(v);
    const s = item(f.label, text);
    s.dataset.key = f.key;
    if (r.prevState && JSON.stringify(r.prevState[f.key]) !== JSON.stringify(v)) s.classList.add("changed");
  }
  return h;
}

export function boardSide(pid, r, isTop) {
  const { ctx, layout, state } = r;
  const ps = (state.players || {})[pid];
  const prevPs = r.prevState ? ((r.prevState.players || {})[pid] || null) : undefined;
  const side = boardEl("section", "side " + (isTop ? "top" : "bottom"));
  side.dataset.player = pid;
  if (state.turn_player === pid) side.classList.add("turn-player");
  const h = boardEl("h3", "side-head");
  h.appendChild(boardEl("span", "side-name", boardPlayerName(ctx, pid)));
  const team = r.seating.teamOf(pid);
  if (team) {
    const t = boardEl("span", "side-team", `team ${team.id}`);
    h.appendChild(t);
    side.dataset.team = team.id;
  }
  if (state.turn_player === pid) h.appendChild(boardEl("span", "side-flag turn", "turn player"));
  for (const f of layout.flags || []) {
    if (ps && ps[f.key] === true) {
      h.appendChild(boardEl("span", "side-flag", f.label));
      side.classList.add("flag-" + f.key);
    }
  }
  side.appendChild(h);
  const rows = isTop ? layout.rows.slice().reverse() : layout.rows;
  for (const row of rows) {
    const rowEl = boardEl("div", "zone-row");
    for (const z of row) {
      if (z.optional && (!ps || ps[z.key] === undefined)) continue;
      rowEl.appendChild(boardZone(ps, z, pid, r, prevPs));
    }
    if (rowEl.childNodes.length) side.appendChild(rowEl);
  }
  return side;
}

// Draws a layout into el (emptied first).  ctx.zonesOpen: zones dispatch "zone-open".
export function boardDraw(el, ctx, layout) {
  el.textContent = "";
  const state = ctx.state;
  const root = boardEl("div", "board");
  root.dataset.game = ctx.game || layout.game;
  if (ctx.variant) root.dataset.variant = ctx.variant;
  const r = {
    el, ctx, layout, state,
    defs: boardDefs(ctx.cards),
    prevState: ctx.previous || null,
    prevIdx: ctx.previous ? boardIndex(ctx.previous, layout) : null,
    compact: false,
    seating: boardSeating(ctx, state),
  };
  r.order = r.seating.order;
  r.bottom = r.seating.bottom;
  root.appendChild(boardHeader(state, r));
  if (!state || !state.players) {
    root.appendChild(boardEl("p", "board-empty", "No state at this step."));
    el.appendChild(root);
    return root;
  }
  const group = (ids, isTop) => {
    const g = boardEl("div", "sides " + (isTop ? "top" : "bottom"));
    for (const pid of ids) g.appendChild(boardSide(pid, r, isTop));
    return g;
  };
  if (r.seating.topIds.length) root.appendChild(group(r.seating.topIds, true));
  if ((layout.field || []).length) {
    const f = boardEl("div", "field");
    for (const z of layout.field) f.appendChild(boardZone(state, z, null, r, r.prevState ? r.prevState : undefined));
    root.appendChild(f);
  }
  root.appendChild(group(r.seating.bottomIds, false));
  el.appendChild(root);
  return root;
}
