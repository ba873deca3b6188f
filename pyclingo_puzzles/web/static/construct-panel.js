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
let hooks = { current: () => null, edit() {}, say() {}, focusGrid() {}, moved() {}, listsChanged() {}, cluesChanged() {} };

export function mount(callbacks) {
  hooks = { ...hooks, ...callbacks };
  $("lock").addEventListener("click", () => lock());
  $("avoid").addEventListener("click", avoid);
  $("suggest-retry").addEventListener("click", () => E.askSuggestions(1));
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
  const fits = fitsText(count, E.info.fits.get(slot.key));
  $("slot-title").textContent = `${M.slotName(slot)} · ${slot.length} letters`;
  $("slot-info").textContent = `${M.pattern(slot)}${locked ? " · locked" : fits}`;
  $("bar").textContent = `${M.slotName(slot)} (${slot.length}) ${M.pattern(slot)}${locked ? " · locked" : fits}`;
  $("bar").classList.toggle("dead", count === 0 && !locked);
  button.textContent = locked ? "Unlock this entry" : "Lock this entry";
  const word = M.complete(slot) && !locked ? M.pattern(slot) : "";
  $("avoid").hidden = !word;
  $("avoid").textContent = `Avoid ${word}`;
  $("avoid").dataset.word = word;
  $("fill-selected").textContent = M.state.selected.length ? `Fill the selected entries (${M.state.selected.length})` : "Fill this entry";
}

/** "· 310 words fit (7,605 by its own letters)": the count with its crossings, what the bar shows. */
function fitsText(count, fits) {
  if (count === undefined) return "";
  if (count === 0) return " · no word fits";
  const n = (k) => `${k.toLocaleString("en")} word${k === 1 ? "" : "s"}`;
  if (fits === undefined || fits === count) return ` · ${n(count)} fit`;
  if (!fits) return ` · ${n(count)} fit its letters, none its crossings`;
  return ` · ${n(fits)} fit (${count.toLocaleString("en")} by its own letters)`;
}

/** "Avoid WORD": the selected entry's word goes to the words left out (it is no longer suggested
 * or filled; the entry itself is then marked: no word of the lists fits it). */
function avoid() {
  const word = $("avoid").dataset.word;
  if (!word) return;
  const listed = M.state.lists.exclude.split(/\r?\n/).map((w) => w.trim()).filter(Boolean);
  if (!listed.includes(word)) listsChanged(() => { M.state.lists.exclude = [...listed, word].join("\n"); });
  hooks.say(`${word} is left out of the word lists (Word lists, Leave out): change the entry, or Fill this entry.`);
}

export function lock() {
  const slot = hooks.current();
  if (slot) hooks.edit(() => M.toggleLock(slot));
}

/** The engine's suggestions for ``slot``, best first, each marked as the engine judged it (the same
 * list checked further is marked again in place: a suggestion with the focus keeps it). */
export function suggestions(slot, answer) {
  const list = $("suggestions");
  const shown = [...list.querySelectorAll("button.suggestion")];
  const same = list.dataset.slot === slot.key && shown.length === answer.suggestions.length &&
    shown.every((b, k) => b.dataset.word === answer.suggestions[k].word);
  if (!same) {
    list.replaceChildren(...answer.suggestions.map((s, k) => suggestion(slot, s, k)));
    list.dataset.slot = slot.key;
  }
  list.querySelectorAll("li > button").forEach((button, k) => mark(button, answer.suggestions[k]));
}

function suggestion(slot, s, k) {
  const button = Object.assign(document.createElement("button"), { type: "button" });
  button.dataset.word = s.word;
  button.dataset.slot = slot.key;
  button.append(Object.assign(document.createElement("span"), { className: "word", textContent: s.word }),
    Object.assign(document.createElement("span"), { className: "score", textContent: s.score }),
    Object.assign(document.createElement("span"), { className: "mark" }));
  if (k === 0) button.id = "first-suggestion";
  const item = document.createElement("li");
  item.append(button);
  return item;
}

function mark(button, s) {
  const [kind, text] = MARKS[String(s.fillable)];
  button.className = `suggestion ${kind}`;
  button.lastChild.textContent = text;
  button.setAttribute("aria-label", `${s.word}, score ${s.score}: ${text.slice(2)}`);
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
  // another fill asks about the grid less the last fill's letters, and swaps them in one edit (one Undo)
  const body = { ...E.grid(), seed: E.nextSeed(), time_limit: Math.min(20, E.info.limit || 10) };
  if (avoid) body.framework = M.framework(true);
  if (only.length) body.slots = only.map(M.slotByKey).filter(Boolean).map((s) => ({ row: s.row, col: s.col, direction: s.direction }));
  if (avoid) body.avoid = avoid;
  try {
    const answer = await E.work("autofill", body, "Filling…");
    if (answer.status === "filled") {
      hooks.edit(() => {
        if (avoid) M.clearFill();
        M.takeFill(answer.grid);
      });
      E.info.lastFill = { grid: answer.grid, selected };
      $("another").disabled = false;
      const low = answer.below_floor || [];
      hooks.say(`Filled in ${answer.seconds.toFixed(1)} s.` + (low.length ? ` No fill at en's floor (Zipf 2.5) was ` +
        `found in time: below it are ${low.join(", ")} (select one and Avoid it, or Another fill).` : ""));
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
    remove.setAttribute("aria-label", `Remove ${list.name}`);
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
  const current = hooks.current()?.key;
  const ordered = M.slots().filter((s) => s.direction === "across").concat(M.slots().filter((s) => s.direction === "down"));
  ordered.forEach((slot, k) => updateClue(rows[k], slot, current));
  const complete = ordered.filter((s) => M.complete(s)).length;
  const missing = unclued();
  $("clued").textContent = complete ? `(${complete - missing.length} of ${ordered.length} clued)` : "";
  $("unclued").hidden = !missing.length;
  $("unclued").textContent = missing.length ? `${missing.length} ${missing.length === 1 ? "entry has" : "entries have"} ` +
    `no clue yet (an export leaves it empty): ${missing.slice(0, 12).join(", ")}${missing.length > 12 ? ", …" : ""}` : "";
}

function clueRow(slot) {
  const label = Object.assign(document.createElement("label"), { className: "clue" });
  const head = Object.assign(document.createElement("span"), { className: "entry" });
  const input = Object.assign(document.createElement("input"), { type: "text", maxLength: 300 });
  input.dataset.slot = slot.key;
  input.addEventListener("input", () => {
    if (!input.dataset.word) return;
    M.state.clues[input.dataset.word] = input.value;
    M.state.clueWords[input.dataset.slot] = input.dataset.word;
    hooks.cluesChanged();
    showClues(); // the count clued, the marks, the export's warning
  });
  input.addEventListener("focus", () => { // the grid shows the entry being clued
    const at = M.slotByKey(input.dataset.slot);
    if (at) Object.assign(M.state.cursor, { r: at.row, c: at.col, dir: at.direction });
    hooks.moved();
  });
  label.append(head, input, Object.assign(document.createElement("span"), { className: "why" }));
  return label;
}

/** A clue row for ``slot`` as it stands: its pattern (and, unfinished, how many words fit it), its
 * box (once it is filled) and clue, marked when it has none or its clue was for an earlier word. */
function updateClue(label, slot, current) {
  const [head, input, why] = label.children;
  const { word, clue, earlier } = M.clueOf(slot);
  const locked = M.isLocked(slot);
  const fits = E.info.fits.get(slot.key);
  const text = `${slot.number}. ${M.pattern(slot)}`;
  if (head.textContent !== text) head.textContent = text;
  if (fits !== undefined && !word) head.dataset.count = fits.toLocaleString("en");
  else delete head.dataset.count;
  head.classList.toggle("dead", E.info.counts.get(slot.key) === 0 && !locked);
  label.classList.toggle("unclued", !!word && !clue);
  label.classList.toggle("here", current === slot.key);
  const said = earlier ? `no clue: the clue was for ${earlier} ("${M.state.clues[earlier]}")` : "";
  if (why.textContent !== said) why.textContent = said;
  if (input.dataset.word !== word) {
    input.dataset.word = word;
    input.disabled = !word;
    input.value = clue;
    input.placeholder = word ? "clue" : "fill it first";
    input.setAttribute("aria-label", `Clue for ${M.slotName(slot)}${word ? ` ${word}` : ""}`);
  }
}

/** The complete entries without a clue (as "26 Down TSH"): the export warns of them. */
export function unclued() {
  return M.slots().map((s) => [s, M.clueOf(s)]).filter(([, c]) => c.word && !c.clue)
    .map(([s, c]) => `${M.slotName(s)} ${c.word}`);
}
