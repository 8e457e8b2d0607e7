import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { listAllMessages, listMessages } from './messages';

vi.mock('../../../lib/api-client', () => ({ apiClient: { get: vi.fn(), post: vi.fn() } }));

const message = (id: string) => ({ id, conversationId: 'c1', role: 'user', content: id, timestamp: 1 });

afterEach(() => {
  vi.resetAllMocks();
});

describe('listMessages', () => {
  it('reads the latest 20 messages, newest first, and gives it oldest first with the cursor to earlier ones', async () => {
    vi.mocked(apiClient.get).mockResolvedValueOnce({
      messages: [message('c'), message('b')],
      nextCursor: 'older-1',
    });
    const thread = await listMessages('c 1');
    expect(thread).toEqual({ messages: [message('b'), message('c')], olderCursor: 'older-1' });
    expect(vi.mocked(apiClient.get).mock.calls.map(([path, options]) => [path, options?.query])).toEqual([
      ['/conversations/c%201/messages', { order: 'newest', branches: 'shown', limit: 20 }],
    ]);
  });

  it('reads the 50 messages before a cursor; the first page has no cursor to earlier ones', async () => {
    vi.mocked(apiClient.get).mockResolvedValueOnce({ messages: [message('a')] });
    expect(await listMessages('c1', { before: 'older-1' })).toEqual({ messages: [message('a')] });
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]?.query).toEqual({
      order: 'newest',
      branches: 'shown',
      limit: 50,
      cursor: 'older-1',
    });
  });
});

describe('listAllMessages', () => {
  it('reads every page from the latest back and gives the whole conversation oldest first', async () => {
    vi.mocked(apiClient.get)
      .mockResolvedValueOnce({ messages: [message('e'), message('d')], nextCursor: 'older-1' })
      .mockResolvedValueOnce({ messages: [message('c'), message('b')], nextCursor: 'older-2' })
      .mockResolvedValueOnce({ messages: [message('a')] });
    expect((await listAllMessages('c1')).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(vi.mocked(apiClient.get).mock.calls.map(([, options]) => options?.query)).toEqual([
      { order: 'newest', limit: 200, branches: 'shown' },
      { order: 'newest', limit: 200, cursor: 'older-1', branches: 'shown' },
      { order: 'newest', limit: 200, cursor: 'older-2', branches: 'shown' },
    ]);
  });

  it("reads every branch's messages for a JSON export", async () => {
    vi.mocked(apiClient.get).mockResolvedValueOnce({ messages: [message('a')] });
    await listAllMessages('c1', undefined, 'all');
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[1]?.query).toEqual({
      order: 'newest',
      limit: 200,
      branches: 'all',
    });
  });
});
