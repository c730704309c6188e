// The position document the editor writes (judge-position/1, docs/positions.md), and what
// the page reads of it: pure functions, no DOM.  The document is the page's whole state: the
// board, the problems and the link are all made from it.

import { edGames, ED_DOC_KEYS, ED_START_KEYS } from "./spec.js";

export function edPlayerIds(game, variant) {
  return game === "rangers-strike" && variant === "tag" ? ["A1", "A2", "B1", "B2"] : ["A", "B"];
}

// A new position: the game's first phase of turn 1, the first player's, its sample set.
export function edNewDoc(game, variant, sets) {
  const ids = edPlayerIds(game, variant);
  const doc = {
    format: "judge-position/1",
    game,
    players: ids.map((id) => ({ id })),
    card_sets: sets.slice(0, 1),
    start: { turn: 1, phase: "", turn_player: ids[0], first: ids[0], players: {} },
  };
  if (variant) doc.variant = variant;
  if (ids.length === 4) doc.teams = edTeams(ids);
  for (const id of ids) doc.start.players[id] = {};
  return doc;
}

export function edTeams(ids) {
  return [{ id: "A", players: ids.slice(0, 2) }, { id: "B", players: ids.slice(2, 4) }];
}

export function edSpec(doc) {
  return edGames[doc.game];
}

export function edZoneSpec(doc, key) {
  return (edSpec(doc) || { zones: [] }).zones.find((z) => z.key === key) || null;
}

export function edPlayerZones(doc, pid) {
  const players = (doc.start.players = doc.start.players || {});
  return (players[pid] = players[pid] || {});
}

// A zone's value as a list (a count read as that many unknown cards).
export function edZoneList(doc, pid, key) {
  const v = edPlayerZones(doc, pid)[key];
  if (v && typeof v === "object" && !Array.isArray(v) && typeof v.count === "number") return new Array(v.count).fill(null);
  if (Array.isArray(v)) return v;
  return [];
}

export function edKnownCount(list) {
  return list.filter((x) => x !== null && !(x && typeof x === "object" && x.card === null)).length;
}

// Sets a zone from a list; an empty zone is left out (as a hand-written position leaves it).
export function edSetZone(doc, pid, key, list) {
  const zones = edPlayerZones(doc, pid);
  if (!list.length) delete zones[key];
  else zones[key] = list;
}

// Adds a card (its code) to a zone; a unit zone wraps it as {card}.  A zone of unknown cards
// given as a count keeps its unknown cards, now as a list.  Returns where it went (its index
// in the zone; -1 for no such zone).
export function edAddCard(doc, pid, key, code) {
  const z = edZoneSpec(doc, key);
  if (!z) return -1;
  if (z.kind === "single") {
    edPlayerZones(doc, pid)[key] = code;
    return 0;
  }
  const list = edZoneList(doc, pid, key).slice();
  const entry = z.kind === "units" ? { card: code } : code;
  const empty = z.blank && z.blank.value === null && z.kind === "units" ? list.indexOf(null) : -1;
  if (empty >= 0) list[empty] = entry; // a member square: the first empty one
  else list.push(entry);
  edSetZone(doc, pid, key, list);
  return empty >= 0 ? empty : list.length - 1;
}

// Adds an unknown card (or an empty square) at the zone's end; returns its index (-1: none).
export function edAddBlank(doc, pid, key) {
  const z = edZoneSpec(doc, key);
  if (!z || !z.blank) return -1;
  const list = edZoneList(doc, pid, key).slice();
  list.push(z.blank.value === null ? null : JSON.parse(JSON.stringify(z.blank.value)));
  edSetZone(doc, pid, key, list);
  return list.length - 1;
}

// A hidden zone given as "n unknown cards": {"count": n} when it holds nothing else, else
// its known cards and n unknown ones after them.
export function edSetUnknown(doc, pid, key, n) {
  const z = edZoneSpec(doc, key);
  const list = edZoneList(doc, pid, key).filter((x) => x !== null);
  n = Math.max(0, Math.floor(Number(n) || 0));
  if (z && z.countable && !list.length) {
    const zones = edPlayerZones(doc, pid);
    if (n) zones[key] = { count: n };
    else delete zones[key];
    return;
  }
  edSetZone(doc, pid, key, list.concat(new Array(n).fill(null)));
}

export function edRemove(doc, pid, key, index) {
  const z = edZoneSpec(doc, key);
  if (z && z.kind === "single") {
    delete edPlayerZones(doc, pid)[key];
    return;
  }
  const list = edZoneList(doc, pid, key).slice();
  const squares = z && z.kind === "units" && z.blank && z.blank.value === null;
  if (squares && list[index] !== null) list[index] = null; // a square emptied keeps its place
  else list.splice(index, 1);
  while (squares && list.length && list[list.length - 1] === null && list.every((x) => x === null)) list.pop();
  edSetZone(doc, pid, key, list);
}

export function edEntry(doc, pid, key, index) {
  const z = edZoneSpec(doc, key);
  if (z && z.kind === "single") return edPlayerZones(doc, pid)[key] || null;
  return edZoneList(doc, pid, key)[index];
}

export function edEntryCode(entry) {
  if (entry === null || entry === undefined) return null;
  if (typeof entry === "string") return entry;
  if (typeof entry === "object") return entry.card !== undefined ? entry.card : entry.code || null;
  return null;
}

// A unit's field set (false, "" and NaN leave it out, as a hand-written position does).
export function edSetField(doc, pid, key, index, field, value) {
  const list = edZoneList(doc, pid, key).slice();
  const unit = { ...list[index] };
  if (value === undefined || value === "" || value === false || Number.isNaN(value)) delete unit[field];
  else unit[field] = value;
  list[index] = unit;
  edSetZone(doc, pid, key, list);
}

// A unit's other fields (those without a control) replaced by `extra`.
export function edSetExtra(doc, pid, key, index, extra, controlled) {
  const list = edZoneList(doc, pid, key).slice();
  const old = list[index];
  const unit = { card: old.card };
  for (const k of controlled) if (old[k] !== undefined) unit[k] = old[k];
  Object.assign(unit, extra);
  list[index] = unit;
  edSetZone(doc, pid, key, list);
}

export function edOtherFields(obj, controlled) {
  const out = {};
  for (const [k, v] of Object.entries(obj || {})) if (!controlled.includes(k)) out[k] = v;
  return out;
}

export function edStartControlled(doc) {
  const spec = edSpec(doc) || {};
  return ED_START_KEYS.concat((spec.start || []).map((f) => f.key), spec.battle ? ["battle"] : []);
}

export function edDocControlled() {
  return ED_DOC_KEYS;
}

export function edPlayerControlled(doc) {
  const spec = edSpec(doc) || { zones: [], players: [] };
  return spec.zones.map((z) => z.key).concat(spec.players.map((f) => f.key), ["unseen"]);
}

// Where an instance id is in the document, from the check's ids (each player's zones, each
// entry an id, null, or a unit's stack of ids): {player, zone, index} or null.
export function edFindId(ids, id) {
  for (const [pid, zones] of Object.entries(ids || {})) {
    for (const [zone, list] of Object.entries(zones)) {
      for (let i = 0; i < list.length; i++) {
        const e = list[i];
        if (e === id || (Array.isArray(e) && e.includes(id))) return { player: pid, zone, index: i };
      }
    }
  }
  return null;
}

// The card search: name or code, case and width folded (as names are compared: NFKC).
export function edFold(s) {
  return String(s || "").normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

export function edSearch(cards, query, limit = 12) {
  const q = edFold(query);
  if (!q) return [];
  const starts = [];
  const within = [];
  for (const c of cards) {
    const name = edFold(c.name);
    const code = edFold(c.code);
    if (code === q || name === q) starts.unshift(c);
    else if (name.startsWith(q) || code.startsWith(q)) starts.push(c);
    else if (name.includes(q) || code.includes(q)) within.push(c);
  }
  return starts.concat(within).slice(0, limit);
}

// A problem's path in words: "start.players.A.front_line[4].card" -> "A · Front line, card 5".
export function edPathText(doc, path) {
  const m = /^start\.players\.([^.[]+)(?:\.([a-z_]+))?(?:\[(\d+)\])?(.*)$/.exec(path || "");
  if (!m) return path || "the position";
  const [, pid, key, idx, rest] = m;
  if (!key) return `${pid}`;
  const z = edZoneSpec(doc, key);
  let t = `${pid} · ${z ? z.label : key.replace(/_/g, " ")}`;
  if (idx !== undefined) t += `, card ${Number(idx) + 1}`;
  if (rest) t += ` (${rest.replace(/^\./, "")})`;
  return t;
}

// The position without what a reader would not write (the page's own working fields).
export function edClean(doc) {
  return JSON.parse(JSON.stringify(doc));
}
