import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import type { RouteHandle } from '../../route-handle';

// The screens load from here, not from the route table: the table (in every page's first load)
// then lists this small module's chunks only, not the screens'.
const AutomationsScreen = lazy(() =>
  import('../../../features/automations/components/automations-screen').then((module) => ({
    default: module.AutomationsScreen,
  })),
);
const AutomationRunsScreen = lazy(() =>
  import('../../../features/automations/components/automation-runs-screen').then((module) => ({
    default: module.AutomationRunsScreen,
  })),
);

export const handle: RouteHandle = { title: 'Automations' };

/** /automations (signed-in): the space's automations (issue 32), from the sidebar. */
export function Component() {
  return <AutomationsScreen />;
}

function AutomationPage() {
  const { automationId = '' } = useParams();
  return <AutomationRunsScreen key={automationId} id={automationId} />;
}

/** /automations/:automationId (signed-in): an automation's settings and runs. */
export const automationPage = {
  Component: AutomationPage,
  handle: { title: 'Automation' } satisfies RouteHandle,
};
