import { createHash } from 'node:crypto';
import { GENESIS_HASH, type StoredAuditRecord } from './audit.js';

/** JSON with object keys sorted at every level: the same record always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of every field of the record but its own hash, the previous hash included. */
export function hashRecord(record: Omit<StoredAuditRecord, 'hash'> & { hash?: string }): string {
  const { hash: _ignored, ...content } = record;
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

export type ChainVerdict =
  | {
      ok: true;
      /** Records checked. */
      count: number;
      /** The first seq present (above 1 once the oldest records expired). */
      startsAt?: number;
      headSeq?: number;
    }
  | { ok: false; count: number; brokenAt: number; reason: string };

/**
 * Walks a scope's records oldest first and reports the first broken link: a record whose content
 * no longer gives its hash (edited), a previous hash that is not the previous record's hash
 * (edited or replaced before it), or a gap in the positions (deleted). A chain may start above
 * seq 1 (records expired), but a seq-1 record must link to the genesis hash.
 */
export async function verifyChain(records: AsyncIterable<StoredAuditRecord>): Promise<ChainVerdict> {
  let previous: StoredAuditRecord | undefined;
  let count = 0;
  let startsAt: number | undefined;
  for await (const record of records) {
    const broken = (reason: string): ChainVerdict => ({ ok: false, count, brokenAt: record.seq, reason });
    if (hashRecord(record) !== record.hash) return broken('its content does not match its hash');
    if (previous) {
      if (record.seq !== previous.seq + 1) return broken(`record ${previous.seq + 1} is missing`);
      if (record.prevHash !== previous.hash) return broken('it does not link to the previous record');
    } else {
      startsAt = record.seq;
      if (record.seq === 1 && record.prevHash !== GENESIS_HASH)
        return broken('the first record has no genesis link');
    }
    previous = record;
    count++;
  }
  return { ok: true, count, ...(startsAt === undefined ? {} : { startsAt, headSeq: previous?.seq }) };
}
