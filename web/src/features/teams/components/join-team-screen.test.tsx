import { TEAM_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { teamSummary } from '../../../testing/teams-fixture';
import { JoinTeamScreen } from './join-team-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
const CODE = 'abcdefghijklmnopqrstuvwxyz012345';
const EXPIRES = '2026-11-30T10:00:00.000Z';
const preview = (expired = false) => ({
  teamName: 'Platform',
  invitedByEmail: 'owner@example.com',
  role: 'admin',
  expiresAt: EXPIRES,
  expired,
});

function renderJoin(path = `/teams/join?code=${CODE}`) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <JoinTeamScreen />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

describe('/teams/join', () => {
  it('shows the team, who invited, the role and the expiry, then accepts by keyboard', async () => {
    http.answer('POST', /^\/teams\/join\/invitation$/, preview());
    http.answer('POST', /^\/teams\/join$/, teamSummary('admin', false));
    const user = userEvent.setup();
    renderJoin();
    expect(await screen.findByRole('heading', { name: 'Join Platform' })).toBeTruthy();
    expect(screen.getByText(/Invited by/).textContent).toBe('Invited by owner@example.com as Admin');
    expect(screen.getByText(`Expires ${new Date(EXPIRES).toLocaleDateString()}`)).toBeTruthy();
    // The code is posted, never put in the API's URL.
    expect(http.seen('POST', /^\/teams\/join\/invitation$/)[0]?.body).toEqual({ code: CODE });

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept invitation' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You joined', { exact: false })).toBeTruthy();
    expect(http.seen('POST', /^\/teams\/join$/)[0]?.body).toEqual({ code: CODE });
  });

  it('declines: says so and offers the way home', async () => {
    http.answer('POST', /^\/teams\/join\/invitation$/, preview());
    http.answer('POST', /^\/teams\/join\/decline$/, new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderJoin();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'Invitation declined' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(TEAM_MESSAGES.invitationDeclined('Platform'));
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/home');
    expect(http.seen('POST', /^\/teams\/join\/decline$/)[0]?.body).toEqual({ code: CODE });
    expect(http.seen('POST', /^\/teams\/join$/)).toHaveLength(0);
  });

  it('shows an expired invitation as expired, with no Accept or Decline', async () => {
    http.answer('POST', /^\/teams\/join\/invitation$/, preview(true));
    renderJoin();
    expect(await screen.findByText(TEAM_MESSAGES.invitationExpired)).toBeTruthy();
    expect(screen.getByText(`Expired ${new Date(EXPIRES).toLocaleDateString()}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy();
  });

  it("shows the API's refusal of the invitation (another address), with the way home", async () => {
    http.answer(
      'POST',
      /^\/teams\/join\/invitation$/,
      json({ code: 'FORBIDDEN', message: TEAM_MESSAGES.invitationForAnotherEmail }, 403),
    );
    renderJoin();
    expect((await screen.findByRole('alert')).textContent).toBe(TEAM_MESSAGES.invitationForAnotherEmail);
    expect(screen.getByRole('heading', { name: 'Join a team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it("shows the API's refusal of the acceptance, keeping the invitation", async () => {
    http.answer('POST', /^\/teams\/join\/invitation$/, preview());
    http.answer(
      'POST',
      /^\/teams\/join$/,
      json({ code: 'CONFLICT', message: TEAM_MESSAGES.alreadyMember }, 409),
    );
    const user = userEvent.setup();
    renderJoin();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEAM_MESSAGES.alreadyMember);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy());
  });

  it('without a code, points to the Teams page', async () => {
    renderJoin('/teams/join');
    expect(screen.getByRole('heading', { name: 'Join a team' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Teams page' })).toBeTruthy();
    expect(http.seen('POST', /^\/teams\/join\/invitation$/)).toHaveLength(0);
  });
});
