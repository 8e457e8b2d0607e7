import { teamParamsSchema } from '@agentforge/shared';
import { deleteTeam } from '../../composition/account.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/**
 * DELETE /teams/{teamId} (the owner): cancels the team's subscription at Stripe, removes its
 * members, invitations, servers (stopped) and keys, then the team. In the account area: this
 * function holds the grants deleting owned resources takes (the runner, every table, Stripe).
 * `team.deleted` goes to the team's audit chain (kept) and the owner's log.
 */
export const handler = httpRoute({ params: teamParamsSchema }, async ({ caller, params }) => {
  await deleteTeam(caller, params.teamId);
  return noContent();
});
