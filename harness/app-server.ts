// Serves the BUILT app (dist/, produced by `vite build`, which `npm test` runs first) for end-to-end
// tests: 127.0.0.1 only, a free port, and the cross-origin isolation headers the app is deployed with
// (COOP/COEP let onnxruntime-web use SharedArrayBuffer). A plain node:http handler rather than
// `vite preview` so the tests depend only on the files in dist/ and nothing reads vite.config.ts.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { securityHeaders } from '../src/app/csp.ts';

export interface AppServer {
  /** Base URL with a trailing slash, e.g. http://127.0.0.1:41234/ */
  url: string;
  close(): Promise<void>;
}

export interface AppServerOptions {
  /** Folder to serve; defaults to the repository's dist/. */
  root?: string;
}

const DEFAULT_ROOT = fileURLToPath(new URL('../dist/', import.meta.url));

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.onnx': 'application/octet-stream',
  '.bin': 'application/octet-stream',
};

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
  // the same Content-Security-Policy and nosniff as `vite preview` (src/app/csp.ts)
  ...securityHeaders(),
};

export class AppServerError extends Error {
  override readonly name = 'AppServerError';
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/**
 * Maps a request path to a file under root: "/" and extension-less paths that are not files (client-side
 * routes) get index.html; anything escaping root is refused (null).
 */
async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed %-escape: answered with 400 by the caller
  }
  const path = normalize(join(root, decoded));
  if (path !== root.replace(/[\\/]$/, '') && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  if (await isFile(path)) return path;
  if (extname(path) === '') return join(root, 'index.html');
  return '';
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const root = normalize(options.root ?? DEFAULT_ROOT);
  if (!(await isFile(join(root, 'index.html')))) {
    throw new AppServerError(
      `app-server: ${join(root, 'index.html')} is missing; build the app first (\`npx vite build\`; \`npm test\` does it)`,
    );
  }

  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...ISOLATION, Allow: 'GET, HEAD' }).end();
      return;
    }
    resolveFile(root, urlPath)
      .then(async (file) => {
        if (file === null) return void res.writeHead(400, ISOLATION).end('bad path');
        if (file === '')
          return void res.writeHead(404, { ...ISOLATION, 'Content-Type': 'text/plain' }).end(`not found: ${urlPath}`);
        const body = await readFile(file);
        res.writeHead(200, {
          ...ISOLATION,
          'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
          'Content-Length': body.length,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((err: unknown) => {
        // A read error after the file was found: report it to the client and the test log, never hang.
        console.error(`app-server: failed to serve ${urlPath}:`, err);
        if (!res.headersSent) res.writeHead(500, ISOLATION);
        res.end();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new AppServerError('app-server: listening socket has no port');

  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
