import { type ComponentProps, lazy, Suspense } from 'react';
import { loadOnce } from '../../../lib/load-once';

const loadPanel = loadOnce(() => import('./plan-panel'));

const Lazy = lazy(() => loadPanel().then((module) => ({ default: module.PlanPanel })));

/**
 * Loads the plan's panel (its steps, the step editor) ahead: a plan mode chosen, where a goal is
 * about to be planned. A direct chat's first paint goes without it.
 */
export function preloadPlanPanel(): void {
  void loadPanel().catch(() => {});
}

/** The agent's plan panel, its code loaded on first use; at once when already loaded (no blank frame). */
export function PlanPanel(props: ComponentProps<typeof import('./plan-panel').PlanPanel>) {
  const loaded = loadPanel.loaded;
  if (loaded) return <loaded.PlanPanel {...props} />;
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
