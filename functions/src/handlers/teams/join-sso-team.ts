import { teamSso } from '../../composition/team-sso.js';
import { httpRoute, ok } from '../../http/http-route.js';

/**
 * POST /sso/join: the app calls it after a sign-in through a team's single sign-on; the caller, a
 * user of that team's provider (their `cognito:username` says so) with an address at one of its
 * verified domains, joins the team as a User. Anyone else joins nothing.
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
