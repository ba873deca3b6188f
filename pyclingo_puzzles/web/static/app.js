// The web app's pages: one form per family, sent to POST /api/<family> with format "all"; the
// answer's files become download links and a preview. No library, nothing from the network.
"use strict";

const lines = (text) => text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
const number = (text) => (text.trim() === "" ? undefined : Number(text));
// "WORD;clue" (or WORD<TAB>clue) lines -> {WORD: clue}; a line without either is left to the word's own
const cluesOf = (text) => Object.fromEntries(lines(text).map((line) => line.split(/[;\t]/))
  .filter((parts) => parts.length > 1).map(([word, ...clue]) => [word.replace(/\s+/g, "").toUpperCase(), clue.join(";").trim()]));

const FAMILIES = {
  wordsearch: {
    label: "Word search",
    intro: "Every word placed, every word exactly once. No size: the smallest square that fits.",
    fields: [
      { name: "words", kind: "area", label: "Words", hint: "one a line", sample: "CAT\nDOG\nBIRD\nFISH\nHORSE" },
      { name: "title", kind: "text", label: "Title" },
      { name: "width", kind: "number", label: "Width", hint: "empty: smallest", row: true },
      { name: "height", kind: "number", label: "Height", row: true },
      { name: "level", kind: "select", label: "Level", options: ["easy", "medium", "hard"], value: "medium", row: true },
    ],
    body(v) {
      const body = { words: lines(v.words), level: v.level };
      if (v.title.trim()) body.title = v.title.trim();
      if (number(v.width) !== undefined || number(v.height) !== undefined) {
        body.width = number(v.width);
        body.height = number(v.height);
      }
      return body;
    },
  },
  crossword: {
    label: "Crossword",
    intro: "A crossword from your framework, or from nothing at a size you give; filled with your words or the built-in English dictionary, with your clues and theme entries.",
    fields: [
      { name: "framework", kind: "area", label: "Framework", hint: ". a square to fill, # a block, a letter a given letter; empty with a size",
        sample: "...#...\n...#...\n.......\n##...##\n.......\n...#...\n...#...", raw: true },
      { name: "size", kind: "text", label: "Size", hint: "WxH, e.g. 9x9: a block pattern generated instead of the framework", row: true },
      { name: "theme", kind: "text", label: "Theme entries", hint: "WORD or WORD@ROW,COL,A|D, space between", row: true },
      { name: "words", kind: "area", label: "Words", hint: "one a line; empty: the English dictionary", sample: "" },
      { name: "clues", kind: "area", label: "Clues", hint: "WORD;clue, one a line (or type them under the fill)", sample: "" },
      { name: "title", kind: "text", label: "Title" },
      { name: "min_score", kind: "number", label: "Least word score", hint: "dictionary: Zipf x 100", row: true },
      { name: "min_length", kind: "number", label: "Shortest word", row: true },
      { name: "models", kind: "number", label: "Solutions", value: "1", row: true },
    ],
    body(v) {
      const size = v.size.trim();
      const framework = v.framework.split(/\r?\n/).filter((row) => row.trim() !== "");
      const body = { models: number(v.models) ?? 1, title: v.title.trim() || undefined };
      if (size) body.size = size;
      else body.framework = framework;
      const words = lines(v.words);
      if (words.length) body.words = words;
      const theme = v.theme.split(/[\s,]+/).filter(Boolean);
      if (theme.length) body.theme = theme;
      const clues = cluesOf(v.clues);
      if (Object.keys(clues).length) body.clues = clues;
      body.min_score = number(v.min_score);
      body.min_length = number(v.min_length);
      return body;
    },
    after: clueEditor,
  },
  layout: {
    label: "Crossword layout",
    intro: "A crossword built from your words and clues: every word placed, the most crossings in the smallest box.",
    fields: [
      { name: "words", kind: "area", label: "Words and clues", hint: "the word, then its clue, one a line",
        sample: "CAT Purrs on the sofa\nDOG Wags its tail\nGOAT Eats almost anything\nTOAD Warty hopper\nCOD Fish for chips" },
      { name: "title", kind: "text", label: "Title" },
      { name: "prefer", kind: "select", label: "Prefer", options: ["balanced", "crossings", "area"], value: "balanced", row: true },
    ],
    body(v) {
      const words = lines(v.words).map((line) => {
        const [word, ...clue] = line.split(/\s+/);
        return { word, clue: clue.join(" ") };
      });
      const body = { words, prefer: v.prefer };
      if (v.title.trim()) body.title = v.title.trim();
      return body;
    },
  },
  strips: {
    label: "Strips",
    intro: "Cover black and white grids with strips whose colour patterns all differ.",
    fields: [
      { name: "grids", kind: "area", label: "Grids", hint: "rows of b and w; a blank line between grids",
        sample: "wb\nww\nww\n\nbwb\nwbw", raw: true },
      { name: "title", kind: "text", label: "Title" },
      { name: "strip_lengths", kind: "text", label: "Strip lengths", value: "1, 2, 3", row: true },
    ],
    body(v) {
      const grids = v.grids.trim().split(/\n\s*\n/).map((block, i) => ({ name: `grid${i + 1}`, rows: lines(block) }));
      const lengths = v.strip_lengths.split(/[\s,]+/).filter(Boolean).map(Number);
      return { grids, strip_lengths: lengths, title: v.title.trim() || undefined };
    },
  },
};

const FILES = { pdf: "PDF", svg: "SVG", "svg-key": "SVG answer key", html: "Playable page (HTML)", ipuz: "ipuz",
  puz: "Across Lite (.puz)" };
const $ = (id) => document.getElementById(id);
let limits = { time_limit: 10, max_time_limit: 30 };
let offered = null; // the fields the family's request takes (GET /api), once known
let running = null; // the AbortController of the request in progress
let urls = []; // object URLs of the last answer's files

function init() {
  const family = location.pathname.replace(/^\/+|\/+$/g, "");
  const nav = $("families");
  for (const [name, f] of Object.entries(FAMILIES)) {
    const link = Object.assign(document.createElement("a"), { href: `/${name}`, textContent: f.label });
    if (name === family) link.className = "current";
    nav.append(link);
  }
  fetch("/api").then((r) => r.json()).then((index) => {
    limits = index.limits;
    if (index.families[family]) {
      offered = new Set(index.families[family].fields);
      for (const control of $("form").elements) {  // a field this server's family does not take: hidden
        if (control.name && control.closest("#fields") && !offered.has(control.name)) control.closest("label").hidden = true;
      }
    }
    const input = document.querySelector("[name=time_limit]");
    if (input) {
      input.max = limits.max_time_limit;
      input.placeholder = `${limits.time_limit}`;
    }
  });
  if (FAMILIES[family]) maker(family);
  else home();
}

function home() {
  $("home").hidden = false;
  for (const [name, f] of Object.entries(FAMILIES)) {
    const item = document.createElement("li");
    const link = Object.assign(document.createElement("a"), { href: `/${name}` });
    link.append(Object.assign(document.createElement("strong"), { textContent: f.label }), f.intro);
    item.append(link);
    $("family-cards").append(item);
  }
}

function maker(family) {
  const spec = FAMILIES[family];
  document.title = `${spec.label} · pyclingo-puzzles`;
  $("maker").hidden = false;
  $("heading").textContent = spec.label;
  $("intro").textContent = spec.intro;
  let row = null;
  for (const field of spec.fields) {
    const control = makeControl(field);
    const label = document.createElement("label");
    label.append(field.label + " ");
    if (field.hint) label.append(Object.assign(document.createElement("small"), { textContent: `(${field.hint})` }));
    label.append(control);
    if (field.kind === "area") $("fields").append(label, uploader(control));
    else if (field.row) {
      if (!row) row = $("fields").appendChild(Object.assign(document.createElement("div"), { className: "row" }));
      row.append(label);
    } else {
      $("fields").append(label);
    }
    if (!field.row) row = null;
  }
  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    make(family, spec);
  });
  $("cancel").addEventListener("click", () => running && running.abort());
}

function makeControl(field) {
  let control;
  if (field.kind === "area") {
    control = Object.assign(document.createElement("textarea"), { value: field.sample || "", spellcheck: false });
  } else if (field.kind === "select") {
    control = document.createElement("select");
    for (const option of field.options) control.append(new Option(option, option, false, option === field.value));
  } else {
    control = Object.assign(document.createElement("input"), { type: field.kind, value: field.value || "" });
    if (field.kind === "number") control.min = "1";
  }
  control.name = field.name;
  return control;
}

function uploader(area) {
  const input = Object.assign(document.createElement("input"), { type: "file", accept: ".txt,.list,text/plain" });
  input.setAttribute("aria-label", `Upload ${area.name}`);
  input.addEventListener("change", () => {
    const file = input.files[0];
    if (file) file.text().then((text) => { area.value = text; });
  });
  const wrap = Object.assign(document.createElement("div"), { className: "upload" });
  wrap.append("or upload a text file: ", input);
  return wrap;
}

function values() {
  const out = {};
  for (const element of $("form").elements) if (element.name) out[element.name] = element.value;
  return out;
}

async function make(family, spec) {
  const v = values();
  const body = spec.body(v);
  if (number(v.seed) !== undefined) body.seed = number(v.seed);
  if (number(v.time_limit) !== undefined) body.time_limit = number(v.time_limit);
  body.paper = v.paper;
  body.format = "all";
  for (const key of Object.keys(body)) if (body[key] === undefined || (offered && !offered.has(key))) delete body[key];
  const limit = body.time_limit ?? limits.time_limit;
  showError("");
  $("result").hidden = true;
  running = new AbortController();
  const stop = progress(limit);
  try {
    const response = await fetch(`/api/${family}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      signal: running.signal,
    });
    const answer = await response.json();
    if (!response.ok) showError(answer.error || `the server answered ${response.status}`);
    else show(family, answer);
  } catch (error) {
    showError(error.name === "AbortError" ? "Cancelled: the server stopped the run." : `No answer from the server (${error.message}).`);
  } finally {
    stop();
    running = null;
  }
}

function progress(limit) {
  const started = performance.now();
  $("progress").hidden = false;
  $("cancel").hidden = false;
  $("make").disabled = true;
  const tick = () => {
    const seconds = (performance.now() - started) / 1000;
    $("bar").value = Math.min(100, (100 * seconds) / limit);
    $("progress-text").textContent = `Solving… ${seconds.toFixed(0)} s of at most ${limit} s`;
  };
  tick();
  const timer = setInterval(tick, 250);
  return () => {
    clearInterval(timer);
    $("progress").hidden = true;
    $("cancel").hidden = true;
    $("make").disabled = false;
  };
}

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message;
}

function show(family, answer) {
  for (const url of urls) URL.revokeObjectURL(url);
  urls = [];
  const doc = answer.result;
  const files = answer.files || {};
  const said = (answer.messages || []).join(" ");
  const verdicts = { SAT: "Done: download it, or play it below.", UNSAT: "No puzzle: it was proved that none exists.",
    UNKNOWN: "No puzzle was found within the time limit; try a longer one." };
  $("verdict").textContent = verdicts[doc.status] || doc.status;
  $("notes").textContent = said;
  const downloads = $("downloads");
  const preview = $("preview");
  downloads.replaceChildren();
  preview.replaceChildren();
  for (const [format, file] of Object.entries(files)) {
    const blob = file.base64 ? new Blob([decode(file.base64)], { type: file.type }) : new Blob([file.text], { type: file.type });
    const name = `${family}${format === "svg-key" ? "-key" : ""}${file.suffix}`;
    downloads.append(link(`Download ${FILES[format] || format}`, blob, name));
  }
  const json = new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" });
  downloads.append(link("Download JSON", json, `${family}.json`));
  if (files.html) {
    const frame = Object.assign(document.createElement("iframe"), { title: "Playable puzzle", srcdoc: files.html.text });
    frame.setAttribute("sandbox", "allow-scripts allow-modals");
    preview.append(frame);
  } else if (files.svg) {
    const url = URL.createObjectURL(new Blob([files.svg.text], { type: "image/svg+xml" }));
    urls.push(url);
    preview.append(Object.assign(document.createElement("img"), { src: url, alt: "The puzzle" }));
  }
  preview.hidden = !preview.children.length;
  const spec = FAMILIES[family];
  $("entries").replaceChildren();
  if (spec.after && doc.solutions && doc.solutions.length) spec.after(doc.solutions[0], family, spec);
  $("result").hidden = false;
  intoView($("result"));
}

/* The answer in view: on a narrow screen it is under the form, below the fold, and nothing would
   seem to happen; the heading takes the focus too, so that a screen reader goes on from there. */
function intoView(section) {
  const top = section.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight * 0.6) section.scrollIntoView({ block: "start" });
  section.querySelector("h2").focus({ preventScroll: true });
}

/* The playable page in the preview frame says how tall it is (formats/playable/common.js): the
   frame takes that height, so the puzzle shows whole, with no scroll bar of its own. The frame is
   sandboxed without same origin, so its size can only come this way; only a number is taken. */
window.addEventListener("message", (event) => {
  const frame = document.querySelector("#preview iframe");
  const height = event.data && event.data.pyclingoPuzzlesHeight;
  if (!frame || event.source !== frame.contentWindow || !Number.isFinite(height)) return;
  frame.style.height = `${Math.min(Math.max(Math.ceil(height), 100), 20000)}px`;
});

/* After a crossword's fill: its entries, "1 Across (3)", each with its clue to type (or the one
   given); "Use these clues" puts them in the Clues field and makes the puzzle again: the same
   words and seed give the same fill, now with its clues in every file. */
function clueEditor(solution, family, spec) {
  const grid = solution.grid;
  const open = (r, c) => r >= 0 && r < grid.length && c >= 0 && c < grid[r].length && grid[r][c] !== " ";
  const numbers = new Map();
  let n = 0;
  grid.forEach((row, r) => [...row].forEach((_, c) => {
    const across = open(r, c) && !open(r, c - 1) && open(r, c + 1);
    const down = open(r, c) && !open(r - 1, c) && open(r + 1, c);
    if (across || down) numbers.set(`${r},${c}`, ++n);
  }));
  const placements = [...solution.placements].sort((a, b) => (a.dir === b.dir ? 0 : a.dir === "across" ? -1 : 1)
    || numbers.get(`${a.row},${a.col}`) - numbers.get(`${b.row},${b.col}`));
  const list = document.createElement("ol");
  list.className = "entries";
  const inputs = placements.map((p) => {
    const name = `${numbers.get(`${p.row},${p.col}`)} ${p.dir === "across" ? "Across" : "Down"} (${p.word.length})`;
    const input = Object.assign(document.createElement("input"), { type: "text", value: p.clue || "", name: `clue-${p.word}` });
    input.setAttribute("aria-label", `${name} clue`);
    const item = document.createElement("li");
    item.append(Object.assign(document.createElement("span"), { className: "entry", textContent: name }), " ", input);
    list.append(item);
    return [p.word, input];
  });
  const use = Object.assign(document.createElement("button"), { type: "button", textContent: "Use these clues" });
  use.addEventListener("click", () => {
    const area = document.querySelector("textarea[name=clues]");
    area.value = inputs.filter(([, input]) => input.value.trim()).map(([word, input]) => `${word};${input.value.trim()}`).join("\n");
    make(family, spec);
  });
  const heading = Object.assign(document.createElement("h3"), { textContent: "Entries and clues" });
  $("entries").append(heading, list, use);
}

function decode(base64) {
  const bytes = atob(base64);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

function link(text, blob, name) {
  const url = URL.createObjectURL(blob);
  urls.push(url);
  return Object.assign(document.createElement("a"), { href: url, download: name, textContent: text });
}

init();
