import { describe, expect, it, vi } from 'vitest';
import { fakeCipher } from '../../testing/in-memory-mcp.js';
import { ValidationError } from '../errors.js';
import type {
  GithubLinkRepository,
  GithubOAuthClient,
  IssuedState,
  StoredGithubLink,
} from './github-link.js';
import { GithubOAuthError } from './github-link.js';
import {
  createGithubLinkService,
  linkedGithubToken,
  randomAlphanumeric,
  STATE_REFUSED_MESSAGE,
} from './github-link-service.js';

function inMemoryLinks(): GithubLinkRepository & {
  states: Map<string, IssuedState>;
  links: Map<string, StoredGithubLink>;
} {
  const states = new Map<string, IssuedState>();
  const links = new Map<string, StoredGithubLink>();
  return {
    states,
    links,
    issueState: async (userId, hash, state) => void states.set(`${userId}/${hash}`, state),
    consumeState: async (userId, hash, now) => {
      const state = states.get(`${userId}/${hash}`);
      if (!state || state.expiresAt <= now) return undefined;
      states.delete(`${userId}/${hash}`);
      return state;
    },
    getLink: async (userId) => links.get(userId),
    putLink: async (userId, link) => void links.set(userId, link),
    deleteLink: async (userId) => {
      const link = links.get(userId);
      links.delete(userId);
      return link;
    },
  };
}

function fakeGithub(): GithubOAuthClient & { revoked: string[] } {
  let next = 0;
  const revoked: string[] = [];
  return {
    revoked,
    authorizeUrl: async ({ state, codeChallenge }) =>
      `https://github.test/login/oauth/authorize?state=${state}&code_challenge=${codeChallenge}`,
    exchangeCode: async ({ code }) => {
      if (code === 'bad') throw new GithubOAuthError('refused', 'bad_verification_code');
      return { accessToken: `gho_token${++next}` };
    },
    getUser: async () => ({ login: 'octocat', id: 1 }),
    revokeToken: async (token) => void revoked.push(token),
  };
}

function setUp() {
  let clock = 1_000_000;
  const links = inMemoryLinks();
  const github = fakeGithub();
  const onRevokeFailure = vi.fn();
  const service = createGithubLinkService({
    links,
    github,
    cipher: fakeCipher,
    now: () => clock,
    onRevokeFailure,
  });
  return { service, links, github, onRevokeFailure, advance: (ms: number) => (clock += ms) };
}

describe('the GitHub link', () => {
  it('issues 32-character alphanumeric states, kept only as hashes with a PKCE verifier', async () => {
    const { service, links } = setUp();
    const { url, state } = await service.authorizeUrl('alice', 'srv-1');
    expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url).toContain(`state=${state}`);
    const [[key, stored]] = [...links.states.entries()] as [[string, IssuedState]];
    expect(key).not.toContain(state);
    expect(stored).toMatchObject({
      targetAppId: 'srv-1',
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9]{64}$/),
    });
    expect(url).not.toContain(stored.codeVerifier);
  });

  it('exchanges a code once, with the state issued to the caller, and stores the token encrypted', async () => {
    const { service, links } = setUp();
    const { state } = await service.authorizeUrl('alice');
    await expect(service.exchangeCode('bob', 'code', state)).rejects.toThrow(STATE_REFUSED_MESSAGE);
    expect(await service.exchangeCode('alice', 'code', state)).toEqual({ username: 'octocat' });
    await expect(service.exchangeCode('alice', 'code', state)).rejects.toBeInstanceOf(ValidationError);
    const link = links.links.get('alice');
    expect(link?.tokenCiphertext).not.toContain('gho_');
    expect(await linkedGithubToken({ links, cipher: fakeCipher }, 'alice')).toBe('gho_token1');
    expect(await service.status('alice')).toMatchObject({ linked: true, username: 'octocat' });
  });

  it('refuses an expired state and a code GitHub refuses', async () => {
    const { service, advance } = setUp();
    const first = await service.authorizeUrl('alice');
    advance(10 * 60_000);
    await expect(service.exchangeCode('alice', 'code', first.state)).rejects.toThrow(STATE_REFUSED_MESSAGE);
    const second = await service.authorizeUrl('alice');
    await expect(service.exchangeCode('alice', 'bad', second.state)).rejects.toBeInstanceOf(ValidationError);
    expect(await service.status('alice')).toEqual({ linked: false });
  });

  it('revokes the old token on relink and the token on unlink; a failed revocation still unlinks', async () => {
    const { service, github, onRevokeFailure } = setUp();
    await service.exchangeCode('alice', 'code', (await service.authorizeUrl('alice')).state);
    await service.exchangeCode('alice', 'code', (await service.authorizeUrl('alice')).state);
    expect(github.revoked).toEqual(['gho_token1']);
    github.revokeToken = async () => {
      throw new GithubOAuthError('down');
    };
    await service.unlink('alice');
    expect(onRevokeFailure).toHaveBeenCalledOnce();
    expect(await service.status('alice')).toEqual({ linked: false });
    await service.unlink('alice');
  });

  it('makes random alphanumeric strings of the asked length', () => {
    const values = new Set(Array.from({ length: 50 }, () => randomAlphanumeric(32)));
    expect(values.size).toBe(50);
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
