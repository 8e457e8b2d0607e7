import { useQueries, useQuery } from '@tanstack/react-query';
import { serversQuery } from '../../servers/api/queries';
import { teamQuery, teamsQuery } from '../../teams/api/queries';
import type { NameOf } from '../utils/audit-labels';

/**
 * The names the activity log shows instead of ids: 'You', the e-mails of the members of my teams,
 * my servers' names. What cannot be loaded is simply not named (the id stays, shortened).
 */
export function useAuditNames(userId: string | undefined): NameOf {
  const teams = useQuery(teamsQuery()).data?.teams ?? [];
  const details = useQueries({ queries: teams.map((team) => teamQuery(team.teamId)) });
  const servers = useQuery(serversQuery()).data ?? [];
  const names = new Map<string, string>();
  for (const detail of details) {
    for (const member of detail.data?.members ?? []) names.set(member.userId, member.email);
  }
  for (const server of servers) names.set(server.id, server.name);
  if (userId) names.set(userId, 'You');
  return (id) => names.get(id);
}
