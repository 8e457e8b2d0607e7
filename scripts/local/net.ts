import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `port` (0 = ephemeral) and resolves with the port actually bound. */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** A request's body as text; throws past `maxBytes` (a local service reads small JSON or forms). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Error('Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * An ephemeral port held by a placeholder until `release` (just before the real server binds it):
 * the web port must be known before the services that name it start, and an unheld port can be
 * taken by any other bind meanwhile (seen in CI as Vite's "Port … is already in use").
 */
export async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = createServer();
  const port = await listen(holder, 0);
  return { port, release: () => close(holder) };
}
