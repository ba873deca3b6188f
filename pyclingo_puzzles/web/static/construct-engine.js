// The engine's answers as the grid changes: each slot's count and each square's possible letters,
// the verdict (fillable, not fillable with its core, undecided), suggestions for the selected entry
// and autofill. A newer request of a kind aborts the older one still in flight; keystrokes are
// debounced; every request names this page (X-Page-Id) so the server stops its stale work too.
"use strict";

import * as M from "./construct-model.js";

const $ = (id) => document.getElementById(id);
export const PAGE = pageId();
const WAIT = { slots: 60, verdict: 300, suggest: 150 }; // ms of quiet before asking
export const VERDICT_SECONDS = 8; // a verdict's time limit; "Check longer" asks for the server's cap
const SUGGESTIONS = 20;
const flying = new Map(); // route -> the AbortController of its request in flight
const timers = new Map();
let hooks = { render() {}, say() {} };

export const info = {
  counts: new Map(), // slot key -> words that fit its letters
  countsFor: -1, // the grid version the counts are for
  unfillable: null, // the grid version and answer of the last "not fillable" shown
  fits: new Map(), // slot key -> those its crossings leave (arc consistency): what the page shows
  letters: new Map(), // cell index -> the letters still possible there
  core: new Set(), // slot keys of the unfillable core
  ghost: null, // a fill shown on request (rows), drawn faintly in the empty squares
  fill: null, // the verdict's fill
  lastFill: null, // the last autofill's grid (for "Another fill")
  limit: null, // the server's largest time limit
  maxBody: null, // the server's largest request body
};

function pageId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function mount(callbacks) {
  hooks = { ...hooks, ...callbacks };
}

export class Refused extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** POST ``body`` to /api/crossword/<route>, aborting the route's older request; the answer, or a
 * Refused with the server's one-line error; an AbortError when a newer request took over. */
export async function call(route, body, { raw = false } = {}) {
  if (flying.has(route)) flying.get(route).abort();
  const control = new AbortController();
  flying.set(route, control);
  try {
    const response = await fetch(`/api/crossword/${route}`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-Page-Id": PAGE },
      body: JSON.stringify(body), signal: control.signal,
    });
    if (response.ok) return raw ? response : await response.json();
    const answer = await response.json().catch(() => ({}));
    throw new Refused(answer.error || `the server answered ${response.status}`, response.status);
  } finally {
    if (flying.get(route) === control) flying.delete(route);
  }
}

export const busy = (route) => flying.has(route);

/** Stop the route's request in flight (the server stops its work when the client goes). */
export function abort(route) {
  if (flying.has(route)) flying.get(route).abort();
  flying.delete(route);
}

const since0 = (started) => Math.round((performance.now() - started) / 1000);

/** A long call (autofill, a pattern): its seconds counted under the grid with a Cancel; its
 * answer, or an AbortError when cancelled or a newer one of the route took over. */
export async function work(route, body, label) {
  const started = performance.now();
  const cancel = { label: "Cancel", run: () => { abort(route); hooks.say("Cancelled."); } };
  const show = () => hooks.say(`${label} ${since0(started)} s`, false, cancel);
  show();
  const timer = setInterval(show, 1000);
  try {
    return await call(route, body);
  } finally {
    clearInterval(timer);
  }
}

/** A blank grid of more than 5x5: nothing to check yet (every row and column one long entry). */
export const guiding = () => M.blockless() && M.untouched() && Math.max(M.state.width, M.state.height) > 5;
const GUIDE = "A blank grid: add blocks (Click: toggles a block, or Space on a square), type and lock your " +
  "theme entries, or Generate pattern to have the blocks made around them.";

let seeds = 0;
/** The next seed: 1, 2, 3 ... a page's first pattern or fill is the same every time, the next a different one. */
export const nextSeed = () => ++seeds;

/** The word-list fields every engine request carries. */
export function wordLists() {
  const lists = M.state.lists;
  const body = { dictionary: lists.en ? "en" : null };
  const score = String(lists.minScore).trim();
  if (score !== "") body.min_score = Number(score);
  const exclude = lists.exclude.split(/\r?\n/).map((w) => w.trim()).filter(Boolean);
  if (exclude.length) body.exclude = exclude;
  if (lists.uploaded.length) body.word_list = lists.uploaded.map((l) => l.text).join("\n");
  return body;
}

export const grid = () => ({ framework: M.framework(), locked: M.state.locked.map(M.themeNotation), ...wordLists() });

function later(kind, run) {
  clearTimeout(timers.get(kind));
  timers.set(kind, setTimeout(run, WAIT[kind]));
}

/** The grid changed: ask again for the counts, the verdict and the suggestions. */
// end to end, from the edit (or the move) to its answer on the page: ms, the last LATENCIES of each kind
const LATENCIES = 100;
let since = { edit: performance.now(), move: performance.now() };
export const latency = { slots: [], suggest: [], verdict: [], checked: [], verdicts: [] };
window.studioLatency = latency; // for benchmarks/studio_page.py

function seen(kind, from) {
  latency[kind].push(Math.round(performance.now() - from));
  if (latency[kind].length > LATENCIES) latency[kind].shift();
}

export function changed() {
  since = { edit: performance.now(), move: performance.now() };
  info.ghost = null;
  info.fill = null;
  info.core = new Set(); // the old grid's dead end: not marked on the new one while it is checked
  later("slots", askSlots);
  later("suggest", askSuggestions);
  dropSuggestions(true);
  if (guiding()) {
    clearTimeout(timers.get("verdict"));
    abort("verdict");
    info.core = new Set();
    setVerdict("guide", GUIDE);
    return;
  }
  later("verdict", () => askVerdict(VERDICT_SECONDS));
  setVerdict("checking", "Checking…");
}

export function moved() {
  since.move = performance.now();
  later("suggest", askSuggestions);
  dropSuggestions(false);
}

/** The suggestions shown go when the grid changes (their marks are for the old grid) or the
 * cursor leaves their entry: none is ever taken into another entry than the one it was for. */
function dropSuggestions(always) {
  const list = $("suggestions");
  if (!list.dataset.slot || (!always && list.dataset.slot === hooks.current()?.key)) return;
  list.replaceChildren();
  list.dataset.slot = "";
}

/** A request's failure: a newer request took over (nothing to say), or the server's one line. */
function failed(error, where) {
  if (error.name === "AbortError") return;
  hooks.say(error instanceof Refused ? error.message : `no answer from the server (${error.message})`, true);
  if (where) where(error);
}

async function askSlots() {
  const version = M.state.version;
  const from = since.edit;
  try {
    const answer = await call("slots", grid());
    if (version !== M.state.version) return;
    info.counts = new Map(answer.slots.map((s) => [M.key(s), s.count]));
    info.countsFor = version;
    info.fits = new Map(answer.slots.map((s) => [M.key(s), answer.arc_consistent ? s.consistent : s.count]));
    info.letters = new Map();
    for (const cell of answer.cells) info.letters.set(M.index(cell.row, cell.col), cell.letters);
    hooks.render();
    // the verdict came first: it names the dead entries now known
    if (info.unfillable?.version === version) showVerdict(info.unfillable.answer);
    seen("slots", from);
  } catch (error) {
    failed(error);
  }
}

export async function askVerdict(seconds) {
  const version = M.state.version;
  const from = since.edit;
  const started = performance.now();
  const tick = setInterval(() => setVerdict("checking", `Checking… ${((performance.now() - started) / 1000).toFixed(0)} s`), 500);
  try {
    const answer = await call("verdict", { ...grid(), time_limit: seconds });
    if (version === M.state.version) {
      showVerdict(answer);
      if (seconds === VERDICT_SECONDS) {
        seen("verdict", from);
        latency.verdicts.push(answer.verdict);
      }
    }
  } catch (error) {
    failed(error, () => {
      setVerdict("none", error.status === 503 ? "No verdict: the server is busy." : "No verdict: see the message under the grid.");
      $("recheck").textContent = "Check again";
      $("recheck").hidden = false;
    });
  } finally {
    clearInterval(tick);
  }
}

function showVerdict(answer) {
  info.core = new Set((answer.core || []).map(M.key));
  info.fill = answer.fill || null;
  const full = M.state.cells.every((ch) => ch);
  $("show-fill").hidden = !info.fill || full; // a full grid is its own fill
  $("recheck").hidden = answer.verdict !== "undecided";
  $("recheck").textContent = "Check longer";
  if (answer.verdict === "unfillable" && M.blockless()) {
    info.core = new Set(); // not a dead end of the constructor's: no grid without blocks is
    setVerdict("guide", `No fill without blocks: ${GUIDE.slice(GUIDE.indexOf("add blocks"))}`);
  } else if (answer.verdict === "fillable") {
    setVerdict("fillable", full ? "Filled: every entry is a word of the lists." : "Fillable: a fill of the whole grid exists.");
  } else if (answer.verdict === "unfillable") {
    setVerdict("unfillable", `Not fillable (proved): ${unfillable(answer)}`);
  } else {
    setVerdict("undecided", `Undecided in ${answer.seconds.toFixed(1)} s: no fill found yet, and none ruled out.`);
  }
  hooks.render();
}

/** What is dead and what to do: the core is one reason; every entry no word fits is named too (the
 * constructor fixes them all); the advice follows the cause. */
function unfillable(answer) {
  const cored = (answer.core || []).map((s) => M.slotByKey(M.key(s))).filter(Boolean);
  info.unfillable = { version: M.state.version, answer };
  const known = info.countsFor === M.state.version;
  const dead = M.slots().filter((s) => known && info.counts.get(s.key) === 0 && !M.isLocked(s));
  dead.forEach((s) => info.core.add(s.key));
  const slots = [...new Map([...cored, ...dead].map((s) => [s.key, s])).values()];
  const names = slots.map(M.slotName);
  const one = names.length === 1;
  const marked = `${one ? "It is" : "They are"} marked on the grid: ${advice(slots, one)}.`;
  if (one) return `${names[0]} cannot be filled. ${marked}`;
  const together = cored.length > 1 ? " together" : "";
  return `${names.length ? `these ${names.length} entries cannot be filled${together}: ${names.join(", ")}` : "no fill exists"}. ${marked}`;
}

function advice(slots, one) {
  const its = one ? "its" : "their";
  if (slots.some((s) => M.isLocked(s))) return "unlock one of the locked entries, or undo";
  // no letters and still no word: its length (or the minimum score) is the cause, not letters
  if (slots.some((s) => s.cells.every((i) => !M.state.cells[i]))) {
    return $("min-score").value !== "" ? "lower the minimum score, or add or move blocks" : "add or move blocks";
  }
  return `undo, or change ${its} letters`;
}

function setVerdict(state, text) {
  const verdict = $("verdict");
  verdict.dataset.state = state;
  verdict.textContent = text;
  if (state === "checking") {
    $("show-fill").hidden = true;
    $("recheck").hidden = true;
  }
}

export function showFill() {
  info.ghost = info.ghost ? null : info.fill;
  $("show-fill").textContent = info.ghost ? "Hide the fill" : "Show the fill";
  hooks.render();
}

// seconds each suggest request checks for: the first answer soon, then longer asks (the engine
// keeps its learnt nogoods and fills between them) while some are not known yet, a minute in all
const CHECKS = [2, 4, 8, 10, 12, 12, 12];
let suggestTimer = null;

function suggestNote(text, retry = false) {
  $("suggest-note").textContent = text;
  $("suggest-retry").hidden = !retry;
}

/** The selected entry's suggestions, checked round after round (``round`` of CHECKS). */
export async function askSuggestions(round = 0, started = performance.now()) {
  const slot = hooks.current();
  clearInterval(suggestTimer);
  if (!slot || M.isLocked(slot) || M.complete(slot) || guiding()) {
    abort("suggest");
    $("suggestions").replaceChildren();
    const why = !slot ? "" : M.isLocked(slot) ? "(locked)" : M.complete(slot) ? "(the entry is complete)" : "(add blocks first)";
    suggestNote(why);
    return;
  }
  const version = M.state.version;
  const from = since.move;
  let done = round ? $("suggest-note").dataset.checked : "";
  const tick = () => suggestNote(`(${done ? `${done} checked; checking the rest` : "asking"}… ${since0(started)} s)`);
  tick();
  const timer = suggestTimer = setInterval(tick, 1000); // this ask's own: an older one's end must not stop it
  try {
    const body = { ...grid(), slot: { row: slot.row, col: slot.col, direction: slot.direction }, limit: SUGGESTIONS,
      time_limit: Math.min(CHECKS[round], info.limit || CHECKS[round]) };
    const answer = await call("suggest", body);
    if (version !== M.state.version || hooks.current()?.key !== slot.key) return;
    clearInterval(timer);
    hooks.suggestions(slot, answer);
    if (!round) {
      seen("suggest", from);
      latency.checked.push(`${answer.suggestions.slice(0, 10).filter((s) => s.fillable !== null).length} of ${Math.min(10, answer.suggestions.length)}`);
    }
    const open = answer.suggestions.filter((s) => s.fillable === null).length;
    done = `${answer.suggestions.length - open} of ${answer.suggestions.length}`;
    $("suggest-note").dataset.checked = done;
    if (!answer.suggestions.length) suggestNote("(no word fits)");
    else if (!open) suggestNote(`(${done} checked in ${since0(started)} s)`);
    else if (round + 1 < CHECKS.length) askSuggestions(round + 1, started);
    else suggestNote(`(${done} checked; the rest not known after ${since0(started)} s)`, true);
  } catch (error) {
    clearInterval(timer);
    if (error.name === "AbortError") return;
    suggestNote(error.status === 503 ? "(the server is busy: nothing checked)" : `(no answer: ${error.message})`, true);
  }
}
