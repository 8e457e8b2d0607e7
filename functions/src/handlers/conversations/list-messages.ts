import * as z from 'zod';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(512).optional(),
});

/** GET /conversations/{id}/messages?limit&cursor: oldest first, a page at a time. */
export const handler = httpRoute(
  { params: conversationParams, query: pageQuery },
  async ({ caller, params, query }) => ok(await conversationService().listMessages(caller, params.id, query)),
);
