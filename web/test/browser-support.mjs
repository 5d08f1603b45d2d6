// What the Chromium tests share: where things are, Debian's Chromium through playwright-core in a
// fresh profile, the site served with the page's CSP, the native core as the oracle, and a watch on
// each page for console errors, CSP violations, dialogs and requests that leave the origin.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { serve } from "../tools/serve.mjs";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const LABRUN = join(ROOT, "build/native/labrun");
/** The built site under test: build/web, or another build named by TLAB_SITE. */
export const SITE = resolve(ROOT, process.env.TLAB_SITE || "build/web");
export const CHROMIUM = process.env.TLAB_CHROMIUM || "/usr/bin/chromium";
export const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync"];
export const HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/;

/** labrun({lab: "ch1-lab2", step: 1}) -> the native core's response; a string is sent as it is. */
export const labrun = (request) =>
  JSON.parse(execFileSync(LABRUN, { input: typeof request === "string" ? request : JSON.stringify(request), encoding: "utf8", maxBuffer: 1 << 26 }));
export const streams = (response) => response.outputs.filter((o) => o.output_type === "stream").map((o) => o.text);

/**
 * Serves the site and starts Chromium in a fresh profile.
 * @returns {base, context, close()} with base like "http://127.0.0.1:41234/"
 */
export async function startBrowser({ root = SITE } = {}) {
  const { server, url: base } = await serve({ root, port: 0 });
  const profile = mkdtempSync(join(tmpdir(), "tlab-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    base,
    context,
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Records into `problems` what a page must never do (`allow`: other origins it may load from); returns the page. */
export function watch(page, base, problems, { allow = [] } = {}) {
  const origins = [new URL(base).origin, ...allow];
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console: ${msg.text()}`); });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("dialog", (dialog) => { problems.push(`dialog: ${dialog.message()}`); dialog.dismiss().catch(() => {}); });
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["data:", "blob:"].includes(url.protocol) && !origins.includes(url.origin)) problems.push(`off-origin: ${req.url()}`);
  });
  return page;
}

/** The stream texts (stdout, stderr) step `step` shows, in `target` (a page or a frame). */
export const shownStreams = (target, step) =>
  target.$$eval(`#step-${step} .outputs .out-stream`, (nodes) => nodes.map((n) => n.textContent));

/**
 * Waits (up to `timeout` ms; no error when it runs out) until step `step` has no run in flight
 * and shows the stream texts `want`; returns what it shows then, for the test to compare.
 */
export async function waitForStreams(target, step, want, { timeout = 20000 } = {}) {
  await target.waitForFunction(([s, w]) => {
    const cell = document.getElementById(`step-${s}`);
    const got = [...cell.querySelectorAll(".outputs .out-stream")].map((n) => n.textContent);
    return !cell.classList.contains("is-running") && JSON.stringify(got) === JSON.stringify(w);
  }, [step, want], { timeout }).catch(() => {});
  return shownStreams(target, step);
}

/** Waits until the page's core is up (its Run all button is enabled). */
export const ready = (page) =>
  page.waitForFunction(() => !document.querySelector('[data-action="run-all"]')?.disabled, null, { timeout: 20000 });
