import {
  canEditServer,
  GITHUB_TOKEN_REFERENCE,
  type McpServer,
  type McpServerConfigBody,
  type PlanLimits,
  serverDisplayText,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import type { McpServerRecord, McpServerRepository } from './mcp-server.js';
import { mergeEnvironment, previewOf } from './secrets-preview.js';

export const SERVER_NOT_FOUND = 'Server not found';
/** Where external MCP clients (Claude Desktop, Cursor, ...) reach a server, under the API base. */
export const EXTERNAL_ENDPOINT_PATH = '/mcp-external';

export interface ServerConfigDeps {
  servers: McpServerRepository;
  cipher: SecretCipher;
  /** The caller's plan limits (Free until billing lands). */
  planOf: (userId: string) => Promise<PlanLimits>;
  /** The user's linked GitHub token, decrypted, if linked (env values may reference it). */
  githubToken: (userId: string) => Promise<string | undefined>;
  newId: () => string;
  now: () => number;
}

/** What the API shows of a server: never its env values, run token or external token hash. */
export function toView(record: McpServerRecord): McpServer {
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
    externalTokenActive: record.externalTokenHash !== undefined,
    ...(record.lastError ? { lastError: record.lastError } : {}),
    ...(record.lastActive ? { lastActive: record.lastActive } : {}),
    ...(record.status === 'disabled' && record.stoppedBy ? { stoppedBy: record.stoppedBy } : {}),
  };
}

const envContext = (record: Pick<McpServerRecord, 'userId' | 'serverId'>) => ({
  purpose: 'mcp-server-env',
  userId: record.userId,
  serverId: record.serverId,
});

async function owned(deps: ServerConfigDeps, caller: Caller, serverId: string): Promise<McpServerRecord> {
  const record = await deps.servers.get(caller.userId, serverId);
  if (!record) throw new NotFoundError(SERVER_NOT_FOUND);
  return record;
}

async function environmentOf(
  deps: ServerConfigDeps,
  record: McpServerRecord,
): Promise<Record<string, string>> {
  if (!record.envCiphertext) return {};
  return JSON.parse(await deps.cipher.decrypt(record.envCiphertext, envContext(record))) as Record<
    string,
    string
  >;
}

export const GITHUB_NOT_LINKED_MESSAGE =
  'This server uses your GitHub account: connect GitHub in Settings, then start it again.';

/**
 * The env values a run gets: a value that references the linked GitHub account becomes the
 * user's token, decrypted here and only here (the stored config keeps the reference).
 */
async function runEnvironmentOf(
  deps: ServerConfigDeps,
  record: McpServerRecord,
): Promise<Record<string, string>> {
  const environment = await environmentOf(deps, record);
  if (!Object.values(environment).includes(GITHUB_TOKEN_REFERENCE)) return environment;
  const token = await deps.githubToken(record.userId);
  if (!token) throw new ConflictError(GITHUB_NOT_LINKED_MESSAGE);
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      value === GITHUB_TOKEN_REFERENCE ? token : value,
    ]),
  );
}

async function encrypted(
  deps: ServerConfigDeps,
  environment: Record<string, string>,
  keys: Parameters<typeof envContext>[0],
) {
  if (!Object.keys(environment).length) return undefined;
  return deps.cipher.encrypt(JSON.stringify(environment), envContext(keys));
}

async function checkTimeout(deps: ServerConfigDeps, userId: string, minutes: number): Promise<void> {
  const plan = await deps.planOf(userId);
  if (minutes > plan.serverTimeoutMinutes) {
    throw new ValidationError(
      `Idle timeout can be at most ${plan.serverTimeoutMinutes} minutes on your plan.`,
    );
  }
}

async function create(deps: ServerConfigDeps, caller: Caller, body: McpServerConfigBody): Promise<McpServer> {
  await checkTimeout(deps, caller.userId, body.idleTimeoutMinutes);
  const keys = { userId: caller.userId, serverId: deps.newId() };
  const environment = body.environmentVariables;
  const envCiphertext = await encrypted(deps, environment, keys);
  const record: McpServerRecord = {
    ...keys,
    name: body.name,
    packageName: body.packageName,
    idleTimeoutMinutes: body.idleTimeoutMinutes,
    envPreview: previewOf(environment),
    ...(envCiphertext ? { envCiphertext } : {}),
    status: 'defined',
    createdAt: deps.now(),
    updatedAt: deps.now(),
  };
  await deps.servers.create(record);
  return toView(record);
}

async function update(
  deps: ServerConfigDeps,
  caller: Caller,
  serverId: string,
  body: McpServerConfigBody,
): Promise<McpServer> {
  const record = await owned(deps, caller, serverId);
  if (!canEditServer(record.status)) {
    throw new ConflictError('A server can be edited only while it is defined, disabled or in error.');
  }
  await checkTimeout(deps, caller.userId, body.idleTimeoutMinutes);
  const environment = mergeEnvironment(
    body.environmentVariables,
    await environmentOf(deps, record),
    record.envPreview,
  );
  const changes = {
    name: body.name,
    packageName: body.packageName,
    idleTimeoutMinutes: body.idleTimeoutMinutes,
    envPreview: previewOf(environment),
    envCiphertext: (await encrypted(deps, environment, record)) ?? null,
    updatedAt: deps.now(),
  };
  if (!(await deps.servers.update(caller.userId, serverId, changes, record.status))) {
    throw new ConflictError('The server changed meanwhile. Try again.');
  }
  return toView({ ...record, ...changes, envCiphertext: changes.envCiphertext ?? undefined });
}

/** A server's configuration: reading it (scoped to its owner), creating and editing it. */
export function createServerConfig(deps: ServerConfigDeps) {
  return {
    /** The caller's server, else NotFoundError (a wrong owner is 404, never someone else's data). */
    owned: (caller: Caller, serverId: string) => owned(deps, caller, serverId),
    toView,
    /**
     * The server's env values, decrypted, with a linked-account reference resolved (for the
     * runner only: the API shows previews).
     */
    environmentOf: (record: McpServerRecord) => runEnvironmentOf(deps, record),
    create: (caller: Caller, body: McpServerConfigBody) => create(deps, caller, body),
    update: (caller: Caller, serverId: string, body: McpServerConfigBody) =>
      update(deps, caller, serverId, body),
  };
}
export type ServerConfig = ReturnType<typeof createServerConfig>;
