import { updateMessageBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { messageParams } from './params.js';

/** PUT /conversations/{id}/messages/{messageId}: a user message's edited text, saved before it is resent. */
export const handler = httpRoute(
  { params: messageParams, body: updateMessageBodySchema },
  async ({ caller, params, body }) =>
    ok(await conversationService().editMessage(caller, params.id, params.messageId, body.content)),
);
