import { synthesisBodySchema } from '@agentforge/shared';
import { speechService } from '../../composition/speech.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /speech/synthesis: a part of a reply as MP3, with the caller's (or their team's) OpenAI key. */
export const handler = httpRoute({ body: synthesisBodySchema }, async ({ caller, body }) =>
  ok(await speechService().synthesize(caller, body)),
);
