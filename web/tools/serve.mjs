// Serves build/web on http://127.0.0.1:8000 with the page's Content-Security-Policy.
//   node web/tools/serve.mjs [--root build/web] [--port 8000]
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self'";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".ipynb": "application/x-ipynb+json",
};

/**
 * Starts the server; resolves to {server, url}.
 * For tests and the bench only:
 * - `headScripts` ([{path: "/test-collector.js", source}]): the server answers each `path` with its
 *   `source` and puts `<script src="path">` first in every HTML page's <head>, in this order, so
 *   they run before the page's own script, from the same origin, under the same CSP.
 * - `files` ([{path: "/test-frame.html", source}]): more files the server answers (a harness page
 *   that frames the site's pages, same origin; the head scripts go into an HTML one too).
 * - `cache` ("no-cache": a browser may keep a file but asks again): "no-store" keeps every load a
 *   first visit in every engine (WebKitWebDriver cannot turn a browser's HTTP cache off).
 */
export function serve({ root, port = 8000, host = "127.0.0.1", headScripts = [], files = [], cache = "no-cache" } = {}) {
  const base = resolve(root);
  const headers = (type, size) => ({
    "Content-Type": type,
    "Content-Length": size,
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": cache,
  });
  const tags = headScripts.map((script) => `<script src="${script.path}"></script>`).join("");
  const withTags = (html) => (tags ? html.replace(/<head(\s[^>]*)?>/i, (head) => head + tags) : html);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const extra = [...headScripts, ...files].find((f) => f.path === path);
    if (extra) {
      const body = Buffer.from(extname(path) === ".html" ? withTags(extra.source) : extra.source);
      res.writeHead(200, headers(TYPES[extname(path)] || "application/octet-stream", body.length));
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      const type = TYPES[extname(file)] || "application/octet-stream";
      if (tags && extname(file) === ".html") {
        const body = Buffer.from(withTags(readFileSync(file, "utf8")));
        res.writeHead(200, headers(type, body.length));
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
      res.writeHead(200, headers(type, statSync(file).size));
      if (req.method === "HEAD") res.end();
      else createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Content-Security-Policy": CSP });
      res.end("not found\n");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done({ server, url: `http://${host}:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const root = arg("--root", resolve(dirname(fileURLToPath(import.meta.url)), "../../build/web"));
  const { url } = await serve({ root, port: Number(arg("--port", 8000)) });
  console.log(`Transformer Lab: ${url}  (Ctrl+C to stop)`);
}
