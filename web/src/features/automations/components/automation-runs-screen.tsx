import type { AutomationRun } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LINK_CLASS, PageShell } from '../../../components/page-shell';
import { Switch } from '../../../components/switch';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { automationQuery, olderRuns, runsQuery } from '../api/automations';
import { toastRefusal, useAutomationActions } from '../hooks/use-automation-actions';
import { AutomationFormDialog } from './automation-form-dialog';
import { AutomationSummary } from './automation-summary';
import { RunApprovalCard } from './run-approval-card';
import { RunsTable } from './runs-table';
import { WebhookDialog, type WebhookSecretAnswer } from './webhook-dialog';

const waiting = (run: AutomationRun): run is AutomationRun & { pendingApproval: object } =>
  run.status === 'waiting_approval' && run.pendingApproval !== undefined;

/**
 * /automations/:id: an automation's settings and its runs (read again while one is queued or
 * running), a waiting run's approval, Run now, pause or resume, edit, a new webhook URL, delete.
 */
export function AutomationRunsScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const automation = useQuery(automationQuery(id));
  const runs = useQuery(runsQuery(id));
  const actions = useAutomationActions();
  const { mutations } = actions;
  const [older, setOlder] = useState<{ runs: AutomationRun[]; cursor?: string | undefined }>({ runs: [] });
  const [editing, setEditing] = useState(false);
  const [webhook, setWebhook] = useState<WebhookSecretAnswer | null>(null);
  const cursor = older.runs.length ? older.cursor : runs.data?.cursor;
  const shown = [...(runs.data?.runs ?? []), ...older.runs];
  const current = automation.data;

  if (automation.isError) {
    return (
      <PageShell title="Automation">
        <p role="alert" className="text-sm text-red-600">
          {automation.error.message}
        </p>
        <Link to="/automations" className={LINK_CLASS}>
          All automations
        </Link>
      </PageShell>
    );
  }
  if (!current) return <PageShell title="Automation">{null}</PageShell>;

  const { name, editable } = current;
  return (
    <PageShell
      title={name}
      aside={
        <Link to="/automations" className={LINK_CLASS}>
          All automations
        </Link>
      }
    >
      <Card className="space-y-4 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={current.enabled ? 'success' : 'warning'}>
            {current.enabled ? 'Enabled' : 'Paused'}
          </Badge>
          {current.teamId ? <Badge tone="accent">Team</Badge> : null}
          <span className="flex-1" />
          {editable ? (
            <>
              <Switch
                label={`Enable ${name}`}
                checked={current.enabled}
                onChange={(next) => actions.setEnabled(current, next)}
              />
              <Button size="sm" variant="primary" onClick={() => actions.runNow(current)}>
                Run now
              </Button>
              <Button size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
              {current.trigger.type === 'webhook' ? (
                <Button
                  size="sm"
                  disabled={mutations.rotateSecret.isPending}
                  onClick={() =>
                    mutations.rotateSecret.mutate(current.id, {
                      onSuccess: setWebhook,
                      onError: (error) => toastRefusal('No new webhook URL', error),
                    })
                  }
                >
                  New webhook secret
                </Button>
              ) : null}
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="danger">
                    Delete
                  </Button>
                }
                title="Delete this automation?"
                description={`'${name}' stops running${current.teamId ? ' for the whole team' : ''}; its runs' conversations stay.`}
                confirmLabel="Delete"
                onConfirm={() =>
                  mutations.remove.mutate(current, {
                    onSuccess: () => navigate('/automations'),
                    onError: (error) => toastRefusal('The automation could not be deleted', error),
                  })
                }
              />
            </>
          ) : (
            <p className="text-xs text-slate-600">Read-only: the team's Admins change and run it.</p>
          )}
        </div>
        {current.pausedReason ? <p className="text-sm text-amber-800">{current.pausedReason}</p> : null}
        <AutomationSummary automation={current} />
      </Card>
      {shown.filter(waiting).map((run) => (
        <RunApprovalCard
          key={run.id}
          run={run}
          canDecide={editable}
          busy={mutations.decide.isPending}
          onDecide={(decision) =>
            mutations.decide.mutate(
              { run, decision },
              { onError: (error) => toastRefusal('The decision was not applied', error) },
            )
          }
        />
      ))}
      <h2 className="text-lg font-semibold">Runs</h2>
      {runs.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {runs.error.message}
        </p>
      ) : null}
      {runs.isSuccess && shown.length === 0 ? (
        <p className="text-sm text-slate-500">No runs yet: press Run now, or wait for its trigger.</p>
      ) : null}
      {shown.length ? <RunsTable runs={shown} /> : null}
      {cursor ? (
        <Button
          onClick={() =>
            void olderRuns(id, cursor).then((page) =>
              setOlder({ runs: [...older.runs, ...page.runs], cursor: page.cursor }),
            )
          }
        >
          Load older runs
        </Button>
      ) : null}
      {editing ? (
        <AutomationFormDialog
          automation={current}
          onSaved={() => setEditing(false)}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {webhook ? <WebhookDialog answer={webhook} onClose={() => setWebhook(null)} /> : null}
    </PageShell>
  );
}
