import { createConversationBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /conversations: the owner is the verified caller, whatever the body says. */
export const handler = httpRoute({ body: createConversationBodySchema }, async ({ caller, body }) =>
  created(await conversationService().create(caller, body)),
);
