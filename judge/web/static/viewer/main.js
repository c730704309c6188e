// Entry point: read the page's replay data and start the viewer in <main id="viewer">.

import { vwMakeSource } from "./source.js";
import { VwViewer } from "./viewer.js";
import { vwEl } from "./util.js";

function vwMainFail(root, title, detail) {
  root.replaceChildren(
    vwEl("div", { class: "vw-problem vw-fatal", role: "alert" }, vwEl("p", { class: "vw-problem-title" }, title), vwEl("p", { class: "vw-problem-detail" }, detail))
  );
  root.dataset.error = "1";
}

export async function vwMain() {
  const root = document.getElementById("viewer");
  if (!root) return;
  if (!document.documentElement.lang) document.documentElement.lang = "en";
  const blob = document.getElementById("replay-data");
  let data;
  try {
    data = JSON.parse(blob ? blob.textContent : "");
  } catch (err) {
    vwMainFail(root, "No replay data", "This page holds no readable replay (the #replay-data block is missing or not JSON).");
    return;
  }
  const viewer = new VwViewer(root, data, vwMakeSource(data));
  window.vwViewer = viewer; // for debugging from the console
  try {
    await viewer.start();
  } catch (err) {
    console.error(err);
    vwMainFail(root, (err && err.title) || "The viewer failed", (err && (err.detail || err.message)) || String(err));
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", vwMain);
else vwMain();
