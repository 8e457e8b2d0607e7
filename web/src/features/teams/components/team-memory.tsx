import { errorMessage } from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormBanner } from '../../../components/form/form-banner';
import { Switch } from '../../../components/switch';
import { getTeamMemory, setTeamMemory } from '../api/team-memory';

/**
 * Admins: whether members' own memory goes into their replies in the team's space (off until
 * allowed; docs/decisions/chat.md, "Memory"). The facts stay each member's: the team never sees them.
 */
export function TeamMemory({ teamId }: { teamId: string }) {
  const client = useQueryClient();
  const queryKey = ['teams', teamId, 'memory'];
  const setting = useQuery({ queryKey, queryFn: ({ signal }) => getTeamMemory(teamId, signal) });
  const change = useMutation({
    mutationFn: (allowed: boolean) => setTeamMemory(teamId, allowed),
    onSuccess: (saved) => client.setQueryData(queryKey, saved),
  });
  const error = setting.error ?? change.error;
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Memory in the team's space</h3>
          <p className="mt-1 text-sm text-slate-600">
            Members who turned memory on get their own remembered facts in this team's chats. The team never
            sees them.
          </p>
        </div>
        <Switch
          checked={setting.data?.allowed ?? false}
          label="Allow members' memory in this team's space"
          disabled={!setting.data || change.isPending}
          busy={change.isPending}
          onChange={(allowed) => change.mutate(allowed)}
        />
      </div>
      {error ? <FormBanner message={errorMessage(error)} /> : null}
    </div>
  );
}
