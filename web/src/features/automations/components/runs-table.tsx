import type { AUTOMATION_RUN_SOURCES, AutomationRun } from '@agentforge/shared';
import { Link } from 'react-router-dom';
import { LINK_CLASS } from '../../../components/page-shell';
import { ScrollRegion } from '../../../components/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDuration, formatWhen } from '../utils/automation-text';
import { RunStatusBadge } from './run-status-badge';

export const SOURCE_LABELS: Readonly<Record<(typeof AUTOMATION_RUN_SOURCES)[number], string>> = {
  schedule: 'Schedule',
  webhook: 'Webhook',
  manual: 'Run now',
};

/** An automation's runs, newest first: status, source, start, duration, tokens, tool calls, reason, result. */
export function RunsTable({ runs }: { runs: AutomationRun[] }) {
  return (
    <ScrollRegion
      label="Runs"
      className="overflow-x-auto rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <Table className="min-w-[44rem]">
        <TableHeader>
          <TableRow>
            <TableHead>Status</TableHead>
            <TableHead>Source</TableHead>
            <TableHead>Started</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead>Tokens</TableHead>
            <TableHead>Tool calls</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Result</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id}>
              <TableCell>
                <RunStatusBadge status={run.status} />
              </TableCell>
              <TableCell>{SOURCE_LABELS[run.source]}</TableCell>
              <TableCell>
                <Link
                  to={`/automations/${encodeURIComponent(run.automationId)}/runs/${encodeURIComponent(run.id)}`}
                  className={LINK_CLASS}
                >
                  {formatWhen(run.startedAt)}
                  <span className="sr-only">: the run's details</span>
                </Link>
              </TableCell>
              <TableCell>{run.durationMs === undefined ? '—' : formatDuration(run.durationMs)}</TableCell>
              <TableCell>{(run.usage.inputTokens + run.usage.outputTokens).toLocaleString()}</TableCell>
              <TableCell>{run.toolCalls}</TableCell>
              <TableCell className="max-w-64 text-slate-700">{run.reason ?? ''}</TableCell>
              <TableCell>
                {run.conversationId ? (
                  <Link to={`/home/c/${encodeURIComponent(run.conversationId)}`} className={LINK_CLASS}>
                    Conversation<span className="sr-only"> of the run of {formatWhen(run.startedAt)}</span>
                  </Link>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
