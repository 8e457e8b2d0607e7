import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { renderAsMember } from '../../../testing/teams-fixture';
import { SharedConversationScreen } from './shared-conversation-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
const message = (n: number) => ({
  id: `m${n}`,
  conversationId: 'c1',
  role: 'user',
  content: `Message ${n}`,
  timestamp: n,
});

describe('SharedConversationScreen', () => {
  it('shows every message, read page by page, not only the latest page GET /conversations/{id} has', async () => {
    http.answer('GET', /^\/conversations\/c1$/, {
      id: 'c1',
      name: 'Chat',
      title: 'Release plan',
      userId: 'u-ann',
      createdAt: 1,
      updatedAt: 1,
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude' },
      messages: [message(3)],
      olderMessagesCursor: 'older-1',
      sharedView: { teamId: 't1', teamName: 'Platform', authorEmail: 'ann@example.com' },
    });
    http.answer('GET', /^\/conversations\/c1\/messages$/, (request: SeenRequest) =>
      request.url.searchParams.get('cursor') === 'older-1'
        ? json({ messages: [message(2), message(1)] })
        : json({ messages: [message(3)], nextCursor: 'older-1' }),
    );
    renderAsMember(<SharedConversationScreen conversationId="c1" />);
    // Two requests after the conversation's: slow on a loaded machine.
    expect(await screen.findByText('Message 1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Message 2')).toBeTruthy();
    expect(screen.getByText('Message 3')).toBeTruthy();
  });
});
