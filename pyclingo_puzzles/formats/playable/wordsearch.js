/* Word search: drag (or click the first and the last letter) to mark a word; found words are struck
   through; a switch shows the answers. data: grid (rows of cells, "" no cell), words; answers: per
   word its first and last cell [r0, c0, r1, c1]; lowercase (--lowercase: letters and words shown
   small), key_label (the answers' switch: "" its English). */
const WordSearch = (root, data, answers) => {
  const { h, s } = Page;
  const S = 40; // cell size in SVG units
  const rows = data.grid.length, cols = data.grid[0].length;
  const COLOURS = ["#f9ab00", "#1e8e3e", "#d93025", "#1a73e8", "#a142f4", "#e8710a", "#12b5cb", "#e52592"];
  const found = new Set();
  let places = null; // decoded on first use
  const shown = (text) => (data.lowercase ? text.toLowerCase() : text);

  const svg = s("svg", { class: "board ws", viewBox: `0 0 ${cols * S} ${rows * S}`, width: cols * S, height: rows * S,
    tabindex: 0, role: "grid", "aria-label": `letter grid, ${rows} rows of ${cols}: move with the arrows, press Enter on `
      + "a word's first letter and on its last; or drag from the first letter to the last" });
  const boxes = s("g", { "aria-hidden": "true" }), marks = s("g", { "aria-hidden": "true" }), answerMarks = s("g", { "aria-hidden": "true" });
  const select = s("line", { class: "mark select", visibility: "hidden" });
  const inWords = data.grid.map((row) => row.map(() => [])); // the found words through each cell
  const label = (r, c) => `${Page.where(r, c)}: ${data.grid[r][c]}` + (inWords[r][c].length ? `, in ${inWords[r][c].join(" and ")}` : "");
  const letters = Page.ariaRows(svg, rows, cols, "ws", (r, c) => {
    const ch = data.grid[r][c];
    if (ch === "") return null;
    boxes.append(s("rect", { class: "cellbox", x: c * S, y: r * S, width: S, height: S }));
    const t = s("text", { x: c * S + S / 2, y: r * S + S / 2 });
    t.textContent = shown(ch);
    return t;
  }, label);
  svg.append(boxes, answerMarks, marks, select, letters.layer);

  const items = data.words.map((word, i) => h("li", { "data-word": i }, shown(word)));
  const list = h("ul", { class: "words", "aria-label": "words to find" }, items);

  function line(el, a, b) {
    el.setAttribute("x1", a[1] * S + S / 2); el.setAttribute("y1", a[0] * S + S / 2);
    el.setAttribute("x2", b[1] * S + S / 2); el.setAttribute("y2", b[0] * S + S / 2);
    return el;
  }

  function progress(word) {
    const n = data.words.length;
    const said = word ? `Found ${word}. ` : "";
    if (found.size === n) Page.status(`Solved! You found all ${n} words.`, true, word ? `${said}Solved! You found all ${n} words.` : false);
    else Page.status(`Found ${found.size} of ${n} words.`, false, word ? `${said}${found.size} of ${n} words found.` : false);
  }

  function match(a, b) {
    places = places || answers();
    const i = places.findIndex(([r0, c0, r1, c1]) =>
      (Page.same(a, [r0, c0]) && Page.same(b, [r1, c1])) || (Page.same(a, [r1, c1]) && Page.same(b, [r0, c0])));
    if (i < 0) {
      const miss = line(s("line", { class: "mark miss" }), a, b);
      marks.append(miss);
      setTimeout(() => miss.remove(), 600);
      Page.announce(`No word from ${Page.where(...a)} to ${Page.where(...b)}.`);
      return;
    }
    if (found.has(i)) return Page.announce(`${data.words[i]} is found already.`);
    found.add(i);
    marks.append(line(s("line", { class: "mark", stroke: COLOURS[i % COLOURS.length] }), a, b));
    items[i].classList.add("found");
    items[i].setAttribute("aria-label", `${data.words[i]}, found`);
    for (const [r, c] of Page.cellsBetween(a, b)) {
      inWords[r][c].push(data.words[i]);
      const id = letters.id([r, c]);
      if (id) document.getElementById(id).setAttribute("aria-label", label(r, c));
    }
    progress(data.words[i]);
  }

  function showAnswers(on) {
    answerMarks.replaceChildren();
    if (!on) return;
    places = places || answers();
    places.forEach(([r0, c0, r1, c1], i) => {
      if (!found.has(i)) answerMarks.append(line(s("line", { class: "mark answer" }), [r0, c0], [r1, c1]));
    });
  }

  Page.lineInput(svg, {
    rows, cols, size: S, cellId: letters.id, what: "word",
    allowed: (a, b) => a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1]),
    select: match,
    preview: (a, b) => {
      if (a === null) select.setAttribute("visibility", "hidden");
      else line(select, a, b).setAttribute("visibility", "visible");
    },
  });

  const toolbar = h("div", { class: "toolbar" }, Page.toggle(data.key_label || "Show answers", showAnswers));
  root.append(
    h("div", { class: "board-wrap" }, toolbar, svg),
    h("div", { class: "side" }, h("h2", {}, "Words"), list),
  );
  progress();
};
