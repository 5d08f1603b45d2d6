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

const headers = (type, size) => ({
  "Content-Type": type,
  "Content-Length": size,
  "Content-Security-Policy": CSP,
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-cache",
});

/**
 * Starts the server; resolves to {server, url}.
 * `headScript` ({path: "/test-collector.js", source}) is for tests only: the server answers `path`
 * with `source` and puts `<script src="path">` first in every HTML page's <head>, so that script
 * runs before the page's own, from the same origin, under the same CSP.
 */
export function serve({ root, port = 8000, host = "127.0.0.1", headScript = null } = {}) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (headScript && path === headScript.path) {
      const body = Buffer.from(headScript.source);
      res.writeHead(200, headers(TYPES[".js"], body.length));
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
      if (headScript && extname(file) === ".html") {
        const tag = `<script src="${headScript.path}"></script>`;
        const body = Buffer.from(readFileSync(file, "utf8").replace(/<head(\s[^>]*)?>/i, (head) => head + tag));
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
