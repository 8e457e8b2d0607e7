import { randomBytes } from 'node:crypto';
import {
  ACTIVE_SERVER_STATUSES,
  canDisableServer,
  canEnableServer,
  isActiveServerStatus,
  isTransitionalServerStatus,
  type McpServer,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError } from '../errors.js';
import type { ComputeUsageService } from './compute-usage.js';
import type { McpServerRecord, McpServerRepository } from './mcp-server.js';
import type { ServerConfig } from './server-config.js';
import type { ServerRunner } from './server-runner.js';
import { statusFromRun } from './server-states.js';

export interface ServerLifecycleDeps {
  servers: McpServerRepository;
  runner: ServerRunner;
  config: ServerConfig;
  compute: ComputeUsageService;
  now: () => number;
}

export const newToken = () => randomBytes(32).toString('base64url');

/** What a record looks like once its run is forgotten. */
const RUN_CLEARED = {
  runId: null,
  runStartedAt: null,
  runEndpoint: null,
  bridgeToken: null,
  healthStatus: null,
} as const;

/** Runs: enabling, disabling and deleting servers, following the runner, stopping idle ones. */
export function createServerLifecycle(deps: ServerLifecycleDeps) {
  const { servers, runner, config, compute, now } = deps;
  const { owned, toView } = config;

  /** Books a finished run's minutes and forgets the run. */
  async function endRun(record: McpServerRecord, changes: Partial<McpServerRecord>, endedAt: number) {
    await compute.bookRun(record, endedAt);
    await servers.update(
      record.userId,
      record.serverId,
      { ...changes, ...RUN_CLEARED, updatedAt: now() },
      record.status,
    );
  }

  /** Brings a server with a run up to date with what the runner reports. */
  async function refresh(record: McpServerRecord): Promise<McpServerRecord> {
    if (!record.runId || !isActiveServerStatus(record.status)) return record;
    const run = await runner.describe(record.runId);
    const seen = statusFromRun(record.status, run);
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

  async function startRun(caller: Caller, record: McpServerRecord): Promise<McpServer> {
    const bridgeToken = newToken();
    const { runId } = await runner.start({
      serverId: record.serverId,
      userId: caller.userId,
      packageName: record.packageName,
      environment: await config.environmentOf(record),
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

  async function enable(caller: Caller, serverId: string): Promise<McpServer> {
    const record = await owned(caller, serverId);
    if (!canEnableServer(record.status)) {
      throw new ConflictError(`The server cannot be enabled while it is ${record.status}.`);
    }
    await compute.takeSlot(caller, serverId);
    try {
      return await startRun(caller, record);
    } catch (error) {
      await compute.releaseSlot(caller.userId, serverId);
      throw error;
    }
  }

  async function disable(caller: Caller, serverId: string): Promise<McpServer> {
    const record = await refresh(await owned(caller, serverId));
    if (!canDisableServer(record.status)) {
      throw new ConflictError(`The server cannot be disabled while it is ${record.status}.`);
    }
    return toView(await stopRun(record, 'Disabled by its owner'));
  }

  async function remove(caller: Caller, serverId: string): Promise<void> {
    const record = await refresh(await owned(caller, serverId));
    if (isTransitionalServerStatus(record.status)) {
      throw new ConflictError(`The server cannot be deleted while it is ${record.status}.`);
    }
    if (record.runId) await stopRun(record, 'Deleted by its owner');
    await servers.delete(caller.userId, serverId);
    await compute.releaseSlot(caller.userId, serverId);
  }

  async function list(caller: Caller): Promise<McpServer[]> {
    const records = await servers.listByUser(caller.userId);
    const fresh = await Promise.all(records.map(refresh));
    return fresh.sort((a, b) => a.createdAt - b.createdAt).map(toView);
  }

  async function get(caller: Caller, serverId: string): Promise<McpServer> {
    return toView(await refresh(await owned(caller, serverId)));
  }

  /** The reaper: refreshes every active server, stops those idle past their timeout. */
  async function reap(): Promise<{ checked: number; stopped: number }> {
    let checked = 0;
    let stopped = 0;
    for (const status of ACTIVE_SERVER_STATUSES) {
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
  }

  return { refresh, enable, disable, delete: remove, list, get, reap };
}
