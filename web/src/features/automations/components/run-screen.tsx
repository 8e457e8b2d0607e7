import type { AutomationRun } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LINK_CLASS, PageShell } from '../../../components/page-shell';
import { Card } from '../../../components/ui/card';
import { automationQuery, runQuery, useAutomationMutations } from '../api/automations';
import { toastRefusal } from '../hooks/use-automation-actions';
import { formatDuration, formatWhen } from '../utils/automation-text';
import { RunApprovalCard } from './run-approval-card';
import { RunStatusBadge } from './run-status-badge';
import { SOURCE_LABELS } from './runs-table';

/** The run's facts, as terms. */
function RunFacts({ run }: { run: AutomationRun }) {
  const rows: [string, ReactNode][] = [
    ['Status', <RunStatusBadge key="status" status={run.status} />],
    ['Source', SOURCE_LABELS[run.source]],
    ['Started', formatWhen(run.startedAt)],
    ['Ended', run.endedAt === undefined ? '—' : formatWhen(run.endedAt)],
    ['Duration', run.durationMs === undefined ? '—' : formatDuration(run.durationMs)],
    ['Tokens', (run.usage.inputTokens + run.usage.outputTokens).toLocaleString()],
    ['Tool calls', String(run.toolCalls)],
    ['Reason', run.reason ?? '—'],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /automations/:id/runs/:runId: one run, its facts, its conversation, the call it waits on, and a
 * webhook's body as its input (shown as text: it is untrusted, the model was told so).
 */
export function RunScreen({ automationId, runId }: { automationId: string; runId: string }) {
  const automation = useQuery(automationQuery(automationId));
  const run = useQuery(runQuery(automationId, runId));
  const { decide } = useAutomationMutations();
  const back = (
    <Link to={`/automations/${encodeURIComponent(automationId)}`} className={LINK_CLASS}>
      {automation.data ? `All runs of ${automation.data.name}` : 'All runs'}
    </Link>
  );
  if (run.isError) {
    return (
      <PageShell title="Run" aside={back}>
        <p role="alert" className="text-sm text-red-600">
          {run.error.message}
        </p>
      </PageShell>
    );
  }
  const current = run.data;
  if (!current) return <PageShell title="Run">{null}</PageShell>;
  const { pendingApproval } = current;
  return (
    <PageShell title={`Run of ${formatWhen(current.startedAt)}`} aside={back}>
      <Card className="space-y-3 p-4">
        <RunFacts run={current} />
        {current.conversationId ? (
          <Link to={`/home/c/${encodeURIComponent(current.conversationId)}`} className={LINK_CLASS}>
            Open the run's conversation
          </Link>
        ) : null}
      </Card>
      {current.status === 'waiting_approval' && pendingApproval ? (
        <RunApprovalCard
          run={{ ...current, pendingApproval }}
          canDecide={automation.data?.editable === true}
          busy={decide.isPending}
          onDecide={(decision) =>
            decide.mutate(
              { run: current, decision },
              { onError: (error) => toastRefusal('The decision was not applied', error) },
            )
          }
        />
      ) : null}
      {current.input === undefined ? null : (
        <Card asChild className="space-y-2 p-4">
          <section aria-label="Input">
            <h2 className="font-semibold">Input</h2>
            <p className="text-sm text-slate-600">
              The webhook's body, given to the model as untrusted data.
            </p>
            <pre className="max-h-96 overflow-auto rounded-lg bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap">
              {current.input}
            </pre>
          </section>
        </Card>
      )}
    </PageShell>
  );
}
