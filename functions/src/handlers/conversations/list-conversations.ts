import { conversationService } from '../../composition/conversations.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /conversations: the caller's conversations, newest first. */
export const handler = httpRoute({}, async ({ caller }) => ok(await conversationService().list(caller)));
