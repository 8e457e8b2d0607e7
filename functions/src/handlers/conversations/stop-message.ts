import { conversationService } from '../../composition/conversations.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { messageParams } from './params.js';

/**
 * POST /conversations/{id}/messages/{messageId}/stop: "Stop Generating". A client disconnect does
 * not stop a Lambda, so the stream polls the flag this sets and saves what it has.
 */
export const handler = httpRoute({ params: messageParams }, async ({ caller, params }) => {
  await conversationService().stopMessage(caller, params.id, params.messageId);
  return noContent();
});
