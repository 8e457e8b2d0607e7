import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJwksServer } from '../../testing/jwks-server.js';
import { createLocalIdTokenVerifier } from './id-token-verifier.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'key-1';
const ISSUER = 'http://127.0.0.1/local_pool';
const CLIENT_ID = 'web-client';

let jwks: Awaited<ReturnType<typeof startJwksServer>>;

beforeAll(async () => {
  jwks = await startJwksServer([
    { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' },
  ]);
});
afterAll(() => jwks.close());

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
    const verifier = createLocalIdTokenVerifier({ issuer: ISSUER, jwksUri: jwks.uri, clientId: CLIENT_ID });
    const before = jwks.requests();
    await verifier.hydrate();
    expect(jwks.requests()).toBe(before + 1);

    await expect(verifier.verify(idToken())).resolves.toMatchObject({
      sub: 'user-1',
      email: 'a@example.com',
    });
    expect(jwks.requests()).toBe(before + 1);
  });

  it('refuses a missing or tampered token as unauthorized', async () => {
    const verifier = createLocalIdTokenVerifier({ issuer: ISSUER, jwksUri: jwks.uri, clientId: CLIENT_ID });
    await expect(verifier.verify(undefined)).rejects.toThrow('Unauthorized');
    const [header, , signature] = idToken().split('.');
    const forged = `${header}.${base64url({ sub: 'someone-else', iss: ISSUER, aud: CLIENT_ID })}.${signature}`;
    await expect(verifier.verify(forged)).rejects.toThrow('Unauthorized');
  });
});
