import { beforeEach, describe, expect, it, vi } from 'vitest';

const record = vi.fn();
vi.mock('../composition/audit.js', () => ({ auditRecorder: () => ({ record }) }));
vi.mock('../logger.js', () => ({ logger: { error: vi.fn() } }));

const { audited } = await import('./audit.js');

const caller = { userId: 'u1', email: 'a@example.com', client: { sourceIp: '203.0.113.1', userAgent: 'UA' } };

beforeEach(() => {
  record.mockReset();
  record.mockResolvedValue(undefined);
});

describe('audited', () => {
  it('records a success in the caller’s log with the result’s target and details', async () => {
    const result = await audited(
      caller,
      {
        action: 'api_key.created',
        target: (key: { id: string }) => `api-key:${key.id}`,
        details: () => ({ label: 'L' }),
      },
      async () => ({ id: 'k1' }),
    );
    expect(result).toEqual({ id: 'k1' });
    expect(record).toHaveBeenCalledWith({
      scope: 'user#u1',
      actor: 'u1',
      action: 'api_key.created',
      target: 'api-key:k1',
      outcome: 'success',
      client: caller.client,
      details: { label: 'L' },
    });
  });

  it('records a failure with the error’s name only, and rethrows it', async () => {
    class NotFoundError extends Error {
      override name = 'NotFoundError';
    }
    await expect(
      audited(caller, { action: 'api_key.deleted', target: 'api-key:k9' }, async () => {
        throw new NotFoundError('API key k9 (secret sk-123) not found');
      }),
    ).rejects.toThrow(NotFoundError);
    expect(record).toHaveBeenCalledWith(
      expect.objectContaining({
        outcome: 'failure',
        target: 'api-key:k9',
        details: { error: 'NotFoundError' },
      }),
    );
    expect(JSON.stringify(record.mock.calls)).not.toContain('sk-123');
  });

  it('never changes the action’s answer: a failing description still answers the result', async () => {
    const result = await audited(
      caller,
      {
        action: 'mcp_server.created',
        target: () => {
          throw new Error('no id');
        },
      },
      async () => 'done',
    );
    expect(result).toBe('done');
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ target: '', outcome: 'success' }));
  });

  it('writes nothing without a caller (a public route)', async () => {
    await audited({ userId: '', email: '' }, { action: 'api_key.created', target: 'x' }, async () => 1);
    expect(record).not.toHaveBeenCalled();
  });
});
