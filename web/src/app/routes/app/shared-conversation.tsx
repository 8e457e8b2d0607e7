import { useParams } from 'react-router-dom';
import { SharedConversationScreen } from '../../../features/chat/components/shared-conversation-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Shared conversation' };

/** /shared/{conversationId} (signed-in): a conversation shared with a team, read-only. */
export function Component() {
  const { conversationId = '' } = useParams();
  return <SharedConversationScreen key={conversationId} conversationId={conversationId} />;
}
