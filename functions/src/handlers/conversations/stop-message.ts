import { stopMessageBodySchema } from '@agentforge/shared';
import { conversationService } from '../../composition/conversations.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { messageParams } from './params.js';

/**
 * POST /conversations/{id}/messages/{messageId}/stop: "Stop Generating". A client disconnect does
 * not stop a Lambda, so the stream's next save finds the flag this sets, and keeps what the user saw.
 */
export const handler = httpRoute(
  { params: messageParams, body: stopMessageBodySchema },
  async ({ caller, params, body }) => {
    await conversationService().stopMessage(caller, params.id, params.messageId, body?.shownChars);
    return noContent();
  },
);
