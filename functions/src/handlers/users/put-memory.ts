import { memorySettingsBodySchema } from '@agentforge/shared';
import { memoryService } from '../../composition/memory.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /users/memory {enabled}: turns the caller's memory on or off; answers the memory. */
export const handler = httpRoute({ body: memorySettingsBodySchema }, async ({ caller, body }) =>
  ok(await memoryService().setEnabled(caller, body.enabled)),
);
