import { accountDeletionJobs } from '../../composition/account.js';
import { httpRoute } from '../../http/http-route.js';

/**
 * GET /users/me/deletion: the caller's deletion job. Readable with the token of the account it
 * deleted (`deletedToo`), so the page that asked sees it end before it signs out.
 */
export const handler = httpRoute({ access: 'deletedToo' }, async ({ caller }) => ({
  statusCode: 200,
  body: await accountDeletionJobs().status(caller),
}));
