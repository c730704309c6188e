// Union Arena: each player's zones as the replay's state gives them (judge/games/union_arena/
// views.py step_state), named as the rulebook names them.  Layout data for board-core.js.

export const uaLayout = {
  game: "union-arena",
  name: "Union Arena",
  idPrefixes: { "": "main", AP: "ap" },
  rows: [
    [{ key: "front_line", label: "Front line", kind: "cards" }],
    [{ key: "energy_line", label: "Energy line", kind: "cards" }],
    [
      { key: "ap", label: "AP cards", kind: "tally", active: "active", total: "total", token: "AP" },
      { key: "life", label: "Life area", kind: "count", faceDown: true },
      { key: "deck", label: "Deck", kind: "count", faceDown: true },
      { key: "outside", label: "Outside area", kind: "cards", compact: true },
      { key: "removal", label: "Removal area", kind: "cards", compact: true },
    ],
    [{ key: "hand", label: "Hand", kind: "cards" }],
  ],
  field: [],
  header: [],
  flags: [],
  cardFields: [
    { key: "rested", kind: "rested", label: "rested" },
    { key: "bp", kind: "number", label: "BP", printed: "bp" },
    { key: "under", kind: "stack", label: "Under" },
    { key: "face_down", kind: "counter", label: "face down" }, // how many, never which (UA-UNDER)
  ],
};
