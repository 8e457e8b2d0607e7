import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { RuntimeConfig } from '@agentforge/shared';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../lib/security-headers.js';
import { HASHED_ASSETS_DIR } from '../../lib/web-asset-path.js';
import { servedFile } from '../../shared/src/constants/prerendered-pages.js';
import type { TlsCredentials } from './cognito/hosted-domain/certificate.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg']);

/**
 * Serves a production build as CloudFront does (lib/constructs/web-hosting.ts): brotli for text,
 * hashed assets cached for a year and immutable, the pages and config.json revalidated, / and
 * the prerendered pages' paths answered with their pages and other client routes with index.html
 * (the app), and the app's security headers and CSP. With `config` (the
 * local stack), config.json is that runtime config and the CSP lets the app call its origins.
 * With `tls`, it speaks HTTP/2 over TLS as CloudFront does (HTTP/1.1 still answered): a page's
 * many small chunks then share one connection, which is what a browser and Lighthouse's network
 * model see on the real site, rather than six HTTP/1.1 connections taking turns.
 */
export async function serveBuild(
  root: string,
  options: { port?: number; config?: RuntimeConfig; connect?: readonly string[]; tls?: TlsCredentials } = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const cache = new Map<string, Buffer>();
  const config = options.config;
  const connect = [
    config?.apiBaseUrl,
    config?.streamUrl,
    config?.userPoolEndpoint,
    ...(options.connect ?? []),
  ]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy({ connect: [...new Set(connect)] }),
  };
  const handle = (
    request: IncomingMessage | Http2ServerRequest,
    response: ServerResponse | Http2ServerResponse,
  ) => {
    void (async () => {
      const path = normalize(new URL(request.url ?? '/', 'http://bench').pathname);
      let file = servedFile(path);
      let body: Buffer;
      try {
        body =
          config && file === '/config.json'
            ? Buffer.from(JSON.stringify(config))
            : await readFile(join(root, file));
      } catch {
        file = '/index.html';
        body = await readFile(join(root, file));
      }
      const type = extname(file);
      const immutable = file.startsWith(`/${HASHED_ASSETS_DIR}/`);
      response.setHeader('Content-Type', TYPES[type] ?? 'application/octet-stream');
      response.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      if (COMPRESSED.has(type) && /\bbr\b/.test(String(request.headers['accept-encoding']))) {
        let compressed = cache.get(file);
        if (!compressed) {
          compressed = brotliCompressSync(body);
          cache.set(file, compressed);
        }
        response.setHeader('Content-Encoding', 'br');
        body = compressed;
      }
      response.end(body);
    })().catch(() => {
      response.statusCode = 500;
      response.end();
    });
  };
  const server = options.tls
    ? createSecureServer({ ...options.tls, allowHTTP1: true }, handle)
    : createServer(handle);
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A connection a browser keeps open (an HTTP/2 session) would hold close() until it times out.
        for (const socket of connections) socket.destroy();
      }),
  };
}
