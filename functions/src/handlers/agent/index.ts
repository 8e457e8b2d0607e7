import { createAreaRouter } from '../../http/area-router.js';
import { handler as cancelPlan } from './cancel-plan.js';
import { handler as confirmPlanStep } from './confirm-plan-step.js';
import { handler as getPlan } from './get-plan.js';
import { handler as listPlans } from './list-plans.js';
import { handler as updatePlanStep } from './update-plan-step.js';

export const handler = createAreaRouter('agent', {
  listPlans,
  getPlan,
  updatePlanStep,
  confirmPlanStep,
  cancelPlan,
});
