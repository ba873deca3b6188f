/* Strips: cover each grid with straight strips of the allowed lengths, no two of a grid with the same
   colour pattern (a strip and its reverse count as one). Drag across a strip's cells or click its
   first and last cell (one cell twice: a 1x1 strip); click a strip to take it away. Any such tiling
   solves a grid. data: lengths, grids [{name, rows}]; answers: per grid its strips [r0, c0, r1, c1]. */
const Strips = (root, data, answers) => {
  const { h, s } = Page;
  const S = 40, INSET = 5;
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

  function board(grid, g) {
    const rows = grid.rows.length, cols = grid.rows[0].length;
    const svg = s("svg", { class: "board st", viewBox: `-2 -2 ${cols * S + 4} ${rows * S + 4}`, width: cols * S + 4,
      height: rows * S + 4, tabindex: 0, role: "grid", "aria-label": `grid ${grid.name}: drag across the cells of a strip` });
    const cellLayer = s("g", {}), marks = s("g", {}), mine = s("g", {}), shown = s("g", {});
    const select = s("rect", { class: "strip select", visibility: "hidden" });
    grid.rows.forEach((row, r) => [...row].forEach((colour, c) => {
      cellLayer.append(s("rect", { class: `cell cell-${colour}`, x: c * S, y: r * S, width: S, height: S }));
    }));
    cellLayer.append(s("rect", { class: "frame", x: 0, y: 0, width: cols * S, height: rows * S }));
    svg.append(cellLayer, marks, mine, shown, select);
    const state = { grid, g, rows, cols, strips: [], owner: new Map(), mine, marks, shown, figure: null };
    const key = ([r, c]) => r * cols + c;
    const pattern = (cells) => cells.map(([r, c]) => grid.rows[r][c]).join("");
    state.canonical = (strip) => { const p = pattern(strip.cells); const q = [...p].reverse().join(""); return p < q ? p : q; };

    function add(a, b) {
      const cells = Page.cellsBetween(a, b);
      if (cells.some((cell) => state.owner.has(key(cell)))) {
        return Page.status("That overlaps a strip: click a strip to take it away.", false);
      }
      const strip = { cells, el: rect(s("rect", { class: "strip" }), a, b) };
      state.strips.push(strip);
      cells.forEach((cell) => state.owner.set(key(cell), strip));
      mine.append(strip.el);
      changed();
    }

    function remove(cell) {
      const strip = state.owner.get(key(cell));
      if (!strip) return false;
      strip.el.remove();
      state.strips = state.strips.filter((other) => other !== strip);
      strip.cells.forEach((c) => state.owner.delete(key(c)));
      changed();
      return true;
    }

    Page.lineInput(svg, {
      rows, cols, size: S, single: true,
      allowed: (a, b) => (a[0] === b[0] || a[1] === b[1]) && lengths.has(Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + 1),
      refused: () => Page.status(`A strip is ${[...lengths].join(", ")} squares long, in a row or a column.`, false),
      select: add,
      tap: remove,
      erase: remove,
      preview: (a, b) => {
        if (a === null) select.setAttribute("visibility", "hidden");
        else rect(select, a, b).setAttribute("visibility", "visible");
      },
    });
    state.figure = h("figure", { "data-grid": grid.name }, h("figcaption", {}, grid.name), svg);
    return state;
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

  function changed() {
    boards.forEach((state) => state.marks.replaceChildren());
    boards.forEach((state) => state.strips.forEach((strip) => strip.el.classList.remove("clash")));
    const done = boards.filter((state) => {
      const { uncovered, clashes } = problems(state);
      const ok = uncovered.length === 0 && clashes.size === 0;
      state.figure.classList.toggle("solved", ok);
      return ok;
    }).length;
    if (done === boards.length) Page.status("Solved! Every grid is covered by strips with different patterns.", true);
    else Page.status(`${done} of ${boards.length} ${boards.length === 1 ? "grid" : "grids"} done.`, false);
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
    if (!document.body.classList.contains("solved")) Page.status(notes.length ? `${notes.join("; ")}.` : "Nothing wrong so far.", false);
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
    boards.forEach((state) => { state.strips.forEach((strip) => strip.el.remove()); state.strips = []; state.owner.clear(); });
    changed();
  }

  const toolbar = h("div", { class: "toolbar" }, Page.button("Check", check), Page.button("Clear", clearAll, "take every strip away"),
    Page.toggle("Show solution", showSolution));
  const note = h("p", { class: "lengths" }, `Strip lengths: ${[...lengths].join(", ")}.`);
  root.append(h("div", { class: "board-wrap" }, toolbar, note, h("div", { class: "strips-boards" }, boards.map((b) => b.figure))));
  changed();
};
