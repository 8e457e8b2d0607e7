import type { AuditEntry, AuditLogStore, AuditRecord, StoredAuditRecord } from './audit.js';
import { GENESIS_HASH } from './audit.js';
import { hashRecord } from './hash-chain.js';

/** A put that lost its position to a concurrent writer is retried from a fresh head this often. */
export const MAX_APPEND_ATTEMPTS = 25;

export interface AuditRecorderDeps {
  store: AuditLogStore;
  newId: () => string;
  now: () => number;
  /** Records expire this many days after they are written (the stage's audit retention). */
  retentionDays: number;
  /** Told when a record could not be written (logged as an error and counted by the composition). */
  onWriteFailure: (entry: AuditEntry, error: unknown) => void;
  /** Waits between attempts (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
}

export interface AuditRecorder {
  /** Appends the record to its scope's chain; throws when it cannot. */
  append(entry: AuditEntry): Promise<AuditRecord>;
  /**
   * Appends, and never throws (fail open: the action it records has already happened): a write
   * that fails is reported to `onWriteFailure`. Resolves to the record, or undefined.
   */
  record(entry: AuditEntry): Promise<AuditRecord | undefined>;
}

const DAY_SECONDS = 86_400;

export function createAuditRecorder(deps: AuditRecorderDeps): AuditRecorder {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  function next(entry: AuditEntry, head: StoredAuditRecord | undefined): StoredAuditRecord {
    // Time never goes backwards along a chain, so readers may stop at a `from` date.
    const at = Math.max(deps.now(), head ? Date.parse(head.time) : 0);
    const content: Omit<StoredAuditRecord, 'hash'> = {
      id: deps.newId(),
      scope: entry.scope,
      seq: (head?.seq ?? 0) + 1,
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      time: new Date(at).toISOString(),
      sourceIp: entry.client.sourceIp,
      userAgent: entry.client.userAgent,
      outcome: entry.outcome,
      details: entry.details ?? {},
      prevHash: head?.hash ?? GENESIS_HASH,
      expiresAt: Math.floor(at / 1000) + deps.retentionDays * DAY_SECONDS,
    };
    return { ...content, hash: hashRecord(content) };
  }

  async function append(entry: AuditEntry): Promise<AuditRecord> {
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
      const record = next(entry, await deps.store.head(entry.scope));
      if (await deps.store.append(record)) return record;
      // Another record took this position: back off a little (with jitter) and link to it.
      await sleep(Math.random() * 10 * attempt);
    }
    throw new Error(`Audit chain ${entry.scope}: no free position after ${MAX_APPEND_ATTEMPTS} attempts`);
  }

  return {
    append,
    async record(entry) {
      try {
        return await append(entry);
      } catch (error) {
        deps.onWriteFailure(entry, error);
        return undefined;
      }
    },
  };
}
