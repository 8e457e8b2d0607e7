import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, constants } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuild } from './built-web-server.js';
import { loadSelfSignedCertificate, type TlsCredentials } from './cognito/hosted-domain/certificate.js';

let dir: string;
let tls: TlsCredentials;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'built-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dir, 'login.html'), '<!doctype html><title>login</title>');
  await writeFile(join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  tls = loadSelfSignedCertificate(dir, 'test');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** One GET over HTTP/2 (ALPN h2), as a browser asks: its status, headers and decoded body. */
async function getOverHttp2(origin: string, path: string) {
  const session = connect(origin, { ca: tls.cert });
  try {
    const stream = session.request({ ':path': path, 'accept-encoding': 'br' });
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
    return { alpn: session.alpnProtocol, headers, body: body.toString() };
  } finally {
    session.close();
  }
}

describe('serveBuild over TLS (as CloudFront serves the site)', () => {
  it('speaks HTTP/2 with brotli, the cache rules and the security headers', async () => {
    const server = await serveBuild(dir, { tls });
    try {
      expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const asset = await getOverHttp2(server.origin, '/assets/app-abc123.js');
      expect(asset.alpn).toBe('h2');
      expect(asset.headers[constants.HTTP2_HEADER_STATUS]).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(asset.body).toBe('console.log("app");');

      const login = await getOverHttp2(server.origin, '/login');
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(login.body).toContain('<title>login</title>');
      const route = await getOverHttp2(server.origin, '/home');
      expect(route.body).toContain('<title>app</title>');
    } finally {
      await server.close();
    }
  });

  it('closes while a browser still holds its HTTP/2 session open', async () => {
    const server = await serveBuild(dir, { tls });
    const session = connect(server.origin, { ca: tls.cert });
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    const closed = new Promise<void>((resolve) => session.once('close', () => resolve()));
    await server.close();
    await closed;
  });

  it('still serves plain HTTP/1.1 without TLS (the local stack)', async () => {
    const server = await serveBuild(dir);
    try {
      expect(server.origin).toMatch(/^http:\/\//);
      const response = await fetch(`${server.origin}/assets/app-abc123.js`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('console.log("app");');
    } finally {
      await server.close();
    }
  });
});
