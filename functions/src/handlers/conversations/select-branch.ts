import { selectBranchBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/**
 * PUT /conversations/{id}/branch: the branch through a message of the caller's conversation is the
 * one shown (and the one the next reply continues).
 */
export const handler = httpRoute(
  { params: conversationParams, body: selectBranchBodySchema },
  async ({ caller, params, body }) => {
    await conversationService().selectBranch(caller, params.id, body.messageId);
    return noContent();
  },
);
