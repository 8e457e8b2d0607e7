import { parseTeamProviderId } from '@agentforge/shared';
import type { CredentialsSource } from '../chat/model-resolver.js';
import { teamOwnerId } from './roles.js';
import type { TeamMemberships } from './team-scope.js';

/**
 * The chat's credentials with team keys: a provider id `team:<teamId>:<providerId>` (from GET
 * /api-keys/providers?teamId=) is the team's key while the caller is a member, read from our records
 * at every request, so a removed member loses it at once. The key is decrypted only to call the
 * provider; members never see it. Any other id is the caller's own, as before.
 */
export function createTeamCredentials(
  own: CredentialsSource,
  myTeams: Pick<TeamMemberships, 'teamIdsOf'>,
): CredentialsSource {
  return {
    async resolveCredentials(userId, providerId) {
      const team = parseTeamProviderId(providerId);
      if (!team) return own.resolveCredentials(userId, providerId);
      if (!(await myTeams.teamIdsOf(userId)).includes(team.teamId)) return undefined;
      const credentials = await own.resolveCredentials(teamOwnerId(team.teamId), team.providerId);
      // A team key or nothing: the platform's models are used under their own ids, on the caller's plan.
      return credentials?.provider === 'bedrock' ? undefined : credentials;
    },
  };
}
