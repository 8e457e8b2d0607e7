import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_SIZE,
  type AuditExportFormat,
  type AuditFilters,
  type AuditPage,
  type AuditRecord,
} from '@agentforge/shared';
import { ValidationError } from '../errors.js';
import type { AuditLogReader, StoredAuditRecord } from './audit.js';
import { toAuditView, toCsv } from './csv.js';
import { type ChainVerdict, verifyChain } from './hash-chain.js';

/** Records read per query, and the most one list page reads before answering with a cursor. */
const READ_BATCH = 100;
/** Verify walks every record: DynamoDB's 1 MB per query holds a thousand of them. */
const VERIFY_BATCH = 1000;
const MAX_READS_PER_PAGE = 20;
const MAX_READS_PER_EXPORT = 200;

/** The time bounds of the filters in epoch ms: a bare date `to` covers its whole day (UTC). */
function boundsOf(filters: AuditFilters): { from?: number; to?: number } {
  const from = filters.from ? Date.parse(filters.from) : undefined;
  const to = filters.to
    ? Date.parse(filters.to) + (/^\d{4}-\d{2}-\d{2}$/.test(filters.to) ? 86_400_000 - 1 : 0)
    : undefined;
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** Whether a record is past its retention (DynamoDB's TTL deletes it some time later: never shown). */
export const isExpired = (record: Pick<StoredAuditRecord, 'expiresAt'>, nowMs: number): boolean =>
  record.expiresAt * 1000 <= nowMs;

/** The records a reader may see: unexpired and matching every filter. */
export function matches(record: StoredAuditRecord, filters: AuditFilters, nowMs: number): boolean {
  if (isExpired(record, nowMs)) return false;
  if (filters.actor && record.actor !== filters.actor) return false;
  if (filters.action && record.action !== filters.action) return false;
  const { from, to } = boundsOf(filters);
  const time = Date.parse(record.time);
  if (from !== undefined && time < from) return false;
  if (to !== undefined && time > to) return false;
  return true;
}

const encodeCursor = (seq: number) => Buffer.from(JSON.stringify({ s: seq })).toString('base64url');
function decodeCursor(cursor: string): number {
  try {
    const { s } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown };
    if (typeof s === 'number' && Number.isInteger(s) && s > 0) return s;
  } catch {
    // answered below
  }
  throw new ValidationError('Invalid cursor');
}

export interface AuditExport {
  contentType: string;
  filename: string;
  body: string;
}

export interface AuditService {
  /** One page of a scope's records, newest first. */
  list(scope: string, filters: AuditFilters & { cursor?: string; limit?: number }): Promise<AuditPage>;
  /** The scope's matching records (the newest AUDIT_EXPORT_LIMIT), oldest first, as CSV or JSON. */
  export(scope: string, filters: AuditFilters, format: AuditExportFormat): Promise<AuditExport>;
  /** Walks the whole chain of a scope (expired records still stored included). */
  verify(scope: string): Promise<ChainVerdict>;
}

export function createAuditService(deps: { reader: AuditLogReader; now: () => number }): AuditService {
  /** Newest first from below `beforeSeq`, stopping once records are older than `from` (time is monotonic). */
  async function* newestFirst(scope: string, filters: AuditFilters, beforeSeq?: number, maxReads = Infinity) {
    const { from } = boundsOf(filters);
    let afterSeq = beforeSeq;
    for (let reads = 0; reads < maxReads; reads++) {
      const { records, more } = await deps.reader.page(scope, {
        order: 'newest',
        ...(afterSeq === undefined ? {} : { afterSeq }),
        limit: READ_BATCH,
      });
      for (const record of records) {
        if (from !== undefined && Date.parse(record.time) < from) return;
        yield record;
      }
      const last = records.at(-1);
      if (!more || !last) return;
      afterSeq = last.seq;
    }
    // Read as much as a page may: the caller continues from the last record read.
    yield 'budget' as const;
  }

  return {
    async list(scope, { cursor, limit = AUDIT_PAGE_SIZE, ...filters }) {
      const now = deps.now();
      const records: AuditRecord[] = [];
      let lastSeq: number | undefined;
      for await (const item of newestFirst(
        scope,
        filters,
        cursor ? decodeCursor(cursor) : undefined,
        MAX_READS_PER_PAGE,
      )) {
        if (item === 'budget') return { records, ...(lastSeq ? { nextCursor: encodeCursor(lastSeq) } : {}) };
        lastSeq = item.seq;
        if (!matches(item, filters, now)) continue;
        records.push(toAuditView(item));
        if (records.length === limit) {
          // More may follow; an empty last page is possible when the page ended exactly there.
          return { records, ...(item.seq > 1 ? { nextCursor: encodeCursor(item.seq) } : {}) };
        }
      }
      return { records };
    },

    async export(scope, filters, format) {
      const now = deps.now();
      const records: AuditRecord[] = [];
      for await (const item of newestFirst(scope, filters, undefined, MAX_READS_PER_EXPORT)) {
        if (item === 'budget') break;
        if (!matches(item, filters, now)) continue;
        records.push(toAuditView(item));
        if (records.length === AUDIT_EXPORT_LIMIT) break;
      }
      records.reverse();
      const stamp = new Date(now).toISOString().slice(0, 10);
      return format === 'json'
        ? {
            contentType: 'application/json; charset=utf-8',
            filename: `activity-log-${stamp}.json`,
            body: `${JSON.stringify(records, null, 2)}\n`,
          }
        : {
            contentType: 'text/csv; charset=utf-8',
            filename: `activity-log-${stamp}.csv`,
            body: toCsv(records),
          };
    },

    verify(scope) {
      const reader = deps.reader;
      async function* oldestFirst() {
        let afterSeq: number | undefined;
        for (;;) {
          const { records, more } = await reader.page(scope, {
            order: 'oldest',
            ...(afterSeq === undefined ? {} : { afterSeq }),
            limit: VERIFY_BATCH,
          });
          yield* records;
          const last = records.at(-1);
          if (!more || !last) return;
          afterSeq = last.seq;
        }
      }
      return verifyChain(oldestFirst());
    },
  };
}
