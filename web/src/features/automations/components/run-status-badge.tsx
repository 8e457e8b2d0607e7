import { AUTOMATION_RUN_STATUS_LABELS, type AutomationRunStatus } from '@agentforge/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Readonly<Record<AutomationRunStatus, BadgeTone>> = {
  queued: 'neutral',
  running: 'info',
  waiting_approval: 'warning',
  succeeded: 'success',
  failed: 'danger',
  stopped: 'warning',
  cancelled: 'outline',
};

/** A run's status in the contract's words; the colour only repeats it. */
export function RunStatusBadge({ status }: { status: AutomationRunStatus }) {
  return <Badge tone={TONES[status]}>{AUTOMATION_RUN_STATUS_LABELS[status]}</Badge>;
}
