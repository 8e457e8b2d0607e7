import { conversationSearchQuerySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /conversations/search?q=&cursor=: the caller's conversations whose title or messages match. */
export const handler = httpRoute({ query: conversationSearchQuerySchema }, async ({ caller, query }) =>
  ok(await conversationService().search(caller, query)),
);
