import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/errors.js';
import { assertAllowedEndpoint, BLOCKED_ENDPOINT_MESSAGE, createGuardedFetch } from './guarded-fetch.js';

let server: Server;
let port: number;
/** The connections the server has accepted so far. */
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('assertAllowedEndpoint (save time)', () => {
  const aws = { allowPrivate: false };

  it('refuses private, loopback and link-local hosts, by name or address, and non-http schemes', async () => {
    for (const url of [
      'http://127.0.0.1:9001/2018-06-01/runtime/invocation/next', // the Lambda runtime API
      'http://localhost:11434/v1',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:169.254.169.254]/',
      'http://[::127.0.0.1]/', // IPv4-compatible loopback
      'http://[fd00:ec2::254]/',
      'http://2130706433/',
      'http://10.1.2.3/v1',
    ]) {
      await expect(assertAllowedEndpoint(url, aws), url).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
    }
    await expect(assertAllowedEndpoint('file:///etc/passwd', aws)).rejects.toThrow(ValidationError);
    await expect(assertAllowedEndpoint('ftp://example.com/', aws)).rejects.toThrow(ValidationError);
  });

  it('lets the local stack use private endpoints (a local Ollama), http(s) only', async () => {
    await expect(
      assertAllowedEndpoint('http://localhost:11434/v1', { allowPrivate: true }),
    ).resolves.toBeUndefined();
    await expect(assertAllowedEndpoint('gopher://localhost/', { allowPrivate: true })).rejects.toThrow(
      ValidationError,
    );
  });

  it('refuses the metadata service and link-local even where private endpoints are allowed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://169.254.170.2/v2/credentials', // the ECS task credentials endpoint
      'http://[fd00:ec2::254]/latest/meta-data',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::169.254.169.254]/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ]) {
      await expect(assertAllowedEndpoint(url, { allowPrivate: true }), url).rejects.toThrow(
        BLOCKED_ENDPOINT_MESSAGE,
      );
    }
  });
});

describe('createGuardedFetch (connect time)', () => {
  it('refuses to connect to a name that resolves to a private address, however it was saved', async () => {
    const guarded = createGuardedFetch({ allowPrivate: false });
    // `localhost` resolves to loopback: what a DNS name rebound after the save check would do.
    const failure = await guarded(`http://localhost:${port}/models`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).cause ?? failure)).toContain(BLOCKED_ENDPOINT_MESSAGE);
    await expect(guarded(`http://127.0.0.1:${port}/models`)).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
  });

  it('connects where private endpoints are allowed (not to metadata), and never follows a redirect', async () => {
    const local = createGuardedFetch({ allowPrivate: true });
    expect(await (await local(`http://127.0.0.1:${port}/models`)).json()).toEqual({ data: [] });
    await expect(local(`http://127.0.0.1:${port}/redirect`)).rejects.toThrow();
    await expect(local('http://169.254.169.254/latest/meta-data')).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
    await expect(local('http://[::a9fe:a9fe]/')).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
  });

  it("opens a request's connection ahead through the same guard", async () => {
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const before = connections;
    const local = createGuardedFetch({ allowPrivate: true });
    local.preconnect(`http://localhost:${port}/v1`);
    await until(() => connections === before + 1);
    expect(await (await local(`http://localhost:${port}/models`)).json()).toEqual({ data: [] });
    expect(connections).toBe(before + 1);
    // That connection is idle in the pool now: nothing more is opened ahead.
    local.preconnect(`http://localhost:${port}/v1`);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await (await local(`http://localhost:${port}/models`)).json()).toEqual({ data: [] });
    expect(connections).toBe(before + 1);

    // Where the guard refuses the address, nothing connects ahead either (by literal or by name).
    const aws = createGuardedFetch({ allowPrivate: false });
    aws.preconnect(`http://127.0.0.1:${port}/`);
    aws.preconnect(`http://localhost:${port}/`);
    aws.preconnect('not a url');
    await expect(aws(`http://localhost:${port}/models`)).rejects.toThrow();
    expect(connections).toBe(before + 1);
  });
});
