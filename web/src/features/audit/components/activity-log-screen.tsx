import { type AuditExportFormat, type AuditFilters, errorMessage } from '@agentforge/shared';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, DownloadIcon, ShieldCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';
import { download } from '../../chat/utils/conversation-file';
import { teamsQuery } from '../../teams/api/queries';
import { exportAudit, verifyAudit } from '../api/audit';
import { auditLogQuery } from '../api/queries';
import { useAuditNames } from '../hooks/use-audit-names';
import { ActivityFilters, EMPTY_FORM, type FilterForm, filtersOf } from './activity-filters';
import { ActivityTable } from './activity-table';

/**
 * The activity log (issue 13): the signed-in user's own audit records, or a team's where they are
 * an Admin (the scope selector), newest first, filtered by action, actor and dates, a page at a
 * time ('Load more'), exported as CSV or JSON with the same scope and filters.
 */
export function ActivityLogScreen({ userId }: { userId?: string }) {
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [teamId, setTeamId] = useState('');
  // Only the teams where I am an Admin (the server checks the role on every call).
  const adminTeams = (useQuery(teamsQuery()).data?.teams ?? []).filter((team) => team.role === 'admin');
  const team = adminTeams.find((candidate) => candidate.teamId === teamId);
  const scoped = team ? { ...filters, teamId: team.teamId } : filters;
  const log = useInfiniteQuery(auditLogQuery(scoped));
  const exporter = useMutation({
    mutationFn: (format: AuditExportFormat) => exportAudit(scoped, format),
    onSuccess: (file) => download(file.fileName, file.text, file.type),
  });
  // The whole chain of the log shown (filters aside); a verdict is only shown for its own log.
  const verifier = useMutation({
    mutationFn: (scopeTeamId: string) => verifyAudit(scopeTeamId || undefined),
  });
  const verdictShown = verifier.variables === (team?.teamId ?? '');
  const scopeId = useId();
  const nameOf = useAuditNames(userId);
  const records = log.data?.pages.flatMap((page) => page.records) ?? [];

  const clear = () => {
    setForm(EMPTY_FORM);
    setFilters({});
  };

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 px-4">
        <Link
          to="/home"
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <ArrowLeftIcon className="size-4" />
          Back to chat
        </Link>
        <h1 className="text-base font-semibold">Activity log</h1>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 space-y-4 p-4">
        <p className="text-sm text-slate-600">
          {team
            ? `Security-relevant actions in the team ${team.name}: members, invitations, roles, ownership, and the team's servers and keys.`
            : 'Security-relevant actions on your account: sign-ins, API keys, servers, GitHub, agent plans, teams and your subscription.'}{' '}
          Records cannot be changed, and each is linked to the one before it. Dates are whole days in UTC.
        </p>
        {adminTeams.length > 0 ? (
          <div className="max-w-xs space-y-1">
            <label htmlFor={scopeId} className="block text-sm font-medium text-slate-700">
              Whose activity
            </label>
            <select
              id={scopeId}
              value={team?.teamId ?? ''}
              onChange={(event) => setTeamId(event.target.value)}
              className={fieldVariants()}
            >
              <option value="">My activity</option>
              {adminTeams.map((candidate) => (
                <option key={candidate.teamId} value={candidate.teamId}>
                  Team: {candidate.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <ActivityFilters
          form={form}
          userId={userId}
          onChange={setForm}
          onApply={() => setFilters(filtersOf(form))}
          onClear={clear}
        />

        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={exporter.isPending} onClick={() => exporter.mutate('csv')}>
            <DownloadIcon className="size-4" />
            Export CSV
          </Button>
          <Button size="sm" disabled={exporter.isPending} onClick={() => exporter.mutate('json')}>
            <DownloadIcon className="size-4" />
            Export JSON
          </Button>
          {exporter.isPending ? <span className="text-sm text-slate-600">Preparing export…</span> : null}
          <Button size="sm" disabled={verifier.isPending} onClick={() => verifier.mutate(team?.teamId ?? '')}>
            <ShieldCheckIcon className="size-4" />
            Verify integrity
          </Button>
        </div>
        {verdictShown && verifier.isPending ? (
          <p className="text-sm text-slate-600">Checking every record…</p>
        ) : null}
        {verdictShown && verifier.data?.ok === true ? (
          <p role="status" className="text-sm text-emerald-800">
            {verifier.data.count === 0
              ? 'Intact: no records yet.'
              : `Intact: ${verifier.data.count} ${verifier.data.count === 1 ? 'record' : 'records'} checked, each unchanged and linked to the one before.`}
          </p>
        ) : null}
        {verdictShown && verifier.data?.ok === false ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            Tampering detected at record {verifier.data.brokenAt}: {verifier.data.reason}.
          </p>
        ) : null}
        {verdictShown && verifier.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The check failed: {errorMessage(verifier.error)}
          </p>
        ) : null}
        {exporter.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The export failed: {errorMessage(exporter.error)}
          </p>
        ) : null}

        {log.isPending ? (
          <p className="text-sm text-slate-600">Loading activity…</p>
        ) : log.isError ? (
          <div role="alert" className="space-y-2 text-sm text-red-700">
            <p>The activity log could not be loaded: {errorMessage(log.error)}</p>
            <Button size="sm" onClick={() => void log.refetch()}>
              Try again
            </Button>
          </div>
        ) : records.length === 0 ? (
          <p className="text-sm text-slate-600">No activity matches these filters.</p>
        ) : (
          <ActivityTable
            records={records}
            caption={team ? `The team ${team.name}'s activity, newest first` : 'Your activity, newest first'}
            nameOf={nameOf}
          />
        )}
        {log.hasNextPage ? (
          <Button size="sm" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : null}
      </main>
    </div>
  );
}
