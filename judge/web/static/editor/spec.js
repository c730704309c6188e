// What a position's `start` holds in each game, as the editor edits it (the shapes are the
// games' position schemas: schemas/*_position.py, docs/positions.md).  Data only.
//
// A zone: {key (the position's), label, kind, board (the board layout's zone key, when the
//   board draws it), fields (a unit's state: {key, label, type: bool | int | select,
//   options}), hidden (may hold cards the judge does not know), countable (may be given as
//   {"count": n}), blank ({label, value}: what "+ unknown" or "+ empty" adds), max}
//   kind "list":   card entries (a code, or null when hidden)
//   kind "units":  objects {card, ...state}
//   kind "single": one card (a code) or null
// start: the start's own fields with a control; battle: the fields of an attack waiting for
// its answer (start.battle), when the game has one; players: a player's non-zone fields with a
// control.  Everything else is edited as JSON ("other fields"), so no field is out of reach.

const UNKNOWN = { label: "unknown card", value: null };

const uaUnit = [
  { key: "rested", label: "rested", type: "bool" },
  { key: "raided", label: "raided", type: "bool" },
  { key: "entered_this_turn", label: "entered this turn", type: "bool" },
  { key: "attacks", label: "attacks this turn", type: "int" },
  { key: "blocks", label: "blocks this turn", type: "int" },
];

const rsUnit = [
  { key: "acted", label: "acted", type: "select", options: ["", "attack", "strike"] },
];

export const edGames = {
  "union-arena": {
    zones: [
      { key: "front_line", label: "Front line", kind: "units", board: "front_line", fields: uaUnit, max: 4, mods: true },
      { key: "energy_line", label: "Energy line", kind: "units", board: "energy_line", fields: uaUnit, max: 4, mods: true },
      { key: "hand", label: "Hand", kind: "list", board: "hand", hidden: true, blank: UNKNOWN },
      { key: "life", label: "Life area", kind: "list", board: "life", hidden: true, countable: true, blank: UNKNOWN },
      { key: "deck", label: "Deck", kind: "list", board: "deck", hidden: true, countable: true, blank: UNKNOWN },
      { key: "outside", label: "Outside area", kind: "list", board: "outside" },
      { key: "removal", label: "Removal area", kind: "list", board: "removal" },
      { key: "ap", label: "AP cards in play", kind: "units", board: "ap", fields: [{ key: "rested", label: "rested", type: "bool" }], max: 3 },
      { key: "ap_reserve", label: "AP cards in reserve", kind: "list" },
    ],
    start: [{ key: "extra_draw_open", label: "extra draw still open", type: "bool" }],
    battle: [
      { key: "attacker", label: "attacker (id)", type: "id" },
      { key: "target", label: "target: player, or a card id (Snipe)", type: "id" },
    ],
    players: [],
  },
  "rangers-strike": {
    zones: [
      { key: "rush", label: "Rush area", kind: "units", board: "rush", fields: [], mods: true },
      { key: "battle", label: "Battle area", kind: "units", board: "battle", fields: rsUnit, mods: true },
      { key: "command", label: "Command zone", kind: "units", board: "command", fields: [{ key: "held", label: "held", type: "bool" }], max: 5 },
      {
        key: "power", label: "Power zone", kind: "units", board: "power", hidden: true,
        fields: [{ key: "face_up", label: "face up", type: "bool", absent: true }],
        blank: { label: "face-down card (damage)", value: { card: null, face_up: false } },
      },
      { key: "resident", label: "Resident operation", kind: "single", board: "resident" },
      { key: "hand", label: "Hand", kind: "list", board: "hand", hidden: true, blank: UNKNOWN },
      { key: "deck", label: "Deck", kind: "list", board: "deck", hidden: true, countable: true, blank: UNKNOWN },
      { key: "discard", label: "Discard pile", kind: "list", board: "discard" },
    ],
    start: [{ key: "charged", label: "a card was charged", type: "bool" }],
    battle: [
      { key: "kind", label: "attack or strike", type: "select", options: ["", "attack", "strike"] },
      { key: "attacker", label: "attacker (id)", type: "id" },
      { key: "target", label: "target (id)", type: "id" },
    ],
    players: [{ key: "out", label: "out (tag battle)", type: "bool" }],
  },
  rebirth: {
    zones: [
      { key: "entry", label: "Entry", kind: "single", board: "entry" },
      {
        key: "members", label: "Member squares", kind: "units", board: "members", max: 3,
        fields: [{ key: "rested", label: "rested", type: "bool" }],
        blank: { label: "empty square", value: null },
      },
      { key: "retire", label: "Retire area", kind: "list", board: "retire" },
      { key: "rebirth_area", label: "Rebirth area", kind: "list", board: "rebirth_area" },
      {
        key: "energy", label: "Energy", kind: "units", board: "energy", hidden: true,
        fields: [{ key: "rested", label: "rested", type: "bool" }],
        blank: { label: "face-down unknown card", value: { card: null } },
      },
      { key: "partners", label: "Partner zone", kind: "units", board: "partners", fields: [{ key: "rested", label: "rested", type: "bool" }] },
      { key: "hand", label: "Hand", kind: "list", board: "hand", hidden: true, blank: UNKNOWN },
      { key: "deck", label: "Deck", kind: "list", board: "deck", hidden: true, countable: true, blank: UNKNOWN },
      { key: "waiting_room", label: "Waiting room", kind: "list", board: "waiting_room" },
    ],
    start: [
      { key: "energy_done", label: "energy put this turn", type: "bool" },
      { key: "partner_done", label: "partner put this turn", type: "bool" },
      { key: "damage", label: "damage this turn", type: "int" },
    ],
    battle: [
      { key: "attacker", label: "attacker (id)", type: "id" },
      { key: "partner", label: "partner attack", type: "bool" },
    ],
    players: [],
  },
  zx: {
    zones: [
      {
        key: "zx", label: "Z/X on squares", kind: "units", board: "squares",
        fields: [
          { key: "square", label: "square (1–9)", type: "int" },
          { key: "sleeping", label: "sleeping", type: "bool" },
          { key: "damage", label: "damage this turn", type: "int" },
        ],
      },
      { key: "resources", label: "Resources", kind: "units", board: "resources", fields: [{ key: "sleeping", label: "sleeping", type: "bool" }] },
      { key: "dynamis", label: "Dynamis", kind: "units", board: "dynamis", fields: [{ key: "face_up", label: "face up", type: "bool" }] },
      { key: "charge", label: "Charge", kind: "list", board: "charge" },
      { key: "trash", label: "Trash", kind: "list", board: "trash" },
      { key: "removed", label: "Removed", kind: "list", board: "removed" },
      { key: "hand", label: "Hand", kind: "list", board: "hand", hidden: true, blank: UNKNOWN },
      { key: "life", label: "Life", kind: "list", board: "life", hidden: true, countable: true, blank: UNKNOWN },
      { key: "deck", label: "Deck", kind: "list", board: "deck", hidden: true, countable: true, blank: UNKNOWN },
    ],
    start: [{ key: "ex_played", label: "an EX was played this turn", type: "bool" }],
    players: [
      { key: "extend_drive_used", label: "Extend Drive used this turn", type: "bool" },
      { key: "hatenkourin_used", label: "破天降臨 used this turn", type: "bool" },
    ],
  },
};

// The start's fields the page edits with its own controls (the rest: "other start fields").
export const ED_START_KEYS = ["turn", "phase", "turn_player", "first", "players", "pending"];
// The document's fields the page edits with its own controls (the rest: "other fields").
export const ED_DOC_KEYS = ["format", "game", "variant", "players", "teams", "card_sets", "start"];
