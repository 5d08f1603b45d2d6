// The bench's own server for the built site: the page's CSP (web/tools/serve.mjs, unchanged), but
// `Cache-Control: no-store` on everything, so no engine keeps a byte between loads (WebKitWebDriver
// has no way to turn the HTTP cache off; Chromium's and Firefox's drivers turn it off as well),
// and a probe script (bench/page_probe.js) put first in every HTML page's <head>: same origin,
// under the same CSP, run before the page's own module, in every engine (WebKit's driver has no
// init scripts).
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

import { CSP } from "../web/tools/serve.mjs";

const PROBE_PATH = "/__bench__/page_probe.js";
const PROBE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "page_probe.js"));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

/** Serves `root` on a free port; resolves to {url, close()}. */
export function servePages({ root, host = "127.0.0.1" } = {}) {
  const base = resolve(root);
  const send = (res, type, body) => {
    res.writeHead(200, { "Content-Type": type, "Content-Length": body.length, "Content-Security-Policy": CSP,
      "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (path === PROBE_PATH) return send(res, TYPES[".js"], PROBE);
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) return res.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      const type = TYPES[extname(file)] || "application/octet-stream";
      if (extname(file) !== ".html") {
        res.writeHead(200, { "Content-Type": type, "Content-Length": statSync(file).size, "Content-Security-Policy": CSP,
          "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
        createReadStream(file).pipe(res);
        return;
      }
      const html = readFileSync(file, "utf8").replace(/<head>/i, `<head><script src="${PROBE_PATH}"></script>`);
      send(res, type, Buffer.from(html));
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Content-Security-Policy": CSP }).end("not found\n");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, host, () => done({ url: `http://${host}:${server.address().port}/`, close: () => server.close() }));
  });
}
