import { githubLinkService } from '../../composition/github.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { authorizeUrlRequestSchema } from './request-schemas.js';

/** POST /github/authorize-url: issues a single-use state to the caller; answers GitHub's authorize URL. */
export const handler = httpRoute({ body: authorizeUrlRequestSchema }, async ({ body, caller }) =>
  ok(await githubLinkService().authorizeUrl(caller.userId, body.targetAppId)),
);
