import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getTeam, getTeamUsage, listInvitations, listTeamKeys, listTeams } from './teams';

export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  team: (teamId: string) => [...teamKeys.all, 'team', teamId] as const,
  invitations: (teamId: string) => [...teamKeys.all, 'invitations', teamId] as const,
  usage: (teamId: string) => [...teamKeys.all, 'usage', teamId] as const,
  keys: (teamId: string) => [...teamKeys.all, 'keys', teamId] as const,
};

export const teamKeysQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.keys(teamId), queryFn: ({ signal }) => listTeamKeys(teamId, signal) });

export const teamUsageQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.usage(teamId), queryFn: ({ signal }) => getTeamUsage(teamId, signal) });

export const teamsQuery = () =>
  queryOptions({ queryKey: teamKeys.list(), queryFn: ({ signal }) => listTeams(signal) });

export const teamQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.team(teamId), queryFn: ({ signal }) => getTeam(teamId, signal) });

export const invitationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.invitations(teamId),
    queryFn: ({ signal }) => listInvitations(teamId, signal),
  });

/** A team action: on success every teams query is read again (members, roles, invitations, my teams). */
export function useTeamAction<TArgs, TResult>(action: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
