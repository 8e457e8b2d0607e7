import { SHARING_MESSAGES } from '@agentforge/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeHttp } from '../../../testing/fake-http';
import { renderAsMember } from '../../../testing/teams-fixture';
import { SharedConversations } from './shared-conversations';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();

describe('SharedConversations', () => {
  it('links each shared conversation to its read-only page with who shared it', async () => {
    http.answer('GET', /^\/conversations$/, [
      {
        id: 'c 1',
        name: 'Chat',
        title: 'Release plan',
        userId: 'u-ann',
        createdAt: 1,
        updatedAt: 1,
        metadata: { defaultProvider: 'anthropic', defaultModel: 'claude' },
        sharedView: { teamId: 't1', teamName: 'Platform', authorEmail: 'ann@example.com' },
      },
    ]);
    renderAsMember(<SharedConversations teamId="t1" />);
    const link = await screen.findByRole('link', { name: 'Release plan' });
    expect(link.getAttribute('href')).toBe('/shared/c%201');
    expect(screen.getByText('Shared by ann@example.com')).toBeTruthy();
    expect(http.seen('GET', /^\/conversations$/)[0]?.url.searchParams.get('teamId')).toBe('t1');
  });

  it('says when nothing is shared', async () => {
    http.answer('GET', /^\/conversations$/, []);
    renderAsMember(<SharedConversations teamId="t1" />);
    expect(await screen.findByText(SHARING_MESSAGES.teamListEmpty)).toBeTruthy();
  });
});
