import { memoryProposalBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { memoryProposalParams } from './params.js';

/**
 * PUT /conversations/{id}/messages/{messageId}/memory-proposals/{toolCallId} {decision}: Save or
 * Dismiss on a reply's 'Remember this?', kept with the reply (404 for another's conversation, or
 * a call that is no memory proposal).
 */
export const handler = httpRoute(
  { params: memoryProposalParams, body: memoryProposalBodySchema },
  async ({ caller, params, body }) => {
    await conversationService().decideMemoryProposal(
      caller,
      params.id,
      params.messageId,
      params.toolCallId,
      body.decision,
    );
    return noContent();
  },
);
