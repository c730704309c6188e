// Entry point: the scorekeeper's recorder in <main id="recorder">.

import { RecRecorder } from "./recorder.js";

export async function recMain() {
  const root = document.getElementById("recorder");
  if (!root) return;
  let data = {};
  try {
    data = JSON.parse(document.getElementById("replay-data").textContent);
  } catch (err) {
    data = { mode: "api", api: "/v1/recordings", replays: "/v1/replays" };
  }
  const rec = new RecRecorder(root, data);
  window.recRecorder = rec; // for debugging from the console
  await rec.start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", recMain);
else recMain();
