import { appOrigins } from '../../composition/app-origins.js';
import { automationService } from '../../composition/automations.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, automationParams, automationView, webhookAnswerOf } from './scope.js';

/** POST /automations/{id}/webhook-secret: a new secret (the old URL stops working), its URL answered once. */
export const handler = httpRoute({ params: automationParams }, async ({ caller, params }) => {
  const access = await automationAccess(caller, params.id, 'manage');
  const { automation, webhookSecret } = await audited(
    caller,
    { action: 'automation.webhook_rotated', target: `automation:${params.id}`, team: () => access.teamId },
    () => automationService().rotateWebhookSecret(access.actor, params.id),
  );
  const webhook = webhookAnswerOf(await appOrigins(), automation.automationId, webhookSecret);
  return ok(automationView(automation, access, webhook));
});
