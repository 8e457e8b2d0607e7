import type { AuditAction } from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  type AuditEntry,
  type AuditLogReader,
  type AuditLogStore,
  GENESIS_HASH,
  type StoredAuditRecord,
} from './audit.js';
import { createAuditRecorder, MAX_APPEND_ATTEMPTS } from './audit-recorder.js';
import { createAuditService, isExpired, matches } from './audit-service.js';
import { csvCell, toCsv } from './csv.js';
import { canonicalJson, hashRecord, verifyChain } from './hash-chain.js';

/** The audit table in memory: conditional puts on (scope, seq), pages by seq. */
function memoryTable() {
  const items = new Map<string, StoredAuditRecord>();
  const key = (scope: string, seq: number) => `${scope}|${String(seq).padStart(10, '0')}`;
  const ofScope = (scope: string) =>
    [...items.entries()]
      .filter(([k]) => k.startsWith(`${scope}|`))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, record]) => record);
  const store: AuditLogStore = {
    head: async (scope) => ofScope(scope).at(-1),
    append: async (record) => {
      await Promise.resolve();
      const k = key(record.scope, record.seq);
      if (items.has(k)) return false;
      items.set(k, structuredClone(record));
      return true;
    },
  };
  const reader: AuditLogReader = {
    page: async (scope, { order, afterSeq, limit }) => {
      let records = ofScope(scope);
      if (order === 'newest') records = records.reverse();
      if (afterSeq !== undefined)
        records = records.filter((r) => (order === 'newest' ? r.seq < afterSeq : r.seq > afterSeq));
      return {
        records: records.slice(0, limit).map((r) => structuredClone(r)),
        more: records.length > limit,
      };
    },
  };
  return { items, store, reader, ofScope, key };
}

const entry = (action: AuditAction = 'api_key.created', extra: Partial<AuditEntry> = {}): AuditEntry => ({
  scope: 'user#u1',
  actor: 'u1',
  action,
  target: 'api-key:k1',
  outcome: 'success',
  client: { sourceIp: '203.0.113.9', userAgent: 'vitest' },
  ...extra,
});

function setup(now = () => Date.parse('2026-11-23T10:00:00.000Z')) {
  const table = memoryTable();
  let id = 0;
  const failures: unknown[] = [];
  const recorder = createAuditRecorder({
    store: table.store,
    newId: () => `id-${++id}`,
    now,
    retentionDays: 365,
    onWriteFailure: (_entry, error) => failures.push(error),
    sleep: async () => {},
  });
  const service = createAuditService({ reader: table.reader, now });
  return { table, recorder, service, failures };
}

describe('the hash chain', () => {
  it('hashes canonical JSON: key order does not matter, every field does', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    const record = { seq: 1, target: 'x' } as StoredAuditRecord;
    expect(hashRecord(record)).toBe(hashRecord({ target: 'x', seq: 1 } as StoredAuditRecord));
    expect(hashRecord({ ...record, target: 'y' })).not.toBe(hashRecord(record));
  });

  it('links each record to the previous one, from the genesis hash', async () => {
    const { recorder, table } = setup();
    const first = await recorder.append(entry());
    const second = await recorder.append(entry('api_key.deleted'));
    expect(first).toMatchObject({ seq: 1, prevHash: GENESIS_HASH, id: 'id-1' });
    expect(second).toMatchObject({ seq: 2, prevHash: first.hash });
    expect(second.hash).toBe(hashRecord(table.ofScope('user#u1')[1] as StoredAuditRecord));
    expect(table.ofScope('user#u1')[0]?.expiresAt).toBe(
      Date.parse('2026-11-23T10:00:00Z') / 1000 + 365 * 86_400,
    );
  });

  it('keeps one linear chain under concurrent writes (a lost position is retried from the new head)', async () => {
    const { recorder, service, table } = setup();
    await Promise.all(Array.from({ length: 8 }, () => recorder.append(entry())));
    const records = table.ofScope('user#u1');
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await service.verify('user#u1')).toEqual({ ok: true, count: 8, startsAt: 1, headSeq: 8 });
  });

  it('never lets time go backwards along a chain', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const { recorder } = setup(() => now);
    await recorder.append(entry());
    now -= 60_000; // a clock behind the previous writer's
    expect((await recorder.append(entry())).time).toBe('2026-11-23T10:00:00.000Z');
  });

  it('verify reports the first broken link: an edited record, a replaced link, a deleted record', async () => {
    const edited = setup();
    for (let i = 0; i < 4; i++) await edited.recorder.append(entry());
    const second = edited.table.items.get(edited.table.key('user#u1', 2)) as StoredAuditRecord;
    second.outcome = 'failure';
    expect(await edited.service.verify('user#u1')).toMatchObject({ ok: false, brokenAt: 2, count: 1 });

    // Rehashing the edited record does not help: the next one still links to the original.
    second.hash = hashRecord(second);
    expect(await edited.service.verify('user#u1')).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: 'it does not link to the previous record',
    });

    const deleted = setup();
    for (let i = 0; i < 4; i++) await deleted.recorder.append(entry());
    deleted.table.items.delete(deleted.table.key('user#u1', 3));
    expect(await deleted.service.verify('user#u1')).toMatchObject({
      ok: false,
      brokenAt: 4,
      reason: 'record 3 is missing',
    });
  });

  it('verify accepts a chain whose oldest records expired, and an empty one', async () => {
    const { recorder, service, table } = setup();
    for (let i = 0; i < 3; i++) await recorder.append(entry());
    table.items.delete(table.key('user#u1', 1));
    expect(await service.verify('user#u1')).toEqual({ ok: true, count: 2, startsAt: 2, headSeq: 3 });
    expect(await service.verify('user#nobody')).toEqual({ ok: true, count: 0 });
  });

  it('verifyChain refuses a first record without the genesis link', async () => {
    async function* one() {
      const record = { seq: 1, prevHash: 'f'.repeat(64) } as StoredAuditRecord;
      yield { ...record, hash: hashRecord(record) };
    }
    expect(await verifyChain(one())).toMatchObject({ ok: false, brokenAt: 1 });
  });
});

describe('the recorder', () => {
  it('fails open: a write that fails is reported, never thrown', async () => {
    const onWriteFailure = vi.fn();
    const recorder = createAuditRecorder({
      store: { head: async () => undefined, append: async () => Promise.reject(new Error('throttled')) },
      newId: () => 'x',
      now: Date.now,
      retentionDays: 1,
      onWriteFailure,
    });
    await expect(recorder.record(entry())).resolves.toBeUndefined();
    expect(onWriteFailure).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'api_key.created' }),
      expect.any(Error),
    );
  });

  it('gives up after a bounded number of lost positions', async () => {
    const append = vi.fn(async () => false);
    const recorder = createAuditRecorder({
      store: { head: async () => undefined, append },
      newId: () => 'x',
      now: Date.now,
      retentionDays: 1,
      onWriteFailure: () => {},
      sleep: async () => {},
    });
    await expect(recorder.append(entry())).rejects.toThrow(/no free position/);
    expect(append).toHaveBeenCalledTimes(MAX_APPEND_ATTEMPTS);
  });
});

describe('reading the log', () => {
  it('filters out expired records (retention) before DynamoDB’s TTL deletes them', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const record = {
      expiresAt: now / 1000,
      time: '2025-11-23T10:00:00Z',
      actor: 'u1',
      action: 'api_key.created',
    };
    expect(isExpired(record, now)).toBe(true);
    expect(isExpired({ expiresAt: now / 1000 + 1 }, now)).toBe(false);
    expect(matches(record as StoredAuditRecord, {}, now)).toBe(false);
    expect(matches({ ...record, expiresAt: now / 1000 + 1 } as StoredAuditRecord, {}, now)).toBe(true);
  });

  it('lists newest first with an opaque cursor, filters by action, actor and dates', async () => {
    let now = Date.parse('2026-11-20T10:00:00Z');
    const { recorder, service } = setup(() => now);
    for (let i = 0; i < 5; i++) {
      await recorder.append(entry(i % 2 ? 'api_key.deleted' : 'api_key.created'));
      now += 86_400_000;
    }
    const first = await service.list('user#u1', { limit: 2 });
    expect(first.records.map((r) => r.seq)).toEqual([5, 4]);
    expect(first.nextCursor).toMatch(/^[\w-]+$/);
    const second = await service.list('user#u1', { limit: 2, cursor: first.nextCursor as string });
    expect(second.records.map((r) => r.seq)).toEqual([3, 2]);
    const third = await service.list('user#u1', { limit: 2, cursor: second.nextCursor as string });
    expect(third).toEqual({ records: [expect.objectContaining({ seq: 1 })] });

    expect((await service.list('user#u1', { action: 'api_key.deleted' })).records.map((r) => r.seq)).toEqual([
      4, 2,
    ]);
    expect((await service.list('user#u1', { actor: 'someone-else' })).records).toEqual([]);
    const days = await service.list('user#u1', { from: '2026-11-21', to: '2026-11-22' });
    expect(days.records.map((r) => r.seq)).toEqual([3, 2]);
    // The API's view: no expiry, nothing else stored.
    expect(Object.keys(first.records[0] ?? {})).not.toContain('expiresAt');
    await expect(service.list('user#u1', { cursor: 'bm90LWpzb24' })).rejects.toThrow('Invalid cursor');
  });

  it('exports oldest first as CSV or JSON', async () => {
    const { recorder, service } = setup();
    await recorder.append(entry());
    await recorder.append(entry('api_key.deleted', { target: '=HYPERLINK("http://x")' }));
    const csv = await service.export('user#u1', {}, 'csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.filename).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,target,outcome,sourceIp,userAgent,details,id,seq,prevHash,hash');
    expect(lines[1]).toContain(',api_key.created,');
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://x"")",`);
    const json = await service.export('user#u1', { action: 'api_key.created' }, 'json');
    expect(JSON.parse(json.body)).toEqual([expect.objectContaining({ seq: 1, action: 'api_key.created' })]);
  });
});

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(7)).toBe('7');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('neutralise formulas: = + - @ and a leading tab or CR get a quote first', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=x')).toBe("'\t=x");
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
    expect(toCsv([])).toBe(
      'time,actor,action,target,outcome,sourceIp,userAgent,details,id,seq,prevHash,hash\r\n',
    );
  });
});
