import { listConversationsQuerySchema } from '@agentforge/shared';
import { conversationSharing } from '../../composition/conversation-sharing.js';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * GET /conversations: the caller's conversations, newest first; `?teamId=` lists those shared with
 * that team instead (its current members only; 404 for anyone else), without messages.
 */
export const handler = httpRoute({ query: listConversationsQuerySchema }, async ({ caller, query }) =>
  ok(
    query.teamId
      ? await conversationSharing().listShared(caller, query.teamId)
      : await conversationService().list(caller),
  ),
);
