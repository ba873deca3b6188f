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

  function status(text, solved) {
    const el = document.getElementById("status");
    el.textContent = text;
    el.classList.toggle("solved", Boolean(solved));
    document.body.classList.toggle("solved", Boolean(solved));
    document.body.dataset.solved = solved ? "true" : "false";
  }

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

  /* Selecting a line of cells on an SVG board by mouse, touch or keyboard: drag from the first cell
     to the last, or click (tap, Enter) the first and then the last; arrows move a keyboard cursor.
     opts: rows, cols, size (cell px), allowed(a, b), select(a, b), preview(a, b | null),
     tap(cell) -> true when it handled the click itself, erase(cell) (Delete key). */
  function lineInput(svg, opts) {
    let start = null, end = null, moved = false, pending = null, cursor = [0, 0];
    const cursorBox = s("rect", { class: "cursor", width: opts.size, height: opts.size, visibility: "hidden" });
    svg.append(cursorBox);

    function cellAt(event) { // the screen point in the board's own units (its viewBox), then the cell
      const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
      const r = Math.floor(at.y / opts.size), c = Math.floor(at.x / opts.size);
      return r >= 0 && r < opts.rows && c >= 0 && c < opts.cols ? [r, c] : null;
    }

    function showCursor(visible) {
      cursorBox.setAttribute("x", cursor[1] * opts.size);
      cursorBox.setAttribute("y", cursor[0] * opts.size);
      cursorBox.setAttribute("visibility", visible ? "visible" : "hidden");
    }

    function click(cell) {
      if (pending === null) {
        if (opts.tap && opts.tap(cell)) return;
        pending = cell;
        opts.preview(cell, cell);
        return;
      }
      const first = pending;
      pending = null;
      opts.preview(null, null);
      if (same(first, cell) && !opts.single) return; // the same cell again: the selection is dropped
      if (opts.allowed(first, cell)) opts.select(first, cell);
      else if (opts.refused) opts.refused(first, cell);
    }

    svg.addEventListener("pointerdown", (event) => {
      const cell = cellAt(event);
      if (cell === null || event.button > 0) return;
      event.preventDefault();
      svg.focus({ preventScroll: true });
      try {
        svg.setPointerCapture(event.pointerId); // the drag goes on over the rest of the page
      } catch (error) { /* a pointer the browser no longer tracks: the drag ends where it leaves */ }
      start = end = cell;
      moved = false;
      cursor = cell;
      showCursor(false);
    });
    svg.addEventListener("pointermove", (event) => {
      if (start === null) return;
      const cell = cellAt(event);
      if (cell === null || same(cell, end) || !opts.allowed(start, cell)) return;
      if (same(cell, start) && !moved) return;
      end = cell;
      moved = true;
      pending = null;
      opts.preview(start, end);
    });
    const finish = () => {
      if (start === null) return;
      const [a, b] = [start, end];
      start = end = null;
      if (moved && !same(a, b)) {
        opts.preview(null, null);
        opts.select(a, b);
      } else if (moved) {
        opts.preview(null, null); // dragged away and back: nothing
      } else {
        click(a);
      }
    };
    svg.addEventListener("pointerup", finish);
    svg.addEventListener("pointercancel", () => { start = end = null; opts.preview(null, null); });

    const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    svg.addEventListener("keydown", (event) => {
      const move = MOVES[event.key];
      if (move) {
        cursor = [Math.min(opts.rows - 1, Math.max(0, cursor[0] + move[0])), Math.min(opts.cols - 1, Math.max(0, cursor[1] + move[1]))];
        if (pending !== null) opts.preview(pending, opts.allowed(pending, cursor) ? cursor : pending);
      } else if (event.key === "Enter" || event.key === " ") {
        click(cursor);
      } else if (event.key === "Escape") {
        pending = null;
        opts.preview(null, null);
      } else if ((event.key === "Delete" || event.key === "Backspace") && opts.erase) {
        opts.erase(cursor);
      } else {
        return;
      }
      event.preventDefault();
      showCursor(true);
    });
    svg.addEventListener("focus", () => showCursor(true));
    svg.addEventListener("blur", () => showCursor(false));
  }

  function run(players) {
    const data = JSON.parse(document.getElementById("puzzle-data").textContent);
    const root = document.getElementById("play");
    players[data.kind](root, data, () => decode(data.answers));
  }

  return { h, s, status, button, toggle, same, cellsBetween, lineInput, run };
})();
