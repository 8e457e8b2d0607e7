import { automationService } from '../../composition/automations.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { automationAccess, automationParams } from './scope.js';

/** DELETE /automations/{id}: the automation and its runs (a team's by its Admins). */
export const handler = httpRoute({ params: automationParams }, async ({ caller, params }) => {
  const access = await automationAccess(caller, params.id, 'manage');
  await audited(
    caller,
    {
      action: 'automation.deleted',
      target: `automation:${params.id}`,
      details: (automation) => ({ name: automation.name }),
      team: () => access.teamId,
    },
    () => automationService().remove(access.actor, params.id),
  );
  return noContent();
});
