import { createAuditLogReader } from '../adapters/dynamodb/audit-log-reader.js';
import { createAuditLogWriter } from '../adapters/dynamodb/audit-log-writer.js';
import { newUlid } from '../adapters/ids/ulid.js';
import { type AuditRecorder, createAuditRecorder } from '../domain/audit/audit-recorder.js';
import { type AuditService, createAuditService } from '../domain/audit/audit-service.js';
import { logger } from '../logger.js';
import { emitMetrics, METRIC } from '../metrics.js';
import { db, env } from './root.js';

let recorder: AuditRecorder | undefined;
/**
 * The audit log's writer (the functions granted `grantAuditWrite`). A record that cannot be
 * written is logged as an error and counted (AuditWriteFailures); the action goes ahead.
 */
export function auditRecorder(): AuditRecorder {
  recorder ??= createAuditRecorder({
    store: createAuditLogWriter(db, env.tables.audit),
    newId: newUlid,
    now: Date.now,
    retentionDays: env.AUDIT_RETENTION_DAYS,
    onWriteFailure: (entry, error) => {
      logger.error('An audit record could not be written', {
        scope: entry.scope,
        action: entry.action,
        target: entry.target,
        outcome: entry.outcome,
        error,
      });
      emitMetrics({ [METRIC.auditWriteFailures]: { value: 1, unit: 'Count' } });
    },
  });
  return recorder;
}

let service: AuditService | undefined;
/** The audit log's reader: GET /audit and its export (granted Query only). */
export function auditService(): AuditService {
  service ??= createAuditService({ reader: createAuditLogReader(db, env.tables.audit), now: Date.now });
  return service;
}
