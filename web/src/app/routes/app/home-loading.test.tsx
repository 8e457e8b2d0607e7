import type { UserCheckResponse } from '@agentforge/shared';
import { screen } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listConversations } from '../../../features/chat/api/conversations';
import { fetchUserCheck } from '../../../features/chat/api/current-user';
import { listProviders } from '../../../features/chat/api/providers';
import { fetchUsage, listServers } from '../../../features/servers/api/servers';
import { listApiKeys } from '../../../features/settings/api/api-keys';
import { listTeams } from '../../../features/teams/api/teams';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');
vi.mock('../../../features/billing/api/billing');
vi.mock('../../../features/chat/api/current-user');
vi.mock('../../../features/chat/api/conversations');
vi.mock('../../../features/chat/api/providers');
vi.mock('../../../features/settings/api/api-keys');
vi.mock('../../../features/servers/api/servers');
vi.mock('../../../features/teams/api/teams');

const ADMITTED: UserCheckResponse = {
  isWhitelisted: true,
  hasCompletedOnboarding: true,
  email: 'ada@example.com',
};
const NEW_USER: UserCheckResponse = {
  isWhitelisted: false,
  hasCompletedOnboarding: false,
  email: 'ada@example.com',
};

/** What the page shows, each time it changes: the loading state, the chat, or the onboarding form. */
function recordWhatIsShown(): string[] {
  const shown: string[] = [];
  const record = () => {
    const state =
      document.querySelector('h1')?.textContent ?? (screen.queryByRole('status') ? 'Loading' : 'blank');
    if (shown.at(-1) !== state) shown.push(state);
  };
  const observer = new MutationObserver(record);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  afterEach(() => observer.disconnect());
  return shown;
}

/** The user check (GET /user), answered when the test says. */
function pendingUserCheck() {
  let answer: (user: UserCheckResponse) => void = () => {};
  vi.mocked(fetchUserCheck).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  return (user: UserCheckResponse) => answer(user);
}

/** The page's route module is loaded (a moment for the router to render it, were it to). */
async function pageCodeLoaded() {
  await import('./home');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(listConversations).mockResolvedValue([]);
  vi.mocked(listProviders).mockResolvedValue([]);
  vi.mocked(listApiKeys).mockResolvedValue([]);
  vi.mocked(listServers).mockResolvedValue([]);
  vi.mocked(fetchUsage).mockResolvedValue({
    currentMonth: '2026-05',
    usedMinutes: 0,
    limitMinutes: 600,
    remainingMinutes: 600,
  });
  vi.mocked(listTeams).mockResolvedValue({ teams: [] });
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('a hard load of /home', () => {
  it('shows one loading state until the user check answers, then the chat', async () => {
    const answer = pendingUserCheck();
    const shown = recordWhatIsShown();
    renderRoutes('/home', { auth: SIGNED_IN });
    await screen.findByRole('status');
    await pageCodeLoaded();
    expect(shown.filter((state) => state !== 'blank')).toEqual(['Loading']);
    answer(ADMITTED);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(shown.filter((state) => state !== 'blank')).toEqual(['Loading', 'Home']);
  });

  it('takes a new user (just signed up) from the loading state to onboarding, with no chat on the way', async () => {
    const answer = pendingUserCheck();
    const shown = recordWhatIsShown();
    const { router } = renderRoutes('/home', { auth: SIGNED_IN });
    await screen.findByRole('status');
    await pageCodeLoaded();
    answer(NEW_USER);
    expect(await screen.findByRole('heading', { name: 'Welcome Aboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(shown.filter((state) => state !== 'blank')).toEqual(['Loading', 'Welcome Aboard']);
  });
});
