import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { listMessages } from './messages';

vi.mock('../../../lib/api-client', () => ({ apiClient: { get: vi.fn(), post: vi.fn() } }));

const message = (id: string) => ({ id, conversationId: 'c1', role: 'user', content: id, timestamp: 1 });

afterEach(() => {
  vi.resetAllMocks();
});

describe('listMessages', () => {
  it('follows the cursors until the last page, oldest first', async () => {
    vi.mocked(apiClient.get)
      .mockResolvedValueOnce({ messages: [message('a'), message('b')], nextCursor: 'next-1' })
      .mockResolvedValueOnce({ messages: [message('c')] });
    const messages = await listMessages('c 1');
    expect(messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(vi.mocked(apiClient.get).mock.calls.map(([path, options]) => [path, options?.query])).toEqual([
      ['/conversations/c%201/messages', { limit: 200, cursor: undefined }],
      ['/conversations/c%201/messages', { limit: 200, cursor: 'next-1' }],
    ]);
  });
});
