// The side panel: the selected entry (its pattern, count, lock, suggestions), autofill, the word
// lists and the clues.
"use strict";

import * as E from "./construct-engine.js";
import * as M from "./construct-model.js";

const $ = (id) => document.getElementById(id);
const MARKS = {
  true: ["keeps", "✓ keeps the grid fillable"],
  false: ["kills", "✗ kills the grid (proved)"],
  null: ["unknown", "? not known yet"],
};
let hooks = { current: () => null, edit() {}, say() {}, focusGrid() {} };

export function mount(callbacks) {
  hooks = { ...hooks, ...callbacks };
  $("lock").addEventListener("click", () => lock());
  $("autofill").addEventListener("click", () => autofill(false));
  $("fill-selected").addEventListener("click", () => autofill(true));
  $("another").addEventListener("click", () => another());
  $("clear-fill").addEventListener("click", () => hooks.edit(() => M.clearFill()));
  $("suggestions").addEventListener("click", take);
  document.querySelector(".side").addEventListener("keydown", (event) => {
    if (event.key === "Escape") hooks.focusGrid(); // Esc from the panel: back to the grid
  });
  mountLists();
}

/** The selected entry's heading: its name, pattern, count and lock. */
export function showSlot() {
  const slot = hooks.current();
  const button = $("lock");
  button.disabled = !slot;
  if (!slot) {
    $("slot-title").textContent = "No entry selected";
    $("slot-info").textContent = "Click a square, or Tab to an entry.";
    $("bar").textContent = "";
    return;
  }
  const count = E.info.counts.get(slot.key);
  const locked = M.isLocked(slot);
  const fits = count === undefined ? "" : count === 0 ? " · no word fits" : ` · ${count.toLocaleString("en")} word${count === 1 ? "" : "s"} fit`;
  $("slot-title").textContent = `${M.slotName(slot)} · ${slot.length} letters`;
  $("slot-info").textContent = `${M.pattern(slot)}${locked ? " · locked" : fits}`;
  $("bar").textContent = `${M.slotName(slot)} (${slot.length}) ${M.pattern(slot)}${locked ? " · locked" : fits}`;
  $("bar").classList.toggle("dead", count === 0 && !locked);
  button.textContent = locked ? "Unlock this entry" : "Lock this entry";
  $("fill-selected").textContent = M.state.selected.length ? `Fill the selected entries (${M.state.selected.length})` : "Fill this entry";
}

export function lock() {
  const slot = hooks.current();
  if (slot) hooks.edit(() => M.toggleLock(slot));
}

/** The engine's suggestions for ``slot``, best first, each marked as the engine judged it. */
export function suggestions(slot, answer) {
  const items = answer.suggestions.map((s, k) => {
    const [kind, text] = MARKS[String(s.fillable)];
    const button = Object.assign(document.createElement("button"), { type: "button", className: `suggestion ${kind}` });
    button.dataset.word = s.word;
    button.dataset.slot = slot.key;
    button.append(Object.assign(document.createElement("span"), { className: "word", textContent: s.word }),
      Object.assign(document.createElement("span"), { className: "score", textContent: s.score }),
      Object.assign(document.createElement("span"), { className: "mark", textContent: text }));
    button.setAttribute("aria-label", `${s.word}, score ${s.score}: ${text.slice(2)}`);
    if (k === 0) button.id = "first-suggestion";
    const item = document.createElement("li");
    item.append(button);
    return item;
  });
  $("suggestions").replaceChildren(...items);
  $("suggestions").dataset.slot = slot.key;
  const checked = answer.suggestions.filter((s) => s.fillable !== null).length;
  $("suggest-note").textContent = items.length ? `(${checked} of ${items.length} checked)` : "(no word fits)";
}

function take(event) {
  const button = event.target.closest("button.suggestion");
  if (!button) return;
  const slot = M.slotByKey(button.dataset.slot);
  if (!slot || slot.length !== button.dataset.word.length) return;
  hooks.edit(() => M.writeWord(slot, button.dataset.word));
  hooks.focusGrid();
}

/** Fill the rest of the grid, or only the selected entries (the current one when none is picked). */
export async function autofill(selected, avoid = null) {
  const only = selected ? (M.state.selected.length ? M.state.selected : [hooks.current()?.key].filter(Boolean)) : [];
  const body = { ...E.grid(), seed: E.nextSeed(), time_limit: Math.min(20, E.info.limit || 10) };
  if (only.length) body.slots = only.map(M.slotByKey).filter(Boolean).map((s) => ({ row: s.row, col: s.col, direction: s.direction }));
  if (avoid) body.avoid = avoid;
  hooks.say("Filling…");
  try {
    const answer = await E.call("autofill", body);
    if (answer.status === "filled") {
      hooks.edit(() => M.takeFill(answer.grid));
      E.info.lastFill = { grid: answer.grid, selected };
      $("another").disabled = false;
      hooks.say(`Filled in ${answer.seconds.toFixed(1)} s.`);
    } else if (answer.status === "unfillable") {
      hooks.say("No fill exists (proved): see the marked entries.", true);
      E.askVerdict(E.VERDICT_SECONDS);
    } else {
      hooks.say(`No fill found within ${answer.seconds.toFixed(0)} s; try again, or open up the grid.`, true);
    }
  } catch (error) {
    if (error.name !== "AbortError") hooks.say(error.message, true);
  }
}

/** Another fill: the last fill's letters cleared, and the engine asked for a different one. */
function another() {
  const last = E.info.lastFill;
  if (!last) return;
  hooks.edit(() => M.clearFill());
  autofill(last.selected, last.grid);
}

function mountLists() {
  const lists = M.state.lists;
  $("use-en").addEventListener("change", (e) => listsChanged(() => { lists.en = e.target.checked; }));
  $("min-score").addEventListener("change", (e) => listsChanged(() => { lists.minScore = e.target.value; }));
  $("exclude").addEventListener("change", (e) => listsChanged(() => { lists.exclude = e.target.value; }));
  $("list-file").addEventListener("change", async (e) => {
    const added = [];
    for (const file of e.target.files) {
      const text = await file.text();
      const refused = listRefused(file.name, text, lists.uploaded.concat(added));
      if (refused) hooks.say(refused, true);
      else added.push({ name: file.name, text });
    }
    e.target.value = "";
    if (added.length) listsChanged(() => lists.uploaded.push(...added));
  });
  $("lists").addEventListener("click", (e) => {
    const button = e.target.closest("button[data-list]");
    if (button) listsChanged(() => lists.uploaded.splice(Number(button.dataset.list), 1));
  });
}

/** Why a word list file is not taken: not text, or more than a request may carry (``--max-body``). */
function listRefused(name, text, kept) {
  if (/[\u0000\ufffd]/.test(text)) return `${name} is not a text word list (a word a line, or WORD;SCORE)`;
  const bytes = new TextEncoder().encode(kept.map((l) => l.text).join("\n") + text).length;
  const most = E.info.maxBody || 262144;
  if (bytes > most * 0.9) {
    return `${name}: the word lists would be ${Math.ceil(bytes / 1024)} KB, more than this server takes in a request ` +
      `(${Math.floor(most / 1024)} KB; serve --max-body raises it)`;
  }
  return "";
}

function listsChanged(change) {
  change();
  showLists();
  hooks.listsChanged();
}

export function showLists() {
  const lists = M.state.lists;
  $("use-en").checked = lists.en;
  $("min-score").value = lists.minScore;
  $("exclude").value = lists.exclude;
  $("lists").replaceChildren(...lists.uploaded.map((list, k) => {
    const words = list.text.split(/\r?\n/).filter((l) => l.trim()).length;
    const item = Object.assign(document.createElement("li"), { textContent: `${list.name} (${words.toLocaleString("en")} lines) ` });
    const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Remove", className: "small" });
    remove.dataset.list = k;
    item.append(remove);
    return item;
  }));
}

/** A clue box for each entry, across then down (built again when an entry changes; else only
 * the counts are updated, so that a clue being typed keeps its caret); a clue is kept by its word. */
export function showClues() {
  const box = $("clues");
  const layout = M.slots().map((s) => s.key).join(" ");
  if (box.dataset.layout !== layout) { // new entries: the boxes again; else each row brought up to date
    box.dataset.layout = layout;
    box.replaceChildren(...["across", "down"].map((direction) => {
      const group = Object.assign(document.createElement("div"), { className: "clue-group" });
      group.append(Object.assign(document.createElement("h3"), { textContent: direction === "across" ? "Across" : "Down" }));
      for (const slot of M.slots().filter((s) => s.direction === direction)) group.append(clueRow(slot));
      return group;
    }));
  }
  const rows = box.querySelectorAll("label.clue");
  M.slots().filter((s) => s.direction === "across").concat(M.slots().filter((s) => s.direction === "down"))
    .forEach((slot, k) => updateClue(rows[k], slot));
}

function clueRow(slot) {
  const label = Object.assign(document.createElement("label"), { className: "clue" });
  const head = Object.assign(document.createElement("span"), { className: "entry" });
  const input = Object.assign(document.createElement("input"), { type: "text", maxLength: 300 });
  input.addEventListener("input", () => {
    if (!input.dataset.word) return;
    M.state.clues[input.dataset.word] = input.value;
    hooks.cluesChanged();
  });
  label.append(head, input);
  return label;
}

/** A clue row for ``slot`` as it stands: its pattern and count, its box (once it is filled) and clue. */
function updateClue(label, slot) {
  const [head, input] = label.children;
  const word = M.complete(slot) ? M.pattern(slot) : "";
  const locked = M.isLocked(slot);
  const count = E.info.counts.get(slot.key);
  const text = `${slot.number}. ${M.pattern(slot)}`;
  if (head.textContent !== text) head.textContent = text;
  if (count !== undefined && !locked) head.dataset.count = count;
  else delete head.dataset.count;
  head.classList.toggle("dead", count === 0 && !locked);
  if (input.dataset.word !== word) {
    input.dataset.word = word;
    input.disabled = !word;
    input.value = word ? M.state.clues[word] || "" : "";
    input.placeholder = word ? "clue" : "fill it first";
    input.setAttribute("aria-label", `Clue for ${M.slotName(slot)}${word ? ` ${word}` : ""}`);
  }
}
