import { TEAM_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { GUEST } from '../../../testing/render-routes';
import { AuthContext } from '../../auth/hooks/use-auth';
import { listProviders } from '../../chat/api/providers';
import { listServers } from '../../servers/api/servers';
import { currentSpaceTeamId, setSpaceTeamId } from '../utils/space';
import { SpaceSwitcher } from './space-switcher';
import { TeamsScreen } from './teams-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const AT = '2026-11-23T10:00:00.000Z';
const summary = (role: 'admin' | 'user', isOwner = role === 'admin') => ({
  teamId: 't1',
  name: 'Platform',
  role,
  isOwner,
  memberCount: 2,
  createdAt: AT,
});
const members = [
  { userId: 'u-owner', email: 'owner@example.com', role: 'admin', isOwner: true, joinedAt: AT },
  { userId: 'u-ada', email: 'ada@example.com', role: 'user', isOwner: false, joinedAt: AT },
];

const http = installFakeHttp();

function answerTeam(role: 'admin' | 'user') {
  http.answer('GET', /^\/api-keys$/, (request: { url: URL }) =>
    json(
      request.url.searchParams.get('teamId') === 't1'
        ? [{ id: 'k1', provider: 'openai', label: 'OpenAI', last4: 'abcd', createdAt: 1 }]
        : [],
    ),
  );
  http.answer('GET', /^\/teams\/t1\/usage$/, {
    date: '2026-11-23',
    month: '2026-11',
    members: [
      {
        userId: 'u-ada',
        email: 'ada@example.com',
        role: 'user',
        tokensToday: 1200,
        keyTokensToday: 30,
        computeMinutesThisMonth: 12.5,
      },
    ],
    teamServers: { computeMinutesThisMonth: 61 },
    overage: { tokens: 250_000, usd: 2.5, capUsd: 10 },
  });
  http.answer('GET', /^\/teams\/t1\/memory$/, { allowed: false });
  http.answer('GET', /^\/teams$/, { teams: [summary(role)] });
  http.answer('GET', /^\/teams\/t1$/, {
    team: summary(role),
    plan: { tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false },
    members,
  });
  http.answer('GET', /^\/teams\/t1\/invitations$/, {
    invitations: [
      {
        invitationId: 'i1',
        email: 'bob@example.com',
        role: 'user',
        invitedBy: 'u-owner',
        createdAt: AT,
        expiresAt: '2026-11-30T10:00:00.000Z',
      },
    ],
  });
}

/** Signed in as `userId` (the owner by default). */
function renderAt(path: string, element: React.ReactNode, userId = 'u-owner') {
  const auth = {
    ...GUEST,
    isAuthenticated: true,
    user: { username: `${userId}@example.com`, userId },
    dispatch: () => undefined,
    checkAuth: async () => undefined,
  };
  render(
    <AuthContext value={auth}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </AuthContext>,
    { wrapper: queryWrapper() },
  );
}

describe('/teams', () => {
  it('lets an Admin invite, resend, revoke, change a role and remove a member', async () => {
    answerTeam('admin');
    http.answer('POST', /^\/teams\/t1\/invitations$/, (request: { body: unknown }) =>
      json(
        {
          invitationId: 'i2',
          invitedBy: 'u-owner',
          createdAt: AT,
          expiresAt: AT,
          joinUrl: 'http://localhost:5173/teams/join?code=cleo-code',
          ...(request.body as object),
        },
        201,
      ),
    );
    http.answer('POST', /^\/teams\/t1\/invitations\/i1\/resend$/, {
      invitationId: 'i1',
      email: 'bob@example.com',
      role: 'user',
      invitedBy: 'u-owner',
      createdAt: AT,
      expiresAt: AT,
      joinUrl: 'http://localhost:5173/teams/join?code=bob-code',
    });
    http.answer('DELETE', /^\/teams\/t1\/invitations\/i1$/, new Response(null, { status: 204 }));
    http.answer('PUT', /^\/teams\/t1\/members\/u-ada$/, { ...members[1], role: 'admin' });
    http.answer('DELETE', /^\/teams\/t1\/members\/u-ada$/, new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderAt('/teams', <TeamsScreen />);

    expect(await screen.findByRole('heading', { name: 'Platform: members' })).toBeTruthy();
    const membersRegion = screen.getByRole('region', { name: 'Platform: members' });
    expect(await within(membersRegion).findByText('ada@example.com')).toBeTruthy();
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(await within(invitations).findByText('bob@example.com')).toBeTruthy();

    await user.type(within(invitations).getByLabelText('E-mail'), 'cleo@example.com');
    await user.selectOptions(within(invitations).getByLabelText('Role'), 'admin');
    await user.click(within(invitations).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(http.seen('POST', /^\/teams\/t1\/invitations$/)).toHaveLength(1));
    expect(http.seen('POST', /^\/teams\/t1\/invitations$/)[0]?.body).toEqual({
      email: 'cleo@example.com',
      role: 'admin',
    });
    // The link, this once, to pass on if the e-mail does not arrive.
    const issued = await within(invitations).findByRole('status');
    expect(issued.textContent).toContain('Invitation sent to cleo@example.com');
    expect(within(issued).getByText('http://localhost:5173/teams/join?code=cleo-code')).toBeTruthy();
    expect(within(issued).getByRole('button', { name: 'Copy invitation link' })).toBeTruthy();

    await user.click(within(invitations).getByRole('button', { name: 'Resend to bob@example.com' }));
    expect(
      await within(invitations).findByText('http://localhost:5173/teams/join?code=bob-code'),
    ).toBeTruthy();
    await user.click(
      within(invitations).getByRole('button', { name: 'Revoke the invitation of bob@example.com' }),
    );
    // A role change asks first (cancelling sends nothing), then says it is done.
    await user.selectOptions(screen.getByLabelText('Role of ada@example.com'), 'admin');
    const roleDialog = await screen.findByRole('alertdialog', {
      name: "Change ada@example.com's role to Admin?",
    });
    await user.click(within(roleDialog).getByRole('button', { name: 'Cancel' }));
    expect(http.seen('PUT', /^\/teams\/t1\/members\/u-ada$/)).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Role of ada@example.com'), 'admin');
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: "Change ada@example.com's role to Admin?" }),
      ).getByRole('button', { name: 'Change role' }),
    );
    await waitFor(() =>
      expect(http.seen('PUT', /^\/teams\/t1\/members\/u-ada$/)[0]?.body).toEqual({ role: 'admin' }),
    );
    render(
      <MemoryRouter>
        <Toaster />
      </MemoryRouter>,
    );
    expect(await screen.findByText("ada@example.com's role is now Admin")).toBeTruthy();
    // Removing asks first; cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove ada@example.com?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(http.seen('DELETE', /members\/u-ada$/)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove ada@example.com?' })).getByRole(
        'button',
        { name: 'Remove' },
      ),
    );
    await waitFor(() => {
      expect(http.seen('POST', /resend$/)).toHaveLength(1);
      expect(http.seen('DELETE', /invitations\/i1$/)).toHaveLength(1);
      expect(http.seen('DELETE', /members\/u-ada$/)).toHaveLength(1);
    });
    expect(screen.getByRole('button', { name: 'Subscribe to Teams' })).toBeTruthy();
    const keys = screen.getByRole('region', { name: 'Team provider keys' });
    expect(await within(keys).findByText('••••abcd')).toBeTruthy();
    http.answer('POST', /^\/api-keys$/, () =>
      json({ id: 'k2', provider: 'anthropic', label: 'Anthropic', last4: '4242', createdAt: 2 }, 201),
    );
    await user.type(within(keys).getByLabelText('API key'), 'sk-ant-secret-4242');
    await user.click(within(keys).getByRole('button', { name: 'Add key' }));
    await waitFor(() => expect(http.seen('POST', /^\/api-keys$/)).toHaveLength(1));
    const added = http.seen('POST', /^\/api-keys$/)[0];
    expect(added?.url.searchParams.get('teamId')).toBe('t1');
    expect(added?.body).toEqual({ provider: 'anthropic', apiKey: 'sk-ant-secret-4242' });
    http.answer('DELETE', /^\/api-keys\/k1$/, new Response(null, { status: 204 }));
    await user.click(within(keys).getByRole('button', { name: 'Delete the team key OpenAI' }));
    await waitFor(() =>
      expect(http.seen('DELETE', /^\/api-keys\/k1$/)[0]?.url.searchParams.get('teamId')).toBe('t1'),
    );
    const usage = screen.getByRole('region', { name: 'Usage' });
    expect(await within(usage).findByText('1,200')).toBeTruthy();
    expect(within(usage).getByText('Team servers: 61 minutes this month.')).toBeTruthy();
    // The owner cannot be removed or demoted here (the API refuses it too).
    expect(screen.queryByLabelText('Role of owner@example.com')).toBeNull();
  }, 20_000);

  it("lets an Admin allow members' memory in the team's space by keyboard", async () => {
    answerTeam('admin');
    http.answer('PUT', /^\/teams\/t1\/memory$/, { allowed: true });
    const user = userEvent.setup();
    renderAt('/teams', <TeamsScreen />);
    const toggle = await screen.findByRole('switch', { name: "Allow members' memory in this team's space" });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(http.seen('PUT', /^\/teams\/t1\/memory$/)[0]?.body).toEqual({ allowed: true }),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('shows an Admin the team’s overage and lets them set its cap by keyboard; a wrong value is explained', async () => {
    answerTeam('admin');
    http.answer('PUT', /^\/teams\/t1\/overage-cap$/, { capUsd: 25 });
    const user = userEvent.setup();
    renderAt('/teams', <TeamsScreen />);
    const usage = await screen.findByRole('region', { name: 'Usage' });
    expect(await within(usage).findByText('This month: 250,000 tokens ($2.50) of the $10 cap.')).toBeTruthy();
    const form = within(usage).getByRole('form', { name: 'Team overage cap' });
    const cap = within(form).getByLabelText('Monthly cap (USD)');
    const save = within(form).getByRole('button', { name: 'Save cap' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(cap);
    await user.type(cap, '2.5');
    expect(within(form).getByText('A whole number of dollars from 0 to 1000')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(cap);
    await user.type(cap, '25{Enter}');
    await waitFor(() =>
      expect(http.seen('PUT', /^\/teams\/t1\/overage-cap$/)[0]?.body).toEqual({ capUsd: 25 }),
    );
    expect(await within(usage).findByText('Team overage cap saved.')).toBeTruthy();
  });

  it("shows a User the members without Admin controls, and the API's refusal when leaving fails", async () => {
    answerTeam('user');
    http.answer(
      'DELETE',
      /^\/teams\/t1\/members\/u-ada$/,
      json({ code: 'CONFLICT', message: TEAM_MESSAGES.lastAdmin }, 409),
    );
    const user = userEvent.setup();
    renderAt('/teams', <TeamsScreen />, 'u-ada');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByLabelText('Role of ada@example.com')).toBeNull();
    // Leaving asks first, then leaves by the one leave path: DELETE on one's own membership.
    await user.click(screen.getByRole('button', { name: 'Leave team' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Platform?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText(TEAM_MESSAGES.lastAdmin)).toBeTruthy();
    expect(http.seen('DELETE', /^\/teams\/t1\/members\/u-ada$/)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Team settings' })).toBeNull();
    expect(http.seen('GET', /invitations$/)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Usage' })).toBeNull();
    expect(screen.queryByLabelText('Monthly cap (USD)')).toBeNull();
    expect(screen.getByText('Plan: Free')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe to Teams' })).toBeNull();
  });

  it('lets the owner rename the team, make a member the owner and delete the team, each confirmed', async () => {
    answerTeam('admin');
    http.answer('PATCH', /^\/teams\/t1$/, { ...summary('admin'), name: 'Platform Labs' });
    http.answer('POST', /^\/teams\/t1\/transfer-ownership$/, {
      team: summary('admin', false),
      plan: { tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false },
      members,
    });
    http.answer('DELETE', /^\/teams\/t1$/, new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderAt('/teams', <TeamsScreen />);
    const settings = await screen.findByRole('region', { name: 'Team settings' });
    const name = within(settings).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Platform');
    await user.clear(name);
    await user.type(name, 'Platform Labs');
    await user.click(within(settings).getByRole('button', { name: 'Rename team' }));
    await waitFor(() =>
      expect(http.seen('PATCH', /^\/teams\/t1$/)[0]?.body).toEqual({ name: 'Platform Labs' }),
    );

    await user.click(screen.getByRole('button', { name: 'Make ada@example.com the owner' }));
    const transfer = await screen.findByRole('alertdialog', { name: 'Make ada@example.com the owner?' });
    await user.click(within(transfer).getByRole('button', { name: 'Make owner' }));
    await waitFor(() =>
      expect(http.seen('POST', /transfer-ownership$/)[0]?.body).toEqual({ userId: 'u-ada' }),
    );

    setSpaceTeamId('t1');
    await user.click(within(settings).getByRole('button', { name: 'Delete team' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Platform?' });
    expect(within(confirm).getByText(/subscription is cancelled at once/)).toBeTruthy();
    expect(http.seen('DELETE', /^\/teams\/t1$/)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(http.seen('DELETE', /^\/teams\/t1$/)).toHaveLength(1));
    // The deleted team is no longer the space.
    await waitFor(() => expect(currentSpaceTeamId()).toBeUndefined());
  }, 20_000);

  it('shows an Admin who is not the owner the rename, not the deletion', async () => {
    http.answer('GET', /^\/teams$/, { teams: [summary('admin', false)] });
    http.answer('GET', /^\/teams\/t1$/, {
      team: summary('admin', false),
      plan: { tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false },
      members,
    });
    http.answer('GET', /^\/teams\/t1\/invitations$/, { invitations: [] });
    http.answer('GET', /^\/teams\/t1\/usage$/, {
      date: '2026-11-23',
      month: '2026-11',
      members: [],
      teamServers: { computeMinutesThisMonth: 0 },
      overage: { tokens: 0, usd: 0, capUsd: 10 },
    });
    http.answer('GET', /^\/api-keys$/, []);
    renderAt('/teams', <TeamsScreen />, 'u-ada');
    const settings = await screen.findByRole('region', { name: 'Team settings' });
    expect(within(settings).getByRole('button', { name: 'Rename team' })).toBeTruthy();
    expect(within(settings).queryByRole('button', { name: 'Delete team' })).toBeNull();
    // Their own row has no Remove (they leave with 'Leave team').
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove ada@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeTruthy();
  });

  it('creates a team', async () => {
    http.answer('GET', /^\/teams$/, { teams: [] });
    http.answer('POST', /^\/teams$/, json(summary('admin'), 201));
    const user = userEvent.setup();
    renderAt('/teams', <TeamsScreen />);
    expect(await screen.findByText('You are not in a team yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Team name'), 'Platform');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(http.seen('POST', /^\/teams$/)[0]?.body).toEqual({ name: 'Platform' }));
  });
});

describe('the space switcher', () => {
  afterEach(() => setSpaceTeamId(undefined));

  it("switches the Servers view and the model picker to the team's, and back", async () => {
    http.answer('GET', /^\/teams$/, { teams: [summary('user', false)] });
    http.answer('GET', /^\/mcp-servers$/, []);
    http.answer('GET', /^\/api-keys\/providers$/, (request: { url: URL }) =>
      json(
        request.url.searchParams.get('teamId') === 't1'
          ? [{ id: 'team:t1:custom:k1', name: 'Custom', models: [{ id: 'm', name: 'm' }] }]
          : [{ id: 'anthropic', name: 'Anthropic', models: [] }],
      ),
    );
    const user = userEvent.setup();
    renderAt('/home', <SpaceSwitcher />);
    const select = await screen.findByLabelText('Space');
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('New chats use your own plan.')).toBeTruthy();
    await user.selectOptions(select, 'Platform');
    expect(currentSpaceTeamId()).toBe('t1');
    expect(await screen.findByText("New chats use the team's plan and bill.")).toBeTruthy();
    await listServers();
    expect(
      http
        .seen('GET', /^\/mcp-servers$/)
        .at(-1)
        ?.url.searchParams.get('teamId'),
    ).toBe('t1');
    expect((await listProviders()).map((p) => [p.id, p.name])).toEqual([
      ['anthropic', 'Anthropic'],
      ['team:t1:custom:k1', 'Custom (team)'],
    ]);
    await user.selectOptions(select, 'Personal');
    expect(currentSpaceTeamId()).toBeUndefined();
    await listServers();
    expect(
      http
        .seen('GET', /^\/mcp-servers$/)
        .at(-1)
        ?.url.searchParams.has('teamId'),
    ).toBe(false);
  });
});
