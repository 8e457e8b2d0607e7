import * as z from 'zod';
import { attachmentService } from '../../composition/attachments.js';
import { conversationSharing } from '../../composition/conversation-sharing.js';
import { found, httpRoute, ok } from '../../http/http-route.js';
import { attachmentParams } from './params.js';

const query = z.object({ redirect: z.enum(['true', 'false']).default('true') }).strict();

/**
 * GET /conversations/{id}/attachments/{attachmentId}: 302 to a presigned GET (one minute) served
 * with the stored type, images inline and every other file as a download. `?redirect=false`
 * answers `{url, expiresAt}` instead (the web app fetches the URL itself: a browser following a
 * redirect to another origin handles the Authorization header and CORS differently by vendor).
 * Another user's attachment, or one of another conversation, is 404, unless the conversation is
 * shared with a team of the caller's: a member reads its files as they read its messages.
 */
export const handler = httpRoute({ params: attachmentParams, query }, async ({ caller, params, query }) => {
  const { record } = await conversationSharing().readable(caller, params.id);
  // The files are stored under their author; the read was allowed above.
  const owner = { ...caller, userId: record.userId };
  const download = await attachmentService().downloadUrl(owner, params.id, params.attachmentId);
  return query.redirect === 'false' ? ok(download) : found(download.url);
});
