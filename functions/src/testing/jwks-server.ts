import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A pool's JWKS endpoint on a local port, counting the requests it answers. */
export async function startJwksServer(keys: object[]): Promise<{
  uri: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    uri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
