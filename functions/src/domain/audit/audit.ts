import type { AuditAction, AuditDetails, AuditOutcome, AuditRecord } from '@agentforge/shared';

/**
 * The audit log's model (issue 13). A record belongs to a scope (`user#<sub>` or `team#<teamId>`,
 * its team's), holds its place in the scope's chain (`seq`, 1, 2, ...) and the SHA-256 of the
 * previous record, and is written once with a conditional put on its key (scope, seq): the put
 * that loses a race for a position re-reads the head and tries the next one, so each scope's
 * chain stays linear without a transaction (dynalite, the local DynamoDB, has none).
 */
export type { AuditAction, AuditDetails, AuditOutcome, AuditRecord };

/** A record as stored: the API's view plus its expiry (epoch seconds, DynamoDB's TTL attribute). */
export interface StoredAuditRecord extends AuditRecord {
  expiresAt: number;
}

/** The chain's first link: the previous hash of a scope's first record. */
export const GENESIS_HASH = '0'.repeat(64);

/** A user's own log. */
export const userScope = (userId: string): string => `user#${userId}`;
/** A team's log (its Admins read it): a chain of its own. */
export const teamAuditScope = (teamId: string): string => `team#${teamId}`;

/** Where the request came from: API Gateway's source IP and the User-Agent header. */
export interface AuditClient {
  sourceIp: string;
  userAgent: string;
}

/** An unknown source (a Cognito trigger carries neither; a webhook's source is the sender's). */
export const UNKNOWN_CLIENT: AuditClient = { sourceIp: 'unknown', userAgent: 'unknown' };

/** What a caller of the recorder says; the recorder adds id, seq, time, hashes and expiry. */
export interface AuditEntry {
  scope: string;
  actor: string;
  action: AuditAction;
  target: string;
  outcome: AuditOutcome;
  client: AuditClient;
  details?: AuditDetails;
}

/** The audit table, as the writer sees it: the head of a chain, and a put that never overwrites. */
export interface AuditLogStore {
  /** The record with the highest seq of the scope (consistent read), or undefined. */
  head(scope: string): Promise<StoredAuditRecord | undefined>;
  /** Writes the record where its (scope, seq) is free; false if another record took it. */
  append(record: StoredAuditRecord): Promise<boolean>;
}

/** The audit table, as the reader sees it: a scope's records page by page, by seq. */
export interface AuditLogReader {
  page(
    scope: string,
    options: { order: 'newest' | 'oldest'; afterSeq?: number; limit: number },
  ): Promise<{ records: StoredAuditRecord[]; more: boolean }>;
}
