import { githubLinkService } from '../../composition/github.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { exchangeCodeRequestSchema } from './request-schemas.js';

/**
 * POST /api/github/exchange-code: with a state issued to this caller (unused, unexpired), exchanges
 * the code, stores the token encrypted and answers the GitHub username.
 */
export const handler = httpRoute({ body: exchangeCodeRequestSchema }, async ({ body, caller }) =>
  ok(
    await audited(
      caller,
      {
        action: 'github.linked',
        target: (link) => `github:${link.username}`,
        details: (link) => ({ username: link.username }),
      },
      () => githubLinkService().exchangeCode(caller.userId, body.code, body.state),
    ),
  ),
);
