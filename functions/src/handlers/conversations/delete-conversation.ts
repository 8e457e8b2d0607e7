import { conversationService } from '../../composition/conversations.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/** DELETE /conversations/{id}: the conversation and all its messages. */
export const handler = httpRoute({ params: conversationParams }, async ({ caller, params }) => {
  await conversationService().delete(caller, params.id);
  return noContent();
});
