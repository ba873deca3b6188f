/* Every visible text's colour against the colour it is painted on (the first opaque background
   among its ancestors, translucent ones blended over it), as WCAG 2 computes contrast: the texts
   under 4.5:1, each as "tag.classes "text": ratio". Evaluated by tests/browser/test_play_access.py. */
(() => {
  const rgba = (text) => {
    const m = text.match(/[\d.]+/g) || ["0", "0", "0", "0"];
    return [...m.slice(0, 3).map(Number), m.length > 3 ? Number(m[3]) : 1];
  };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  function background(el) {
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const style = getComputedStyle(e);
      const colour = rgba(e instanceof SVGElement && e.tagName !== "svg" ? "rgba(0,0,0,0)" : style.backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] === 1) break;
    }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  }
  const bad = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest(".sr-only, script, style, noscript")) continue;
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === "hidden" || Number(style.opacity) === 0) continue;
    const bg = background(el);
    const ink = over(rgba(el instanceof SVGElement ? style.fill : style.color), bg);
    const [a, b] = [lum(ink), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    if (ratio < 4.5) bad.push(`${name} "${el.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
  }
  return bad;
})()
