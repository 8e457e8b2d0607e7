import type { Automation } from '@agentforge/shared';
import { toastRefusal } from '../../../components/toast/refusal-toast';
import { toast } from '../../../components/toast/toaster-store';
import { useAutomationMutations } from '../api/automations';

export { isPlanLimitRefusal, toastRefusal } from '../../../components/toast/refusal-toast';

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
