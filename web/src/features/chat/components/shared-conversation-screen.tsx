import { errorMessage, SHARING_MESSAGES } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { NotFoundScreen } from '../../../components/not-found-screen';
import { LINK_CLASS, PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-error';
import { sharedConversationQuery, sharedMessagesQuery } from '../api/queries';
import { conversationPath } from '../hooks/use-conversation-route';
import { MessageList } from './message-list';

/**
 * /shared/{id}: a conversation shared with a team, read-only for its members: the messages, who
 * shared it with which team, and nothing to write with (no composer, edit, regenerate or delete).
 * Anyone the API does not let read it (not a member, removed, unshared) sees 'page not found'.
 */
export function SharedConversationScreen({ conversationId }: { conversationId: string }) {
  const conversation = useQuery(sharedConversationQuery(conversationId));
  // Read page by page once the conversation is known readable: a whole one may pass 6 MB.
  const messages = useQuery({ ...sharedMessagesQuery(conversationId), enabled: conversation.isSuccess });
  if (conversation.error instanceof ApiError && conversation.error.status === 404) return <NotFoundScreen />;
  const data = conversation.data;
  const view = data?.sharedView;
  return (
    <PageShell
      title={data ? data.title || data.name : 'Shared conversation'}
      aside={
        view ? (
          <Link to="/teams" className={LINK_CLASS}>
            Teams
          </Link>
        ) : data ? (
          <Link to={conversationPath(data.id)} className={LINK_CLASS}>
            Open in chat
          </Link>
        ) : null
      }
    >
      {conversation.isPending || (data && messages.isPending) ? <Spinner /> : null}
      {conversation.error ? <FormBanner message={errorMessage(conversation.error)} /> : null}
      {messages.error ? <FormBanner message={errorMessage(messages.error)} /> : null}
      {data && messages.data ? (
        <>
          <p className="inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900 ring-1 ring-indigo-200">
            <EyeIcon aria-hidden="true" className="size-4" />
            {view ? SHARING_MESSAGES.readOnlyNote(view.authorEmail, view.teamName) : SHARING_MESSAGES.ownNote}
          </p>
          <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <MessageList conversationId={data.id} messages={messages.data} loading={false} replay={null} />
          </div>
        </>
      ) : null}
    </PageShell>
  );
}
