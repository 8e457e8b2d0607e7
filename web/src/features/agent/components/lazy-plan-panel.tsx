import { type ComponentProps, lazy, Suspense } from 'react';
import type * as PlanPanelModule from './plan-panel';

let loaded: typeof PlanPanelModule | undefined;
let loading: Promise<typeof PlanPanelModule> | undefined;

function loadPanel(): Promise<typeof PlanPanelModule> {
  loading ??= import('./plan-panel').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const Lazy = lazy(() => loadPanel().then((module) => ({ default: module.PlanPanel })));

/**
 * Loads the plan's panel (its steps, the step editor) ahead: a plan mode chosen, where a goal is
 * about to be planned. A direct chat's first paint goes without it.
 */
export function preloadPlanPanel(): void {
  void loadPanel().catch(() => {});
}

/** The agent's plan panel, its code loaded on first use; at once when already loaded (no blank frame). */
export function PlanPanel(props: ComponentProps<typeof PlanPanelModule.PlanPanel>) {
  if (loaded) return <loaded.PlanPanel {...props} />;
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
