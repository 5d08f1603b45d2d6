// The share links the bench opens: every param of the lab as the page's "share" button writes it
// (web/src/share.js), at textbook sizes but with values that differ from the textbook, so that
// each step must be recomputed before the link's values are on screen.
import { encodeState } from "../web/src/share.js";

const LINKS = {
  "ch1-lab2": {
    A: [["1", "2", "3"], ["4", "5", "7"]],
    B: [["1", "0"], ["0", "1"], ["1", "2"]],
    u: ["1", "2", "4"],
    v: ["4", "5", "6"],
    z: ["2.0", "1.5", "0.1"],
  },
  "ch3-lab2": {
    sweep_seed: "43",
    d_k_values: ["4", "16", "64", "256"],
    n_pairs: "1000",
    compare_seed: "8",
    compare_d_k: "64",
    n_keys: "8",
  },
};

/**
 * The link's fragment, its values and how many cells it changes (every step of the lab).
 * @example shareLink("ch3-lab2") // {hash: "#s=eyJzd2VlcF9zZWVkIjoi...", values: {...}, cells: 3}
 */
export function shareLink(lab) {
  const values = LINKS[lab];
  if (!values) throw new Error(`no share link for ${lab}`);
  return { hash: `#s=${encodeState(values)}`, values, cells: 3 };
}
