import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3AttachmentStore } from '../../../functions/src/adapters/s3/s3-attachment-store.js';
import { type LocalS3, startLocalS3 } from './server.js';

const credentials = { accessKeyId: 'LOCALTEST', secretAccessKey: 'the-local-s3-secret' };
const BUCKET = 'local-attachments';
const WEB_ORIGIN = 'http://localhost:5173';
let dataDir: string;
let s3: LocalS3;
/** The stand-in's clock, moved forward to expire URLs. */
let clockOffsetMs = 0;

const store = () =>
  createS3AttachmentStore({ region: 'us-east-1', bucket: BUCKET, endpoint: s3.endpoint, credentials });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agentforge-s3-'));
  s3 = await startLocalS3({
    port: 0,
    dataDir,
    bucket: BUCKET,
    credentials,
    allowedOrigins: [WEB_ORIGIN],
    now: () => Date.now() + clockOffsetMs,
  });
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);

async function presignedPut(key: string, body: Uint8Array, fileName = 'shot.png', contentType = 'image/png') {
  return store().presignUpload(key, { contentType, size: body.length, fileName }, 300);
}

describe('local S3 stand-in', () => {
  it('takes an upload through a presigned URL and serves it back with safe headers', async () => {
    const upload = await presignedPut('attachments/u1/c1/a1', png, 'my shot é.png');
    expect(upload.url).toMatch(/^http:\/\/localhost:\d+\/local-attachments\/attachments\/u1\/c1\/a1\?/);
    expect(upload.url).not.toContain('x-amz-checksum');
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: png });
    expect(put.status).toBe(200);

    expect(await store().head('attachments/u1/c1/a1')).toEqual({
      contentType: 'image/png',
      size: png.length,
      fileName: 'my shot é.png',
    });
    expect(await store().read('attachments/u1/c1/a1', 1024)).toEqual(png);

    const url = await store().presignDownload(
      'attachments/u1/c1/a1',
      { contentType: 'image/png', contentDisposition: 'inline' },
      60,
    );
    const get = await fetch(url);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(get.headers.get('content-disposition')).toBe('inline');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(png);
  });

  it('refuses an upload of another type or size than was signed', async () => {
    const upload = await presignedPut('attachments/u1/c1/a2', png);
    const otherType = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, 'Content-Type': 'text/html' },
      body: png,
    });
    expect(otherType.status).toBe(403);
    expect(await otherType.text()).toContain('SignatureDoesNotMatch');
    const longer = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(png.length + 1),
    });
    expect(longer.status).toBe(403);
    const otherName = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, 'x-amz-meta-filename': 'evil.html' },
      body: png,
    });
    expect(otherName.status).toBe(403);
    expect(await store().head('attachments/u1/c1/a2')).toBeUndefined();
  });

  it('refuses a tampered URL: another key, another method, a changed signature', async () => {
    const upload = await presignedPut('attachments/u1/c1/a3', png);
    const otherKey = upload.url.replace('/a3?', '/a4?');
    expect((await fetch(otherKey, { method: 'PUT', headers: upload.headers, body: png })).status).toBe(403);
    const url = new URL(upload.url);
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    url.searchParams.set('X-Amz-Signature', `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`);
    expect((await fetch(url, { method: 'PUT', headers: upload.headers, body: png })).status).toBe(403);
    const longer = new URL(upload.url);
    longer.searchParams.set('X-Amz-Expires', '600000');
    expect((await fetch(longer, { method: 'PUT', headers: upload.headers, body: png })).status).toBe(403);
    expect((await fetch(upload.url, { method: 'GET' })).status).toBe(403);
  });

  it('refuses an expired URL', async () => {
    const upload = await presignedPut('attachments/u1/c1/a5', png);
    clockOffsetMs = 301_000;
    try {
      const late = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: png });
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('Request has expired');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses unsigned requests and other credentials', async () => {
    expect((await fetch(`${s3.endpoint}/${BUCKET}/attachments/u1/c1/a1`)).status).toBe(403);
    const stranger = createS3AttachmentStore({
      region: 'us-east-1',
      bucket: BUCKET,
      endpoint: s3.endpoint,
      credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: 'guessed' },
    });
    await expect(stranger.head('attachments/u1/c1/a1')).rejects.toThrow();
    await expect(stranger.deletePrefix('attachments/')).rejects.toThrow();
  });

  it('answers CORS for the web app only', async () => {
    const preflight = (origin: string) =>
      fetch(`${s3.endpoint}/${BUCKET}/attachments/x`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type,x-amz-meta-filename',
        },
      });
    const allowed = await preflight(WEB_ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect((await preflight('https://evil.example')).status).toBe(403);

    const upload = await presignedPut('attachments/u1/c1/a6', png);
    const foreign = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, Origin: 'https://evil.example' },
      body: png,
    });
    expect(foreign.status).toBe(403);
    const fromApp = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, Origin: WEB_ORIGIN },
      body: png,
    });
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  });

  it('lists and deletes by prefix', async () => {
    const objects = Array.from({ length: 3 }, (_, i) => `attachments/u2/c9/f${i}`);
    for (const key of objects) {
      const upload = await presignedPut(key, png);
      expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: png })).status).toBe(
        200,
      );
    }
    const keep = await presignedPut('attachments/u2/c10/f0', png);
    await fetch(keep.url, { method: 'PUT', headers: keep.headers, body: png });

    await store().deletePrefix('attachments/u2/c9/');
    for (const key of objects) expect(await store().head(key)).toBeUndefined();
    expect(await store().head('attachments/u2/c10/f0')).toBeDefined();
  });
});
