// Grids in and out: a new grid (blank or a shipped pattern), a generated pattern around the locked
// entries, a .puz or .ipuz opened, and the exports (made by the server, by the command's own code).
"use strict";

import * as E from "./construct-engine.js";
import * as M from "./construct-model.js";

const $ = (id) => document.getElementById(id);
const NAMES = { puz: "puz", ipuz: "ipuz", pdf: "pdf", html: "html", json: "json" };
let hooks = { edit() {}, say() {}, focusGrid() {}, undo() {} };
let patterns = [];
let played = null; // the object URL of the last download

export function mount(callbacks) {
  hooks = { ...hooks, ...callbacks };
  $("new-grid").addEventListener("click", () => popup($("new-form").hidden));
  $("new-form").addEventListener("keydown", (event) => {
    if (event.key === "Escape") popup(false);
  });
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    start(new FormData(event.target));
  });
  $("start").addEventListener("change", () => {
    const chosen = patterns[Number($("start").value)];
    if (!chosen) return;
    $("new-form").elements.width.value = chosen.rows[0].length;
    $("new-form").elements.height.value = chosen.rows.length;
  });
  $("open-file").addEventListener("change", (event) => open(event.target));
  $("generate").addEventListener("click", generate);
  $("exports").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-format]");
    if (button) download(button.dataset.format);
  });
  $("play").addEventListener("click", play);
  fetch("/static/construct-patterns.json").then((r) => r.json()).then((answer) => {
    patterns = answer.patterns;
    patterns.forEach((p, k) => $("start").append(new Option(`${p.name} (${p.rows[0].length}×${p.rows.length})`, k)));
  }).catch(() => hooks.say("the shipped patterns could not be listed", true));
}

function popup(open) {
  $("new-form").hidden = !open;
  $("new-grid").setAttribute("aria-expanded", String(open));
  if (open) $("new-form").elements.width.focus();
}

function start(form) {
  const chosen = patterns[Number(form.get("start"))];
  const width = chosen ? chosen.rows[0].length : Number(form.get("width"));
  const height = chosen ? chosen.rows.length : Number(form.get("height"));
  if (!M.sides(width, height)) {
    hooks.say(`a grid is ${M.MIN_SIDE} to ${M.MAX_SIDE} squares a side`, true);
    return;
  }
  const had = M.state.cells.some((ch) => ch && ch !== M.BLOCK);
  hooks.edit(() => {
    M.blank(width, height);
    if (chosen) setRows(chosen.rows, false);
  });
  popup(false);
  const said = chosen ? `Started from the pattern ${chosen.name}.` : `A blank ${width}×${height} grid.`;
  // the grid it replaced (its letters; clues stay kept by word) is one Undo away: offered here
  hooks.say(had ? `${said} The grid before is one Undo away.` : said, false, had ? { label: "Undo", run: hooks.undo } : null);
  hooks.focusGrid();
}

/** Rows of "#", "." and letters into the grid (letters marked as fill when ``byFill``). */
function setRows(rows, byFill, keep = new Set()) {
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const i = M.index(r, c);
    if (keep.has(i)) return;
    M.state.cells[i] = ch === "#" ? M.BLOCK : ch === "." ? "" : ch;
    M.state.filled[i] = byFill && ch !== "#" && ch !== ".";
  }));
}

export async function generate() {
  const body = { width: M.state.width, height: M.state.height, symmetry: M.state.symmetry,
    theme: M.state.locked.map(M.themeNotation), ...E.wordLists(), seed: E.nextSeed(), time_limit: Math.min(30, E.info.limit || 10) };
  try {
    const answer = await E.work("pattern", body, "Generating a pattern and its fill around your locked entries…");
    if (answer.status !== "filled") {
      hooks.say(answer.status === "unfillable" ? "No pattern can hold these locked entries (proved)."
        : `No pattern was found within ${body.time_limit} s: try again, or lock fewer entries.`, true);
      return;
    }
    hooks.edit(() => setRows(answer.fill || answer.grid, true, M.lockedCells()));
    hooks.say(`A new pattern with ${M.slots().length} entries and its fill; Clear the fill keeps only its blocks.`);
  } catch (error) {
    if (error.name !== "AbortError") hooks.say(error.message, true);
  }
}

async function open(input) {
  const file = input.files[0];
  input.value = "";
  if (!file) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  try {
    const answer = await E.work("open", { name: file.name, data: btoa(binary) }, `Opening ${file.name}…`);
    Object.assign(M.state.clues, answer.clues || {}); // before the grid is drawn: its clue boxes show them
    hooks.edit(() => {
      M.blank(answer.framework[0].length, answer.framework.length);
      setRows(answer.framework, false);
      M.state.locked = answer.locked || [];
      if (!M.locksHold()) M.state.locked = [];
    });
    if (answer.title) M.state.title = answer.title;
    if (answer.author) M.state.author = answer.author;
    $("title").value = M.state.title;
    $("author").value = M.state.author;
    hooks.say(`Opened ${file.name}${(answer.notes || []).length ? `: ${answer.notes.join("; ")}` : "."}`);
  } catch (error) { // the server's line names its field ("data: ..."): here, the file is what was wrong
    if (error.name !== "AbortError") hooks.say(`${file.name} could not be opened: ${error.message.replace(/^(data|name): /, "")}`, true);
  }
}

/** The export's request: the grid as it stands, its clues (by entry), the title and the locks. */
function exportBody(format) {
  const clues = {};
  for (const slot of M.slots()) {
    const word = M.complete(slot) ? M.pattern(slot) : null;
    if (word && M.state.clues[word]) clues[word] = M.state.clues[word];
  }
  return { framework: M.framework(), locked: M.state.locked.map(M.themeNotation), clues, title: M.state.title,
    author: M.state.author, format };
}

async function download(format) {
  try {
    const response = await E.call("export", exportBody(format), { raw: true });
    const blob = await response.blob();
    if (played) URL.revokeObjectURL(played);
    played = URL.createObjectURL(blob);
    const name = `${(M.state.title || "crossword").replace(/[^\w -]+/g, "").trim() || "crossword"}.${NAMES[format]}`;
    const link = Object.assign(document.createElement("a"), { href: played, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    const missing = $("unclued").hidden ? "" : ` ${$("unclued").textContent}`;
    hooks.say(`Saved ${name}.${missing}`);
  } catch (error) {
    if (error.name !== "AbortError") hooks.say(error.message, true);
  }
}

async function play() {
  try {
    const response = await E.call("export", exportBody("html"), { raw: true });
    const frame = Object.assign(document.createElement("iframe"), { title: "Play the puzzle", srcdoc: await response.text() });
    frame.setAttribute("sandbox", "allow-scripts");
    $("play-frame").replaceChildren(frame);
    $("play-frame").hidden = false;
    frame.scrollIntoView({ block: "nearest" });
  } catch (error) {
    if (error.name !== "AbortError") hooks.say(error.message, true);
  }
}
