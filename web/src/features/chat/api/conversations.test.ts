import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { setSpaceTeamId } from '../../teams/utils/space';
import { createConversation } from './conversations';

vi.mock('../../../lib/api-client', () => ({ apiClient: { post: vi.fn() } }));

const metadata = { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' };
const sentBody = () => vi.mocked(apiClient.post).mock.calls.at(-1)?.[1] as Record<string, unknown>;

afterEach(() => {
  setSpaceTeamId(undefined);
  vi.resetAllMocks();
});

describe('createConversation', () => {
  it('creates a new chat in the current space: a team’s (its usage is the team’s), else personal', async () => {
    await createConversation('Hello', metadata);
    expect(sentBody()).not.toHaveProperty('teamId');
    setSpaceTeamId('t1');
    await createConversation('Hello', metadata);
    expect(sentBody()).toMatchObject({ title: 'Hello', metadata, teamId: 't1' });
  });
});
