import { AUTOMATION_MESSAGES, type AutomationRun } from '@agentforge/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatWhen } from '../utils/automation-text';

type RunApprovalCardProps = {
  run: AutomationRun & { pendingApproval: NonNullable<AutomationRun['pendingApproval']> };
  /** Only whoever may change the automation decides (the owner; a team's Admins). */
  canDecide: boolean;
  busy: boolean;
  onDecide: (decision: 'approve' | 'cancel') => void;
};

/** A run paused before a tool call nobody approved: the call as text, Approve or Cancel. */
export function RunApprovalCard({ run, canDecide, busy, onDecide }: RunApprovalCardProps) {
  const { tool, arguments: args } = run.pendingApproval;
  return (
    <Card asChild className="space-y-3 p-4 ring-amber-300">
      <section aria-label={`Run of ${formatWhen(run.startedAt)} waiting for approval`}>
        <h2 className="font-semibold">{AUTOMATION_MESSAGES.waitingApproval(tool)}</h2>
        <p className="text-sm text-slate-600">Run started {formatWhen(run.startedAt)}. Its arguments:</p>
        <pre className="max-h-64 overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap break-all">
          {JSON.stringify(args, null, 2)}
        </pre>
        {canDecide ? (
          <div className="flex gap-2">
            <Button variant="primary" disabled={busy} onClick={() => onDecide('approve')}>
              Approve
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => onDecide('cancel')}>
              Cancel run
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">The team's Admins approve or cancel it.</p>
        )}
      </section>
    </Card>
  );
}
