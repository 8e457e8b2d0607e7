import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditExportFormat,
  type AuditFilters,
  type AuditRecord,
  errorMessage,
} from '@agentforge/shared';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, DownloadIcon, ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ScrollRegion } from '../../../components/scroll-region';
import { Tooltip } from '../../../components/tooltip';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';
import { download } from '../../chat/utils/conversation-file';
import { teamsQuery } from '../../teams/api/queries';
import { exportAudit, verifyAudit } from '../api/audit';
import { auditLogQuery } from '../api/queries';

/** What a record's actor reads as: you, a service, or the id. */
function actorLabel(record: AuditRecord, userId: string | undefined): string {
  if (record.actor === 'system:stripe') return 'Stripe (billing)';
  if (userId && record.actor === userId) return 'You';
  return record.actor;
}

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

interface FilterForm {
  action: AuditAction | '';
  actor: string;
  from: string;
  to: string;
}
const EMPTY_FORM: FilterForm = { action: '', actor: '', from: '', to: '' };

function filtersOf(form: FilterForm): AuditFilters {
  return {
    ...(form.action ? { action: form.action } : {}),
    ...(form.actor.trim() ? { actor: form.actor.trim() } : {}),
    ...(form.from ? { from: form.from } : {}),
    ...(form.to ? { to: form.to } : {}),
  };
}

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
  const ids = { scope: useId(), action: useId(), actor: useId(), from: useId(), to: useId() };
  const records = log.data?.pages.flatMap((page) => page.records) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(form));
  };
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
            <label htmlFor={ids.scope} className="block text-sm font-medium text-slate-700">
              Whose activity
            </label>
            <select
              id={ids.scope}
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
        <form
          onSubmit={apply}
          aria-label="Filter the activity log"
          className="grid gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
        >
          <div className="space-y-1">
            <label htmlFor={ids.action} className="block text-sm font-medium text-slate-700">
              Action
            </label>
            <select
              id={ids.action}
              value={form.action}
              onChange={(event) => setForm({ ...form, action: event.target.value as AuditAction | '' })}
              className={fieldVariants()}
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.actor} className="block text-sm font-medium text-slate-700">
              Actor
            </label>
            <select
              id={ids.actor}
              value={form.actor}
              onChange={(event) => setForm({ ...form, actor: event.target.value })}
              className={fieldVariants()}
            >
              <option value="">Anyone</option>
              {userId ? <option value={userId}>You</option> : null}
              <option value="system:stripe">Stripe (billing)</option>
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.from} className="block text-sm font-medium text-slate-700">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              value={form.from}
              onChange={(event) => setForm({ ...form, from: event.target.value })}
              className={fieldVariants()}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.to} className="block text-sm font-medium text-slate-700">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              value={form.to}
              min={form.from || undefined}
              onChange={(event) => setForm({ ...form, to: event.target.value })}
              className={fieldVariants()}
            />
          </div>
          <div className="flex items-end gap-2">
            <button
              type="submit"
              className="inline-flex items-center rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-slate-700"
            >
              Apply filters
            </button>
            <Button size="sm" onClick={clear}>
              Clear
            </Button>
          </div>
        </form>

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
          <ScrollRegion label="Activity records" className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {team ? `The team ${team.name}'s activity, newest first` : 'Your activity, newest first'}
              </caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Time
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Action
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Target
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Outcome
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Actor
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {records.map((record) => (
                  <tr key={record.id}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={record.time}>{formatTime(record.time)}</time>
                    </td>
                    <td className="px-3 py-2">{AUDIT_ACTION_LABELS[record.action]}</td>
                    <td className="max-w-56 truncate px-3 py-2 font-mono text-xs" title={record.target}>
                      {record.target || '—'}
                    </td>
                    <td className="px-3 py-2">
                      <span
                        className={
                          record.outcome === 'success'
                            ? 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800'
                            : 'rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800'
                        }
                      >
                        {record.outcome === 'success' ? 'Success' : 'Failure'}
                      </span>
                    </td>
                    <td className="px-3 py-2">{actorLabel(record, userId)}</td>
                    <td className="px-3 py-2">
                      <Tooltip content={record.userAgent}>
                        <button
                          type="button"
                          className="rounded text-left font-mono text-xs underline decoration-dotted"
                        >
                          {record.sourceIp}
                          <span className="sr-only">, {record.userAgent}</span>
                        </button>
                      </Tooltip>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
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
