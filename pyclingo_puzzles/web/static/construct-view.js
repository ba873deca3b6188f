// The constructor's grid on the page: its squares, what the engine said about them, and the mouse
// and keyboard (typed into a hidden input over the grid, so that a phone's keyboard opens too).
"use strict";

import * as M from "./construct-model.js";

const $ = (id) => document.getElementById(id);
const LETTER = /^\p{L}$/u;
const HOT = 3; // a square where this many letters or fewer remain possible is shaded (a hotspot)
let hooks = { changed() {}, moved() {}, say() {}, escape() {}, lock() {}, autofill() {}, generate() {} };
let squares = [];

export function mount(callbacks) {
  hooks = { ...hooks, ...callbacks };
  const typer = $("typer");
  typer.addEventListener("keydown", onKey);
  typer.addEventListener("input", onInput);
  $("grid").addEventListener("click", onClick);
  $("grid-wrap").addEventListener("click", () => typer.focus({ preventScroll: true }));
}

/** The squares for the grid's size (again when it changes). */
export function build() {
  const grid = $("grid");
  grid.style.setProperty("--cols", M.state.width);
  grid.style.setProperty("--rows", M.state.height);
  squares = [];
  const made = [];
  for (let r = 0; r < M.state.height; r++) {
    for (let c = 0; c < M.state.width; c++) {
      const cell = Object.assign(document.createElement("div"), { className: "sq" });
      cell.dataset.r = r;
      cell.dataset.c = c;
      cell.append(Object.assign(document.createElement("span"), { className: "num" }),
        Object.assign(document.createElement("span"), { className: "letter" }));
      squares.push(cell);
      made.push(cell);
    }
  }
  grid.replaceChildren(...made);
}

export const current = () => {
  const { r, c, dir } = M.state.cursor;
  return M.slotAt(r, c, dir) || M.slotAt(r, c, dir === "across" ? "down" : "across");
};

/** Draw the grid: letters, numbers, the current entry, and the engine's ``info``
 * ({ counts: key -> count, letters: cell -> possible letters, core: Set of keys, ghost: rows, warn: Set of
 * cells: two-letter entries and unchecked squares }). */
export function render(info) {
  const slot = current();
  const inSlot = new Set(slot ? slot.cells : []);
  const locked = M.lockedCells();
  const dead = new Set();
  const core = new Set();
  const picked = new Set();
  const numbers = new Map();
  for (const s of M.slots()) {
    if (!numbers.has(s.cells[0])) numbers.set(s.cells[0], s.number);
    if (info.counts.get(s.key) === 0) s.cells.forEach((i) => dead.add(i));
    if (info.core.has(s.key)) s.cells.forEach((i) => core.add(i));
    if (M.state.selected.includes(s.key)) s.cells.forEach((i) => picked.add(i));
  }
  const here = M.index(M.state.cursor.r, M.state.cursor.c);
  squares.forEach((cell, i) => {
    const ch = M.state.cells[i];
    const block = ch === M.BLOCK;
    const possible = info.letters.get(i);
    const ghost = !ch && info.ghost ? info.ghost[Math.floor(i / M.state.width)][i % M.state.width] : "";
    const flags = { block, current: i === here, "in-slot": inSlot.has(i), locked: locked.has(i), dead: dead.has(i),
      core: core.has(i), picked: picked.has(i), fill: !block && M.state.filled[i], ghost: !!ghost && ghost !== "#",
      warn: !!info.warn && info.warn.has(i) };
    const names = ["sq", ...Object.keys(flags).filter((name) => flags[name])];
    if (!block && !ch && possible !== undefined && possible.length <= HOT) names.push(`hot-${possible.length}`);
    set(cell, "className", names.join(" ")); // only what changed: a keystroke restyles a few squares, not 625
    set(cell, "title", possible !== undefined && !block ? `possible: ${possible || "none"}` : "");
    set(cell.firstChild, "textContent", block ? "" : String(numbers.get(i) || ""));
    set(cell.lastChild, "textContent", block ? "" : ch || (flags.ghost ? ghost : ""));
  });
  $("undo").disabled = !M.canUndo();
  $("redo").disabled = !M.canRedo();
}

function set(element, property, value) {
  if (element[property] !== value) element[property] = value;
}

function onClick(event) {
  const cell = event.target.closest(".sq");
  if (!cell) return;
  const r = Number(cell.dataset.r);
  const c = Number(cell.dataset.c);
  const cursor = M.state.cursor;
  const blocks = document.querySelector("input[name=mode]:checked").value === "blocks";
  if (event.shiftKey) {
    cursor.r = r;
    cursor.c = c;
    pick(current());
  } else if (blocks) {
    Object.assign(cursor, { r, c });
    change(() => M.toggleBlock(r, c));
    return;
  } else if (cursor.r === r && cursor.c === c) {
    turn();
  } else {
    Object.assign(cursor, { r, c });
    if (!M.slotAt(r, c, cursor.dir) && M.slotAt(r, c, other(cursor.dir))) cursor.dir = other(cursor.dir);
  }
  hooks.moved();
}

function pick(slot) {
  if (!slot) return;
  const list = M.state.selected;
  const at = list.indexOf(slot.key);
  if (at >= 0) list.splice(at, 1);
  else list.push(slot.key);
}

const other = (dir) => (dir === "across" ? "down" : "across");

function turn() {
  M.state.cursor.dir = other(M.state.cursor.dir);
}

/** Run an edit; say why when it was refused; tell the page the grid changed. */
export function change(edit) {
  const outcome = M.edit(edit);
  if (typeof outcome === "string") hooks.say(outcome);
  else if (outcome) hooks.changed();
  else hooks.moved();
}

function onKey(event) {
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    const lower = key.toLowerCase();
    if (lower === "z" || lower === "y") {
      event.preventDefault();
      if (lower === "y" || event.shiftKey ? M.redo() : M.undo()) hooks.changed();
    }
    return;
  }
  if (event.altKey) {
    const action = { KeyL: hooks.lock, KeyA: hooks.autofill, KeyG: hooks.generate }[event.code];
    if (action) {
      event.preventDefault();
      action();
    }
    return;
  }
  if (LETTER.test(key)) {
    event.preventDefault();
    type(key.toUpperCase());
    return;
  }
  const action = KEYS[key];
  if (action) {
    event.preventDefault();
    action(event);
  }
}

const KEYS = {
  ArrowLeft: () => arrow("across", -1),
  ArrowRight: () => arrow("across", 1),
  ArrowUp: () => arrow("down", -1),
  ArrowDown: () => arrow("down", 1),
  Tab: (event) => jump(event.shiftKey ? -1 : 1),
  Enter: () => {
    turn();
    hooks.moved();
  },
  Backspace: () => erase(true),
  Delete: () => erase(false),
  " ": () => block(),
  ".": () => block(),
  Escape: () => hooks.escape(),
};

function onInput(event) {
  const typer = event.target;
  const text = typer.value;
  typer.value = "";
  for (const ch of text) {
    if (LETTER.test(ch)) type(ch.toUpperCase());
    else if (ch === " " || ch === ".") block();
  }
}

function step(delta) {
  const cursor = M.state.cursor;
  const [dr, dc] = cursor.dir === "across" ? [0, delta] : [delta, 0];
  if (M.inGrid(cursor.r + dr, cursor.c + dc)) {
    cursor.r += dr;
    cursor.c += dc;
  }
}

function arrow(dir, delta) {
  if (M.state.cursor.dir !== dir) M.state.cursor.dir = dir;
  else step(delta);
  hooks.moved();
}

function type(letter) {
  const { r, c } = M.state.cursor;
  const slot = current();
  if (slot && !slot.cells.includes(M.index(r, c))) M.state.cursor.dir = slot.direction;
  const locked = M.lockedCells().has(M.index(r, c));
  if (!locked) change(() => M.setLetter(r, c, letter));
  const end = slot && slot.cells[slot.cells.length - 1] === M.index(r, c);
  if (!end) step(1);
  hooks.moved();
}

function erase(back) {
  const { r, c } = M.state.cursor;
  const here = M.state.cells[M.index(r, c)];
  if (back && (!here || here === M.BLOCK || M.lockedCells().has(M.index(r, c)))) step(-1);
  const at = M.state.cursor;
  const i = M.index(at.r, at.c);
  if (M.state.cells[i] && M.state.cells[i] !== M.BLOCK && !M.lockedCells().has(i)) {
    change(() => M.setLetter(at.r, at.c, ""));
  }
  hooks.moved();
}

function block() {
  const { r, c } = M.state.cursor;
  change(() => M.toggleBlock(r, c));
  step(1);
  hooks.moved();
}

/** Tab and Shift+Tab: the next or previous entry (across ones, then down), at its first empty square. */
function jump(delta) {
  const all = M.slots();
  if (!all.length) return;
  const order = [...all.filter((s) => s.direction === "across"), ...all.filter((s) => s.direction === "down")];
  const slot = current();
  const at = slot ? order.findIndex((s) => s.key === slot.key) : -1;
  const next = order[(at + delta + order.length) % order.length];
  const empty = next.cells.find((i) => !M.state.cells[i]);
  const i = empty === undefined ? next.cells[0] : empty;
  Object.assign(M.state.cursor, { r: Math.floor(i / M.state.width), c: i % M.state.width, dir: next.direction });
  hooks.moved();
}
