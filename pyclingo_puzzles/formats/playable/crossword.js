/* Crossword (a fill or a layout): click a square and type; arrows move, Tab and Shift+Tab go to the
   next and previous entry, Space turns the direction; check or reveal a square, an entry or all.
   data: width, height, cells (null: a block; {n, given, void}), entries [{n, dir, cells, clue, enum}],
   free_form (a layout: no blocks drawn, only the squares);
   lowercase (--lowercase: the letters shown small, typed and checked as capitals), key_label (the
   Reveal group's: "" its English); answers: the solution's letters, row by row ("" where there is none). */
const Crossword = (root, data, answers) => {
  const { h } = Page;
  const DIRS = { across: [0, 1], down: [1, 0] };
  const entries = data.entries;
  let solution = null;
  const sol = (r, c) => (solution = solution || answers())[r][c];
  let cur = null, dir = "across", revealed = 0, clickedHere = false;
  const shown = (text) => (data.lowercase ? text.toLowerCase() : text);

  // an ARIA grid: a row element per row (display: contents, so the CSS grid still lays out the
  // squares), a gridcell per square, named by where it is, its entries and what it holds
  const gridEl = h("div", { class: data.free_form ? "cw-grid free-form" : "cw-grid", role: "grid",
    "aria-label": `crossword grid, ${data.height} rows of ${data.width}`, "aria-rowcount": data.height, "aria-colcount": data.width,
    style: `grid-template-columns: repeat(${data.width}, var(--cell)); --cols: ${data.width}` });
  const input = h("input", { class: "cw-input", type: "text", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", "aria-label": "letter" });
  const cells = data.cells.map((row, r) => {
    const rowEl = gridEl.appendChild(h("div", { class: "cw-row", role: "row", "aria-label": `row ${r + 1}` }));
    return row.map((spec, c) => {
      if (spec === null) {
        const nothing = data.free_form ? "no square" : "black square";
        rowEl.append(h("div", { class: "cw-cell block", role: "gridcell", "aria-label": `${Page.where(r, c)}, ${nothing}` }));
        return null;
      }
      const letter = h("span", { class: "letter", "aria-hidden": "true" }, shown(spec.given || ""));
      const el = h("div", { class: "cw-cell" + (spec.given ? " given" : "") + (spec.void ? " void" : ""), role: "gridcell",
        id: `cw-${r}-${c}`, "data-r": r, "data-c": c, "aria-selected": "false" },
        spec.n ? h("span", { class: "num", "aria-hidden": "true" }, String(spec.n)) : null, letter);
      // on click, not pointerdown: a phone opens its keyboard for a focus given on a tap's end only
      el.addEventListener("click", () => clicked(r, c));
      rowEl.append(el);
      return { el, letter, value: spec.given || "", given: Boolean(spec.given), void: Boolean(spec.void),
        fixed: Boolean(spec.given || spec.void), of: {} };
    });
  });
  // the keyboard's input beside the grid, not in it (a grid holds rows only), over the current square
  const gridBox = h("div", { class: "cw-box" }, gridEl, input);
  entries.forEach((entry, i) => entry.cells.forEach(([r, c]) => { cells[r][c].of[entry.dir] = i; }));
  const playable = cells.flat().filter((cell) => cell !== null && !cell.fixed);
  const at = (r, c) => (r >= 0 && r < data.height && c >= 0 && c < data.width ? cells[r][c] : null);
  const position = (cell) => [Number(cell.el.dataset.r), Number(cell.el.dataset.c)];
  const heading = (entry) => `${entry.n} ${entry.dir === "across" ? "Across" : "Down"}`;
  const letters = (entry) => (/^\d+$/.test(entry.enum) ? `${entry.enum} ${entry.enum === "1" ? "letter" : "letters"}` : entry.enum);

  /* what a screen reader says of a square: "row 3, column 5, 1 Across, 3 letters, 2 Down, 5 letters: empty" */
  function label(r, c) {
    const cell = cells[r][c];
    if (cell.void) return `${Page.where(r, c)}, on no entry`;
    const of = ["across", "down"].filter((d) => cell.of[d] !== undefined).map((d) => `${heading(entries[cell.of[d]])}, ${letters(entries[cell.of[d]])}`);
    const state = cell.el.classList.contains("wrong") ? ", marked wrong" : cell.el.classList.contains("revealed") ? ", revealed" : "";
    return [Page.where(r, c), ...of].join(", ") + `: ${cell.value || "empty"}${cell.given ? ", given" : ""}${state}`;
  }
  const relabel = (cell) => cell.el.setAttribute("aria-label", label(...position(cell)));

  const bar = h("div", { class: "clue-bar", "aria-live": "polite" });
  const items = entries.map((entry, i) => h("li", { "data-entry": i },
    h("button", { type: "button", class: "clue", onclick: () => goEntry(i),
      "aria-label": entry.clue ? `${heading(entry)}: ${entry.clue}, ${letters(entry)}` : `${heading(entry)}, ${letters(entry)}` },
    h("span", { class: "n" }, String(entry.n)),
    h("span", {}, `${entry.dir === "across" ? "Across" : "Down"} (${entry.enum})${entry.clue ? ` ${entry.clue}` : ""}`))));
  const lists = ["across", "down"].map((d) => {
    const mine = items.filter((_, i) => entries[i].dir === d);
    return mine.length ? h("section", {}, h("h2", {}, d === "across" ? "Across" : "Down"), h("ol", {}, mine)) : null;
  });

  function entryIndex() {
    return cur === null ? -1 : at(...cur).of[dir] ?? -1;
  }

  function paint() {
    gridEl.querySelectorAll(".in-entry, .current").forEach((el) => el.classList.remove("in-entry", "current"));
    gridEl.querySelectorAll("[aria-selected=true]").forEach((el) => el.setAttribute("aria-selected", "false"));
    items.forEach((li) => li.classList.remove("current"));
    const i = entryIndex();
    if (i >= 0) {
      const entry = entries[i];
      entry.cells.forEach(([r, c]) => cells[r][c].el.classList.add("in-entry"));
      items[i].classList.add("current");
      const text = entry.clue ? `${heading(entry)}: ${entry.clue} (${entry.enum})` : `${heading(entry)} (${entry.enum})`;
      if (bar.textContent !== text) bar.textContent = text; // the live region speaks a new entry only
    }
    if (cur !== null) {
      const cell = at(...cur);
      cell.el.classList.add("current");
      cell.el.setAttribute("aria-selected", "true");
      input.style.left = `${gridEl.offsetLeft + cell.el.offsetLeft}px`;
      input.style.top = `${gridEl.offsetTop + cell.el.offsetTop}px`;
      input.setAttribute("aria-label", label(...cur));
      input.setAttribute("aria-activedescendant", cell.el.id);
      input.focus({ preventScroll: true });
    }
  }

  function select(r, c, d) {
    const cell = at(r, c);
    if (cell === null || cell.el.classList.contains("void")) return;
    cur = [r, c];
    clickedHere = false;
    dir = d && cell.of[d] !== undefined ? d : cell.of[dir] !== undefined ? dir : Object.keys(cell.of)[0] || dir;
    paint();
  }

  /* A click selects its square in the direction in use (a square of the selected entry keeps it);
     only a second click on the square a click selected turns it: the entry highlighted on load, or
     reached by typing, is not turned by the first click on it. */
  function clicked(r, c) {
    if (clickedHere && cur !== null && cur[0] === r && cur[1] === c) turn();
    else select(r, c);
    clickedHere = cur !== null && cur[0] === r && cur[1] === c;
  }

  function turn() {
    const other = dir === "across" ? "down" : "across";
    if (cur !== null && at(...cur).of[other] !== undefined) dir = other;
    paint();
  }

  function goEntry(i) {
    const entry = entries[i];
    const empty = entry.cells.find(([r, c]) => !cells[r][c].fixed && !cells[r][c].value) || entry.cells[0];
    select(empty[0], empty[1], entry.dir);
  }

  function step(k) { // the next (k = 1) or previous (k = -1) square of the current entry
    const i = entryIndex();
    if (i < 0) return;
    const list = entries[i].cells;
    const here = list.findIndex(([r, c]) => r === cur[0] && c === cur[1]);
    const next = list[here + k];
    if (next) select(next[0], next[1], dir);
  }

  function put(cell, value) {
    cell.value = value;
    cell.letter.textContent = shown(value);
    cell.el.classList.remove("wrong");
    relabel(cell);
  }

  function type(ch) {
    if (cur === null) return;
    const upper = ch.toUpperCase();
    const cell = at(...cur);
    if (!cell.fixed) {
      cell.el.classList.remove("revealed");
      put(cell, [...upper].length === 1 ? upper : ch);
    }
    step(1);
    progress();
  }

  function back() {
    if (cur === null) return;
    const cell = at(...cur);
    if (!cell.fixed && cell.value) put(cell, "");
    else {
      step(-1);
      const prev = at(...cur);
      if (!prev.fixed) put(prev, "");
    }
    progress();
  }

  function arrow(dr, dc) {
    if (cur === null) return select(0, 0);
    const wanted = dr === 0 ? "across" : "down";
    if (wanted !== dir && at(...cur).of[wanted] !== undefined) {
      dir = wanted;
      return paint();
    }
    let [r, c] = [cur[0] + dr, cur[1] + dc];
    while (at(r, c) === null && r >= 0 && r < data.height && c >= 0 && c < data.width) [r, c] = [r + dr, c + dc];
    if (at(r, c) !== null) select(r, c, dir);
  }

  const KEYS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  input.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const key = event.key;
    if ([...key].length === 1 && /[\p{L}\p{N}]/u.test(key)) type(key);
    else if (key === "Backspace") back();
    else if (key === "Delete") { if (cur && !at(...cur).fixed) put(at(...cur), ""); progress(); }
    else if (KEYS[key]) arrow(...KEYS[key]);
    else if (key === "Tab") goEntry((Math.max(0, entryIndex()) + (event.shiftKey ? -1 : 1) + entries.length) % entries.length);
    else if (key === " " || key === "Enter") turn();
    else if (key === "Escape") input.blur();
    else return;
    event.preventDefault();
  });
  const typed = () => { // a touch keyboard or an input method: what arrived in the input
    const letters = [...input.value].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
    input.value = "";
    letters.forEach(type);
  };
  input.addEventListener("input", (event) => { if (!event.isComposing) typed(); });
  input.addEventListener("compositionend", typed);

  function scope(what) {
    if (what === "all") return playable;
    if (cur === null) return [];
    if (what === "letter") return [at(...cur)].filter((cell) => !cell.fixed);
    const i = entryIndex();
    return i < 0 ? [] : entries[i].cells.map(([r, c]) => cells[r][c]).filter((cell) => !cell.fixed);
  }


  function check(what) {
    let wrong = 0;
    for (const cell of scope(what)) {
      const bad = cell.value !== "" && cell.value !== sol(...position(cell));
      cell.el.classList.toggle("wrong", bad);
      relabel(cell);
      wrong += bad;
    }
    if (!document.body.classList.contains("solved")) {
      Page.status(wrong ? `${wrong} wrong ${wrong === 1 ? "letter" : "letters"} marked.` : "No wrong letters there.", false, true);
    }
    paint();
  }

  function reveal(what) {
    let now = 0;
    for (const cell of scope(what)) {
      const answer = sol(...position(cell));
      if (cell.value !== answer) {
        cell.el.classList.add("revealed");
        put(cell, answer);
        now += 1;
      }
    }
    revealed += now;
    progress(`${now} ${now === 1 ? "letter" : "letters"} revealed.`);
    paint();
  }

  function clearAll() {
    playable.forEach((cell) => { cell.el.classList.remove("revealed"); put(cell, ""); });
    revealed = 0;
    progress("Every square emptied.");
    paint();
  }

  /* the count of filled squares (shown, not spoken at each letter); said: what to speak besides */
  function progress(said) {
    items.forEach((li, i) => li.classList.toggle("done", entries[i].cells.every(([r, c]) => cells[r][c].value)));
    const filled = playable.filter((cell) => cell.value).length;
    if (filled === playable.length && playable.every((cell) => cell.value === sol(...position(cell)))) {
      const line = revealed ? `Solved! (${revealed} ${revealed === 1 ? "letter" : "letters"} revealed)` : "Solved!";
      const before = document.body.dataset.solved === "true"; // solved already: only what was done is said
      Page.status(line, true, before ? said || false : `${said ? `${said} ` : ""}${line}`);
    } else {
      Page.status(`${filled} of ${playable.length} squares filled.`, false, said ? `${said} ${filled} of ${playable.length} squares filled.` : false);
    }
  }

  const group = (label, act) => h("span", { class: "group", role: "group", "aria-label": label },
    h("span", { class: "label", "aria-hidden": "true" }, `${label}:`),
    ...[["Square", "letter"], ["Word", "word"], ["All", "all"]].map(([name, what]) => {
      const b = Page.button(name, () => act(what));
      b.setAttribute("aria-label", `${label} ${what === "letter" ? "the square" : what === "word" ? "the entry" : "all"}`);
      return b;
    }));
  const toolbar = h("div", { class: "toolbar" }, group("Check", check), group(data.key_label || "Reveal", reveal),
    Page.button("Clear", clearAll, "empty every square"));
  root.append(h("div", { class: "board-wrap" }, bar, toolbar, gridBox), h("div", { class: "side clues" }, lists));
  cells.flat().forEach((cell) => cell && relabel(cell));
  progress();
  if (entries.length) {
    const [r, c] = entries[0].cells[0];
    cur = [r, c];
    dir = entries[0].dir;
    paint();
    input.blur(); // highlighted, but the page does not grab the keyboard on load
  }
};
