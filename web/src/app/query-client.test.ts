import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { createQueryClient } from './query-client';

async function attempts(error: ApiError): Promise<number> {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  const queryFn = vi.fn().mockRejectedValue(error);
  await expect(client.fetchQuery({ queryKey: ['x'], queryFn })).rejects.toBe(error);
  client.clear();
  return queryFn.mock.calls.length;
}

describe('the app query client', () => {
  it('does not retry a refused request (4xx)', async () => {
    expect(await attempts(new ApiError('Not found', { status: 404 }))).toBe(1);
    expect(await attempts(new ApiError('Your session may have expired.', { status: 401 }))).toBe(1);
  });

  it('retries network failures and 5xx twice', async () => {
    expect(await attempts(new ApiError('Failed to connect', { status: 0 }))).toBe(3);
    expect(await attempts(new ApiError('Internal server error', { status: 503 }))).toBe(3);
  });

  it('fetches lists again when the window regains focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(true);
  });
});
