// What the verdict area says beside the verdict, from the grid itself: the entries that are not
// words of the lists (a reopened .puz's theme entries: one click locks them) and what a published
// grid avoids (two-letter entries, squares in one entry only), marked on the grid.
"use strict";

import * as E from "./construct-engine.js";
import * as M from "./construct-model.js";

const $ = (id) => document.getElementById(id);
const NAMED = 8; // entries or squares named, at most; the rest counted
let hooks = { edit() {} };

export function mount(callbacks) {
  hooks = { ...hooks, ...callbacks };
  $("lock-all").addEventListener("click", lockAll);
}

const listed = (names) => names.slice(0, NAMED).join(", ") + (names.length > NAMED ? `, and ${names.length - NAMED} more` : "");
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** The complete entries, not locked, that no word of the lists is (the engine's count is 0). */
export function notWords() {
  return M.slots().filter((s) => M.complete(s) && !M.isLocked(s) && E.info.counts.get(s.key) === 0);
}

/** The squares to mark (a Set of cell indexes) and the sentence naming them, or "". */
export function weakSpots() {
  if (M.blockless()) return { cells: new Set(), text: "" };
  const { short, unchecked } = M.weakSpots();
  const cells = new Set([...short.flatMap((s) => s.cells), ...unchecked]);
  const parts = [];
  if (short.length) parts.push(`${plural(short.length, "two-letter entry", "two-letter entries")}: ${listed(short.map(M.slotName))}`);
  if (unchecked.length) {
    const at = unchecked.map((i) => `row ${Math.floor(i / M.state.width) + 1} column ${(i % M.state.width) + 1}`);
    parts.push(`${plural(unchecked.length, "unchecked square", "unchecked squares")} (in one entry only): ${listed(at)}`);
  }
  const text = parts.length ? `Most published grids have none of these: ${parts.join("; ")}. They are dotted on the grid.` : "";
  return { cells, text };
}

/** The notes as the grid and the engine's counts stand (``weak``: weakSpots()). */
export function show(weak) {
  const dead = notWords();
  const box = $("not-words");
  box.hidden = !dead.length;
  box.firstElementChild.textContent = dead.length ? `Not in the word list, so marked: ${listed(dead.map((s) => `${M.slotName(s)} ${M.pattern(s)}`))}. ` +
    "A theme entry need not be a word: lock it." : "";
  $("lock-all").textContent = dead.length === 1 ? "Lock it as a theme entry" : `Lock these ${dead.length} as theme entries`;
  $("grid-notes").hidden = !weak.text;
  $("grid-notes").textContent = weak.text;
}

function lockAll() {
  const dead = notWords();
  if (dead.length) hooks.edit(() => { for (const s of dead) M.toggleLock(s); });
}
