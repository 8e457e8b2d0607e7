import { createConversationBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { checkAttachable } from '../../composition/knowledge-access.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /conversations: the owner is the verified caller, whatever the body says. */
export const handler = httpRoute({ body: createConversationBodySchema }, async ({ caller, body }) => {
  // The knowledge collections its settings attach: each one the caller may read.
  await checkAttachable(caller, body.settings);
  return created(await conversationService().create(caller, body));
});
