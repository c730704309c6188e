// Rebirth for you: each player's zones as the replay's state gives them (judge/games/rebirth/
// engine.py player_view), named as the rules name them (entry, member squares, retire area,
// Rebirth area, energy, partner zone, waiting room).  Layout data for board-core.js.

export const r4uLayout = {
  game: "rebirth",
  name: "Rebirth for you",
  idPrefixes: { "": "main", PT: "partner" },
  rows: [
    [
      { key: "entry", label: "Entry", kind: "card" },
      { key: "members", label: "Member squares", kind: "slots", slots: 3, slotLabel: "member square" },
    ],
    [
      { key: "energy", label: "Energy", kind: "cards", faceDown: true, note: { key: "energy_rested", label: "rested" } },
      { key: "partners", label: "Partner zone", kind: "cards" },
    ],
    [
      { key: "retire", label: "Retire area", kind: "cards", compact: true },
      { key: "rebirth_area", label: "Rebirth area", kind: "cards", compact: true },
      { key: "deck", label: "Deck", kind: "count", faceDown: true },
      { key: "waiting_room", label: "Waiting room", kind: "cards", compact: true },
    ],
    [{ key: "hand", label: "Hand", kind: "cards" }],
  ],
  field: [],
  header: [{ key: "damage", label: "Damage" }],
  flags: [],
  cardFields: [
    { key: "rested", kind: "rested", label: "rested" },
    { key: "atk", kind: "number", label: "ATK", printed: "atk" },
    { key: "def", kind: "number", label: "DEF", printed: "def" },
  ],
};
