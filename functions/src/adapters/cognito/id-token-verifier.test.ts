import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalIdTokenVerifier } from './id-token-verifier.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'key-1';
const ISSUER = 'http://127.0.0.1/local_pool';
const CLIENT_ID = 'web-client';

let server: Server;
let jwksUri: string;
let jwksRequests = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    jwksRequests++;
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function idToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${base64url({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${base64url({
    sub: 'user-1',
    email: 'a@example.com',
    iss: ISSUER,
    aud: CLIENT_ID,
    token_use: 'id',
    iat: now,
    exp: now + 3600,
  })}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

describe('id token verifier', () => {
  it('fetches the signing keys on hydrate, so the first verify does not wait for them', async () => {
    const verifier = createLocalIdTokenVerifier({ issuer: ISSUER, jwksUri, clientId: CLIENT_ID });
    const before = jwksRequests;
    await verifier.hydrate();
    expect(jwksRequests).toBe(before + 1);

    await expect(verifier.verify(idToken())).resolves.toMatchObject({
      sub: 'user-1',
      email: 'a@example.com',
    });
    expect(jwksRequests).toBe(before + 1);
  });

  it('refuses a missing or tampered token as unauthorized', async () => {
    const verifier = createLocalIdTokenVerifier({ issuer: ISSUER, jwksUri, clientId: CLIENT_ID });
    await expect(verifier.verify(undefined)).rejects.toThrow('Unauthorized');
    const [header, , signature] = idToken().split('.');
    const forged = `${header}.${base64url({ sub: 'someone-else', iss: ISSUER, aud: CLIENT_ID })}.${signature}`;
    await expect(verifier.verify(forged)).rejects.toThrow('Unauthorized');
  });
});
