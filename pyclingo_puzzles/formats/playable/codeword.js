/* Codeword: click a square (or a number of the table) and type a letter: every square of that
   number takes it, and the letter is marked used in the bank (a letter typed for a second number
   moves there). Backspace or Delete clears a number; the given numbers are fixed. data: numbers
   (rows, 0 a block), given {number: letter}, count (the numbers 1..count); answers: {number: letter}. */
const Codeword = (root, data, answers) => {
  const { h, s } = Page;
  const S = 40;
  const rows = data.numbers.length, cols = data.numbers[0].length;
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
  const letters = {}; // number -> letter typed (or given)
  Object.entries(data.given).forEach(([n, x]) => { letters[n] = x; });
  const state = { number: null, cursor: firstCell(), key: null };
  const svg = s("svg", { class: "board code", viewBox: `0 0 ${cols * S} ${rows * S}`, width: cols * S, height: rows * S,
    tabindex: 0, role: "grid", "aria-label": `codeword grid, ${rows} rows of ${cols}: move with the arrows, type a letter` });
  const cellText = {}, cellBox = {}; // "r,c" -> its letter's text, its square
  const board = Page.ariaRows(svg, rows, cols, "cw", (r, c) => drawCell(r, c), (r, c) => cellLabel(r, c));
  svg.prepend(boxes());
  svg.append(board.layer);
  const table = h("div", { class: "code-table", role: "group", "aria-label": "decoding table" },
    Array.from({ length: data.count }, (_, i) => tableButton(i + 1)));
  const bank = h("div", { class: "code-bank", "aria-label": "letters" },
    ALPHABET.map((x) => h("span", { class: "bank-letter", "data-letter": x }, x)));

  function firstCell() {
    for (let r = 0; r < data.numbers.length; r++) {
      for (let c = 0; c < data.numbers[r].length; c++) if (data.numbers[r][c]) return [r, c];
    }
    return [0, 0];
  }

  function boxes() {
    const g = s("g", { "aria-hidden": "true" });
    data.numbers.forEach((row, r) => row.forEach((n, c) => {
      const box = s("rect", { class: n ? "cellbox" : "block", x: c * S, y: r * S, width: S, height: S });
      if (n) cellBox[`${r},${c}`] = box;
      g.append(box);
      if (!n) return;
      const label = s("text", { class: "code-number", x: c * S + 3, y: r * S + 11 });
      label.textContent = n;
      g.append(label);
    }));
    return g;
  }

  function drawCell(r, c) {
    if (!data.numbers[r][c]) return null;
    const t = s("text", { class: "code-letter", x: c * S + S / 2, y: r * S + S / 2 + 4, "data-number": data.numbers[r][c] });
    cellText[`${r},${c}`] = t;
    return t;
  }

  function cellLabel(r, c) {
    const n = data.numbers[r][c];
    return `${Page.where(r, c)}: number ${n}${letters[n] ? `, ${letters[n]}` : ""}`;
  }

  function tableButton(n) {
    return h("button", { type: "button", class: "code-entry", "data-number": n, onclick: () => choose(n, true) },
      h("span", { class: "code-entry-number" }, String(n)), h("span", { class: "code-entry-letter" }, letters[n] || ""));
  }

  function choose(n, focus) {
    state.number = n;
    if (focus) svg.focus({ preventScroll: true });
    redraw();
  }

  function assign(n, x) {
    if (n === null || data.given[n] !== undefined) return Page.announce(n === null ? "Choose a number first." : `${n} is given.`);
    for (const [other, y] of Object.entries(letters)) {
      if (y === x && Number(other) !== n && data.given[other] === undefined) delete letters[other];
    }
    if (x === null) delete letters[n];
    else if (Object.entries(data.given).some(([, y]) => y === x)) return Page.announce(`${x} is a given letter.`);
    else letters[n] = x;
    svg.classList.remove("checked");
    redraw();
    progress(n, x);
  }

  function redraw() {
    for (const [where, t] of Object.entries(cellText)) {
      const [r, c] = where.split(",").map(Number), n = data.numbers[r][c];
      t.textContent = letters[n] || "";
      t.classList.toggle("given", data.given[n] !== undefined);
      cellBox[where].classList.toggle("chosen", n === state.number);
      document.getElementById(board.id([r, c])).setAttribute("aria-label", cellLabel(r, c));
    }
    table.querySelectorAll(".code-entry").forEach((b) => {
      const n = Number(b.dataset.number);
      b.lastChild.textContent = letters[n] || "";
      b.classList.toggle("chosen", n === state.number);
      b.classList.toggle("given", data.given[n] !== undefined);
    });
    const used = new Set(Object.values(letters));
    bank.querySelectorAll(".bank-letter").forEach((el) => el.classList.toggle("used", used.has(el.dataset.letter)));
  }

  function progress(n, x) {
    const key = state.key || (state.key = answers());
    const right = Object.keys(key).filter((m) => letters[m] === key[m]).length;
    const done = Object.keys(letters).length;
    if (right === data.count) Page.status(`Solved! All ${data.count} numbers decoded.`, true, true);
    else Page.status(`${done} of ${data.count} numbers filled.`, false, n !== undefined ? `${n} is ${x || "empty"}.` : false);
  }

  function check() {
    const key = state.key || (state.key = answers());
    let wrong = 0;
    for (const [where, box] of Object.entries(cellBox)) {
      const [r, c] = where.split(",").map(Number), n = data.numbers[r][c];
      const bad = letters[n] !== undefined && letters[n] !== key[n];
      box.classList.toggle("wrong", bad);
    }
    for (const n of Object.keys(letters)) if (letters[n] !== key[n]) wrong++;
    svg.classList.add("checked");
    Page.status(wrong ? `${wrong} number(s) wrong.` : "No mistakes so far.", false, true);
  }

  function reveal(on) {
    const key = state.key || (state.key = answers());
    for (const [where, t] of Object.entries(cellText)) {
      const [r, c] = where.split(",").map(Number), n = data.numbers[r][c];
      t.textContent = on ? key[n] : letters[n] || "";
      t.classList.toggle("revealed", on && letters[n] !== key[n]);
    }
  }

  function keys(event) {
    const move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (move) {
      const [r, c] = state.cursor;
      const next = [Math.min(rows - 1, Math.max(0, r + move[0])), Math.min(cols - 1, Math.max(0, c + move[1]))];
      if (data.numbers[next[0]][next[1]]) state.cursor = next;
      cursorAt(state.cursor);
    } else if (/^[a-zA-Z]$/.test(event.key)) {
      assign(state.number, event.key.toUpperCase());
    } else if (event.key === "Delete" || event.key === "Backspace") {
      assign(state.number, null);
    } else {
      return;
    }
    event.preventDefault();
  }

  function cursorAt(cell) {
    state.cursor = cell;
    svg.setAttribute("aria-activedescendant", board.id(cell));
    choose(data.numbers[cell[0]][cell[1]], false);
  }

  svg.addEventListener("keydown", keys);
  svg.addEventListener("focus", () => { if (state.number === null) cursorAt(state.cursor); });
  svg.addEventListener("pointerdown", (event) => {
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const r = Math.floor(at.y / S), c = Math.floor(at.x / S);
    if (r < 0 || r >= rows || c < 0 || c >= cols || !data.numbers[r][c]) return;
    event.preventDefault();
    svg.focus({ preventScroll: true });
    cursorAt([r, c]);
  });

  const toolbar = h("div", { class: "toolbar" }, Page.button("Check", check), Page.toggle("Show answers", reveal));
  root.append(h("div", { class: "board-wrap" }, toolbar, svg),
    h("div", { class: "side" }, h("h2", {}, "Decoding table"), table, h("h2", {}, "Letters"), bank));
  redraw();
  progress();
};
