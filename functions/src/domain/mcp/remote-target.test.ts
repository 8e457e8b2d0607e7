import { describe, expect, it } from 'vitest';
import { fakeCipher, inMemoryServers } from '../../testing/in-memory-mcp.js';
import { NotFoundError } from '../errors.js';
import { remoteFields } from './remote-config.js';
import { remoteTargetOf } from './remote-target.js';

const now = Date.UTC(2026, 10, 26);

async function remoteRecord(userId: string, serverId: string, headers: Record<string, string>) {
  const body = {
    name: 'Remote',
    packageName: '',
    url: 'https://mcp.example.com/mcp',
    idleTimeoutMinutes: 30,
    environmentVariables: {},
    headers,
  };
  const fields = await remoteFields({ cipher: fakeCipher, checkRemoteUrl: async () => undefined }, body, {
    userId,
    serverId,
  });
  return {
    userId,
    serverId,
    name: 'Remote',
    idleTimeoutMinutes: 30,
    packageName: '',
    url: fields.url,
    headersPreview: fields.headersPreview,
    ...(fields.headersCiphertext ? { headersCiphertext: fields.headersCiphertext } : {}),
    envPreview: {},
    status: 'defined' as const,
    createdAt: now,
    updatedAt: now,
  };
}

describe('remoteTargetOf', () => {
  it("gives the caller's own remote server's URL and its headers decrypted", async () => {
    const servers = inMemoryServers();
    await servers.create(await remoteRecord('alice', 'srv-1', { 'X-API-Key': 'k-123' }));
    const deps = { servers, myTeams: { teamIdsOf: async () => [] }, cipher: fakeCipher };
    expect(await remoteTargetOf(deps, { userId: 'alice', email: 'a@x' }, 'srv-1')).toEqual({
      url: 'https://mcp.example.com/mcp',
      headers: { 'X-API-Key': 'k-123' },
    });
  });

  it("gives a team's remote server to its members only", async () => {
    const servers = inMemoryServers();
    await servers.create(await remoteRecord('team#t1', 'srv-2', {}));
    const member = { servers, myTeams: { teamIdsOf: async () => ['t1'] }, cipher: fakeCipher };
    const outsider = { servers, myTeams: { teamIdsOf: async () => ['t2'] }, cipher: fakeCipher };
    expect((await remoteTargetOf(member, { userId: 'bob', email: 'b@x' }, 'srv-2')).url).toBe(
      'https://mcp.example.com/mcp',
    );
    await expect(remoteTargetOf(outsider, { userId: 'eve', email: 'e@x' }, 'srv-2')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
