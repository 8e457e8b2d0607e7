import { githubLinkService } from '../../composition/github.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** DELETE /github/link: revokes the token at GitHub and deletes it. */
export const handler = httpRoute({}, async ({ caller }) => {
  await audited(caller, { action: 'github.unlinked', target: 'github' }, () =>
    githubLinkService().unlink(caller.userId),
  );
  return noContent();
});
