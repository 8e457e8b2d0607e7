import { describe, expect, it } from 'vitest';
import { auditExportQuerySchema, auditListQuerySchema } from './audit';

describe('the audit query schemas', () => {
  it('take the filters, an opaque cursor and a page size', () => {
    expect(
      auditListQuerySchema.parse({
        action: 'api_key.created',
        actor: ' u1 ',
        from: '2026-11-01',
        to: '2026-11-23T10:00:00Z',
        cursor: 'eyJzIjo0fQ',
        limit: '20',
      }),
    ).toEqual({
      action: 'api_key.created',
      actor: 'u1',
      from: '2026-11-01',
      to: '2026-11-23T10:00:00Z',
      cursor: 'eyJzIjo0fQ',
      limit: 20,
    });
    expect(auditExportQuerySchema.parse({})).toEqual({ format: 'csv' });
  });

  it('refuse unknown parameters (a scope is not the caller’s to pick) and bad values', () => {
    for (const bad of [
      { teamId: 'not/an-id' },
      { teamId: '' },
      { scope: 'user#someone' },
      { action: 'nope' },
      { from: 'yesterday' },
      { cursor: 'a b' },
      { limit: '0' },
      { limit: '101' },
    ]) {
      expect(auditListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(auditExportQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
    // A team id is accepted (the handler checks the caller is its Admin).
    expect(auditListQuerySchema.parse({ teamId: 't1' })).toEqual({ teamId: 't1' });
    expect(auditExportQuerySchema.parse({ teamId: 't1' })).toEqual({ teamId: 't1', format: 'csv' });
  });
});
