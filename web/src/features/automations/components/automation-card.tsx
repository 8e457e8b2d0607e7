import type { Automation } from '@agentforge/shared';
import { Link } from 'react-router-dom';
import { LINK_CLASS } from '../../../components/page-shell';
import { Switch } from '../../../components/switch';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { useAutomationActions } from '../hooks/use-automation-actions';
import { formatWhen, triggerInWords } from '../utils/automation-text';
import { RunStatusBadge } from './run-status-badge';

type AutomationCardProps = {
  automation: Automation;
  actions: ReturnType<typeof useAutomationActions>;
  onEdit: () => void;
};

/** One automation in the list: its trigger, next run, last run, the enabled switch and 'Run now'. */
export function AutomationCard({ automation, actions, onEdit }: AutomationCardProps) {
  const { name, editable, enabled, lastRun } = automation;
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 flex-1 font-semibold break-words">
          <Link to={`/automations/${encodeURIComponent(automation.id)}`} className={LINK_CLASS}>
            {name}
          </Link>
        </h2>
        {automation.teamId ? <Badge tone="accent">Team</Badge> : null}
        <Switch
          label={`Enable ${name}`}
          checked={enabled}
          disabled={!editable}
          onChange={(next) => actions.setEnabled(automation, next)}
        />
        {editable ? (
          <>
            <Button size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="sm" aria-label={`Run ${name} now`} onClick={() => actions.runNow(automation)}>
              Run now
            </Button>
          </>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Trigger</dt>
        <dd>{triggerInWords(automation.trigger)}</dd>
        <dt className="text-slate-500">Next run</dt>
        <dd>
          {!enabled ? 'Paused' : automation.nextRunAt === undefined ? '—' : formatWhen(automation.nextRunAt)}
        </dd>
        <dt className="text-slate-500">Last run</dt>
        <dd>
          {lastRun ? (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <RunStatusBadge status={lastRun.status} />
              <span className="text-slate-600">{formatWhen(lastRun.endedAt ?? lastRun.startedAt)}</span>
              {lastRun.reason ? <span className="text-slate-700">{lastRun.reason}</span> : null}
            </span>
          ) : (
            'Not run yet'
          )}
        </dd>
      </dl>
      {automation.pausedReason ? <p className="text-sm text-amber-800">{automation.pausedReason}</p> : null}
      {editable ? null : (
        <p className="text-xs text-slate-600">Read-only: the team's Admins change and run it.</p>
      )}
    </Card>
  );
}
