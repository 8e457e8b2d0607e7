import { randomBytes } from 'node:crypto';
import {
  ACTIVE_SERVER_STATUSES,
  canDisableServer,
  canEnableServer,
  isActiveServerStatus,
  isTransitionalServerStatus,
  LIMIT_MESSAGES,
  type McpServer,
  SERVER_MESSAGES,
  type ServerStopper,
} from '@agentforge/shared';
import { logger } from '../../logger.js';
import type { Caller } from '../caller.js';
import { ConflictError } from '../errors.js';
import type { ComputeUsageService } from './compute-usage.js';
import { isRemote, type McpServerRecord, type McpServerRepository } from './mcp-server.js';
import {
  holdsNoValues,
  instancesOf,
  isPerMember,
  memberInstance,
  runEnvironment,
  runOf,
} from './member-instances.js';
import { memberView, type ServerConfig, toView } from './server-config.js';
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

/** Books a finished run's minutes and forgets the run. */
async function endRun(
  deps: ServerLifecycleDeps,
  record: McpServerRecord,
  changes: Partial<McpServerRecord>,
  endedAt: number,
) {
  await deps.compute.bookRun(record, endedAt);
  await deps.servers.update(
    record.userId,
    record.serverId,
    { ...changes, ...RUN_CLEARED, updatedAt: deps.now() },
    record.status,
  );
}

/** Brings a server with a run up to date with what the runner reports. */
async function refresh(deps: ServerLifecycleDeps, record: McpServerRecord): Promise<McpServerRecord> {
  if (!record.runId || !isActiveServerStatus(record.status)) return record;
  const run = await deps.runner.describe(record.runId);
  const seen = statusFromRun(record.status, run);
  if (seen.ended) {
    // An ended run has no health: its status, and why it ended (an error, or its own idleness).
    const { ended: _, ...changes } = seen;
    await endRun(deps, record, changes, run.stoppedAt ?? deps.now());
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
    await deps.servers.update(
      record.userId,
      record.serverId,
      { ...changes, updatedAt: deps.now() },
      record.status,
    );
  return { ...record, ...changes };
}

async function stopRun(
  deps: ServerLifecycleDeps,
  record: McpServerRecord,
  stop: { by: ServerStopper; reason: string },
): Promise<McpServerRecord> {
  if (!record.runId) {
    await deps.servers.update(record.userId, record.serverId, { stoppedBy: stop.by, updatedAt: deps.now() });
    return { ...record, status: 'disabled', stoppedBy: stop.by };
  }
  await deps.servers.update(
    record.userId,
    record.serverId,
    { status: 'deprovisioning', stoppedBy: stop.by, updatedAt: deps.now() },
    record.status,
  );
  await deps.runner.stop(record.runId, stop.reason);
  return refresh(deps, { ...record, status: 'deprovisioning', stoppedBy: stop.by });
}

async function startRun(
  deps: ServerLifecycleDeps,
  caller: Caller,
  record: McpServerRecord,
  environment: Record<string, string>,
): Promise<McpServerRecord> {
  const bridgeToken = newToken();
  const { runId } = await deps.runner.start({
    serverId: record.serverId,
    userId: caller.userId,
    packageName: record.packageName,
    environment,
    idleTimeoutMinutes: record.idleTimeoutMinutes,
    bridgeToken,
  });
  const changes = {
    status: 'provisioning' as const,
    runId,
    bridgeToken,
    runStartedAt: deps.now(),
    lastError: null,
    stoppedBy: null,
    // A member's instance runs its server's configuration as it is now.
    name: record.name,
    packageName: record.packageName,
    idleTimeoutMinutes: record.idleTimeoutMinutes,
    updatedAt: deps.now(),
  };
  if (!(await deps.servers.update(caller.userId, record.serverId, changes, record.status))) {
    await deps.runner.stop(runId, 'Enabled twice at once');
    throw new ConflictError('The server changed meanwhile. Try again.');
  }
  return refresh(deps, { ...record, ...changes, lastError: undefined, stoppedBy: undefined });
}

/** What the caller sees of a server with its run's state (theirs, for per-member values). */
const viewOf = (server: McpServerRecord, run: McpServerRecord | undefined): McpServer =>
  isPerMember(server) ? memberView(server, run) : toView(run ?? server);

async function enable(deps: ServerLifecycleDeps, caller: Caller, serverId: string): Promise<McpServer> {
  const server = await deps.config.owned(caller, serverId);
  if (isRemote(server)) throw new ConflictError(SERVER_MESSAGES.remoteHasNoRun);
  const record = await runOf(deps.servers, caller, server);
  if (!canEnableServer(record.status)) {
    throw new ConflictError(`The server cannot be enabled while it is ${record.status}.`);
  }
  const environment = await runEnvironment(deps.config, server, record);
  const { name, packageName, idleTimeoutMinutes } = server;
  await deps.compute.takeSlot(caller, record.serverId);
  try {
    const run = { ...record, name, packageName, idleTimeoutMinutes };
    return viewOf(server, await startRun(deps, caller, run, environment));
  } catch (error) {
    await deps.compute.releaseSlot(caller.userId, record.serverId);
    throw error;
  }
}

/** Stops a member's instance (their values changed or went); its record stays. */
async function stopInstance(deps: ServerLifecycleDeps, instance: McpServerRecord): Promise<void> {
  const fresh = await refresh(deps, instance);
  if (fresh.runId) await stopRun(deps, fresh, { by: 'owner', reason: 'Its member changed their values' });
}

async function disable(deps: ServerLifecycleDeps, caller: Caller, serverId: string): Promise<McpServer> {
  const record = await refresh(deps, await deps.config.owned(caller, serverId));
  if (isRemote(record)) throw new ConflictError(SERVER_MESSAGES.remoteHasNoRun);
  if (isPerMember(record)) {
    // Every member's running instance stops; none starts again on demand (stopped by the owner).
    for (const instance of await instancesOf(deps.servers, record)) {
      const fresh = await refresh(deps, instance);
      if (fresh.runId && canDisableServer(fresh.status)) {
        await stopRun(deps, fresh, { by: 'owner', reason: 'Disabled by a team Admin' });
      }
    }
    return viewFor(deps, caller, record);
  }
  if (!canDisableServer(record.status)) {
    throw new ConflictError(`The server cannot be disabled while it is ${record.status}.`);
  }
  return toView(await stopRun(deps, record, { by: 'owner', reason: 'Disabled by its owner' }));
}

async function remove(deps: ServerLifecycleDeps, caller: Caller, serverId: string): Promise<void> {
  const server = await deps.config.owned(caller, serverId);
  const instances = await Promise.all(
    (await instancesOf(deps.servers, server)).map((instance) => refresh(deps, instance)),
  );
  for (const record of [await refresh(deps, server), ...instances]) {
    if (isTransitionalServerStatus(record.status)) {
      throw new ConflictError(`The server cannot be deleted while it is ${record.status}.`);
    }
  }
  for (const record of [...instances, server]) {
    if (record.runId) await stopRun(deps, record, { by: 'owner', reason: 'Deleted by its owner' });
    await deps.servers.delete(record.userId, record.serverId);
    await deps.compute.releaseSlot(record.userId, record.serverId);
  }
}

/** The server as the caller sees it, fresh from the runner (their own instance's, if per member). */
async function viewFor(deps: ServerLifecycleDeps, caller: Caller, server: McpServerRecord) {
  if (!isPerMember(server)) return toView(await refresh(deps, server));
  const instance = await memberInstance(deps.servers, caller, server);
  return memberView(server, instance && (await refresh(deps, instance)));
}

async function list(deps: ServerLifecycleDeps, caller: Caller): Promise<McpServer[]> {
  const servers = (await deps.servers.listByUser(caller.userId))
    .filter((record) => !record.instanceOf)
    .sort((a, b) => a.createdAt - b.createdAt);
  return Promise.all(servers.map((server) => viewFor(deps, caller, server)));
}

async function get(deps: ServerLifecycleDeps, caller: Caller, serverId: string): Promise<McpServer> {
  return viewFor(deps, caller, await deps.config.owned(caller, serverId));
}

/**
 * The reaper: refreshes every active server, stops those idle past their timeout, and those of a
 * user whose plan's compute hours for the month are used up (each user's usage read once a run).
 */
async function reap(deps: ServerLifecycleDeps): Promise<{ checked: number; stopped: number }> {
  let checked = 0;
  let stopped = 0;
  const exhausted = new Map<string, ReturnType<ServerLifecycleDeps['compute']['exhausted']>>();
  const exhaustedPlan = (userId: string) => {
    let plan = exhausted.get(userId);
    if (!plan) {
      plan = deps.compute.exhausted(userId);
      exhausted.set(userId, plan);
    }
    return plan;
  };
  for (const status of ACTIVE_SERVER_STATUSES) {
    for (const record of await deps.servers.listByStatus(status)) {
      checked++;
      const fresh = await refresh(deps, record).catch((error: unknown) => {
        // One server's runner failing must not stop the reaper: it is tried again next minute.
        logger.warn('Reaper could not refresh a server', { serverId: record.serverId, error });
        return record;
      });
      if (fresh.status === 'enabled' && holdsNoValues(fresh)) {
        await stopRun(deps, fresh, { by: 'owner', reason: 'Its member left the team' });
        stopped++;
        continue;
      }
      const lastUse = Math.max(fresh.lastActive ?? 0, fresh.runStartedAt ?? 0);
      if (fresh.status === 'enabled' && deps.now() - lastUse > fresh.idleTimeoutMinutes * 60_000) {
        await stopRun(deps, fresh, {
          by: 'idle',
          reason: `Idle for more than ${fresh.idleTimeoutMinutes} minutes`,
        });
        stopped++;
        continue;
      }
      if (fresh.status !== 'enabled') continue;
      const plan = await exhaustedPlan(fresh.userId).catch((error: unknown) => {
        logger.warn('Reaper could not read a user’s compute usage', { userId: fresh.userId, error });
        return undefined;
      });
      if (plan) {
        await stopRun(deps, fresh, {
          by: 'compute',
          reason: LIMIT_MESSAGES.monthlyCompute(plan.monthlyComputeHours, plan.name ?? 'current'),
        });
        stopped++;
      }
    }
  }
  return { checked, stopped };
}

/** Runs: enabling, disabling and deleting servers, following the runner, stopping idle ones. */
export function createServerLifecycle(deps: ServerLifecycleDeps) {
  return {
    /** Brings a server with a run up to date with what the runner reports. */
    refresh: (record: McpServerRecord) => refresh(deps, record),
    enable: (caller: Caller, serverId: string) => enable(deps, caller, serverId),
    disable: (caller: Caller, serverId: string) => disable(deps, caller, serverId),
    delete: (caller: Caller, serverId: string) => remove(deps, caller, serverId),
    list: (caller: Caller) => list(deps, caller),
    get: (caller: Caller, serverId: string) => get(deps, caller, serverId),
    /** The record the caller's tool calls reach (their instance of a server with per-member values). */
    runOf: async (caller: Caller, serverId: string) =>
      runOf(deps.servers, caller, await deps.config.owned(caller, serverId)),
    stopInstance: (instance: McpServerRecord) => stopInstance(deps, instance),
    /** The reaper: refreshes every active server, stops those idle past their timeout. */
    reap: () => reap(deps),
  };
}
