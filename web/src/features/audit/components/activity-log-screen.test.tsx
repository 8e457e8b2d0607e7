import type { AuditRecord } from '@agentforge/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { createTestQueryClient } from '../../../testing/query';
import { ActivityLogScreen } from './activity-log-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});
const download = vi.fn();
vi.mock('../../chat/utils/conversation-file', () => ({
  download: (...args: unknown[]) => download(...args),
}));

const AUDIT = /^\/audit$/;
const EXPORT = /^\/audit\/export$/;
const TEAMS = /^\/teams$/;
const VERIFY = /^\/audit\/verify$/;
const team = (teamId: string, name: string, role: 'admin' | 'user') => ({
  teamId,
  name,
  role,
  isOwner: false,
  memberCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
});
let http: FakeHttp;

const record = (seq: number, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  id: `id-${seq}`,
  scope: 'user#u1',
  seq,
  actor: 'u1',
  action: 'api_key.created',
  target: `api-key:k${seq}`,
  time: '2026-11-23T10:00:00.000Z',
  sourceIp: '203.0.113.7',
  userAgent: 'Mozilla/5.0 test',
  outcome: 'success',
  details: {},
  prevHash: '0'.repeat(64),
  hash: 'f'.repeat(64),
  ...extra,
});

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  download.mockReset();
  http.answer('GET', AUDIT, (request: { url: URL }) =>
    request.url.searchParams.get('cursor') === 'page-2'
      ? json({ records: [record(1, { action: 'auth.sign_in', target: 'user:u1' })] })
      : json({
          records: [
            record(3, { actor: 'system:stripe', action: 'subscription.checkout_completed' }),
            record(2, { outcome: 'failure' }),
          ],
          nextCursor: 'page-2',
        }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const withTeams = () =>
  http.answer('GET', TEAMS, json({ teams: [team('t1', 'Acme', 'admin'), team('t2', 'Globex', 'user')] }));

function renderScreen() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createTestQueryClient()}>
        <ActivityLogScreen userId="u1" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ActivityLogScreen', () => {
  it('verifies the chain of the log shown: intact, or where it was tampered with', async () => {
    withTeams();
    http.answer('GET', VERIFY, (request: { url: URL }) =>
      request.url.searchParams.get('teamId') === 't1'
        ? json({ ok: false, count: 4, brokenAt: 5, reason: 'its content does not match its hash' })
        : json({ ok: true, count: 3, startsAt: 1, headSeq: 3 }),
    );
    renderScreen();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Intact: 3 records checked, each unchanged and linked to the one before.',
    );
    expect(http.seen('GET', VERIFY)[0]?.url.searchParams.has('teamId')).toBe(false);

    // Another log: the verdict of mine is not shown for it.
    await userEvent.selectOptions(await screen.findByLabelText('Whose activity'), 'Team: Acme');
    expect(screen.queryByText(/^Intact/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect((await screen.findByText(/^Tampering detected/)).textContent).toBe(
      'Tampering detected at record 5: its content does not match its hash.',
    );
  });

  it('names actors and targets (e-mails, server names, You) instead of ids', async () => {
    withTeams();
    const bob = 'bd0f5e2a-7c1e-4b8e-9a55-0c3f1d2e4a6b';
    const stranger = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    http.answer('GET', /^\/teams\/t1$/, {
      team: team('t1', 'Acme', 'admin'),
      plan: { tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false },
      members: [
        {
          userId: 'u1',
          email: 'me@example.com',
          role: 'admin',
          isOwner: true,
          joinedAt: '2026-11-01T00:00:00.000Z',
        },
        {
          userId: bob,
          email: 'bob@example.com',
          role: 'user',
          isOwner: false,
          joinedAt: '2026-11-01T00:00:00.000Z',
        },
      ],
    });
    http.answer('GET', /^\/mcp-servers$/, [
      { id: 'srv-1', name: 'Everything', packageName: 'pkg', status: 'disabled', environmentVariables: {} },
    ]);
    http.answer('GET', AUDIT, {
      records: [
        record(3, { action: 'member.role_changed', target: `member:${bob}` }),
        record(2, { actor: bob, action: 'mcp_server.enabled', target: 'mcp-server:srv-1' }),
        record(1, { actor: stranger, action: 'member.removed', target: `member:${stranger}` }),
      ],
    });
    renderScreen();
    const rows = (await screen.findAllByRole('row')).slice(1);
    await within(rows[0] as HTMLElement).findByText('Member bob@example.com');
    expect(within(rows[0] as HTMLElement).getByText('You')).toBeTruthy();
    await within(rows[1] as HTMLElement).findByText('Server Everything');
    expect(within(rows[1] as HTMLElement).getByText('bob@example.com')).toBeTruthy();
    // Someone no longer known: a short id, never the whole of it.
    expect(within(rows[2] as HTMLElement).getByText('Member 9f8e7d6c…')).toBeTruthy();
    expect(screen.queryByText(new RegExp(bob))).toBeNull();
  });

  it('lists my records newest first, then loads more with the cursor', async () => {
    renderScreen();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Checkout completed',
      'API key created',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Stripe (billing)')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Failure')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('You')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Signed in' })).toBeTruthy();
    expect(http.seen('GET', AUDIT).at(-1)?.url.searchParams.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('applies the filters to the list and the export, and clears them', async () => {
    http.answer(
      'GET',
      EXPORT,
      () =>
        new Response('time,actor\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="activity-log-2026-11-23.csv"',
          },
        }),
    );
    renderScreen();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'API key deleted');
    await userEvent.selectOptions(screen.getByLabelText('Actor'), 'You');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(Object.fromEntries(http.seen('GET', AUDIT).at(-1)?.url.searchParams ?? [])).toEqual({
        action: 'api_key.deleted',
        actor: 'u1',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() =>
      expect(download).toHaveBeenCalledWith(
        'activity-log-2026-11-23.csv',
        'time,actor\r\n',
        'text/csv; charset=utf-8',
      ),
    );
    expect(Object.fromEntries(http.seen('GET', EXPORT)[0]?.url.searchParams ?? [])).toMatchObject({
      format: 'csv',
      action: 'api_key.deleted',
    });
    expect(http.seen('GET', EXPORT)[0]?.headers.get('Authorization')).toBe('Bearer id-token');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(http.seen('GET', AUDIT).at(-1)?.url.search).toBe(''));
  });

  it('switches to a team where I am an Admin: the list and the export read its log', async () => {
    withTeams();
    http.answer('GET', EXPORT, () => new Response('time\r\n', { headers: { 'Content-Type': 'text/csv' } }));
    renderScreen();
    await screen.findByRole('table');
    const scope = await screen.findByLabelText('Whose activity');
    // Only the teams where I am an Admin.
    expect(
      within(scope)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['My activity', 'Team: Acme']);
    expect(http.seen('GET', AUDIT).at(-1)?.url.searchParams.get('teamId')).toBeNull();

    await userEvent.selectOptions(scope, 'Team: Acme');
    await vi.waitFor(() => expect(http.seen('GET', AUDIT).at(-1)?.url.searchParams.get('teamId')).toBe('t1'));
    expect(screen.getByText(/actions in the team Acme/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(Object.fromEntries(http.seen('GET', EXPORT)[0]?.url.searchParams ?? [])).toEqual({
      teamId: 't1',
      format: 'csv',
    });

    await userEvent.selectOptions(scope, 'My activity');
    await vi.waitFor(() => expect(http.seen('GET', AUDIT).at(-1)?.url.searchParams.get('teamId')).toBeNull());
  });

  it('shows no scope selector without a team I administer', async () => {
    http.answer('GET', TEAMS, json({ teams: [team('t2', 'Globex', 'user')] }));
    renderScreen();
    await screen.findByRole('table');
    await vi.waitFor(() => expect(http.seen('GET', TEAMS).length).toBeGreaterThan(0));
    expect(screen.queryByLabelText('Whose activity')).toBeNull();
  });

  it('says when the log cannot be loaded, and when an export fails', async () => {
    http.answer('GET', AUDIT, json({ message: 'Boom' }, 500));
    http.answer('GET', EXPORT, json({ message: 'Invalid query' }, 400));
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect((await screen.findByText(/The export failed/)).textContent).toContain('Invalid query');
  });
});
