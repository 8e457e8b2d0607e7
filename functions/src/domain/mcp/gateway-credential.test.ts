import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalCredentialMac } from '../../adapters/secrets/local-credential-mac.js';
import { ensureLocalSecretKeyFile } from '../../adapters/secrets/local-key-file.js';
import { UnauthorizedError } from '../errors.js';
import {
  createCredentialMinter,
  createCredentialVerifier,
  GATEWAY_CREDENTIAL_TTL_MS,
} from './gateway-credential.js';

type Mac = ReturnType<typeof createLocalCredentialMac>;

const claims = { userId: 'alice', serverId: 'srv-1', runId: 'run-1' };
let mac: Mac;
let otherKey: Mac;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-credential-'));
  mac = createLocalCredentialMac({ keyFile: await ensureLocalSecretKeyFile(join(dir, 'a.key')) });
  otherKey = createLocalCredentialMac({ keyFile: await ensureLocalSecretKeyFile(join(dir, 'b.key')) });
});

function credentials(at = { now: 1_000_000 }, key = () => mac) {
  const now = () => at.now;
  return {
    mint: createCredentialMinter({ sign: (m) => key().sign(m), now }),
    verify: createCredentialVerifier({ verify: (m, s) => key().verify(m, s), now }),
  };
}
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(UnauthorizedError);

function payloadOf(token: string): Record<string, unknown> {
  const [body] = token.slice('afrun1.'.length).split('.');
  return JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
}
function withPayload(token: string, payload: Record<string, unknown>): string {
  const signature = token.slice(token.lastIndexOf('.') + 1);
  return `afrun1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('the automation gateway credential', () => {
  it('names the person, the team, the server and the run, and expires within minutes', async () => {
    const at = { now: 1_000_000 };
    const token = await credentials(at).mint({ ...claims, teamId: 't1' });
    expect(await credentials(at).verify(token, 'srv-1')).toEqual({
      ...claims,
      teamId: 't1',
      exp: at.now + GATEWAY_CREDENTIAL_TTL_MS,
    });
    expect(GATEWAY_CREDENTIAL_TTL_MS).toBeLessThanOrEqual(15 * 60_000);
  });

  it('is refused once expired', async () => {
    const at = { now: 1_000_000 };
    const token = await credentials(at).mint(claims);
    at.now += GATEWAY_CREDENTIAL_TTL_MS - 1;
    await expect(credentials(at).verify(token, 'srv-1')).resolves.toMatchObject(claims);
    at.now += 1;
    await refused(credentials(at).verify(token, 'srv-1'));
  });

  it('is refused for another server than the one it names', async () => {
    const token = await credentials().mint(claims);
    await refused(credentials().verify(token, 'srv-2'));
  });

  it('is refused when its owner, team, server, run or expiry were changed after signing', async () => {
    const token = await credentials().mint(claims);
    const payload = payloadOf(token);
    const changes: Record<string, unknown>[] = [
      { ...payload, userId: 'mallory' },
      { ...payload, teamId: 't1' },
      { ...payload, serverId: 'srv-2' },
      { ...payload, runId: 'run-2' },
      { ...payload, exp: (payload.exp as number) + 60_000 },
    ];
    for (const changed of changes) {
      await refused(credentials().verify(withPayload(token, changed), String(changed.serverId)));
    }
    // The signature itself changed: its first character, the last one's data, and the last one's
    // spare bits alone (a 32-byte MAC's last base64url character carries 4 bits and 2 spare ones).
    const changedAt = (at: number, flip: number) =>
      `${token.slice(0, at)}${BASE64URL[BASE64URL.indexOf(token[at] ?? '') ^ flip]}${token.slice(at + 1)}`;
    const last = token.length - 1;
    for (const forged of [changedAt(token.lastIndexOf('.') + 1, 1), changedAt(last, 4), changedAt(last, 1)])
      await refused(credentials().verify(forged, 'srv-1'));
  });

  it('is refused when signed with another key, or outside the lifetime any credential is minted for', async () => {
    const foreign = await credentials({ now: 1_000_000 }, () => otherKey).mint(claims);
    await refused(credentials().verify(foreign, 'srv-1'));
    // Genuinely signed, but living an hour: not one the runner mints.
    const longLived = await credentials({ now: 1_000_000 + 60 * 60_000 }).mint(claims);
    await refused(credentials().verify(longLived, 'srv-1'));
  });

  it('is refused when missing, malformed, or an ID token', async () => {
    for (const token of [
      undefined,
      '',
      'afrun1.',
      'afrun1.x',
      'eyJhbGciOiJSUzI1NiJ9.e30.sig',
      'x'.repeat(5000),
    ])
      await refused(credentials().verify(token, 'srv-1'));
    // A valid MAC over something that is not the claims.
    const body = `afrun1.${Buffer.from('{"userId":"alice"}').toString('base64url')}`;
    const signature = Buffer.from(await mac.sign(Buffer.from(body))).toString('base64url');
    await refused(credentials().verify(`${body}.${signature}`, 'srv-1'));
  });
});
