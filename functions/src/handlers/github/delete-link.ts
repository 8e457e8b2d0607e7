import { githubLinkService } from '../../composition/github.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** DELETE /github/link: revokes the token at GitHub and deletes it. */
export const handler = httpRoute({}, async ({ caller }) => {
  await githubLinkService().unlink(caller.userId);
  return noContent();
});
