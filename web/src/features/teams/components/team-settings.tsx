import { errorMessage, type TeamSummary } from '@agentforge/shared';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useTeamAction } from '../api/queries';
import { deleteTeam, renameTeam } from '../api/teams';
import { leftTeam } from '../utils/membership';
import { TeamMemory } from './team-memory';

/** Admins rename the team; its owner deletes it (after a confirmation saying what goes). */
export function TeamSettings({ summary }: { summary: TeamSummary }) {
  const [name, setName] = useState(summary.name);
  const rename = useTeamAction(() => renameTeam(summary.teamId, name));
  const remove = useTeamAction(() => deleteTeam(summary.teamId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(undefined);
  };
  const unchanged = name.trim() === summary.name;
  return (
    <Card asChild>
      <section aria-labelledby="team-settings">
        <h2 id="team-settings" className="text-lg font-semibold text-slate-900">
          Team settings
        </h2>
        {rename.error ? <FormBanner message={errorMessage(rename.error)} /> : null}
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Rename the team">
          <div className="min-w-56 flex-1">
            <TextField
              label="Name"
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
              required
            />
          </div>
          <Button type="submit" variant="primary" disabled={rename.isPending || !name.trim() || unchanged}>
            Rename team
          </Button>
        </form>
        {rename.isSuccess && unchanged ? (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Team renamed.
          </p>
        ) : null}
        <TeamMemory teamId={summary.teamId} />
        {summary.isOwner ? (
          <div className="mt-6 border-t border-slate-100 pt-4">
            <h3 className="text-sm font-semibold text-slate-900">Delete team</h3>
            <p className="mt-1 text-sm text-slate-600">
              Deleting the team cancels its subscription and removes its members, servers and provider keys.
            </p>
            {remove.error ? <FormBanner message={errorMessage(remove.error)} /> : null}
            <div className="mt-3">
              <ConfirmDialog
                trigger={
                  <Button variant="danger" disabled={remove.isPending}>
                    {remove.isPending ? 'Deleting…' : 'Delete team'}
                  </Button>
                }
                title={`Delete ${summary.name}?`}
                description={`The team's Teams subscription is cancelled at once (no refund for the rest of the period). Every member loses access; the team's MCP servers are stopped and deleted with its provider keys and pending invitations. Its activity log is kept. This cannot be undone.`}
                confirmLabel="Delete team"
                onConfirm={() => remove.mutate(undefined, { onSuccess: () => leftTeam(summary.teamId) })}
              />
            </div>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
