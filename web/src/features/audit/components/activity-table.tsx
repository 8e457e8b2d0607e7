import { AUDIT_ACTION_LABELS, type AuditRecord } from '@agentforge/shared';
import { ScrollRegion } from '../../../components/scroll-region';
import { Tooltip } from '../../../components/tooltip';
import { actorLabel, type NameOf, targetLabel } from '../utils/audit-labels';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The activity records as a table, newest first: each actor and target by name (an e-mail, a
 * server's name, 'You'), the raw target in its title.
 */
export function ActivityTable({
  records,
  caption,
  nameOf,
}: {
  records: readonly AuditRecord[];
  caption: string;
  nameOf: NameOf;
}) {
  return (
    <ScrollRegion label="Activity records" className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
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
              <td className="max-w-56 truncate px-3 py-2" title={record.target}>
                {targetLabel(record.target, nameOf)}
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
              <td className="px-3 py-2">{actorLabel(record, nameOf)}</td>
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
  );
}
