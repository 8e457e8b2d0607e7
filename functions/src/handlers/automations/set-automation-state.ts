import { automationStatePatchSchema } from '@agentforge/shared';
import { automationService } from '../../composition/automations.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, automationParams, automationView } from './scope.js';

/** PATCH /automations/{id} {enabled}: pauses or resumes it (resuming clears its failure count). */
export const handler = httpRoute(
  { body: automationStatePatchSchema, params: automationParams },
  async ({ body, caller, params }) => {
    const access = await automationAccess(caller, params.id, 'manage');
    const automation = await audited(
      caller,
      {
        action: body.enabled ? 'automation.resumed' : 'automation.paused',
        target: `automation:${params.id}`,
        team: () => access.teamId,
      },
      () => automationService().setEnabled(access.actor, params.id, body.enabled),
    );
    return ok(automationView(automation, access));
  },
);
