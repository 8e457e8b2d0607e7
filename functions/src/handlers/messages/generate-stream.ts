import { streamQuerySchema } from '@agentforge/shared';
import { chatService } from '../../composition/chat.js';
import { sseRoute } from '../../http/sse-route.js';

/** GET /messages/generate-stream: the assistant's reply, streamed as server-sent events. */
export const handler = sseRoute(streamQuerySchema, (caller, query, admitted) =>
  chatService().start(caller, query, admitted),
);
