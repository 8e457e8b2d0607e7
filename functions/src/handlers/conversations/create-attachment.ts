import { createUploadBodySchema } from '@agentforge/shared';
import { attachmentService } from '../../composition/attachments.js';
import { created, httpRoute } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/**
 * POST /conversations/{id}/attachments: a presigned PUT (5 minutes) for one file of the caller's
 * conversation; its type and size are bound in the signature. The file goes straight to storage.
 */
export const handler = httpRoute(
  { params: conversationParams, body: createUploadBodySchema },
  async ({ caller, params, body }) =>
    created(await attachmentService().createUpload(caller, params.id, body)),
);
