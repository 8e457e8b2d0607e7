import { automationInputSchema } from '@agentforge/shared';
import { appOrigins } from '../../composition/app-origins.js';
import { automationService } from '../../composition/automations.js';
import { checkAutomationAttachable } from '../../composition/knowledge-access.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, automationParams, automationView, webhookAnswerOf } from './scope.js';

/** PUT /automations/{id}: replaces its settings (a team's by its Admins); its owner never changes. */
export const handler = httpRoute(
  { body: automationInputSchema, params: automationParams },
  async ({ body, caller, params }) => {
    const access = await automationAccess(caller, params.id, 'manage');
    await checkAutomationAttachable(caller, body.collectionIds, access.teamId);
    const { automation, webhookSecret } = await audited(
      caller,
      {
        action: 'automation.updated',
        target: `automation:${params.id}`,
        details: (result) => ({ name: result.automation.name, trigger: result.automation.trigger.type }),
        team: () => access.teamId,
      },
      () => automationService().update(access.actor, params.id, body),
    );
    const webhook = webhookAnswerOf(await appOrigins(), automation.automationId, webhookSecret);
    return ok(automationView(automation, access, webhook));
  },
);
