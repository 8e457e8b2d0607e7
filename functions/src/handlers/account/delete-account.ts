import { deleteAccountBodySchema } from '@agentforge/shared';
import { accountDeletionJobs } from '../../composition/account.js';
import { audited } from '../../http/audit.js';
import { httpRoute } from '../../http/http-route.js';

/**
 * DELETE /users/me {confirmEmail}: checks, then starts the job deleting everything of the
 * caller's and their sign-in; 202 with the job (GET /users/me/deletion follows it). A waitlisted
 * user may delete their account too.
 */
export const handler = httpRoute(
  { body: deleteAccountBodySchema, access: 'everyone' },
  async ({ caller, body }) => {
    // The record stays in the user's log for its retention: the account existed and was deleted.
    const job = await audited(caller, { action: 'account.deleted', target: `user:${caller.userId}` }, () =>
      accountDeletionJobs().request(caller, body.confirmEmail),
    );
    return { statusCode: 202, body: job };
  },
);
