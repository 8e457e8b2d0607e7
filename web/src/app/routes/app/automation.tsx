import { useParams } from 'react-router-dom';
import { AutomationRunsScreen } from '../../../features/automations/components/automation-runs-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Automation' };

/** /automations/:automationId (signed-in): an automation's settings and runs (issue 32). */
export function Component() {
  const { automationId = '' } = useParams();
  return <AutomationRunsScreen key={automationId} id={automationId} />;
}
