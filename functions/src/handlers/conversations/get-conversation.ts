import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/** GET /conversations/{id}: the conversation with its messages. */
export const handler = httpRoute({ params: conversationParams }, async ({ caller, params }) =>
  ok(await conversationService().get(caller, params.id)),
);
