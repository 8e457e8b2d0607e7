import { TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeCipher } from '../../testing/in-memory-mcp.js';
import type { Caller } from '../caller.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { createTeamSso, type TeamSsoDeps, type TeamSsoRecord, type TeamSsoStore } from './team-sso.js';

const TEAM = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const ADMIN: Caller = { userId: 'admin-1', email: 'admin@acme.example', emailVerified: true };
const SECRET = 'the-client-secret-1234';
const body = (over: object = {}) => ({
  provider: {
    type: 'oidc' as const,
    issuer: 'https://login.acme.example/',
    clientId: 'agentforge',
    clientSecret: SECRET,
  },
  domains: ['acme.example'],
  requireSso: false,
  ...over,
});

function memoryStore(): TeamSsoStore & { claims: Map<string, string> } {
  const records = new Map<string, TeamSsoRecord>();
  const claims = new Map<string, string>();
  return {
    claims,
    get: async (teamId) => records.get(teamId),
    put: async (record) => void records.set(record.teamId, record),
    delete: async (teamId) => void records.delete(teamId),
    claimDomain: async (domain, teamId) => {
      if ((claims.get(domain) ?? teamId) !== teamId) return false;
      claims.set(domain, teamId);
      return true;
    },
    releaseDomain: async (domain, teamId) => {
      if (claims.get(domain) === teamId) claims.delete(domain);
    },
    domainOwner: async (domain) => claims.get(domain),
  };
}

function setup(over: Partial<TeamSsoDeps> = {}) {
  const store = memoryStore();
  const txt = new Map<string, string[][]>();
  const deps = {
    store,
    pool: { put: vi.fn(async () => {}), remove: vi.fn(async () => {}) },
    resolveTxt: async (name: string) => txt.get(name) ?? [],
    cipher: fakeCipher,
    teams: {
      authorize: vi.fn(async (caller: Caller) => {
        if (caller.userId !== ADMIN.userId) throw new ForbiddenError('Only a team Admin can do this.');
      }),
      joinThroughSso: vi.fn(async () => true),
    },
    record: vi.fn(async () => {}),
    allowHttp: false,
    newKey: () => 'team-key',
    now: () => 1_700_000_000_000,
    ...over,
  } satisfies TeamSsoDeps;
  const publish = (record: { name: string; value: string }) => txt.set(record.name, [[record.value]]);
  return { sso: createTeamSso(deps), deps, store, publish };
}

describe("a team's single sign-on", () => {
  it('keeps the client secret encrypted, answers its last four only, and keeps it when left out', async () => {
    const { sso, store, deps } = setup();
    const view = await sso.put(ADMIN, TEAM, body());
    expect(JSON.stringify(view)).not.toContain(SECRET);
    expect(view.provider).toEqual({
      type: 'oidc',
      issuer: 'https://login.acme.example',
      clientId: 'agentforge',
      clientSecretHint: '••••1234',
    });
    expect(JSON.stringify(await store.get(TEAM))).not.toContain(SECRET);
    const { clientSecret: _omitted, ...provider } = body().provider;
    const kept = await sso.put(ADMIN, TEAM, body({ provider }));
    expect(kept.provider).toMatchObject({ clientSecretHint: '••••1234' });
    expect(deps.record).toHaveBeenCalledWith(
      ADMIN,
      TEAM,
      expect.objectContaining({ action: 'team.sso_configured' }),
    );
    expect(JSON.stringify(vi.mocked(deps.record).mock.calls)).not.toContain(SECRET);
  });

  it('asks for a secret on a first OIDC set-up, and for https on AWS', async () => {
    const { sso } = setup();
    const { clientSecret: _omitted, ...provider } = body().provider;
    await expect(sso.put(ADMIN, TEAM, body({ provider }))).rejects.toBeInstanceOf(ValidationError);
    const http = { ...body().provider, issuer: 'http://login.acme.example' };
    await expect(sso.put(ADMIN, TEAM, body({ provider: http }))).rejects.toThrow('https');
    await expect(
      setup({ allowHttp: true }).sso.put(ADMIN, TEAM, body({ provider: http })),
    ).resolves.toBeDefined();
  });

  it('puts the provider in the pool only once a domain is verified by its TXT record, with the secret', async () => {
    const { sso, deps, publish } = setup();
    const view = await sso.put(ADMIN, TEAM, body());
    expect(deps.pool.put).not.toHaveBeenCalled();
    await expect(sso.verifyDomain(ADMIN, TEAM, 'acme.example')).rejects.toThrow(
      view.domains[0]?.record.value,
    );
    publish(view.domains[0]?.record ?? { name: '', value: '' });
    const verified = await sso.verifyDomain(ADMIN, TEAM, 'acme.example');
    expect(verified).toMatchObject({ active: true, domains: [{ domain: 'acme.example', verified: true }] });
    expect(deps.pool.put).toHaveBeenCalledWith('team-01jabcdefghjkmnpqrstvwxyz0', {
      type: 'OIDC',
      details: expect.objectContaining({ client_secret: SECRET, oidc_issuer: 'https://login.acme.example' }),
    });
    await expect(sso.discover('Ada@ACME.example')).resolves.toEqual({ providerName: verified.providerName });
    await expect(sso.verifyDomain(ADMIN, TEAM, 'other.example')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('leaves a domain unverified and unclaimed when the pool refuses the provider (SAML metadata it cannot read)', async () => {
    const refused = new ValidationError('The identity provider was refused: Invalid SAML metadata');
    const { sso, store, publish } = setup({
      pool: { put: vi.fn(async () => Promise.reject(refused)), remove: vi.fn(async () => {}) },
    });
    const view = await sso.put(
      ADMIN,
      TEAM,
      body({ provider: { type: 'saml', metadataFile: '<EntityDescriptor entityID="x"/>' } }),
    );
    publish(view.domains[0]?.record ?? { name: '', value: '' });
    await expect(sso.verifyDomain(ADMIN, TEAM, 'acme.example')).rejects.toBe(refused);
    expect(store.claims.has('acme.example')).toBe(false);
    expect((await store.get(TEAM))?.domains).toEqual([{ domain: 'acme.example', verified: false }]);
  });

  it('lets one team only verify a domain', async () => {
    const { sso, store, publish } = setup();
    store.claims.set('acme.example', '01JZZZZZZZZZZZZZZZZZZZZZZZ');
    const view = await sso.put(ADMIN, TEAM, body());
    publish(view.domains[0]?.record ?? { name: '', value: '' });
    await expect(sso.verifyDomain(ADMIN, TEAM, 'acme.example')).rejects.toBeInstanceOf(ConflictError);
  });

  it('joins a user of the provider at a verified domain as a User, nobody else', async () => {
    const { sso, deps, publish } = setup();
    const view = await sso.put(ADMIN, TEAM, body());
    const user = { userId: 'u-1', email: 'grace@acme.example', username: `${view.providerName}_abc` };
    expect(await sso.joinAfterSignIn(user)).toBe(false);
    publish(view.domains[0]?.record ?? { name: '', value: '' });
    await sso.verifyDomain(ADMIN, TEAM, 'acme.example');
    expect(await sso.joinAfterSignIn({ ...user, email: 'grace@elsewhere.example' })).toBe(false);
    // A password (or Google) sign-in at the verified domain is told to use the provider.
    await expect(sso.joinAfterSignIn({ ...user, username: 'Google_123' })).rejects.toThrow(
      TEAM_MESSAGES.ssoJoinNeedsSso,
    );
    await expect(sso.joinAfterSignIn({ ...user, username: 'a-password-user' })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(await sso.joinAfterSignIn(user)).toBe(true);
    // Another team's provider's user at this domain joins nothing.
    const otherProvider = 'team-01jzzzzzzzzzzzzzzzzzzzzzzz_abc';
    expect(await sso.joinAfterSignIn({ ...user, userId: 'u-2', username: otherProvider })).toBe(false);
    expect(deps.teams.joinThroughSso).toHaveBeenCalledTimes(1);
    expect(deps.teams.joinThroughSso).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u-1' }), TEAM);
  });

  it('removes the provider from the pool and releases the domains; non-Admins are refused', async () => {
    const { sso, deps, store, publish } = setup();
    const view = await sso.put(ADMIN, TEAM, body({ requireSso: true }));
    publish(view.domains[0]?.record ?? { name: '', value: '' });
    await sso.verifyDomain(ADMIN, TEAM, 'acme.example');
    const user: Caller = { userId: 'user-2', email: 'u@acme.example' };
    await expect(sso.get(user, TEAM)).rejects.toBeInstanceOf(ForbiddenError);
    await sso.remove(ADMIN, TEAM);
    expect(deps.pool.remove).toHaveBeenCalledWith(view.providerName);
    expect(store.claims.size).toBe(0);
    await expect(sso.discover('ada@acme.example')).rejects.toBeInstanceOf(NotFoundError);
  });
});
