import type { Caller } from '../caller.js';
import { NotFoundError } from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import { teamOwnerId } from '../teams/roles.js';
import type { TeamMemberships } from '../teams/team-scope.js';
import type { McpServerRepository } from './mcp-server.js';
import { headersOf } from './remote-config.js';
import { SERVER_NOT_FOUND } from './server-config.js';

export interface RemoteTargetDeps {
  servers: Pick<McpServerRepository, 'get'>;
  myTeams: Pick<TeamMemberships, 'teamIdsOf'>;
  cipher: SecretCipher;
}

/**
 * Where the chat reaches a remote server the caller may use (their own, or a team's they are a
 * member of) and the headers it sends, decrypted for this connection only.
 */
export async function remoteTargetOf(deps: RemoteTargetDeps, caller: Caller, serverId: string) {
  const teams = await deps.myTeams.teamIdsOf(caller.userId);
  for (const owner of [caller.userId, ...teams.map(teamOwnerId)]) {
    const record = await deps.servers.get(owner, serverId);
    if (!record || record.instanceOf || record.url === undefined) continue;
    return { url: record.url, headers: await headersOf(deps.cipher, record) };
  }
  throw new NotFoundError(SERVER_NOT_FOUND);
}
