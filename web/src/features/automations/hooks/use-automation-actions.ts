import type { Automation } from '@agentforge/shared';
import { toast } from '../../../components/toast/toaster-store';
import { PLAN_LIMIT_TITLE, toastPlanLimit } from '../../billing/utils/plan-limit';
import { useAutomationMutations } from '../api/automations';

/** The toast of a refused change: a plan limit's with 'Upgrade Plan', any other with its reason. */
export function toastRefusal(title: string, error: unknown): void {
  if (toastPlanLimit(PLAN_LIMIT_TITLE, error)) return;
  toast({
    variant: 'destructive',
    title,
    description: error instanceof Error ? error.message : String(error),
  });
}

/** 'Run now' and the enabled switch, each saying so when the API refuses. */
export function useAutomationActions() {
  const mutations = useAutomationMutations();
  return {
    mutations,
    runNow: (automation: Automation) =>
      mutations.runNow.mutate(automation.id, {
        onSuccess: () =>
          toast({
            title: 'Run queued',
            description: `'${automation.name}' runs now.`,
            action: { label: 'View runs', to: `/automations/${encodeURIComponent(automation.id)}` },
          }),
        onError: (error) => toastRefusal('The run could not start', error),
      }),
    setEnabled: (automation: Automation, enabled: boolean) =>
      mutations.setEnabled.mutate(
        { id: automation.id, enabled },
        { onError: (error) => toastRefusal(enabled ? 'Could not resume it' : 'Could not pause it', error) },
      ),
  };
}
