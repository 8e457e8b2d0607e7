import { errorMessage, SHARING_MESSAGES } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { Card } from '../../../components/ui/card';
import { sharedConversationPath } from '../../chat/api/conversations';
import { teamConversationsQuery } from '../../chat/api/queries';

/** What the team's members shared with it (read-only links), for every member. */
export function SharedConversations({ teamId }: { teamId: string }) {
  const shared = useQuery(teamConversationsQuery(teamId));
  const list = shared.data ?? [];
  return (
    <Card asChild>
      <section aria-labelledby="team-shared">
        <h2 id="team-shared" className="text-lg font-semibold text-slate-900">
          {SHARING_MESSAGES.teamListTitle}
        </h2>
        {shared.error ? <FormBanner message={errorMessage(shared.error)} /> : null}
        {shared.isPending ? (
          <p className="mt-3 text-sm text-slate-500">Loading shared conversations…</p>
        ) : null}
        {shared.data && list.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">{SHARING_MESSAGES.teamListEmpty}</p>
        ) : null}
        <ul className="mt-3 divide-y divide-slate-100">
          {list.map((conversation) => (
            <li
              key={conversation.id}
              className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
            >
              <Link
                to={sharedConversationPath(conversation.id)}
                className="font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                {conversation.title || conversation.name}
              </Link>
              <span className="text-slate-600">Shared by {conversation.sharedView?.authorEmail}</span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
