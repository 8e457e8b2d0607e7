import { messagePageQuerySchema } from '@agentforge/shared';
import { conversationSharing } from '../../composition/conversation-sharing.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/**
 * GET /conversations/{id}/messages?limit&cursor&order: a page at a time, oldest first or (order=newest)
 * from the latest back (the caller's own conversation, or one shared with their team, read-only).
 */
export const handler = httpRoute(
  { params: conversationParams, query: messagePageQuerySchema },
  async ({ caller, params, query }) => ok(await conversationSharing().listMessages(caller, params.id, query)),
);
