import {
  GITHUB_TOKEN_REFERENCE,
  LIMIT_MESSAGES,
  PLAN_LIMIT_ERROR_CODE,
  PLAN_LIMITS,
  type TeamRole,
} from '@agentforge/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeCipher,
  inMemoryComputeUsage,
  inMemoryLimitSlots,
  inMemoryServers,
  scriptedRunner,
} from '../../testing/in-memory-mcp.js';
import {
  ConflictError,
  NotFoundError,
  PlanLimitError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import { createMcpServerService } from './mcp-server-service.js';

const alice = { userId: 'alice', email: 'a@example.com' };
/** The caller is in no team (personal servers' tokens never ask). */
const noTeams = { roleIn: async () => undefined };
const bob = { userId: 'bob', email: 'b@example.com' };
const config = {
  name: 'Everything',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 5,
  environmentVariables: { API_TOKEN: 'secret-value-123456', DEBUG: '1' },
};

let clock: number;
let servers: ReturnType<typeof inMemoryServers>;
let usage: ReturnType<typeof inMemoryComputeUsage>;
let runner: ReturnType<typeof scriptedRunner>;
let service: ReturnType<typeof createMcpServerService>;
let githubTokens: Map<string, string>;

beforeEach(() => {
  clock = Date.UTC(2026, 10, 21, 12);
  servers = inMemoryServers();
  usage = inMemoryComputeUsage();
  runner = scriptedRunner();
  githubTokens = new Map();
  let id = 0;
  service = createMcpServerService({
    servers,
    usage,
    slots: inMemoryLimitSlots(),
    runner,
    cipher: fakeCipher,
    planOf: async () => ({ ...PLAN_LIMITS.free, name: 'Free' }),
    githubToken: async (userId) => githubTokens.get(userId),
    checkRemoteUrl: async (url) => {
      if (new URL(url).hostname === 'private.example') throw new ValidationError('blocked address');
    },
    newId: () => `srv-${++id}`,
    now: () => clock,
  });
});

async function running() {
  const created = await service.create(alice, config);
  await service.enable(alice, created.id);
  runner.set('run-1', {
    phase: 'running',
    health: 'running',
    endpoint: 'http://127.0.0.1:9',
    startedAt: clock,
  });
  return service.get(alice, created.id);
}

describe('MCP servers', () => {
  it('get the linked GitHub token for a value that references it, only when they start', async () => {
    const created = await service.create(alice, {
      ...config,
      environmentVariables: { GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB_TOKEN_REFERENCE, DEBUG: '1' },
    });
    expect(created.environmentVariables.GITHUB_PERSONAL_ACCESS_TOKEN).toBe(GITHUB_TOKEN_REFERENCE);
    // Not linked: the server cannot start and says why.
    await expect(service.enable(alice, created.id)).rejects.toThrow(/connect GitHub in Settings/);
    githubTokens.set('alice', 'gho_alices-token');
    await service.enable(alice, created.id);
    expect([...runner.runs.values()].at(-1)?.environment).toEqual({
      GITHUB_PERSONAL_ACCESS_TOKEN: 'gho_alices-token',
      DEBUG: '1',
    });
    // The stored configuration keeps the reference, never the token.
    expect(JSON.stringify(await servers.get('alice', created.id))).not.toContain('gho_alices-token');
  });

  it('are created defined, with environment values masked and encrypted at rest', async () => {
    const created = await service.create(alice, config);
    expect(created).toMatchObject({
      status: 'defined',
      displayStatus: 'Defined',
      endpoint: '/mcp-external/srv-1',
    });
    expect(created.environmentVariables).toEqual({ API_TOKEN: '••••••••3456', DEBUG: '••••••••' });
    expect(JSON.stringify(servers.records.get('alice/srv-1'))).not.toContain('secret-value-123456');
  });

  it('move through provisioning and starting to enabled/Running as the runner reports', async () => {
    const { id } = await service.create(alice, config);
    expect((await service.enable(alice, id)).status).toBe('provisioning');
    expect(runner.runs.get('run-1')?.environment).toEqual(config.environmentVariables);
    runner.set('run-1', { phase: 'running' });
    expect(await service.get(alice, id)).toMatchObject({ status: 'starting', displayStatus: 'Starting...' });
    runner.set('run-1', { phase: 'running', health: 'running', endpoint: 'http://127.0.0.1:9' });
    expect(await service.get(alice, id)).toMatchObject({ status: 'enabled', displayStatus: 'Running' });
    runner.set('run-1', { health: 'stale' });
    expect((await service.get(alice, id)).displayStatus).toBe('Not Responding');
  });

  it('go to error with the last error when the run fails, and book its minutes', async () => {
    const { id } = await running();
    clock += 150_000;
    runner.set('run-1', { phase: 'stopped', error: 'Package exited with code 1', stoppedAt: clock });
    expect(await service.get(alice, id)).toMatchObject({
      status: 'error',
      lastError: 'Package exited with code 1',
    });
    expect(usage.minutes.get('alice/2026-11')).toBe(3);
  });

  it('can be edited only while defined, disabled or in error, keeping unchanged secret values', async () => {
    const { id } = await running();
    await expect(service.update(alice, id, config)).rejects.toBeInstanceOf(ConflictError);
    await service.disable(alice, id);
    const shown = (await service.get(alice, id)).environmentVariables;
    await service.update(alice, id, { ...config, environmentVariables: { ...shown, DEBUG: '0' } });
    await service.enable(alice, id);
    expect(runner.runs.get('run-2')?.environment).toEqual({ API_TOKEN: 'secret-value-123456', DEBUG: '0' });
  });

  it('refuse toggles and deletion during transitions; deleting a running server stops it first', async () => {
    const { id } = await service.create(alice, config);
    await service.enable(alice, id);
    await expect(service.delete(alice, id)).rejects.toBeInstanceOf(ConflictError);
    await expect(service.enable(alice, id)).rejects.toBeInstanceOf(ConflictError);
    runner.set('run-1', { phase: 'running', health: 'running' });
    await service.delete(alice, id);
    expect(runner.runs.get('run-1')?.phase).toBe('stopped');
    expect(servers.records.size).toBe(0);
  });

  it("enforce the plan's concurrent servers and idle timeout limits", async () => {
    await running();
    const second = await service.create(alice, { ...config, name: 'Second' });
    await expect(service.enable(alice, second.id)).rejects.toBeInstanceOf(PlanLimitError);
    await expect(service.create(alice, { ...config, idleTimeoutMinutes: 31 })).rejects.toThrow(
      new ValidationError('Idle timeout can be at most 30 minutes on your plan.'),
    );
  });

  it("are another user's business: 404", async () => {
    const { id } = await service.create(alice, config);
    await expect(service.get(bob, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.enable(bob, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.delete(bob, id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await service.list(bob)).toEqual([]);
  });

  it('are reaped when idle past their timeout, with their minutes booked', async () => {
    const { id } = await running();
    clock += 4 * 60_000;
    expect(await service.reap()).toEqual({ checked: 1, stopped: 0 });
    await service.recordActivity(await service.owned(alice, id));
    clock += 5 * 60_000 + 1;
    expect(await service.reap()).toEqual({ checked: 1, stopped: 1 });
    expect(await service.get(alice, id)).toMatchObject({
      status: 'disabled',
      stoppedBy: 'idle',
      displayStatus: 'Stopped (idle)',
    });
    expect(usage.minutes.get('alice/2026-11')).toBe(10);
  });

  it('read as stopped for idleness, not disabled, when their bridge exits by itself', async () => {
    const { id } = await running();
    runner.set('run-1', { phase: 'stopped', startedAt: clock, stoppedAt: clock + 60_000 });
    expect(await service.get(alice, id)).toMatchObject({
      status: 'disabled',
      stoppedBy: 'idle',
      displayStatus: 'Stopped (idle)',
    });
  });

  it('are stopped by the reaper once the plan’s compute hours for the month are used up', async () => {
    const { id } = await running();
    clock += 60_000;
    expect(await service.reap()).toEqual({ checked: 1, stopped: 0 });
    // Earlier runs booked all but a minute of Free's hours; this one has been running for a minute.
    usage.minutes.set('alice/2026-11', PLAN_LIMITS.free.monthlyComputeHours * 60 - 1);
    expect(await service.reap()).toEqual({ checked: 1, stopped: 1 });
    expect(await service.get(alice, id)).toMatchObject({ status: 'disabled', stoppedBy: 'compute' });
    await expect(service.enable(alice, id)).rejects.toMatchObject({
      code: PLAN_LIMIT_ERROR_CODE,
      message: LIMIT_MESSAGES.monthlyCompute(PLAN_LIMITS.free.monthlyComputeHours, 'Free'),
    });
  });

  it('remember that their owner disabled them, until they are enabled again', async () => {
    const { id } = await running();
    await service.disable(alice, id);
    expect(await service.get(alice, id)).toMatchObject({ status: 'disabled', stoppedBy: 'owner' });
    await service.enable(alice, id);
    expect(await service.get(alice, id)).not.toHaveProperty('stoppedBy');
  });

  it('report compute usage including runs still going', async () => {
    await running();
    clock += 90_000;
    expect(await service.usage(alice)).toEqual({
      currentMonth: '2026-11',
      usedMinutes: 2,
      limitMinutes: PLAN_LIMITS.free.monthlyComputeHours * 60,
      remainingMinutes: PLAN_LIMITS.free.monthlyComputeHours * 60 - 2,
    });
  });

  it('open to external clients only with their current token', async () => {
    const { id } = await service.create(alice, config);
    const { token } = await service.issueExternalToken(alice, id, alice.userId);
    expect((await service.byExternalToken(id, token, noTeams)).serverId).toBe(id);
    await expect(service.byExternalToken(id, `${token}x`, noTeams)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(service.byExternalToken(id, undefined, noTeams)).rejects.toBeInstanceOf(UnauthorizedError);
    await service.issueExternalToken(alice, id, alice.userId);
    await expect(service.byExternalToken(id, token, noTeams)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('say whether an external token is active; a revoked one opens nothing', async () => {
    const { id } = await service.create(alice, config);
    expect((await service.get(alice, id)).externalTokenActive).toBe(false);
    expect(await service.revokeExternalToken(alice, id)).toEqual({ revoked: false });
    const { token } = await service.issueExternalToken(alice, id, alice.userId);
    expect((await service.get(alice, id)).externalTokenActive).toBe(true);
    expect(await service.revokeExternalToken(alice, id)).toEqual({ revoked: true });
    expect((await service.get(alice, id)).externalTokenActive).toBe(false);
    await expect(service.byExternalToken(id, token, noTeams)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(service.revokeExternalToken(bob, id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("open a team server's token only while its issuer may manage the team's servers", async () => {
    const team = { userId: 'team#t1', email: alice.email };
    const roles = new Map<string, TeamRole>([['alice', 'admin']]);
    const teamRoles = {
      roleIn: async (teamId: string, userId: string) => (teamId === 't1' ? roles.get(userId) : undefined),
    };
    const { id } = await service.create(team, config);
    const { token } = await service.issueExternalToken(team, id, alice.userId);
    // The token names the team (to find the server), never its issuer.
    expect(token.startsWith('team#t1.')).toBe(true);
    expect(token).not.toContain('alice');
    expect(servers.records.get(`team#t1/${id}`)?.externalTokenIssuer).toBe('alice');
    expect((await service.byExternalToken(id, token, teamRoles)).serverId).toBe(id);
    roles.set('alice', 'user');
    await expect(service.byExternalToken(id, token, teamRoles)).rejects.toBeInstanceOf(UnauthorizedError);
    roles.delete('alice');
    await expect(service.byExternalToken(id, token, teamRoles)).rejects.toBeInstanceOf(UnauthorizedError);
    roles.set('alice', 'admin');
    expect((await service.byExternalToken(id, token, teamRoles)).serverId).toBe(id);
    // A team token stored without its issuer (issued before tokens named theirs) opens nothing.
    await servers.update('team#t1', id, { externalTokenIssuer: null });
    await expect(service.byExternalToken(id, token, teamRoles)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('remote MCP servers', () => {
  const remote = {
    name: 'Remote',
    packageName: '',
    url: 'https://mcp.example.com/mcp',
    idleTimeoutMinutes: 30,
    environmentVariables: {},
    headers: { 'X-API-Key': 'remote-secret-123456' },
  };

  it('keep their URL and headers, the headers encrypted and shown masked', async () => {
    const created = await service.create(alice, remote);
    expect(created).toMatchObject({
      kind: 'remote',
      url: remote.url,
      headers: { 'X-API-Key': '••••••••3456' },
      status: 'defined',
    });
    const stored = servers.records.get(`alice/${created.id}`);
    const context = { purpose: 'mcp-server-headers', userId: 'alice', serverId: created.id };
    expect(JSON.parse(await fakeCipher.decrypt(stored?.headersCiphertext ?? '', context))).toEqual(
      remote.headers,
    );
    expect(stored?.headersPreview).toEqual({ 'X-API-Key': '••••••••3456' });
  });

  it('refuse a URL the outbound guard refuses, and keep nothing', async () => {
    await expect(
      service.create(alice, { ...remote, url: 'https://private.example/mcp' }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await service.list(alice)).toEqual([]);
  });

  it('have nothing to start or stop', async () => {
    const created = await service.create(alice, remote);
    await expect(service.enable(alice, created.id)).rejects.toThrow(
      'A remote server runs elsewhere: there is nothing to start or stop.',
    );
    await expect(service.disable(alice, created.id)).rejects.toBeInstanceOf(ConflictError);
  });

  it('keep a masked header sent back unchanged, and drop a package env when edited into one', async () => {
    const hosted = await service.create(alice, config);
    const edited = await service.update(alice, hosted.id, {
      ...remote,
      headers: { 'X-API-Key': 'new-value-abcdefgh' },
    });
    expect(edited).toMatchObject({ kind: 'remote', packageName: '', environmentVariables: {} });
    const again = await service.update(alice, hosted.id, { ...remote, headers: edited.headers ?? {} });
    const record = servers.records.get(`alice/${hosted.id}`);
    expect(record?.envCiphertext).toBeUndefined();
    expect(again.headers).toEqual({ 'X-API-Key': '••••••••efgh' });
    const context = { purpose: 'mcp-server-headers', userId: 'alice', serverId: hosted.id };
    expect(JSON.parse(await fakeCipher.decrypt(record?.headersCiphertext ?? '', context))).toEqual({
      'X-API-Key': 'new-value-abcdefgh',
    });
  });
});
