import { describe, expect, it } from 'vitest';
import { inMemoryServers } from '../../testing/in-memory-mcp.js';
import { departedIssuer, revokeTokensIssuedBy } from './external-token-revocation.js';
import type { McpServerRecord } from './mcp-server.js';

const server = (serverId: string, token?: { hash: string; issuer: string }): McpServerRecord => ({
  userId: 'team#t1',
  serverId,
  name: serverId,
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 5,
  envPreview: {},
  status: 'defined',
  ...(token ? { externalTokenHash: token.hash, externalTokenIssuer: token.issuer } : {}),
  createdAt: 1,
  updatedAt: 1,
});

describe('external token revocation', () => {
  it("clears the tokens the issuer issued for the owner's servers, no one else's", async () => {
    const servers = inMemoryServers();
    await servers.create(server('a', { hash: 'h-a', issuer: 'ann' }));
    await servers.create(server('b', { hash: 'h-b', issuer: 'bob' }));
    await servers.create(server('c'));
    expect(await revokeTokensIssuedBy(servers, 'team#t1', 'ann')).toEqual(['a']);
    expect(servers.records.get('team#t1/a')).not.toHaveProperty('externalTokenHash');
    expect(servers.records.get('team#t1/a')).not.toHaveProperty('externalTokenIssuer');
    expect(servers.records.get('team#t1/b')?.externalTokenHash).toBe('h-b');
    // Without an issuer: every token of the owner's servers (the team is being deleted).
    expect(await revokeTokensIssuedBy(servers, 'team#t1')).toEqual(['b']);
  });

  it('keeps a token issued again meanwhile', async () => {
    const servers = inMemoryServers();
    await servers.create(server('a', { hash: 'h-a', issuer: 'ann' }));
    const racing = {
      ...servers,
      listByUser: async (ownerId: string) => {
        const listed = await servers.listByUser(ownerId);
        await servers.update('team#t1', 'a', { externalTokenHash: 'h-new', externalTokenIssuer: 'bob' });
        return listed;
      },
    };
    expect(await revokeTokensIssuedBy(racing, 'team#t1', 'ann')).toEqual([]);
    expect(servers.records.get('team#t1/a')?.externalTokenHash).toBe('h-new');
  });

  it('names who lost the right to manage servers in a team event, and why', () => {
    const base = { teamId: 't1', actorId: 'owner', at: 1 };
    expect(departedIssuer({ ...base, type: 'member.removed', targetUserId: 'ann' })).toEqual({
      issuerId: 'ann',
      reason: 'issuer_removed',
    });
    expect(departedIssuer({ ...base, type: 'member.left', actorId: 'ann' })).toEqual({
      issuerId: 'ann',
      reason: 'issuer_left',
    });
    const demoted = {
      ...base,
      type: 'member.role_changed' as const,
      targetUserId: 'ann',
      from: 'admin' as const,
    };
    expect(departedIssuer({ ...demoted, to: 'user' })).toEqual({ issuerId: 'ann', reason: 'issuer_demoted' });
    expect(departedIssuer({ ...demoted, from: 'user', to: 'admin' })).toBeUndefined();
    expect(departedIssuer({ ...base, type: 'team.renamed', from: 'a', to: 'b' })).toBeUndefined();
  });
});
