/* Strips: cover each grid with straight strips of the allowed lengths, no two of a grid with the same
   colour pattern (a strip and its reverse count as one). Drag across a strip's cells or click its
   first and last cell (one cell twice: a 1x1 strip); click a strip to take it away. Any such tiling
   solves a grid. data: lengths, grids [{name, rows}]; answers: per grid its strips [r0, c0, r1, c1]. */
const Strips = (root, data, answers) => {
  const { h, s } = Page;
  const S = 40, INSET = 5;
  const COLOURS = { b: "black", w: "white" };
  const lengths = new Set(data.lengths);
  let solution = null;
  const boards = data.grids.map((grid, g) => board(grid, g));

  function rect(el, a, b) {
    const [r0, r1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    const [c0, c1] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
    for (const [k, v] of Object.entries({ x: c0 * S + INSET, y: r0 * S + INSET, width: (c1 - c0 + 1) * S - 2 * INSET,
      height: (r1 - r0 + 1) * S - 2 * INSET, rx: 8 })) el.setAttribute(k, v);
    return el;
  }

  /* one grid: its SVG (an ARIA grid of labelled cells) and its state; strips are drawn on it by
     mouse, touch or keyboard (boardInput) */
  function board(grid, g) {
    const rows = grid.rows.length, cols = grid.rows[0].length;
    const svg = s("svg", { class: "board st", viewBox: `-2 -2 ${cols * S + 4} ${rows * S + 4}`, width: cols * S + 4,
      height: rows * S + 4, tabindex: 0, role: "grid", "aria-label": `grid ${grid.name}, ${rows} rows of ${cols}: move `
        + "with the arrows, press Enter on a strip's first cell and on its last; or drag across its cells" });
    const hidden = () => s("g", { "aria-hidden": "true" });
    const state = { grid, g, rows, cols, strips: [], owner: new Map(), mine: hidden(), marks: hidden(), shown: hidden(),
      select: s("rect", { class: "strip select", visibility: "hidden" }), key: ([r, c]) => r * cols + c, figure: null };
    const label = (r, c) => {
      const strip = state.owner.get(state.key([r, c]));
      return `${Page.where(r, c)}, ${COLOURS[grid.rows[r][c]] || grid.rows[r][c]}` + (strip ? `, in a strip of ${strip.cells.length}` : "");
    };
    state.cells = Page.ariaRows(svg, rows, cols, `st${g}`,
      (r, c) => s("rect", { class: `cell cell-${grid.rows[r][c]}`, x: c * S, y: r * S, width: S, height: S }), label);
    const frame = s("rect", { class: "frame", x: 0, y: 0, width: cols * S, height: rows * S, "aria-hidden": "true" });
    svg.append(state.cells.layer, frame, state.marks, state.mine, state.shown, state.select);
    state.relabel = (list) => list.forEach(([r, c]) => document.getElementById(state.cells.id([r, c]))?.setAttribute("aria-label", label(r, c)));
    const pattern = (cells) => cells.map(([r, c]) => grid.rows[r][c]).join("");
    state.canonical = (strip) => { const p = pattern(strip.cells); const q = [...p].reverse().join(""); return p < q ? p : q; };
    boardInput(state, svg);
    state.figure = h("figure", { "data-grid": grid.name }, h("figcaption", {}, grid.name), svg);
    return state;
  }

  /* a strip drawn (from a to b) or taken away (a click on it), each said in the live region */
  function boardInput(state, svg) {
    function add(a, b) {
      const cells = Page.cellsBetween(a, b);
      if (cells.some((cell) => state.owner.has(state.key(cell)))) {
        return Page.status("That overlaps a strip: click a strip to take it away.", false, true);
      }
      const strip = { cells, el: rect(s("rect", { class: "strip" }), a, b) };
      state.strips.push(strip);
      cells.forEach((cell) => state.owner.set(state.key(cell), strip));
      state.mine.append(strip.el);
      state.relabel(cells);
      changed(`Strip of ${cells.length} placed, ${Page.where(...a)} to ${Page.where(...b)}.`);
    }

    function remove(cell) {
      const strip = state.owner.get(state.key(cell));
      if (!strip) return false;
      strip.el.remove();
      state.strips = state.strips.filter((other) => other !== strip);
      strip.cells.forEach((c) => state.owner.delete(state.key(c)));
      state.relabel(strip.cells);
      changed(`Strip of ${strip.cells.length} taken away.`);
      return true;
    }

    Page.lineInput(svg, {
      rows: state.rows, cols: state.cols, size: S, single: true, cellId: state.cells.id, what: "strip",
      allowed: (a, b) => (a[0] === b[0] || a[1] === b[1]) && lengths.has(Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + 1),
      refused: () => Page.status(`A strip is ${[...lengths].join(", ")} squares long, in a row or a column.`, false, true),
      select: add,
      tap: remove,
      erase: remove,
      preview: (a, b) => {
        if (a === null) state.select.setAttribute("visibility", "hidden");
        else rect(state.select, a, b).setAttribute("visibility", "visible");
      },
    });
  }

  /* what is wrong with a board: cells not covered, strips sharing a pattern */
  function problems(state) {
    const uncovered = [];
    for (let r = 0; r < state.rows; r++) for (let c = 0; c < state.cols; c++) {
      if (!state.owner.has(r * state.cols + c)) uncovered.push([r, c]);
    }
    const seen = new Map(), clashes = new Set();
    for (const strip of state.strips) {
      const p = state.canonical(strip);
      if (seen.has(p)) { clashes.add(strip); clashes.add(seen.get(p)); } else seen.set(p, strip);
    }
    return { uncovered, clashes };
  }

  function changed(said) {
    boards.forEach((state) => state.marks.replaceChildren());
    boards.forEach((state) => state.strips.forEach((strip) => strip.el.classList.remove("clash")));
    const done = boards.filter((state) => {
      const { uncovered, clashes } = problems(state);
      const ok = uncovered.length === 0 && clashes.size === 0;
      state.figure.classList.toggle("solved", ok);
      return ok;
    }).length;
    const line = done === boards.length ? "Solved! Every grid is covered by strips with different patterns."
      : `${done} of ${boards.length} ${boards.length === 1 ? "grid" : "grids"} done.`;
    Page.status(line, done === boards.length, said ? `${said} ${line}` : false);
  }

  function check() {
    changed();
    const notes = [];
    for (const state of boards) {
      const { uncovered, clashes } = problems(state);
      uncovered.forEach(([r, c]) => state.marks.append(s("rect", { class: "uncovered", x: c * S, y: r * S, width: S, height: S })));
      clashes.forEach((strip) => strip.el.classList.add("clash"));
      if (uncovered.length) notes.push(`${state.grid.name}: ${uncovered.length} ${uncovered.length === 1 ? "cell" : "cells"} not covered`);
      if (clashes.size) notes.push(`${state.grid.name}: ${clashes.size} strips share a pattern`);
    }
    if (!document.body.classList.contains("solved")) Page.status(notes.length ? `${notes.join("; ")}.` : "Nothing wrong so far.", false, true);
  }

  function showSolution(on) {
    solution = solution || answers();
    boards.forEach((state, g) => {
      state.shown.replaceChildren();
      state.mine.style.display = on ? "none" : "";
      if (on) solution[g].forEach(([r0, c0, r1, c1]) => state.shown.append(rect(s("rect", { class: "strip answer" }), [r0, c0], [r1, c1])));
    });
  }

  function clearAll() {
    boards.forEach((state) => {
      const covered = state.strips.flatMap((strip) => strip.cells);
      state.strips.forEach((strip) => strip.el.remove());
      state.strips = [];
      state.owner.clear();
      state.relabel(covered);
    });
    changed("Every strip taken away.");
  }

  const toolbar = h("div", { class: "toolbar" }, Page.button("Check", check), Page.button("Clear", clearAll, "take every strip away"),
    Page.toggle("Show solution", showSolution));
  const note = h("p", { class: "lengths" }, `Strip lengths: ${[...lengths].join(", ")}.`);
  root.append(h("div", { class: "board-wrap" }, toolbar, note, h("div", { class: "strips-boards" }, boards.map((b) => b.figure))));
  changed();
};
