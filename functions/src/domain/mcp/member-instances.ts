import { SERVER_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError } from '../errors.js';
import type { McpServerRecord, McpServerRepository } from './mcp-server.js';
import type { ServerConfig } from './server-config.js';

/**
 * Team servers with per-member values (hardening 4): an Admin names variables each member supplies;
 * each member's values and run live on a record of their own under the team (an "instance"), so one
 * member's process never holds another's values. These are the helpers the configuration, the runs
 * and the member's values share.
 */

/** Whether the server runs one instance per member. */
export const isPerMember = (record: Pick<McpServerRecord, 'memberVariables'>): boolean =>
  (record.memberVariables?.length ?? 0) > 0;

/** The instance's key beside its server's (`serverId` of the record; a file-path-safe name). */
export const instanceKey = (serverId: string, memberId: string) => `${serverId}--${memberId}`;

/** Every member's instance of the server. */
export async function instancesOf(
  servers: McpServerRepository,
  server: Pick<McpServerRecord, 'userId' | 'serverId'>,
): Promise<McpServerRecord[]> {
  return (await servers.listByUser(server.userId)).filter((record) => record.instanceOf === server.serverId);
}

/**
 * An instance that holds no member's values: its member left or was removed (their values are
 * erased at once), so the reaper stops it at its next run. A member's own 'remove' stops it at once.
 */
export const holdsNoValues = (record: Pick<McpServerRecord, 'instanceOf' | 'envCiphertext'>): boolean =>
  record.instanceOf !== undefined && !record.envCiphertext;

/**
 * A member who left or was removed: their instances of the owner's servers lose their values now
 * (a stopped one goes entirely); a running one is stopped by the reaper's next run (the teams
 * function, which calls this, cannot stop a run). The number of instances ended.
 */
export async function endDepartedMemberInstances(
  servers: Pick<McpServerRepository, 'listByUser' | 'update' | 'delete'>,
  ownerId: string,
  memberId: string,
): Promise<number> {
  const instances = (await servers.listByUser(ownerId)).filter(
    (record) => record.instanceOf !== undefined && record.memberId === memberId,
  );
  for (const instance of instances) {
    if (instance.status === 'defined' || instance.status === 'disabled') {
      await servers.delete(ownerId, instance.serverId);
    } else {
      await servers.update(ownerId, instance.serverId, { envCiphertext: null, envPreview: {} });
    }
  }
  return instances.length;
}

/** The acting member's instance of the server, once they saved values (none for a non-member actor). */
export async function memberInstance(
  servers: McpServerRepository,
  owner: Caller,
  server: Pick<McpServerRecord, 'userId' | 'serverId'>,
): Promise<McpServerRecord | undefined> {
  if (!owner.memberId) return undefined;
  return servers.get(server.userId, instanceKey(server.serverId, owner.memberId));
}

/** The server's per-member variables the instance holds no value for. */
export const missingValues = (
  server: Pick<McpServerRecord, 'memberVariables'>,
  instance: Pick<McpServerRecord, 'envPreview'> | undefined,
): string[] => (server.memberVariables ?? []).filter((name) => !(instance && name in instance.envPreview));

/**
 * The record whose run the caller's calls reach: the server itself, or, for a server with
 * per-member values, the acting member's instance (refused, saying what to supply, until they
 * have given every value).
 */
export async function runOf(
  servers: McpServerRepository,
  caller: Caller,
  server: McpServerRecord,
): Promise<McpServerRecord> {
  if (!isPerMember(server)) return server;
  const instance = await memberInstance(servers, caller, server);
  const missing = missingValues(server, instance);
  if (!instance || missing.length) throw new ConflictError(SERVER_MESSAGES.memberValuesNeeded(missing));
  return instance;
}

/** The env a run gets: the server's (shared) values, and on an instance its member's own. */
export async function runEnvironment(
  config: Pick<ServerConfig, 'environmentOf' | 'storedEnvironmentOf'>,
  server: McpServerRecord,
  run: McpServerRecord,
): Promise<Record<string, string>> {
  const shared = await config.environmentOf(server);
  if (run === server) return shared;
  const own = pick(await config.storedEnvironmentOf(run), server.memberVariables ?? []);
  return { ...shared, ...own };
}

/** Only the named keys of `values`. */
const pick = (values: Record<string, string>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter(([key]) => names.includes(key)));

/** `values` without the named keys. */
export const omit = (values: Record<string, string>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !names.includes(key)));
