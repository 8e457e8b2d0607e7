import { createAreaRouter } from '../../http/area-router.js';
import { handler as createAutomation } from './create-automation.js';
import { handler as decideRunApproval } from './decide-run-approval.js';
import { handler as deleteAutomation } from './delete-automation.js';
import { handler as getAutomation } from './get-automation.js';
import { handler as getRun } from './get-run.js';
import { handler as listAutomations } from './list-automations.js';
import { handler as listRuns } from './list-runs.js';
import { handler as receiveWebhook } from './receive-webhook.js';
import { handler as receiveWebhookPath } from './receive-webhook-path.js';
import { handler as rotateWebhookSecret } from './rotate-webhook-secret.js';
import { handler as runAutomation } from './run-automation.js';
import { handler as schedulePreview } from './schedule-preview.js';
import { handler as setAutomationState } from './set-automation-state.js';
import { handler as updateAutomation } from './update-automation.js';

export const handler = createAreaRouter('automations', {
  listAutomations,
  createAutomation,
  getAutomation,
  updateAutomation,
  setAutomationState,
  deleteAutomation,
  rotateWebhookSecret,
  schedulePreview,
  listRuns,
  getRun,
  receiveWebhook,
  receiveWebhookPath,
  runAutomation,
  decideRunApproval,
});
