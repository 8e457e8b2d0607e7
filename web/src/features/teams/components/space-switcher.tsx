import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { teamsQuery } from '../api/queries';
import { useSpaceTeamId } from '../hooks/use-space';
import { setSpaceTeamId } from '../utils/space';

/** Query keys whose answers depend on the space (the Servers view, the model picker). */
const SPACE_QUERY_KEYS = [['servers'], ['providers']] as const;

/**
 * Personal or one of my teams: what the Servers view and the model picker show, and whose plan a
 * new chat is on (a chat stays in the space it was started in).
 */
export function SpaceSwitcher({ className = '' }: { className?: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const teamId = useSpaceTeamId();
  const teams = useQuery(teamsQuery()).data?.teams;

  // A team I left (or was removed from) is no longer a space.
  useEffect(() => {
    if (teamId && teams && !teams.some((team) => team.teamId === teamId)) setSpaceTeamId(undefined);
  }, [teamId, teams]);

  if (!teams || teams.length === 0) return null;
  const change = (value: string) => {
    setSpaceTeamId(value || undefined);
    for (const queryKey of SPACE_QUERY_KEYS) void queryClient.resetQueries({ queryKey: [...queryKey] });
  };
  return (
    <div className={`space-y-1 px-3 pb-1.5 ${className}`}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-500">
        Space
      </label>
      <select
        id={id}
        aria-describedby={`${id}-billing`}
        value={teamId ?? ''}
        onChange={(event) => change(event.target.value)}
        className="block w-full rounded-md border-0 bg-white px-2 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
      >
        <option value="">Personal</option>
        {teams.map((team) => (
          <option key={team.teamId} value={team.teamId}>
            {team.name}
          </option>
        ))}
      </select>
      <p id={`${id}-billing`} className="text-xs text-slate-500">
        {teamId ? "New chats use the team's plan and bill." : 'New chats use your own plan.'}
      </p>
    </div>
  );
}
