import { isActiveServerStatus, type McpServer, SERVER_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ValidationError } from '../errors.js';
import type { McpServerRecord, McpServerRepository } from './mcp-server.js';
import { instanceKey, isPerMember, memberInstance, missingValues } from './member-instances.js';
import { mergeEnvironment, previewOf } from './secrets-preview.js';
import { memberView, type ServerConfig } from './server-config.js';

export interface MemberValuesDeps {
  servers: McpServerRepository;
  config: ServerConfig;
  /** Stops the instance's run, if it has one (a run keeps the values it started with). */
  stopInstance: (instance: McpServerRecord) => Promise<void>;
  releaseSlot: (userId: string, holder: string) => Promise<void>;
  now: () => number;
}

/**
 * A member's own values for a team server's per-member variables: encrypted on their instance's
 * record (bound to its keys), shown back only masked and only to them, given to their instance
 * alone when it starts. Changing or removing them stops that instance's run.
 */
export function createMemberValues(deps: MemberValuesDeps) {
  async function serverWithMemberValues(owner: Caller, serverId: string) {
    const server = await deps.config.owned(owner, serverId);
    if (!isPerMember(server) || !owner.memberId) throw new ValidationError(SERVER_MESSAGES.noMemberVariables);
    return { server, memberId: owner.memberId, instance: await memberInstance(deps.servers, owner, server) };
  }

  async function stopped(instance: McpServerRecord | undefined) {
    if (instance && isActiveServerStatus(instance.status)) await deps.stopInstance(instance);
  }

  return {
    async save(owner: Caller, serverId: string, submitted: Record<string, string>): Promise<McpServer> {
      const { server, memberId, instance } = await serverWithMemberValues(owner, serverId);
      const names = server.memberVariables ?? [];
      const unknown = Object.keys(submitted).find((name) => !names.includes(name));
      if (unknown) throw new ValidationError(SERVER_MESSAGES.unknownMemberVariable(unknown));
      const stored = instance ? await deps.config.storedEnvironmentOf(instance) : {};
      const given = Object.fromEntries(Object.entries(submitted).filter(([, value]) => value !== ''));
      const values = mergeEnvironment(given, stored, instance?.envPreview ?? {});
      const missing = missingValues(server, { envPreview: values });
      if (missing.length) throw new ValidationError(SERVER_MESSAGES.memberValuesRequired(missing));

      const keys = { userId: server.userId, serverId: instanceKey(server.serverId, memberId) };
      const envCiphertext = (await deps.config.encrypt(values, keys)) as string;
      const envPreview = previewOf(values);
      await stopped(instance);
      if (instance) {
        // Not stopped by anyone: the next use starts it with the new values.
        await deps.servers.update(keys.userId, keys.serverId, {
          envCiphertext,
          envPreview,
          stoppedBy: null,
          updatedAt: deps.now(),
        });
        return memberView(server, await deps.servers.get(keys.userId, keys.serverId));
      }
      const created: McpServerRecord = {
        ...keys,
        instanceOf: server.serverId,
        memberId,
        name: server.name,
        packageName: server.packageName,
        idleTimeoutMinutes: server.idleTimeoutMinutes,
        envPreview,
        envCiphertext,
        status: 'defined',
        createdAt: deps.now(),
        updatedAt: deps.now(),
      };
      await deps.servers.create(created);
      return memberView(server, created);
    },

    async remove(owner: Caller, serverId: string): Promise<McpServer> {
      const { server, instance } = await serverWithMemberValues(owner, serverId);
      if (instance) {
        await stopped(instance);
        await deps.servers.delete(instance.userId, instance.serverId);
        await deps.releaseSlot(instance.userId, instance.serverId);
      }
      return memberView(server, undefined);
    },
  };
}
