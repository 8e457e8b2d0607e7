import { conversationSharing } from '../../composition/conversation-sharing.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/**
 * GET /conversations/{id}: the conversation with its messages: the caller's own, or one shared
 * with a team the caller (and its author) belongs to now, read-only (`sharedView` says by whom).
 */
export const handler = httpRoute({ params: conversationParams }, async ({ caller, params }) =>
  ok(await conversationSharing().get(caller, params.id)),
);
