import { deleteAccountBodySchema } from '@agentforge/shared';
import { accountDeletion } from '../../composition/account.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/**
 * DELETE /users/me {confirmEmail}: deletes everything of the caller's and their sign-in. A
 * waitlisted user may delete their account too.
 */
export const handler = httpRoute(
  { body: deleteAccountBodySchema, access: 'everyone' },
  async ({ caller, body }) => {
    // The record stays in the user's log for its retention: the account existed and was deleted.
    await audited(caller, { action: 'account.deleted', target: `user:${caller.userId}` }, () =>
      accountDeletion().deleteAccount(caller, body.confirmEmail),
    );
    return noContent();
  },
);
