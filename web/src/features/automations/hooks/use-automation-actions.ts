import { type Automation, PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { toast } from '../../../components/toast/toaster-store';
import { ApiError } from '../../../lib/api-error';
import { useAutomationMutations } from '../api/automations';

/**
 * A refusal by a plan limit (its body's `code`). billing/utils/plan-limit.ts says the same for the
 * chat's streams too; importing it here would split it out of /home's chunk (its weight budget).
 */
export const isPlanLimitRefusal = (error: unknown) =>
  error instanceof ApiError && (error.data as { code?: unknown } | null)?.code === PLAN_LIMIT_ERROR_CODE;

/** The toast of a refused change: a plan limit's with 'Upgrade Plan' (as every plan refusal), any other with its reason. */
export function toastRefusal(title: string, error: unknown): void {
  const description = error instanceof Error ? error.message : String(error);
  if (isPlanLimitRefusal(error)) {
    toast({
      variant: 'destructive',
      title: 'Plan limit reached',
      description,
      action: { label: 'Upgrade Plan', to: '/pricing' },
    });
  } else toast({ variant: 'destructive', title, description });
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
