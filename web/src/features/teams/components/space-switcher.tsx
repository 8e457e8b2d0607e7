import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Select } from '../../../components/ui/select';
import { teamsQuery } from '../api/queries';
import { useSpaceTeamId } from '../hooks/use-space';
import { PERSONAL_SPACE_NAME, setSpaceTeamId } from '../utils/space';

/** Query keys whose answers depend on the space (the Servers view, the model picker). */
const SPACE_QUERY_KEYS = [['servers'], ['providers']] as const;

/**
 * Personal or one of my teams, in the top bar: what the conversation list, the Servers view and the
 * model picker show, and whose plan a new chat is on (a chat stays in the space it was started in).
 */
export function SpaceSwitcher() {
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
    <div className="flex min-w-0 shrink items-center gap-1.5">
      <label htmlFor={id} className="flex items-center gap-1 text-xs font-medium text-slate-500">
        <UsersIcon aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Space</span>
      </label>
      <Select
        id={id}
        aria-describedby={`${id}-billing`}
        value={teamId ?? ''}
        onChange={(event) => change(event.target.value)}
        className="max-w-28 min-w-0 py-1.5 sm:max-w-40"
      >
        <option value="">{PERSONAL_SPACE_NAME}</option>
        {teams.map((team) => (
          <option key={team.teamId} value={team.teamId}>
            {team.name}
          </option>
        ))}
      </Select>
      <span id={`${id}-billing`} hidden>
        {teamId ? "New chats use the team's plan and bill." : 'New chats use your own plan.'}
      </span>
    </div>
  );
}
