import * as z from 'zod';
import { conversationSharing } from '../../composition/conversation-sharing.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(512).optional(),
});

/**
 * GET /conversations/{id}/messages?limit&cursor: oldest first, a page at a time (the caller's own
 * conversation, or one shared with their team, read-only).
 */
export const handler = httpRoute(
  { params: conversationParams, query: pageQuery },
  async ({ caller, params, query }) => ok(await conversationSharing().listMessages(caller, params.id, query)),
);
