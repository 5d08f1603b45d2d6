// Keeps the charts of each cell laid out for the width their box really has: the renderers draw
// text at its real size and thin or turn labels for that width, instead of an SVG scaled to fit
// (on a phone, a desktop layout scaled down would set its labels at 6 px).

/**
 * Watches cell <section>s and calls `redraw(section, width)` when the charts in one should be laid
 * out for a box `width` CSS px wide: at the start, when the picture shown (the build's layout for a
 * phone or a wide screen, scaled to its box) was drawn for another width, and whenever the cell's
 * width changes (a phone turned, a window resized). The redraw waits for the next frame (made
 * inside the observer's callback, the cell's new height would be a resize reported too late), and
 * takes one cell per frame, a few ms each, so that the page's start is not held up by them all.
 * @param {Iterable<Element>} sections
 * @param {{window: Window, redraw: (section: Element, width: number) => void}} opts
 * @returns {{width: (section: Element) => number | undefined, check: (section: Element) => void}}
 *   `width`: the charts' box width last measured in a section (undefined before the first
 *   measure), to draw its next outputs for; `check`: measure the section again in the next frame
 *   (its first chart is new)
 * @example watchChartWidths(document.querySelectorAll("section.cell"), {window, redraw: (s, w) => …})
 */
export function watchChartWidths(sections, { window, redraw }) {
  const widths = new WeakMap(); // section -> the charts' box width
  const seen = new WeakMap(); // section -> its content width when last observed
  const due = new Set();
  let frame = 0;

  function fit(section) {
    const picture = [...section.querySelectorAll(".chart-picture")].find((p) => p.getClientRects().length);
    if (!picture) return;
    const width = picture.getBoundingClientRect().width;
    if (!(width > 0)) return;
    widths.set(section, width);
    // a layout within a pixel of the box is kept (its scale is then under 0.5 %)
    if (Math.abs(width - Number(picture.dataset.width)) >= 1) redraw(section, width);
  }

  if (typeof window.ResizeObserver !== "function") return { width: () => undefined, check() {} };
  const observer = new window.ResizeObserver((entries) => {
    for (const entry of entries) {
      if (seen.get(entry.target) === entry.contentRect.width) continue; // only its height changed
      seen.set(entry.target, entry.contentRect.width);
      due.add(entry.target);
    }
    next();
  });
  function next() {
    if (!due.size || frame) return;
    frame = window.requestAnimationFrame(() => {
      frame = 0;
      const [section] = due;
      due.delete(section);
      fit(section);
      next();
    });
  }
  for (const section of sections) observer.observe(section);
  return {
    width: (section) => widths.get(section),
    check(section) {
      due.add(section);
      next();
    },
  };
}
