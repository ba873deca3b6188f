/* pyclingo-puzzles playable page: what every family's player shares. No network, no library. */
"use strict";

const Page = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const KEY = "pyclingo-puzzles"; // the answers are XOR-ed with it and base64-encoded (not in plain view)

  function decode(text) {
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i) ^ KEY.charCodeAt(i % KEY.length);
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  /* an HTML element: attributes (on* are listeners), then children (strings become text, never markup) */
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    setAll(el, attrs);
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) el.append(child);
    }
    return el;
  }

  function s(tag, attrs) {
    const el = document.createElementNS(SVG, tag);
    setAll(el, attrs);
    return el;
  }

  function setAll(el, attrs) {
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
      else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, value === true ? "" : value);
    }
  }

  /* the visible status line; spoken (true: the same text; a string: that text) goes to the live
     region a screen reader reads out, so that not every keystroke's count is spoken */
  function status(text, solved, spoken) {
    const el = document.getElementById("status");
    el.textContent = text;
    el.classList.toggle("solved", Boolean(solved));
    document.body.classList.toggle("solved", Boolean(solved));
    document.body.dataset.solved = solved ? "true" : "false";
    if (spoken) announce(spoken === true ? text : spoken);
  }

  /* said by a screen reader (the page's polite live region); the same words twice are said twice */
  function announce(text) {
    const el = document.getElementById("announce");
    if (el) el.textContent = el.textContent === text ? `${text}\u00a0` : text;
  }

  const where = (r, c) => `row ${r + 1}, column ${c + 1}`;

  function button(label, onclick, title) {
    return h("button", { type: "button", onclick, title: title || null }, label);
  }

  function toggle(label, onchange) {
    const input = h("input", { type: "checkbox", onchange: (e) => onchange(e.target.checked) });
    return h("label", { class: "switch" }, input, label);
  }

  const same = (a, b) => a !== null && b !== null && a[0] === b[0] && a[1] === b[1];

  /* the cells from a to b, both included, along a straight line (a row, a column or a diagonal) */
  function cellsBetween(a, b) {
    const dr = Math.sign(b[0] - a[0]), dc = Math.sign(b[1] - a[1]);
    const n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) + 1;
    return Array.from({ length: n }, (_, i) => [a[0] + dr * i, a[1] + dc * i]);
  }

  /* An SVG board as an ARIA grid: a row element per row, a labelled gridcell per cell (what a
     screen reader reads as the keyboard cursor reaches it, through aria-activedescendant).
     label(r, c): the cell's name; draw(r, c): its SVG element (a text, a rect), or null for no cell. */
  function ariaRows(svg, rows, cols, prefix, draw, label) {
    const cellsLayer = s("g", {});
    const ids = [];
    for (let r = 0; r < rows; r++) {
      const row = s("g", { role: "row", "aria-label": `row ${r + 1}` });
      ids.push([]);
      for (let c = 0; c < cols; c++) {
        const el = draw(r, c);
        if (el === null) { ids[r].push(null); continue; }
        const id = `${prefix}-${r}-${c}`;
        setAll(el, { id, role: "gridcell", "aria-label": label(r, c) });
        row.append(el);
        ids[r].push(id);
      }
      cellsLayer.append(row);
    }
    return { layer: cellsLayer, id: (cell) => (ids[cell[0]] || [])[cell[1]] || null };
  }

  /* Selecting a line of cells on an SVG board by mouse, touch or keyboard: drag from the first cell
     to the last, or click (tap, Enter) the first and then the last; arrows move a keyboard cursor.
     opts: rows, cols, size (cell px), allowed(a, b), select(a, b), preview(a, b | null),
     tap(cell) -> true when it handled the click itself, erase(cell) (Delete key), cellId(cell): the
     id of the cell's gridcell (the cursor's aria-activedescendant), what: the name of what is chosen
     ("word", "strip"). */
  function lineInput(svg, opts) {
    // the line being drawn: start/end of a drag, the first cell of a click-click, the keyboard cursor
    const line = { svg, opts, start: null, end: null, moved: false, pending: null, cursor: [0, 0] };
    line.box = s("rect", { class: "cursor", width: opts.size, height: opts.size, visibility: "hidden" });
    svg.append(line.box);
    pointerLines(line);
    keyLines(line);
    svg.addEventListener("focus", () => showCursor(line, true));
    svg.addEventListener("blur", () => showCursor(line, false));
  }

  function showCursor(line, visible) {
    const { box, cursor, opts } = line;
    box.setAttribute("x", cursor[1] * opts.size);
    box.setAttribute("y", cursor[0] * opts.size);
    box.setAttribute("visibility", visible ? "visible" : "hidden");
    const id = opts.cellId ? opts.cellId(cursor) : null;
    if (id) line.svg.setAttribute("aria-activedescendant", id);
  }

  /* a click (a tap, Enter) on a cell: the line's first cell, or its last */
  function clickCell(line, cell) {
    const { opts } = line;
    if (line.pending === null) {
      if (opts.tap && opts.tap(cell)) return;
      line.pending = cell;
      opts.preview(cell, cell);
      announce(`${where(...cell)} chosen: now the last square of the ${opts.what || "line"}.`);
      return;
    }
    const first = line.pending;
    line.pending = null;
    opts.preview(null, null);
    if (same(first, cell) && !opts.single) return; // the same cell again: the selection is dropped
    if (opts.allowed(first, cell)) opts.select(first, cell);
    else if (opts.refused) opts.refused(first, cell);
  }

  /* mouse and touch: a drag from the first cell to the last, or a click on each */
  function pointerLines(line) {
    const { svg, opts } = line;
    const cellAt = (event) => { // the screen point in the board's own units (its viewBox), then the cell
      const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
      const r = Math.floor(at.y / opts.size), c = Math.floor(at.x / opts.size);
      return r >= 0 && r < opts.rows && c >= 0 && c < opts.cols ? [r, c] : null;
    };
    svg.addEventListener("pointerdown", (event) => {
      const cell = cellAt(event);
      if (cell === null || event.button > 0) return;
      event.preventDefault();
      svg.focus({ preventScroll: true });
      try {
        svg.setPointerCapture(event.pointerId); // the drag goes on over the rest of the page
      } catch (error) { /* a pointer the browser no longer tracks: the drag ends where it leaves */ }
      Object.assign(line, { start: cell, end: cell, moved: false, cursor: cell });
      showCursor(line, false);
    });
    svg.addEventListener("pointermove", (event) => {
      if (line.start === null) return;
      const cell = cellAt(event);
      if (cell === null || same(cell, line.end) || !opts.allowed(line.start, cell)) return;
      if (same(cell, line.start) && !line.moved) return;
      Object.assign(line, { end: cell, moved: true, pending: null });
      opts.preview(line.start, line.end);
    });
    svg.addEventListener("pointerup", () => {
      if (line.start === null) return;
      const [a, b] = [line.start, line.end];
      line.start = line.end = null;
      if (!line.moved) return clickCell(line, a);
      opts.preview(null, null); // dragged away and back: nothing
      if (!same(a, b)) opts.select(a, b);
    });
    svg.addEventListener("pointercancel", () => { line.start = line.end = null; opts.preview(null, null); });
  }

  const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  /* the keyboard: arrows move a cursor, Enter (Space) clicks its cell, Escape drops the first cell */
  function keyLines(line) {
    const { opts } = line;
    line.svg.addEventListener("keydown", (event) => {
      const move = MOVES[event.key];
      if (move) {
        const [r, c] = line.cursor;
        line.cursor = [Math.min(opts.rows - 1, Math.max(0, r + move[0])), Math.min(opts.cols - 1, Math.max(0, c + move[1]))];
        if (line.pending !== null) opts.preview(line.pending, opts.allowed(line.pending, line.cursor) ? line.cursor : line.pending);
      } else if (event.key === "Enter" || event.key === " ") {
        clickCell(line, line.cursor);
      } else if (event.key === "Escape") {
        line.pending = null;
        opts.preview(null, null);
      } else if ((event.key === "Delete" || event.key === "Backspace") && opts.erase) {
        opts.erase(line.cursor);
      } else {
        return;
      }
      event.preventDefault();
      showCursor(line, true);
    });
  }

  /* a touch screen (a phone, a tablet): the instructions speak of taps, not of Tab and clicks */
  function touchInstructions() {
    const el = document.getElementById("instructions");
    if (!el || !el.dataset.touch) return;
    const mouse = el.textContent, coarse = matchMedia("(pointer: coarse)");
    const apply = () => { el.textContent = coarse.matches ? el.dataset.touch : mouse; };
    apply();
    coarse.addEventListener("change", apply); // a frame may learn its pointer after its script ran
  }

  /* In a frame (the web app shows the page in one), the page tells its parent how tall it is, each
     time that changes, so that the frame grows to fit it: no inner scroll bar. Only a number is sent. */
  function reportHeight() {
    if (window.parent === window || typeof ResizeObserver !== "function") return;
    const sheet = document.getElementById("sheet");
    let last = -1;
    new ResizeObserver(() => {
      const height = Math.ceil(Math.max(sheet.getBoundingClientRect().bottom + window.scrollY, sheet.scrollHeight));
      if (height === last) return;
      last = height;
      window.parent.postMessage({ pyclingoPuzzlesHeight: height }, "*");
    }).observe(sheet);
  }

  function run(players) {
    const data = JSON.parse(document.getElementById("puzzle-data").textContent);
    const root = document.getElementById("play");
    touchInstructions();
    players[data.kind](root, data, () => decode(data.answers));
    reportHeight();
  }

  return { h, s, status, announce, where, button, toggle, same, cellsBetween, ariaRows, lineInput, run };
})();
