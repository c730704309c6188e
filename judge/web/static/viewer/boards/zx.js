// Z/X: the squares of the field (shared: each Z/X carries its controller) and each player's
// zones as the replay's state gives them (judge/games/zx/views.py).  The grid is
// judge/games/zx/squares.toml: squares 1-9 seen from the first listed player, whose player
// square is 2 (the second player's is 8).  Layout data for board-core.js.

export const zxLayout = {
  game: "zx",
  name: "Z/X",
  idPrefixes: { "": "main", D: "dynamis" },
  rows: [
    [
      { key: "player_card", label: "Player card", kind: "card", tuple: ["id", "side"], optional: true },
      { key: "player_ex", label: "PL EX", kind: "card", tuple: ["id", "face_up"], optional: true, countHidden: true },
      { key: "resources", label: "Resources", kind: "cards", tuple: ["id", "state"] },
      { key: "charge", label: "Charge", kind: "cards" },
    ],
    [
      { key: "life", label: "Life", kind: "count", faceDown: true },
      { key: "deck", label: "Deck", kind: "count", faceDown: true },
      { key: "markers", label: "Markers", kind: "counters", optional: true },
    ],
    [
      { key: "dynamis", label: "Dynamis", kind: "cards", compact: true },
      { key: "trash", label: "Trash", kind: "cards", compact: true },
      { key: "removed", label: "Removed from the game", kind: "cards", compact: true, optional: true },
    ],
    [{ key: "hand", label: "Hand", kind: "cards" }],
  ],
  field: [
    {
      key: "squares",
      label: "Squares",
      kind: "squares",
      squareLabel: "Square",
      grid: {
        rows: 3,
        cols: 3,
        squares: [
          { name: 1, row: 0, col: 0 },
          { name: 2, row: 0, col: 1, playerSquare: 0 },
          { name: 3, row: 0, col: 2 },
          { name: 4, row: 1, col: 0 },
          { name: 5, row: 1, col: 1 },
          { name: 6, row: 1, col: 2 },
          { name: 7, row: 2, col: 0 },
          { name: 8, row: 2, col: 1, playerSquare: 1 },
          { name: 9, row: 2, col: 2 },
        ],
      },
    },
  ],
  header: [],
  flags: [{ key: "extend_drive_used", label: "extend drive used" }],
  cardFields: [
    { key: "state", kind: "state", label: "state", value: "sleep" },
    { key: "power", kind: "number", label: "P", printed: "power" },
    { key: "damage", kind: "counter", label: "damage" },
    { key: "controller", kind: "info", label: "controller" },
    { key: "shift", kind: "text", label: "shift" },
    { key: "with_shift", kind: "info", label: "with shift" },
    { key: "power_changes", kind: "info", label: "power changes" },
    { key: "side", kind: "text", label: "side" },
    { key: "face_up", kind: "faceUp", label: "face down" },
    { key: "lower", kind: "card", label: "Lower half" },
    { key: "force", kind: "stack", label: "Force", tuple: ["id", "face_up"] },
  ],
};
