import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import undici from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSelfSignedCertificate } from '../../../../scripts/local/cognito/hosted-domain/certificate.js';
import { withPreconnect } from './preconnect.js';

let server: Server;
let origin: string;
/** Each connection the server accepted, in order, and the requests each carried. */
let accepted: { socket: Socket; requests: string[] }[];

beforeEach(async () => {
  accepted = [];
  server = createServer((req, res) => {
    accepted.find((entry) => entry.socket === req.socket)?.requests.push(`${req.method} ${req.url}`);
    res.end('ok');
  });
  server.on('connection', (socket: Socket) => accepted.push({ socket, requests: [] }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(parkedMs?: number) {
  const connector = withPreconnect(undici.buildConnector({}), parkedMs);
  const agent = new undici.Agent({ connect: connector.connect });
  const post = async (path: string) => {
    const response = await undici.fetch(`${origin}${path}`, {
      method: 'POST',
      body: '{}',
      dispatcher: agent,
    });
    return response.text();
  };
  return { preconnect: connector.preconnect, post, close: () => agent.close() };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('withPreconnect', () => {
  it('opens the connection before the request, and the request then uses it', async () => {
    const { preconnect, post, close } = client();
    preconnect(new URL(`${origin}/v1`));
    await until(() => accepted.length === 1);
    expect(accepted[0]?.requests).toEqual([]);

    expect(await post('/v1/chat/completions')).toBe('ok');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]?.requests).toEqual(['POST /v1/chat/completions']);
    await close();
  });

  it('gives a request sent during the handshake the connection under way, not a second one', async () => {
    const { preconnect, post, close } = client();
    preconnect(new URL(origin));
    preconnect(new URL(origin)); // one per origin
    expect(await post('/a')).toBe('ok');
    expect(accepted.map((entry) => entry.requests)).toEqual([['POST /a']]);
    await close();
  });

  it('opens a new connection when the one opened ahead was closed by the server', async () => {
    server.on('connection', (socket: Socket) => {
      if (accepted.length === 1) socket.destroy();
    });
    const { preconnect, post, close } = client();
    preconnect(new URL(origin));
    await until(() => accepted.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(await post('/after-close')).toBe('ok');
    expect(accepted.map((entry) => entry.requests)).toEqual([[], ['POST /after-close']]);
    await close();
  });

  it('closes a connection nobody took in time, and the request then opens its own', async () => {
    const { preconnect, post, close } = client(50);
    preconnect(new URL(origin));
    await until(() => accepted.length === 1);
    await until(() => accepted[0]?.socket.destroyed === true);

    expect(await post('/later')).toBe('ok');
    expect(accepted.map((entry) => entry.requests)).toEqual([[], ['POST /later']]);
    await close();
  });

  it('ignores what is not http(s), and leaves a failed opening to the request', async () => {
    const { preconnect, post, close } = client();
    preconnect(new URL('file:///etc/passwd'));
    preconnect(new URL('http://127.0.0.1:1/')); // refused: the request to it would fail on its own
    expect(await post('/fine')).toBe('ok');
    expect(accepted).toHaveLength(1);
    await close();
  });

  it('does the TLS handshake ahead, over https as the providers are called', async () => {
    const credentials = loadSelfSignedCertificate(mkdtempSync(join(tmpdir(), 'preconnect-')), 'server');
    let handshakes = 0;
    const served: string[] = [];
    const tls = createTlsServer(credentials, (req, res) => {
      served.push(`${req.method} ${req.url}`);
      res.end('secure');
    });
    tls.on('secureConnection', () => handshakes++);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const url = `https://localhost:${(tls.address() as AddressInfo).port}`;
    const connector = withPreconnect(undici.buildConnector({ ca: credentials.cert }));
    const agent = new undici.Agent({ connect: connector.connect });
    try {
      connector.preconnect(new URL(`${url}/v1`));
      await until(() => handshakes === 1);
      expect(served).toEqual([]);
      const response = await undici.fetch(`${url}/v1/messages`, { method: 'POST', dispatcher: agent });
      expect(await response.text()).toBe('secure');
      expect({ handshakes, served }).toEqual({ handshakes: 1, served: ['POST /v1/messages'] });
    } finally {
      await agent.close();
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
