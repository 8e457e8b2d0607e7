import { type Conversation, errorMessage, SHARING_MESSAGES } from '@agentforge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { SelectField } from '../../../components/form/select-field';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/ui/button';
import { teamsQuery } from '../../teams/api/queries';
import { shareConversation, sharedConversationPath } from '../api/conversations';
import { chatKeys, updateCachedConversations } from '../api/queries';

/** The shared conversation's read-only link, absolute (to paste anywhere). */
export const sharedConversationUrl = (id: string) => `${window.location.origin}${sharedConversationPath(id)}`;

/**
 * 'Share with team': the author picks one of their teams (members read it, read-only), copies the
 * read-only link, or stops sharing. The server checks the author and their membership.
 */
export function ShareConversationDialog({
  conversation,
  onClose,
}: {
  conversation: Conversation;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const teams = useQuery(teamsQuery());
  const list = teams.data?.teams ?? [];
  const sharedWith = conversation.sharedWithTeamId;
  // Another team to share with (moving the share), or any when it is not shared yet.
  const choices = list.filter((team) => team.teamId !== sharedWith);
  const [chosen, setChosen] = useState<string | undefined>();
  const teamId = choices.find((team) => team.teamId === chosen)?.teamId ?? choices[0]?.teamId ?? '';
  const linkId = useId();
  const save = useMutation({
    mutationFn: (next: string | null) => shareConversation(conversation, next),
    onSuccess: (saved) => {
      updateCachedConversations(client, (conversations) =>
        conversations.map((candidate) => {
          if (candidate.id !== saved.id) return candidate;
          const { sharedWithTeamId: _team, sharedAt: _at, ...rest } = candidate;
          return saved.sharedWithTeamId
            ? { ...rest, sharedWithTeamId: saved.sharedWithTeamId, sharedAt: saved.sharedAt }
            : rest;
        }),
      );
      void client.invalidateQueries({ queryKey: chatKeys.teamConversations() });
    },
  });
  const sharedName = list.find((team) => team.teamId === sharedWith)?.name ?? 'a team';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (teamId) save.mutate(teamId);
  };

  return (
    <Dialog
      title={SHARING_MESSAGES.dialogTitle}
      description={SHARING_MESSAGES.dialogDescription}
      onClose={onClose}
    >
      <div className="space-y-5">
        {save.error ? <FormBanner message={errorMessage(save.error)} /> : null}
        {sharedWith ? (
          <section
            aria-label="Shared"
            className="space-y-3 rounded-xl bg-indigo-50/60 p-4 ring-1 ring-indigo-100"
          >
            <p className="text-sm font-medium text-slate-900">{SHARING_MESSAGES.sharedWith(sharedName)}</p>
            <div className="space-y-1.5">
              <label htmlFor={linkId} className="block text-sm font-medium text-slate-700">
                {SHARING_MESSAGES.linkLabel}
              </label>
              <div className="flex items-center gap-2">
                <input
                  id={linkId}
                  readOnly
                  value={sharedConversationUrl(conversation.id)}
                  onFocus={(event) => event.currentTarget.select()}
                  className="block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset"
                />
                <CopyButton
                  text={sharedConversationUrl(conversation.id)}
                  what="read-only link"
                  className="bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                />
              </div>
            </div>
            <Button variant="danger" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {SHARING_MESSAGES.stopSharing}
            </Button>
          </section>
        ) : null}
        {teams.isPending ? <Spinner label="Loading teams…" /> : null}
        {teams.error ? <FormBanner message={errorMessage(teams.error)} /> : null}
        {teams.data && list.length === 0 ? (
          <p className="text-sm text-slate-600">
            {SHARING_MESSAGES.noTeams}{' '}
            <Link to="/teams" className="font-medium text-indigo-700 underline underline-offset-4">
              Teams
            </Link>
          </p>
        ) : null}
        {choices.length > 0 ? (
          <form onSubmit={submit} className="space-y-3" aria-label="Choose the team">
            <SelectField
              label="Team"
              value={teamId}
              onChange={(event) => setChosen(event.target.value)}
              options={choices.map((team) => ({ value: team.teamId, label: team.name }))}
            />
            <Button variant="primary" type="submit" disabled={save.isPending || !teamId}>
              {sharedWith ? SHARING_MESSAGES.shareInstead : SHARING_MESSAGES.share}
            </Button>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}
