import { updateConversationBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/** PUT /conversations/{id}: metadata (default provider and model) and updatedAt. */
export const handler = httpRoute(
  { params: conversationParams, body: updateConversationBodySchema },
  async ({ caller, params, body }) => ok(await conversationService().update(caller, params.id, body)),
);
