// The constructor's grid as data: cells, locked entries, clues and word lists; its slots and
// numbering; edits with undo and redo; the work kept in the browser's storage. No DOM here.
"use strict";

export const BLOCK = "#";
export const MIN_SIDE = 3;
export const MAX_SIDE = 25;
const STORE = "pyclingo-puzzles.construct.v1";
const HISTORY = 300; // edits undo remembers

export const state = {
  width: 15,
  height: 15,
  cells: [], // per cell: "" empty, "#" a block, or its letter
  filled: [], // per cell: true where the letter came from an autofill ("Clear the fill" removes it)
  locked: [], // locked entries: { row, col, direction, word }; they survive autofill and patterns
  clues: {}, // entry (word) -> its clue
  clueWords: {}, // slot key -> the word its clue was written for (a changed entry's clue is not lost unseen)
  symmetry: "rotational",
  title: "",
  author: "",
  lists: { en: true, minScore: "", exclude: "", uploaded: [] }, // uploaded: [{ name, text }]
  cursor: { r: 0, c: 0, dir: "across" },
  selected: [], // entries picked (Shift+click) for "Fill the selected entries": slot keys
  version: 0, // counts changes to the grid: an engine answer for an older version is dropped
};

const past = [];
const future = [];
let slotCache = { layout: null, slots: [] };

export const index = (r, c) => r * state.width + c;
export const key = (s) => `${s.row},${s.col},${s.direction}`;
export const inGrid = (r, c) => r >= 0 && c >= 0 && r < state.height && c < state.width;
export const isBlock = (r, c) => !inGrid(r, c) || state.cells[index(r, c)] === BLOCK;

export function blank(width, height) {
  state.width = width;
  state.height = height;
  state.cells = Array(width * height).fill("");
  state.filled = Array(width * height).fill(false);
  state.locked = [];
  state.selected = [];
  state.cursor = { r: 0, c: 0, dir: "across" };
}

/** The twin of a cell under the symmetry (itself when none, or at the centre). */
export function twin(r, c) {
  if (state.symmetry === "rotational") return [state.height - 1 - r, state.width - 1 - c];
  if (state.symmetry === "mirror") return [r, state.width - 1 - c];
  return [r, c];
}

/** Every slot (a run of two or more places), in reading order, across before down. */
export function slots() {
  const layout = state.cells.map((ch) => (ch === BLOCK ? "#" : "_")).join("") + state.width;
  if (slotCache.layout === layout) return slotCache.slots;
  const found = [];
  let number = 0;
  for (let r = 0; r < state.height; r++) {
    for (let c = 0; c < state.width; c++) {
      if (isBlock(r, c)) continue;
      const across = isBlock(r, c - 1) && !isBlock(r, c + 1);
      const down = isBlock(r - 1, c) && !isBlock(r + 1, c);
      if (across || down) number += 1;
      if (across) found.push(run(r, c, "across", number));
      if (down) found.push(run(r, c, "down", number));
    }
  }
  slotCache = { layout, slots: found };
  return found;
}

function run(row, col, direction, number) {
  const [dr, dc] = direction === "across" ? [0, 1] : [1, 0];
  const cells = [];
  for (let r = row, c = col; !isBlock(r, c); r += dr, c += dc) cells.push(index(r, c));
  return { row, col, direction, number, length: cells.length, cells, key: `${row},${col},${direction}` };
}

export const slotByKey = (k) => slots().find((s) => s.key === k) || null;

/** The slot through (r, c) in ``direction``, or null (a block, or a run of one). */
export function slotAt(r, c, direction) {
  const i = index(r, c);
  return slots().find((s) => s.direction === direction && s.cells.includes(i)) || null;
}

export const blockless = () => !state.cells.includes(BLOCK);
export const untouched = () => state.cells.every((ch) => !ch);

/** What a published grid avoids: two-letter entries, and squares in one entry only (or none). */
export function weakSpots() {
  const all = slots();
  const entries = new Map();
  for (const s of all) for (const i of s.cells) entries.set(i, (entries.get(i) || 0) + 1);
  const unchecked = state.cells.map((ch, i) => i).filter((i) => state.cells[i] !== BLOCK && (entries.get(i) || 0) < 2);
  return { short: all.filter((s) => s.length === 2), unchecked };
}

/** Each complete entry's clue state: its word, its clue, and the word an older clue of it was for. */
export function clueOf(s) {
  const word = complete(s) ? pattern(s) : "";
  const clue = word ? state.clues[word] || "" : "";
  const was = state.clueWords[s.key];
  if (word && clue) state.clueWords[s.key] = word; // the slot's clue is this word's now
  const earlier = word && !clue && was && was !== word && state.clues[was] ? was : "";
  return { word, clue, earlier };
}

export const pattern = (s) => s.cells.map((i) => state.cells[i] || ".").join("");
export const complete = (s) => s.cells.every((i) => state.cells[i] && state.cells[i] !== BLOCK);
export const slotName = (s) => `${s.number} ${s.direction === "across" ? "Across" : "Down"}`;

/** The grid as the API takes it: rows of "." (empty), "#" (a block) and letters. */
export function framework(withoutFill = false) {
  const cells = withoutFill ? state.cells.map((ch, i) => (state.filled[i] ? "" : ch)) : state.cells;
  const rows = [];
  for (let r = 0; r < state.height; r++) {
    rows.push(cells.slice(r * state.width, (r + 1) * state.width).map((ch) => ch || ".").join(""));
  }
  return rows;
}

export const lockedCells = () => new Set(state.locked.flatMap((e) => cellsOf(e)));
export const isLocked = (s) => state.locked.some((e) => key(e) === s.key);
export const themeNotation = (e) => `${e.word}@${e.row},${e.col},${e.direction === "across" ? "A" : "D"}`;

function cellsOf(entry) {
  const [dr, dc] = entry.direction === "across" ? [0, 1] : [1, 0];
  return [...entry.word].map((_, k) => index(entry.row + dr * k, entry.col + dc * k));
}

/** Whether every locked entry is still a whole slot holding its word (a block toggle may not cut one). */
export function locksHold() {
  return state.locked.every((e) => {
    const s = slotByKey(key(e));
    return s && s.length === e.word.length && pattern(s) === e.word;
  });
}

function snapshot() {
  const { width, height, cells, filled, locked } = state;
  return JSON.stringify({ width, height, cells, filled, locked });
}

function restore(text) {
  Object.assign(state, JSON.parse(text));
  state.cursor.r = Math.min(state.cursor.r, state.height - 1);
  state.cursor.c = Math.min(state.cursor.c, state.width - 1);
}

/** Run ``change`` as one undoable edit; it returns false (or a message) to refuse and roll back. */
export function edit(change) {
  const before = snapshot();
  const outcome = change();
  if (outcome === false || typeof outcome === "string") {
    restore(before);
    return outcome;
  }
  if (snapshot() === before) return null; // nothing changed: nothing to undo
  past.push(before);
  if (past.length > HISTORY) past.shift();
  future.length = 0;
  state.version += 1;
  return true;
}

export function undo() {
  if (!past.length) return false;
  future.push(snapshot());
  restore(past.pop());
  state.version += 1;
  return true;
}

export function redo() {
  if (!future.length) return false;
  past.push(snapshot());
  restore(future.pop());
  state.version += 1;
  return true;
}

export const canUndo = () => past.length > 0;
export const canRedo = () => future.length > 0;

/** Toggle a block at (r, c) and its twin; a message when a locked entry is in the way. */
export function toggleBlock(r, c) {
  const locked = lockedCells();
  const [tr, tc] = twin(r, c);
  const cells = [index(r, c), index(tr, tc)];
  if (cells.some((i) => locked.has(i))) return "that square is part of a locked entry: unlock it first";
  const value = state.cells[index(r, c)] === BLOCK ? "" : BLOCK;
  for (const i of cells) {
    state.cells[i] = value;
    state.filled[i] = false;
  }
  if (!locksHold()) return "that block would change a locked entry: unlock it first";
  return true;
}

/** Put ``letter`` (or "" to clear) into a cell; a block becomes a place, with its twin. */
export function setLetter(r, c, letter) {
  const i = index(r, c);
  if (lockedCells().has(i)) return "that square is part of a locked entry";
  if (state.cells[i] === BLOCK) {
    const [tr, tc] = twin(r, c);
    if (state.cells[index(tr, tc)] === BLOCK) state.cells[index(tr, tc)] = "";
  }
  state.cells[i] = letter;
  state.filled[i] = false;
  if (!locksHold()) return "that square would change a locked entry";
  return true;
}

/** Lock a whole entry (a theme entry), or unlock it. */
export function toggleLock(s) {
  if (isLocked(s)) {
    state.locked = state.locked.filter((e) => key(e) !== s.key);
    return true;
  }
  if (!complete(s)) return `type the whole of ${slotName(s)} before locking it`;
  state.locked.push({ row: s.row, col: s.col, direction: s.direction, word: pattern(s) });
  for (const i of s.cells) state.filled[i] = false;
  return true;
}

/** Write a word into a slot (a suggestion taken, or an autofill's letters when ``byFill``). */
export function writeWord(s, word, byFill = false) {
  const locked = lockedCells();
  s.cells.forEach((i, k) => {
    if (locked.has(i) || state.cells[i] === word[k]) return;
    state.cells[i] = word[k];
    state.filled[i] = byFill;
  });
}

/** Take a whole filled grid (rows) from the engine: its letters in the empty squares, marked as fill. */
export function takeFill(rows) {
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const i = index(r, c);
    if (/\p{L}/u.test(ch) && !state.cells[i]) {
      state.cells[i] = ch;
      state.filled[i] = true;
    }
  }));
}

export function clearFill() {
  state.cells.forEach((ch, i) => {
    if (state.filled[i]) state.cells[i] = "";
    state.filled[i] = false;
  });
}

export function save() {
  const { width, height, cells, filled, locked, clues, clueWords, symmetry, title, author, lists } = state;
  try {
    const kept = { width, height, cells, filled, locked, clues, clueWords, symmetry, title, author, lists };
    localStorage.setItem(STORE, JSON.stringify(kept));
    return true;
  } catch {
    return false; // storage full (a large uploaded list) or refused: the page still works
  }
}

/** The work kept from the last visit, when there is some and it makes sense. */
export function load() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(STORE) || "null");
  } catch {
    return false;
  }
  if (!kept || !sides(kept.width, kept.height) || !Array.isArray(kept.cells)) return false;
  if (kept.cells.length !== kept.width * kept.height) return false;
  Object.assign(state, {
    ...kept,
    filled: Array.isArray(kept.filled) ? kept.filled : kept.cells.map(() => false),
    locked: Array.isArray(kept.locked) ? kept.locked : [],
    lists: { ...state.lists, ...(kept.lists || {}) },
    clues: kept.clues && typeof kept.clues === "object" ? kept.clues : {},
    clueWords: kept.clueWords && typeof kept.clueWords === "object" ? kept.clueWords : {},
    author: typeof kept.author === "string" ? kept.author : "",
  });
  if (!locksHold()) state.locked = [];
  return true;
}

export const sides = (w, h) => [w, h].every((n) => Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE);
