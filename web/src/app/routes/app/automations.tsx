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

const RunScreen = lazy(() =>
  import('../../../features/automations/components/run-screen').then((module) => ({
    default: module.RunScreen,
  })),
);

export const handle: RouteHandle = { title: 'Automations' };

/** /automations (signed-in): the space's automations (issue 32), from the sidebar. */
export function Component() {
  return <AutomationsScreen />;
}

/** A run's page under its automation's route (`runs/:runId`), so /home's route table stays as it was. */
const RUN_PATH = /^runs\/([^/]+)$/;

function AutomationPage() {
  const { automationId = '', '*': rest = '' } = useParams();
  const runId = RUN_PATH.exec(rest)?.[1];
  if (runId) return <RunScreen key={runId} automationId={automationId} runId={runId} />;
  return <AutomationRunsScreen key={automationId} id={automationId} />;
}

/**
 * /automations/:automationId (signed-in): an automation's settings and runs; and
 * /automations/:automationId/runs/:runId: one run, with its webhook input.
 */
export const automationPage = {
  Component: AutomationPage,
  handle: { title: 'Automation' } satisfies RouteHandle,
};
