// Small shared helpers for the SVG renderers (charts, flow): element creation, number labels,
// axis ticks, colour checks and a text-width estimate for layout without a browser.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Font stacks as SVG presentation attributes (the page's CSS may override them). */
export const SANS = 'system-ui, "Noto Sans CJK KR", "Noto Sans KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif';
export const MONO = 'ui-monospace, "DejaVu Sans Mono", "Noto Sans Mono CJK KR", Menlo, Consolas, monospace';

/**
 * Creates an SVG element; attribute values and text go through setAttribute/textContent only.
 * @example svgEl(document, "rect", {x: 1, width: 2, class: "bar"}) // <rect x="1" width="2" class="bar">
 */
export function svgEl(document, tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(name, String(value));
  }
  if (text !== undefined) node.textContent = String(text);
  return node;
}

/**
 * An HTML element with a class and text.
 * @example htmlEl(document, "p", "stage-title", "e^z") // <p class="stage-title">e^z</p>
 */
export function htmlEl(document, tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = String(text);
  return node;
}

/** The root <svg> of a chart: scales to its box, keeps its aspect ratio. */
export function svgRoot(document, width, height, className) {
  const root = svgEl(document, "svg", {
    class: className,
    viewBox: `0 0 ${width} ${height}`,
    width: "100%",
    "font-family": SANS,
    "font-size": 12,
  });
  root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns", SVG_NS);
  return root;
}

/**
 * Rounds a coordinate to 2 decimals so snapshots stay short and stable.
 * @example px(10.123456) // 10.12
 */
export function px(v) {
  return Math.round(v * 100) / 100;
}

/**
 * A short label for a number: 3 significant digits, as JavaScript prints them.
 * @example shortNumber(7.38905609893065) // "7.39";  shortNumber(0.0985658904) // "0.0986";  shortNumber(2) // "2";
 *   shortNumber(14100000.5) // "1.41e+7"
 */
export function shortNumber(v) {
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (typeof v !== "number" || Number.isNaN(v)) return "NaN";
  const abs = Math.abs(v);
  if (abs !== 0 && (abs >= 1e6 || abs < 1e-4)) return v.toExponential(2).replace(/\.?0+e/, "e");
  return String(Number(v.toPrecision(3)));
}

/**
 * "Nice" ticks (steps of 1, 2 or 5 × 10^k) covering [lo, hi], with the decimals to print them.
 * @example niceTicks(0, 0.9999, 5) // {ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], decimals: 1}
 */
export function niceTicks(lo, hi, count = 5) {
  if (!(hi > lo)) hi = lo + 1;
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const step = (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks = [];
  for (let k = first; k <= last; k += 1) ticks.push(Number((k * step).toFixed(decimals)));
  return { ticks, decimals };
}

/**
 * Accepts "#rgb"/"#rrggbb"/"#rrggbbaa" or a plain colour word; anything else becomes `fallback`
 * (colours come from the core's JSON and end up in fill attributes).
 * @example safeColor("#264653", "#888") // "#264653";  safeColor("url(x)", "#888") // "#888"
 */
export function safeColor(color, fallback) {
  if (typeof color === "string" && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/.test(color)) return color;
  return fallback;
}

function rgb(hex) {
  let h = hex.slice(1);
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/**
 * Mixes a hex colour with white: t = 0 gives white, 1 the colour.
 * @example tint("#264653", 0.12) // "#e5e9ea"
 */
export function tint(hex, t) {
  if (!/^#[0-9a-fA-F]{3,8}$/.test(hex)) return "#f2f2f2";
  return `#${rgb(hex).map((c) => Math.round(255 + (c - 255) * t).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Whether dark text reads better than white on this colour (relative luminance above ~0.4).
 * @example isLight("#f4a261") // true;  isLight("#264653") // false
 */
export function isLight(hex) {
  if (!/^#[0-9a-fA-F]{3,8}$/.test(hex)) return true;
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4;
}

/**
 * Estimated width of a text in user units (Hangul and CJK are 1em, Latin about half).
 * @example textWidth("d_k 남았나?", 11) // ≈ 60
 */
export function textWidth(text, size, { mono = false } = {}) {
  let em = 0;
  for (const ch of String(text)) {
    const code = ch.codePointAt(0);
    if ((code >= 0x1100 && code <= 0x11ff) || (code >= 0x2e80 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xff00 && code <= 0xffef)) em += 1;
    else if (mono) em += 0.6;
    else if (ch === " ") em += 0.28;
    else if (/[ilj.,:;'|!()[\]]/.test(ch)) em += 0.3;
    else if (/[A-Z0-9#%&@mwMW]/.test(ch)) em += 0.62;
    else em += 0.52;
  }
  return em * size;
}

/**
 * Mixes a hex colour with black: t = 0 keeps the colour, 1 gives black.
 * @example shade("#f4a261", 0.4) // "#92613a"
 */
export function shade(hex, t) {
  if (!/^#[0-9a-fA-F]{3,8}$/.test(hex)) return "#333333";
  return `#${rgb(hex).map((c) => Math.round(c * (1 - t)).toString(16).padStart(2, "0")).join("")}`;
}
