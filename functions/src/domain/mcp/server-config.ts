import {
  canEditServer,
  GITHUB_TOKEN_REFERENCE,
  isActiveServerStatus,
  type McpServer,
  type McpServerConfigBody,
  type PlanLimits,
  SERVER_MESSAGES,
  serverDisplayText,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import { TEAM_OWNER_PREFIX } from '../teams/roles.js';
import { isRemote, type McpServerRecord, type McpServerRepository } from './mcp-server.js';
import { instancesOf, isPerMember, omit } from './member-instances.js';
import { isRemoteBody, type RemoteBody, remoteFields, withoutNulls } from './remote-config.js';
import { mergeEnvironment, previewOf } from './secrets-preview.js';

export const SERVER_NOT_FOUND = 'Server not found';
/** A remote server's card: it has no run whose state to show. */
const REMOTE_SERVER_TEXT = 'Remote';
/** Where external MCP clients (Claude Desktop, Cursor, ...) reach a server, under the API base. */
export const EXTERNAL_ENDPOINT_PATH = '/mcp-external';

export interface ServerConfigDeps {
  servers: McpServerRepository;
  cipher: SecretCipher;
  /** The caller's plan limits (Free until billing lands). */
  planOf: (userId: string) => Promise<PlanLimits>;
  /** The user's linked GitHub token, decrypted, if linked (env values may reference it). */
  githubToken: (userId: string) => Promise<string | undefined>;
  /**
   * Refuses a remote server's URL the outbound guard would refuse (ValidationError): on AWS a
   * private, loopback or metadata address; http anywhere but this machine's loopback locally.
   */
  checkRemoteUrl: (url: string) => Promise<void>;
  newId: () => string;
  now: () => number;
}

/** What the API shows of a server: never its env values, run token or external token hash. */
export function toView(record: McpServerRecord): McpServer {
  return {
    id: record.serverId,
    name: record.name,
    kind: isRemote(record) ? 'remote' : 'package',
    packageName: record.packageName,
    ...(record.url !== undefined ? { url: record.url, headers: record.headersPreview ?? {} } : {}),
    idleTimeoutMinutes: record.idleTimeoutMinutes,
    environmentVariables: record.envPreview,
    status: record.status,
    displayStatus: isRemote(record)
      ? REMOTE_SERVER_TEXT
      : serverDisplayText(record.status, record.healthStatus, record.stoppedBy),
    ...(record.healthStatus ? { healthStatus: record.healthStatus } : {}),
    // Relative to the API base (the web app knows its origin; the API cannot without a deploy cycle).
    endpoint: `${EXTERNAL_ENDPOINT_PATH}/${record.serverId}`,
    externalTokenActive: record.externalTokenHash !== undefined,
    ...(record.lastError ? { lastError: record.lastError } : {}),
    ...(record.lastActive ? { lastActive: record.lastActive } : {}),
    ...(record.status === 'disabled' && record.stoppedBy ? { stoppedBy: record.stoppedBy } : {}),
    ...(isPerMember(record) ? { memberVariables: record.memberVariables } : {}),
    ...(record.toolPolicy ? { toolPolicy: record.toolPolicy } : {}),
  };
}

/**
 * What a member sees of a server with per-member values: its configuration (the shared values
 * masked), their own instance's run (defined before their first), and their own values masked.
 */
export function memberView(server: McpServerRecord, instance: McpServerRecord | undefined): McpServer {
  const run = instance ?? { status: 'defined' as const };
  return {
    ...toView({
      ...server,
      status: run.status,
      healthStatus: instance?.healthStatus,
      lastError: instance?.lastError,
      lastActive: instance?.lastActive,
      stoppedBy: instance?.stoppedBy,
    }),
    myValues: instance?.envPreview ?? {},
  };
}

const envContext = (record: Pick<McpServerRecord, 'userId' | 'serverId'>) => ({
  purpose: 'mcp-server-env',
  userId: record.userId,
  serverId: record.serverId,
});
async function owned(deps: ServerConfigDeps, caller: Caller, serverId: string): Promise<McpServerRecord> {
  const record = await deps.servers.get(caller.userId, serverId);
  // A member's instance is reached only through its server, as that member.
  if (!record || record.instanceOf) throw new NotFoundError(SERVER_NOT_FOUND);
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

const EDIT_REFUSED = 'A server can be edited only while it is defined, disabled or in error.';

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

/** Per-member variables are a team server's; no shared value is kept for them. */
function sharedEnvironment(caller: Caller, body: McpServerConfigBody): Record<string, string> {
  const memberVariables = body.memberVariables ?? [];
  if (memberVariables.length && !caller.userId.startsWith(TEAM_OWNER_PREFIX)) {
    throw new ValidationError(SERVER_MESSAGES.memberValuesOnlyForTeams);
  }
  return omit(body.environmentVariables, memberVariables);
}

async function createRemote(deps: ServerConfigDeps, caller: Caller, body: RemoteBody): Promise<McpServer> {
  const keys = { userId: caller.userId, serverId: deps.newId() };
  const record: McpServerRecord = {
    ...keys,
    name: body.name,
    idleTimeoutMinutes: body.idleTimeoutMinutes,
    ...withoutNulls(await remoteFields(deps, body, keys)),
    status: 'defined',
    createdAt: deps.now(),
    updatedAt: deps.now(),
  };
  await deps.servers.create(record);
  return toView(record);
}

async function create(deps: ServerConfigDeps, caller: Caller, body: McpServerConfigBody): Promise<McpServer> {
  // A remote server has no run: the plan's idle timeout does not apply.
  if (isRemoteBody(body)) return createRemote(deps, caller, body);
  await checkTimeout(deps, caller.userId, body.idleTimeoutMinutes);
  const keys = { userId: caller.userId, serverId: deps.newId() };
  const environment = sharedEnvironment(caller, body);
  const envCiphertext = await encrypted(deps, environment, keys);
  const record: McpServerRecord = {
    ...keys,
    name: body.name,
    packageName: body.packageName,
    idleTimeoutMinutes: body.idleTimeoutMinutes,
    envPreview: previewOf(environment),
    ...(body.memberVariables?.length ? { memberVariables: body.memberVariables } : {}),
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
  if (!canEditServer(record.status)) throw new ConflictError(EDIT_REFUSED);
  if (!isRemoteBody(body)) await checkTimeout(deps, caller.userId, body.idleTimeoutMinutes);
  const instances = await instancesOf(deps.servers, record);
  // Members' instances run the configuration they started with: edit once they stopped.
  if (instances.some((instance) => isActiveServerStatus(instance.status))) {
    throw new ConflictError(EDIT_REFUSED);
  }
  const changes = {
    name: body.name,
    idleTimeoutMinutes: body.idleTimeoutMinutes,
    ...(isRemoteBody(body)
      ? await remoteFields(deps, body, record, record)
      : await packageFields(deps, caller, body, record)),
    updatedAt: deps.now(),
  };
  if (!(await deps.servers.update(caller.userId, serverId, changes, record.status))) {
    throw new ConflictError('The server changed meanwhile. Try again.');
  }
  // Shared again: the members' own values have no use left.
  if (!body.memberVariables?.length) {
    for (const instance of instances) await deps.servers.delete(instance.userId, instance.serverId);
  }
  const { url, headersPreview, headersCiphertext, envCiphertext, memberVariables, ...rest } = {
    ...record,
    ...changes,
  };
  return toView({
    ...rest,
    ...withoutNulls({ url, headersPreview, headersCiphertext, envCiphertext, memberVariables }),
  });
}

/** A hosted package's fields over a stored record (a remote server edited into one loses its URL). */
async function packageFields(
  deps: ServerConfigDeps,
  caller: Caller,
  body: McpServerConfigBody,
  record: McpServerRecord,
) {
  const environment = mergeEnvironment(
    sharedEnvironment(caller, body),
    await environmentOf(deps, record),
    record.envPreview,
  );
  return {
    packageName: body.packageName,
    envPreview: previewOf(environment),
    envCiphertext: (await encrypted(deps, environment, record)) ?? null,
    memberVariables: body.memberVariables?.length ? body.memberVariables : null,
    url: null,
    headersPreview: null,
    headersCiphertext: null,
  };
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
    /** A record's stored values, decrypted as they are (a member's instance: their own values). */
    storedEnvironmentOf: (record: McpServerRecord) => environmentOf(deps, record),
    /** `environment` encrypted for the record (bound to its keys), none when empty. */
    encrypt: (environment: Record<string, string>, keys: Pick<McpServerRecord, 'userId' | 'serverId'>) =>
      encrypted(deps, environment, keys),
    create: (caller: Caller, body: McpServerConfigBody) => create(deps, caller, body),
    update: (caller: Caller, serverId: string, body: McpServerConfigBody) =>
      update(deps, caller, serverId, body),
  };
}
export type ServerConfig = ReturnType<typeof createServerConfig>;
