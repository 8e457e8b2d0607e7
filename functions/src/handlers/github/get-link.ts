import { githubLinkService } from '../../composition/github.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /github/link: whether the caller linked GitHub, and as whom. Never the token. */
export const handler = httpRoute({}, async ({ caller }) =>
  ok(await githubLinkService().status(caller.userId)),
);
