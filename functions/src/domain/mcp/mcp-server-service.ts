import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ComputeUsage,
  type McpServer,
  type McpServerConfigBody,
  type PlanLimits,
  serverDisplayText,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import type {
  ComputeUsageRepository,
  LimitSlots,
  McpServerRecord,
  McpServerRepository,
} from './mcp-server.js';
import { mergeEnvironment, previewOf } from './secrets-preview.js';
import type { ServerRunner } from './server-runner.js';
import {
  ACTIVE_STATUSES,
  canDisable,
  canEdit,
  canEnable,
  isTransitional,
  monthOf,
  observe,
  runMinutes,
} from './server-states.js';

export interface McpServerServiceDeps {
  servers: McpServerRepository;
  usage: ComputeUsageRepository;
  /** The plan's concurrent-server limit, held with conditional writes (parallel enables cannot exceed it). */
  slots: LimitSlots;
  runner: ServerRunner;
  cipher: SecretCipher;
  /** The caller's plan limits (Free until billing lands). */
  planOf: (userId: string) => Promise<PlanLimits>;
  newId: () => string;
  now: () => number;
}

export const SERVER_NOT_FOUND = 'Server not found';
/** Where external MCP clients (Claude Desktop, Cursor, ...) reach a server, under the API base. */
export const EXTERNAL_ENDPOINT_PATH = '/mcp-external';
/** Activity is written at most this often per server (every tool call would be one write otherwise). */
export const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

const concurrencyLimit = (max: number) =>
  new RateLimitedError(
    `Your plan runs at most ${max} server${max === 1 ? '' : 's'} at a time. Disable another server first.`,
  );

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export function createMcpServerService(deps: McpServerServiceDeps) {
  const { servers, runner, cipher, now } = deps;
  const envContext = (record: Pick<McpServerRecord, 'userId' | 'serverId'>) => ({
    purpose: 'mcp-server-env',
    userId: record.userId,
    serverId: record.serverId,
  });

  async function owned(caller: Caller, serverId: string): Promise<McpServerRecord> {
    const record = await servers.get(caller.userId, serverId);
    if (!record) throw new NotFoundError(SERVER_NOT_FOUND);
    return record;
  }

  async function environmentOf(record: McpServerRecord): Promise<Record<string, string>> {
    if (!record.envCiphertext) return {};
    return JSON.parse(await cipher.decrypt(record.envCiphertext, envContext(record))) as Record<
      string,
      string
    >;
  }

  function toView(record: McpServerRecord): McpServer {
    return {
      id: record.serverId,
      name: record.name,
      packageName: record.packageName,
      idleTimeoutMinutes: record.idleTimeoutMinutes,
      environmentVariables: record.envPreview,
      status: record.status,
      displayStatus: serverDisplayText(record.status, record.healthStatus),
      ...(record.healthStatus ? { healthStatus: record.healthStatus } : {}),
      // Relative to the API base (the web app knows its origin; the API cannot without a deploy cycle).
      endpoint: `${EXTERNAL_ENDPOINT_PATH}/${record.serverId}`,
      ...(record.lastError ? { lastError: record.lastError } : {}),
      ...(record.lastActive ? { lastActive: record.lastActive } : {}),
    };
  }

  async function checkTimeout(userId: string, minutes: number): Promise<void> {
    const plan = await deps.planOf(userId);
    if (minutes > plan.serverTimeoutMinutes) {
      throw new ValidationError(
        `Idle timeout can be at most ${plan.serverTimeoutMinutes} minutes on your plan.`,
      );
    }
  }

  /** Books a finished run's minutes and forgets the run. */
  async function endRun(record: McpServerRecord, changes: Partial<McpServerRecord>, endedAt: number) {
    await deps.slots.release(record.userId, record.serverId);
    if (record.runStartedAt) {
      const minutes = runMinutes(record.runStartedAt, endedAt);
      if (minutes > 0) await deps.usage.addComputeMinutes(record.userId, monthOf(endedAt), minutes);
    }
    await servers.update(
      record.userId,
      record.serverId,
      {
        ...changes,
        runId: null,
        runStartedAt: null,
        runEndpoint: null,
        bridgeToken: null,
        healthStatus: null,
        updatedAt: now(),
      },
      record.status,
    );
  }

  /** Brings a server with a run up to date with what the runner reports. */
  async function refresh(record: McpServerRecord): Promise<McpServerRecord> {
    if (!record.runId || !ACTIVE_STATUSES.includes(record.status)) return record;
    const run = await runner.describe(record.runId);
    const seen = observe(record.status, run);
    if (seen.ended) {
      const changes = { status: seen.status, ...(seen.lastError ? { lastError: seen.lastError } : {}) };
      await endRun(record, changes, run.stoppedAt ?? now());
      return {
        ...record,
        ...changes,
        runId: undefined,
        runStartedAt: undefined,
        runEndpoint: undefined,
        healthStatus: undefined,
      };
    }
    const changes: Partial<McpServerRecord> = {
      status: seen.status,
      ...(seen.health ? { healthStatus: seen.health } : {}),
      ...(run.endpoint ? { runEndpoint: run.endpoint } : {}),
      ...(run.startedAt && !record.runStartedAt ? { runStartedAt: run.startedAt } : {}),
    };
    const changed = Object.entries(changes).some(
      ([key, value]) => record[key as keyof McpServerRecord] !== value,
    );
    if (changed)
      await servers.update(record.userId, record.serverId, { ...changes, updatedAt: now() }, record.status);
    return { ...record, ...changes };
  }

  async function stopRun(record: McpServerRecord, reason: string): Promise<McpServerRecord> {
    if (!record.runId) return { ...record, status: 'disabled' };
    await servers.update(
      record.userId,
      record.serverId,
      { status: 'deprovisioning', updatedAt: now() },
      record.status,
    );
    await runner.stop(record.runId, reason);
    return refresh({ ...record, status: 'deprovisioning' });
  }

  async function enable(caller: Caller, serverId: string): Promise<McpServer> {
    const record = await owned(caller, serverId);
    if (!canEnable(record.status)) {
      throw new ConflictError(`The server cannot be enabled while it is ${record.status}.`);
    }
    const plan = await deps.planOf(caller.userId);
    const active = (await servers.listByUser(caller.userId)).filter((s) =>
      ACTIVE_STATUSES.includes(s.status),
    );
    if (active.length >= plan.maxConcurrentServers) throw concurrencyLimit(plan.maxConcurrentServers);
    const used = await deps.usage.computeMinutes(caller.userId, monthOf(now()));
    if (used >= plan.monthlyComputeHours * 60) {
      throw new RateLimitedError(`This month's ${plan.monthlyComputeHours} compute hours are used up.`);
    }
    const isActive = async (holder: string) => {
      const other = await servers.get(caller.userId, holder);
      return other !== undefined && ACTIVE_STATUSES.includes(other.status);
    };
    if (!(await deps.slots.take(caller.userId, serverId, plan.maxConcurrentServers, isActive))) {
      throw concurrencyLimit(plan.maxConcurrentServers);
    }
    try {
      return await startRun(caller, record);
    } catch (error) {
      await deps.slots.release(caller.userId, serverId);
      throw error;
    }
  }

  async function startRun(caller: Caller, record: McpServerRecord): Promise<McpServer> {
    const bridgeToken = newToken();
    const { runId } = await runner.start({
      serverId: record.serverId,
      userId: caller.userId,
      packageName: record.packageName,
      environment: await environmentOf(record),
      idleTimeoutMinutes: record.idleTimeoutMinutes,
      bridgeToken,
    });
    const changes = {
      status: 'provisioning' as const,
      runId,
      bridgeToken,
      runStartedAt: now(),
      lastError: null,
      updatedAt: now(),
    };
    if (!(await servers.update(caller.userId, record.serverId, changes, record.status))) {
      await runner.stop(runId, 'Enabled twice at once');
      throw new ConflictError('The server changed meanwhile. Try again.');
    }
    return toView(await refresh({ ...record, ...changes, lastError: undefined }));
  }

  return {
    owned,
    toView,
    refresh,
    enable,

    async list(caller: Caller): Promise<McpServer[]> {
      const records = await servers.listByUser(caller.userId);
      const fresh = await Promise.all(records.map(refresh));
      return fresh.sort((a, b) => a.createdAt - b.createdAt).map(toView);
    },

    async get(caller: Caller, serverId: string): Promise<McpServer> {
      return toView(await refresh(await owned(caller, serverId)));
    },

    async create(caller: Caller, body: McpServerConfigBody): Promise<McpServer> {
      await checkTimeout(caller.userId, body.idleTimeoutMinutes);
      const serverId = deps.newId();
      const keys = { userId: caller.userId, serverId };
      const environment = body.environmentVariables;
      const record: McpServerRecord = {
        ...keys,
        name: body.name,
        packageName: body.packageName,
        idleTimeoutMinutes: body.idleTimeoutMinutes,
        envPreview: previewOf(environment),
        ...(Object.keys(environment).length
          ? { envCiphertext: await cipher.encrypt(JSON.stringify(environment), envContext(keys)) }
          : {}),
        status: 'defined',
        createdAt: now(),
        updatedAt: now(),
      };
      await servers.create(record);
      return toView(record);
    },

    async update(caller: Caller, serverId: string, body: McpServerConfigBody): Promise<McpServer> {
      const record = await owned(caller, serverId);
      if (!canEdit(record.status)) {
        throw new ConflictError('A server can be edited only while it is defined, disabled or in error.');
      }
      await checkTimeout(caller.userId, body.idleTimeoutMinutes);
      const environment = mergeEnvironment(
        body.environmentVariables,
        await environmentOf(record),
        record.envPreview,
      );
      const changes = {
        name: body.name,
        packageName: body.packageName,
        idleTimeoutMinutes: body.idleTimeoutMinutes,
        envPreview: previewOf(environment),
        envCiphertext: Object.keys(environment).length
          ? await cipher.encrypt(JSON.stringify(environment), envContext(record))
          : null,
        updatedAt: now(),
      };
      if (!(await servers.update(caller.userId, serverId, changes, record.status))) {
        throw new ConflictError('The server changed meanwhile. Try again.');
      }
      return toView({ ...record, ...changes, envCiphertext: changes.envCiphertext ?? undefined });
    },

    async disable(caller: Caller, serverId: string): Promise<McpServer> {
      const record = await refresh(await owned(caller, serverId));
      if (!canDisable(record.status)) {
        throw new ConflictError(`The server cannot be disabled while it is ${record.status}.`);
      }
      return toView(await stopRun(record, 'Disabled by its owner'));
    },

    async delete(caller: Caller, serverId: string): Promise<void> {
      const record = await refresh(await owned(caller, serverId));
      if (isTransitional(record.status)) {
        throw new ConflictError(`The server cannot be deleted while it is ${record.status}.`);
      }
      if (record.runId) await stopRun(record, 'Deleted by its owner');
      await servers.delete(caller.userId, serverId);
      await deps.slots.release(caller.userId, serverId);
    },

    async usage(caller: Caller): Promise<ComputeUsage> {
      const at = now();
      const month = monthOf(at);
      const booked = await deps.usage.computeMinutes(caller.userId, month);
      // Runs still going count too, so the bar moves while a server runs.
      const running = (await servers.listByUser(caller.userId))
        .filter((s) => s.runStartedAt && ACTIVE_STATUSES.includes(s.status))
        .reduce((sum, s) => sum + runMinutes(s.runStartedAt as number, at), 0);
      const limitMinutes = (await deps.planOf(caller.userId)).monthlyComputeHours * 60;
      const usedMinutes = booked + running;
      return {
        currentMonth: month,
        usedMinutes,
        limitMinutes,
        remainingMinutes: Math.max(0, limitMinutes - usedMinutes),
      };
    },

    /**
     * A new token for external MCP clients (replacing any earlier one); only its hash is kept, so it
     * is shown once. It starts with the owner's id, which locates the server without a scan.
     */
    async issueExternalToken(caller: Caller, serverId: string): Promise<{ token: string; endpoint: string }> {
      const record = await owned(caller, serverId);
      const token = `${caller.userId}.${newToken()}`;
      await servers.update(caller.userId, serverId, { externalTokenHash: sha256(token), updatedAt: now() });
      return { token, endpoint: toView(record).endpoint as string };
    },

    /**
     * Where the gateway forwards to. It trusts the stored record (refreshed by the API, the chat
     * and the reaper every minute): the gateway runs in the VPC, where no runner API is reachable.
     */
    gatewayTarget(record: McpServerRecord): { endpoint: string; bridgeToken: string } {
      if (record.status !== 'enabled' || !record.runEndpoint || !record.bridgeToken) {
        throw new ConflictError('The server is not running. Enable it first.');
      }
      return { endpoint: record.runEndpoint, bridgeToken: record.bridgeToken };
    },

    async recordActivity(record: McpServerRecord): Promise<void> {
      const at = now();
      if (record.lastActive && at - record.lastActive < ACTIVITY_WRITE_INTERVAL_MS) return;
      await servers.update(record.userId, record.serverId, { lastActive: at });
    },

    /** The reaper: refreshes every active server, stops those idle past their timeout. */
    async reap(): Promise<{ checked: number; stopped: number }> {
      let checked = 0;
      let stopped = 0;
      for (const status of ACTIVE_STATUSES) {
        for (const record of await servers.listByStatus(status)) {
          checked++;
          const fresh = await refresh(record).catch(() => record);
          const lastUse = Math.max(fresh.lastActive ?? 0, fresh.runStartedAt ?? 0);
          if (fresh.status === 'enabled' && now() - lastUse > fresh.idleTimeoutMinutes * 60_000) {
            await stopRun(fresh, `Idle for more than ${fresh.idleTimeoutMinutes} minutes`);
            stopped++;
          }
        }
      }
      return { checked, stopped };
    },

    /** For external clients: the server this token opens, else 401 (never telling which part was wrong). */
    async byExternalToken(serverId: string, token: string | undefined): Promise<McpServerRecord> {
      const userId = token?.split('.')[0];
      const record = userId ? await servers.get(userId, serverId) : undefined;
      if (!record) throw new UnauthorizedError();
      const expected = record.externalTokenHash ? Buffer.from(record.externalTokenHash, 'hex') : undefined;
      const given = token ? Buffer.from(sha256(token), 'hex') : undefined;
      if (!expected || !given || !timingSafeEqual(expected, given)) throw new UnauthorizedError();
      return record;
    },
  };
}
export type McpServerService = ReturnType<typeof createMcpServerService>;
