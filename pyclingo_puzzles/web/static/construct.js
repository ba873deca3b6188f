// The constructor's page (/construct): wires the grid (construct-view), the engine's answers
// (construct-engine), the side panel (construct-panel) and files (construct-files) to the one
// state (construct-model), and keeps the work in the browser's storage. Nothing from the network
// but this server.
"use strict";

import * as E from "./construct-engine.js";
import * as F from "./construct-files.js";
import * as M from "./construct-model.js";
import * as N from "./construct-notes.js";
import * as P from "./construct-panel.js";
import * as V from "./construct-view.js";

const $ = (id) => document.getElementById(id);
let saving = null;

function init() {
  if (!M.load()) M.blank(15, 15);
  V.build();
  const focusGrid = () => $("typer").focus({ preventScroll: true });
  const edit = (change) => V.change(change);
  V.mount({ changed, moved, say, escape, lock: P.lock, autofill: () => P.autofill(false), generate: F.generate });
  E.mount({ render, say, current: V.current, suggestions: P.suggestions });
  P.mount({ current: V.current, edit, say, focusGrid, moved, listsChanged: changed, cluesChanged: keep });
  F.mount({ edit, say, focusGrid, undo: () => M.undo() && changed() });
  N.mount({ edit });
  $("symmetry").value = M.state.symmetry;
  $("symmetry").addEventListener("change", (e) => { M.state.symmetry = e.target.value; keep(); });
  $("title").value = M.state.title;
  $("title").addEventListener("input", (e) => { M.state.title = e.target.value; keep(); });
  $("author").value = M.state.author;
  $("author").addEventListener("input", (e) => { M.state.author = e.target.value; keep(); });
  $("undo").addEventListener("click", () => M.undo() && changed());
  $("redo").addEventListener("click", () => M.redo() && changed());
  $("show-fill").addEventListener("click", E.showFill);
  $("recheck").addEventListener("click", () => E.askVerdict(E.info.limit || 30));
  fetch("/api").then((r) => r.json()).then((index) => {
    E.info.limit = index.limits.max_time_limit;
    E.info.maxBody = index.limits.max_body;
  });
  P.showLists();
  changed();
  focusGrid();
}

/** The grid changed (an edit, undo, redo, a new grid, the word lists): draw it, keep it, ask the engine. */
function changed() {
  M.state.selected = M.state.selected.filter((k) => M.slotByKey(k));
  say("");
  E.changed(); // first: what it drops (the old grid's core, its fill) is not drawn on the new grid
  render();
  keep();
}

/** The cursor moved: draw it and ask for the new entry's suggestions. */
function moved() {
  render();
  E.moved();
}

function render() {
  if ($("grid").children.length !== M.state.width * M.state.height) V.build();
  const weak = N.weakSpots();
  E.info.warn = weak.cells;
  V.render(E.info);
  P.showSlot();
  P.showClues();
  N.show(weak);
}

function keep() {
  clearTimeout(saving);
  saving = setTimeout(() => {
    if (!M.save()) say("The work could not be kept in this browser's storage (it is full): save it as .ipuz.", true);
  }, 200);
}

/** A line under the grid (``bad``: in the alert instead), with an ``action`` button ({ label, run }). */
function say(text, bad = false, action = null) {
  $("status-text").textContent = bad ? "" : text;
  const button = $("status-action");
  button.hidden = bad || !action;
  if (action && !bad) {
    button.textContent = action.label;
    button.onclick = () => {
      button.hidden = true;
      action.run();
    };
  }
  $("error").hidden = !bad || !text;
  $("error").textContent = bad ? text : "";
}

/** Esc in the grid: to the suggestions (the first), or the entry's panel when there are none. */
function escape() {
  const first = $("first-suggestion");
  (first || $("lock")).focus();
}

init();
