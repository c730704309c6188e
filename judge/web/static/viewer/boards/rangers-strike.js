// Rangers Strike (1 vs 1 and the 2 vs 2 tag battle): each player's zones as the replay's state
// gives them (judge/games/rangers_strike/engine.py player_view; tag.py adds "out").  Layout
// data for board-core.js.

export const rsLayout = {
  game: "rangers-strike",
  name: "Rangers Strike",
  idPrefixes: { "": "main" },
  rows: [
    [{ key: "battle", label: "Battle area", kind: "cards" }],
    [{ key: "rush", label: "Rush area", kind: "cards" }],
    [
      { key: "command", label: "Command zone", kind: "cards" },
      { key: "resident", label: "Resident operation", kind: "card" },
      { key: "power", label: "Power zone", kind: "cards", split: { up: "face_up", down: "face_down", label: "face down (damage)" } },
      { key: "damage", label: "Damage", kind: "number" },
      { key: "deck", label: "Deck", kind: "count", faceDown: true },
    ],
    [{ key: "discard", label: "Discard pile", kind: "cards", compact: true }],
    [{ key: "hand", label: "Hand", kind: "cards" }],
  ],
  field: [],
  header: [],
  flags: [{ key: "out", label: "out of the game" }],
  cardFields: [
    { key: "bp", kind: "number", label: "BP", printed: "bp" },
    { key: "sp", kind: "number", label: "SP", printed: "sp" },
    { key: "held", kind: "flag", label: "held", labelFalse: "released" },
    { key: "vehicle", kind: "card", label: "Rides" },
    { key: "stacked", kind: "stack", label: "Stacked on" },
  ],
};
