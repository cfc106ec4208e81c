// A tiny static file server for the built app (dist/), for the browser
// tests: no dependencies, localhost only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.yaml': 'application/yaml',
  '.ico': 'image/x-icon',
};

/**
 * Serves `root` on 127.0.0.1 at a free port; resolves to { url, close,
 * stats }, where stats counts the requests and body bytes served (for
 * pages whose weight the tests measure) and the paths answered 404.
 */
export function serve(root) {
  const stats = { requests: 0, bytes: 0, missing: [] };
  const server = http.createServer((req, res) => {
    stats.requests += 1;
    const url = new URL(req.url, 'http://localhost');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(path.resolve(root))) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    // Revalidated caching, as static hosts do: a page with several embeds
    // fetches the playground's wasm once and revalidates it after.
    const stat = fs.existsSync(file) ? fs.statSync(file) : undefined;
    const etag = stat && `"${stat.size}-${Math.floor(stat.mtimeMs)}"`;
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        stats.missing.push(url.pathname);
        res.writeHead(404).end('not found');
        return;
      }
      stats.bytes += data.length;
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        etag,
        'cache-control': 'no-cache',
      });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, stats, close: () => new Promise((r) => server.close(r)) });
    });
  });
}
