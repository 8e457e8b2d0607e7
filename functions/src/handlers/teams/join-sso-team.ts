import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * POST /sso/join: the app calls it after a sign-in through a team's single sign-on; the caller, a
 * user of that team's provider (their `cognito:username` says so) with an address at one of its
 * verified domains, joins the team as a User. A password (or Google) sign-in at a domain a team
 * verified is a 403 that says to sign in through the provider; anyone else joins nothing.
 */
export const handler = httpRoute({}, async ({ caller }) =>
  ok({
    joined: await teamSso().joinAfterSignIn({
      userId: caller.userId,
      email: caller.email,
      username: caller.username ?? '',
    }),
  }),
);
