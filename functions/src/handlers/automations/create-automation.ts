import { automationInputSchema } from '@agentforge/shared';
import { appOrigins } from '../../composition/app-origins.js';
import { automationService } from '../../composition/automations.js';
import { checkAutomationAttachable } from '../../composition/knowledge-access.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { automationView, spaceAccess, webhookAnswerOf } from './scope.js';

/**
 * POST /automations: a new automation of the caller's, or with `teamId` the team's (its Admins);
 * the plan's limit error (429, with 'Upgrade Plan') past its count or schedule frequency. A webhook trigger's URL is answered this once.
 */
export const handler = httpRoute({ body: automationInputSchema }, async ({ body, caller }) => {
  const access = await spaceAccess(caller, body.teamId, 'manage');
  await checkAutomationAttachable(caller, body.collectionIds, access.teamId);
  const { automation, webhookSecret } = await audited(
    caller,
    {
      action: 'automation.created',
      target: (result) => `automation:${result.automation.automationId}`,
      details: (result) => ({ name: result.automation.name, trigger: result.automation.trigger.type }),
      team: () => access.teamId,
    },
    () => automationService().create(access.actor, body),
  );
  const webhook = webhookAnswerOf(await appOrigins(), automation.automationId, webhookSecret);
  return created(automationView(automation, access, webhook));
});
