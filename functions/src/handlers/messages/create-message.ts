import { createMessageBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /messages: saves a message in one of the caller's conversations. */
export const handler = httpRoute({ body: createMessageBodySchema }, async ({ caller, body }) =>
  created(await conversationService().addMessage(caller, body)),
);
