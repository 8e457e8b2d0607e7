import type {
  ComputeUsageRepository,
  LimitSlots,
  McpServerRecord,
  McpServerRepository,
} from '../domain/mcp/mcp-server.js';
import type { RunnerStatus, ServerRunner } from '../domain/mcp/server-runner.js';
import type { SecretCipher } from '../domain/secret-cipher.js';

/** In-memory fakes of the MCP ports, for domain unit tests. */
export function inMemoryServers(): McpServerRepository & { records: Map<string, McpServerRecord> } {
  const records = new Map<string, McpServerRecord>();
  const key = (userId: string, serverId: string) => `${userId}/${serverId}`;
  return {
    records,
    create: async (record) => void records.set(key(record.userId, record.serverId), structuredClone(record)),
    get: async (userId, serverId) => structuredClone(records.get(key(userId, serverId))),
    listByUser: async (userId) =>
      [...records.values()].filter((r) => r.userId === userId).map((r) => structuredClone(r)),
    listByStatus: async (status) =>
      [...records.values()].filter((r) => r.status === status).map((r) => structuredClone(r)),
    update: async (userId, serverId, changes, expectedStatus) => {
      const record = records.get(key(userId, serverId));
      if (!record || (expectedStatus && record.status !== expectedStatus)) return false;
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) delete (record as Record<string, unknown>)[name];
        else if (value !== undefined) (record as Record<string, unknown>)[name] = structuredClone(value);
      }
      return true;
    },
    clearExternalToken: async (userId, serverId, tokenHash) => {
      const record = records.get(key(userId, serverId));
      if (record?.externalTokenHash !== tokenHash) return false;
      delete record.externalTokenHash;
      delete record.externalTokenIssuer;
      return true;
    },
    delete: async (userId, serverId) => void records.delete(key(userId, serverId)),
  };
}

export function inMemoryComputeUsage(): ComputeUsageRepository & { minutes: Map<string, number> } {
  const minutes = new Map<string, number>();
  return {
    minutes,
    addComputeMinutes: async (userId, month, added) =>
      void minutes.set(`${userId}/${month}`, (minutes.get(`${userId}/${month}`) ?? 0) + added),
    computeMinutes: async (userId, month) => minutes.get(`${userId}/${month}`) ?? 0,
  };
}

/** Limit slots with the DynamoDB adapter's rules (one holder per slot, inactive holders reclaimed at once). */
export function inMemoryLimitSlots(): LimitSlots & { holders: Map<string, string[]> } {
  const holders = new Map<string, string[]>();
  return {
    holders,
    async take(userId, holder, limit, isActive) {
      const current = holders.get(userId) ?? [];
      if (current.includes(holder)) return true;
      const kept: string[] = [];
      for (const other of current) if (await isActive(other)) kept.push(other);
      holders.set(userId, kept);
      if (kept.length >= limit) return false;
      kept.push(holder);
      return true;
    },
    async release(userId, holder) {
      holders.set(
        userId,
        (holders.get(userId) ?? []).filter((other) => other !== holder),
      );
    },
  };
}

/** A runner whose runs the test moves through their phases by hand. */
export function scriptedRunner(): ServerRunner & {
  runs: Map<string, RunnerStatus & { environment: Record<string, string> }>;
  set(runId: string, status: Partial<RunnerStatus>): void;
} {
  const runs = new Map<string, RunnerStatus & { environment: Record<string, string> }>();
  let next = 0;
  return {
    runs,
    set: (runId, status) => Object.assign(runs.get(runId) ?? {}, status),
    start: async (request) => {
      const runId = `run-${++next}`;
      runs.set(runId, { phase: 'pending', environment: request.environment });
      return { runId };
    },
    describe: async (runId) => runs.get(runId) ?? { phase: 'stopped' },
    stop: async (runId) => {
      const run = runs.get(runId);
      if (run && run.phase !== 'stopped') Object.assign(run, { phase: 'stopped', health: undefined });
    },
  };
}

/** Reversible, context-bound "encryption" for domain tests (the real adapters have their own tests). */
export const fakeCipher: SecretCipher = {
  encrypt: async (plaintext, context) =>
    `enc(${JSON.stringify(context)}):${Buffer.from(plaintext).toString('base64')}`,
  decrypt: async (ciphertext, context) => {
    const prefix = `enc(${JSON.stringify(context)}):`;
    if (!ciphertext.startsWith(prefix)) throw new Error('wrong context');
    return Buffer.from(ciphertext.slice(prefix.length), 'base64').toString();
  },
};
