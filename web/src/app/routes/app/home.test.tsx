import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSubscription, getUsageHistory, listPlans } from '../../../features/billing/api/billing';
import { listConversations } from '../../../features/chat/api/conversations';
import { fetchUserCheck } from '../../../features/chat/api/current-user';
import { listProviders } from '../../../features/chat/api/providers';
import type { ServerView } from '../../../features/servers/api/servers';
import { fetchUsage, listServers } from '../../../features/servers/api/servers';
import { createApiKey, listApiKeys } from '../../../features/settings/api/api-keys';
import { listTeams } from '../../../features/teams/api/teams';
import { setSpaceTeamId } from '../../../features/teams/utils/space';
import { ApiError } from '../../../lib/api-error';
import { PLANS, subscriptionOf, usageHistory } from '../../../testing/billing-fixture';
import { openAccountMenu } from '../../../testing/chat-fixture';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');
vi.mock('../../../features/billing/api/billing');
vi.mock('../../../features/chat/api/current-user');
vi.mock('../../../features/chat/api/conversations');
vi.mock('../../../features/chat/api/providers');
vi.mock('../../../features/settings/api/api-keys');
vi.mock('../../../features/servers/api/servers');
vi.mock('../../../features/teams/api/teams');

const USER = { isWhitelisted: false, hasCompletedOnboarding: true, email: 'ada@example.com' };

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(fetchUserCheck).mockResolvedValue(USER);
  vi.mocked(listConversations).mockResolvedValue([]);
  vi.mocked(listProviders).mockResolvedValue([]);
  vi.mocked(listApiKeys).mockResolvedValue([]);
  vi.mocked(listServers).mockResolvedValue([]);
  vi.mocked(fetchUsage).mockResolvedValue({
    currentMonth: '2026-05',
    usedMinutes: 150,
    limitMinutes: 600,
    remainingMinutes: 450,
  });
  vi.mocked(getSubscription).mockResolvedValue(subscriptionOf('pro'));
  vi.mocked(listPlans).mockResolvedValue(PLANS);
  vi.mocked(getUsageHistory).mockResolvedValue(usageHistory());
  vi.mocked(listTeams).mockResolvedValue({ teams: [] });
});

afterEach(() => {
  vi.resetAllMocks();
  setSpaceTeamId(undefined);
});

describe('/home', () => {
  it("shows the chat with the user's e-mail and an empty conversation list", async () => {
    renderRoutes('/home', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(screen.getByText('No Server Connected')).toBeTruthy();
    expect(await screen.findByText('2/10 hours')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Configure Server' })).toBeTruthy();
  });

  it('shows the servers in the sidebar, and adds one from there', async () => {
    renderRoutes('/home', { auth: SIGNED_IN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Servers' }));
    expect(await screen.findByText('No MCP servers yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add MCP Server Config' }));
    expect(await screen.findByRole('dialog', { name: 'New Server Configuration' })).toBeTruthy();
  });

  it("signs out (even when the identity service fails: 'Failed to sign out') and goes to the site root", async () => {
    vi.mocked(signOut).mockRejectedValue(new Error('network down'));
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('signed out')); // the landing page's check
    const { router, auth } = renderRoutes('/home', { auth: SIGNED_IN });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(visited).not.toContain('/login');
    expect(signOut).toHaveBeenCalledWith({ global: true });
    await waitFor(() => expect(auth.dispatch).toHaveBeenCalledWith({ type: 'SET_UNAUTHENTICATED' }));
    // Spec 8: the failure is said, though this device is signed out either way.
    expect(await screen.findByText('Failed to sign out')).toBeTruthy();
  });

  it('sends the user to / when the current user fails to load', async () => {
    vi.mocked(fetchUserCheck).mockRejectedValue(new ApiError('Internal server error', { status: 500 }));
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('signed out'));
    const { router } = renderRoutes('/home', { auth: SIGNED_IN });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Signed out on the way, so the landing page does not send them back into the same failure.
    expect(signOut).toHaveBeenCalled();
  });

  it('opens the settings, and refreshes the providers after a key is added', async () => {
    vi.mocked(createApiKey).mockResolvedValue({
      id: 'k1',
      provider: 'openai',
      label: 'OpenAI',
      last4: '1234',
      createdAt: 1,
    });
    renderRoutes('/home', { auth: SIGNED_IN });
    await userEvent.click(within(await openAccountMenu()).getByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Provider'), 'openai');
    await userEvent.type(within(dialog).getByLabelText('API key'), 'sk-1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(listProviders).toHaveBeenCalledTimes(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens Settings from the URL (/home?feature=settings) and drops the parameter on close', async () => {
    const { router } = renderRoutes('/home?feature=settings', { auth: SIGNED_IN });
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it("opens 'Subscription & Usage' from the top bar's usage (hours floored) and from the sidebar", async () => {
    const { router } = renderRoutes('/home', { auth: SIGNED_IN });
    // 150 of 600 minutes: 2.5 of 10 hours, floored on the top bar.
    await userEvent.click(await screen.findByRole('button', { name: 'Server usage: 2/10 hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription & Usage' });
    expect(router.state.location.search).toBe('?feature=subscription');
    // The modal rounds to 1 decimal: 75 minutes are 1.3 hours.
    expect(
      (await within(dialog).findByRole('progressbar', { name: 'Compute hours' })).getAttribute(
        'aria-valuetext',
      ),
    ).toBe('1.3 / 100 hours');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');

    await userEvent.click(within(await openAccountMenu()).getByRole('menuitem', { name: 'Subscription' }));
    expect(await screen.findByRole('dialog', { name: 'Subscription & Usage' })).toBeTruthy();
  });

  it("links 'Upgrade Plan' in the top bar to /pricing", async () => {
    renderRoutes('/home', { auth: SIGNED_IN });
    expect((await screen.findByRole('link', { name: 'Upgrade Plan' })).getAttribute('href')).toBe('/pricing');
  });
});

describe("/home's servers and the caller's role in the space", () => {
  const TEAM_SERVER: ServerView = {
    id: 's1',
    name: 'Team tools',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: {},
    status: 'disabled',
  };
  const teamWith = (role: 'admin' | 'user') => ({
    teams: [
      {
        teamId: 't1',
        name: 'Acme',
        role,
        isOwner: role === 'admin',
        memberCount: 2,
        createdAt: '2026-05-01T00:00:00.000Z',
      },
    ],
  });

  async function openServers() {
    renderRoutes('/home', { auth: SIGNED_IN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Servers' }));
    return screen.findByRole('article', { name: 'Team tools' });
  }

  it("shows a team's User its servers to use and start, without Add, Edit, Connect, Delete or Configure", async () => {
    setSpaceTeamId('t1');
    vi.mocked(listTeams).mockResolvedValue(teamWith('user'));
    vi.mocked(listServers).mockResolvedValue([TEAM_SERVER]);
    const card = await openServers();
    // The role has loaded (the switcher lists the team), not only the loading state's caution.
    expect(((await screen.findByLabelText('Space')) as HTMLSelectElement).value).toBe('t1');
    expect(within(card).getByText("Managed by the team's Admins")).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start Team tools' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Use in chat' })).toBeTruthy();
    for (const name of [
      'Add MCP Server Config',
      'Edit Team tools',
      'Connect Team tools',
      'Delete Team tools',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('switch', { name: 'Enable Team tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Configure Server' })).toBeNull();
  });

  it("tells a team's User with no servers yet that the team's Admins add them", async () => {
    setSpaceTeamId('t1');
    vi.mocked(listTeams).mockResolvedValue(teamWith('user'));
    renderRoutes('/home', { auth: SIGNED_IN });
    await userEvent.click(await screen.findByRole('tab', { name: 'Servers' }));
    expect(((await screen.findByLabelText('Space')) as HTMLSelectElement).value).toBe('t1');
    expect(await screen.findByText('No MCP servers yet')).toBeTruthy();
    expect(
      screen.getByText(
        "The team's Admins add its servers. Once they do, they show here, ready for your chats.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Add one from an npm package/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add MCP Server Config' })).toBeNull();
  });

  /** Sends a goal in Single Agent on the rendered /home, the local model chosen and no server attached. */
  async function sendGoalWithoutServer() {
    await userEvent.click(await screen.findByRole('tab', { name: 'Single Agent' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Plan a trip{Enter}');
    expect(await screen.findByText('Please set up your MCP server first')).toBeTruthy();
  }
  const LOCAL_MODEL = [
    { id: 'custom', name: 'Local model', models: [{ id: 'llama3.2:latest', name: 'llama3.2:latest' }] },
  ];

  it("tells a team's User in a plan mode that a server is needed, without the configuration they cannot save", async () => {
    setSpaceTeamId('t1');
    vi.mocked(listTeams).mockResolvedValue(teamWith('user'));
    vi.mocked(listProviders).mockResolvedValue(LOCAL_MODEL);
    renderRoutes('/home', { auth: SIGNED_IN });
    expect(((await screen.findByLabelText('Space')) as HTMLSelectElement).value).toBe('t1');
    await sendGoalWithoutServer();
    expect(screen.queryByRole('dialog', { name: 'New Server Configuration' })).toBeNull();
    // The goal waits in the input for a server to be attached.
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Plan a trip',
    );
  });

  it('opens the server configuration for a plan without a server in the personal space', async () => {
    vi.mocked(listProviders).mockResolvedValue(LOCAL_MODEL);
    renderRoutes('/home', { auth: SIGNED_IN });
    await sendGoalWithoutServer();
    expect(await screen.findByRole('dialog', { name: 'New Server Configuration' })).toBeTruthy();
  });

  it("shows no Admin control in a team's space while the role is loading", async () => {
    setSpaceTeamId('t1');
    vi.mocked(listTeams).mockReturnValue(new Promise(() => {}));
    vi.mocked(listServers).mockResolvedValue([TEAM_SERVER]);
    const card = await openServers();
    expect(within(card).getByText("Managed by the team's Admins")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add MCP Server Config' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Team tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Configure Server' })).toBeNull();
  });

  it("gives a team's Admin every control", async () => {
    setSpaceTeamId('t1');
    vi.mocked(listTeams).mockResolvedValue(teamWith('admin'));
    vi.mocked(listServers).mockResolvedValue([TEAM_SERVER]);
    const card = await openServers();
    expect(await screen.findByRole('button', { name: 'Add MCP Server Config' })).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Enable Team tools' })).toBeTruthy();
    for (const name of ['Edit Team tools', 'Connect Team tools', 'Delete Team tools']) {
      expect(within(card).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(card).queryByText("Managed by the team's Admins")).toBeNull();
    expect(screen.getByRole('button', { name: 'Configure Server' })).toBeTruthy();
  });

  it("gives every control in the personal space, whatever the caller's role in a team", async () => {
    vi.mocked(listTeams).mockResolvedValue(teamWith('user'));
    vi.mocked(listServers).mockResolvedValue([TEAM_SERVER]);
    const card = await openServers();
    expect(screen.getByRole('button', { name: 'Add MCP Server Config' })).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Enable Team tools' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete Team tools' })).toBeTruthy();
    expect(within(card).queryByText("Managed by the team's Admins")).toBeNull();
  });
});
