import { PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ToastRegion } from '../../../components/toast/toast-region';
import { resetToaster } from '../../../components/toast/toaster-store';
import { automationOf, runOf } from '../../../testing/automation-fixture';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { setSpaceTeamId } from '../../teams/utils/space';
import { AutomationsScreen } from './automations-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
afterEach(() => {
  setSpaceTeamId(undefined);
  resetToaster();
});

const NEXT = Date.UTC(2026, 10, 27, 8, 0);

function renderScreen() {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <AutomationsScreen />
        <ToastRegion />
      </ToastProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

const card = (name: string) => within(screen.getByRole('heading', { name }).closest('li') as HTMLElement);

describe('/automations', { timeout: 20_000 }, () => {
  it('lists the automations: trigger in words, next run in the locale, last run, enabled, Run now', async () => {
    const user = userEvent.setup();
    const paused = automationOf('a2', {
      name: 'Weekday digest',
      trigger: { type: 'schedule', expression: 'cron(0 9 ? * MON-FRI *)', timezone: 'Europe/Paris' },
      enabled: false,
      pausedReason: 'Paused after 3 failed runs in a row',
    });
    const automations = [
      automationOf('a1', {
        name: 'Triage',
        trigger: { type: 'schedule', expression: 'rate(5 minutes)', timezone: 'UTC' },
        nextRunAt: NEXT,
        lastRun: {
          runId: 'r2',
          status: 'stopped',
          reason: 'Stopped: the run made its budget of 1 tool calls',
          startedAt: NEXT - 120_000,
          endedAt: NEXT - 60_000,
        },
      }),
      paused,
      automationOf('a3', { name: 'On push', trigger: { type: 'webhook' } }),
      automationOf('a4', { name: 'By hand' }),
    ];
    http.answer('GET', /^\/automations$/, () => json({ automations }));
    http.answer('POST', /^\/automations\/a4\/run$/, json(runOf('a4', 'r9', { status: 'queued' }), 202));
    http.answer('PATCH', /^\/automations\/a2$/, (request: SeenRequest) => {
      const resumed = { ...paused, enabled: (request.body as { enabled: boolean }).enabled };
      automations[1] = resumed;
      return json(resumed);
    });

    const { container } = renderScreen();
    await screen.findByRole('heading', { name: 'Triage' });
    expect(card('Triage').getByText('Every 5 minutes')).toBeTruthy();
    expect(
      card('Triage').getByText(
        new Date(NEXT).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      ),
    ).toBeTruthy();
    // The last run comes with the list: its status, when it ended and why; no run list is read.
    expect(card('Triage').getByText('Stopped (budget)')).toBeTruthy();
    expect(card('Triage').getByText('Stopped: the run made its budget of 1 tool calls')).toBeTruthy();
    expect(
      card('Triage').getByText(
        new Date(NEXT - 60_000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      ),
    ).toBeTruthy();
    expect(http.seen('GET', /\/runs$/)).toHaveLength(0);
    expect(card('Weekday digest').getByText('cron(0 9 ? * MON-FRI *) Europe/Paris')).toBeTruthy();
    expect(card('Weekday digest').getByText('Paused after 3 failed runs in a row')).toBeTruthy();
    expect(card('On push').getByText('Webhook')).toBeTruthy();
    expect(card('By hand').getByText('Manual')).toBeTruthy();
    expect(card('By hand').getByText('Not run yet')).toBeTruthy();
    expect(card('Triage').getByRole('link', { name: 'Triage' }).getAttribute('href')).toBe('/automations/a1');
    expect(await axeViolations(container)).toEqual([]);

    // By keyboard: the switch resumes the paused one, Run now queues a run.
    const resume = screen.getByRole('switch', { name: 'Enable Weekday digest' });
    expect(resume.getAttribute('aria-checked')).toBe('false');
    resume.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(http.seen('PATCH', /^\/automations\/a2$/).map((r) => r.body)).toEqual([{ enabled: true }]),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Enable Weekday digest' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    screen.getByRole('button', { name: 'Run By hand now' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Run queued')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View runs' }).getAttribute('href')).toBe('/automations/a4');
  });

  it("shows a plan limit's refusal of Run now in a toast with Upgrade Plan", async () => {
    const user = userEvent.setup();
    http.answer('GET', /^\/automations$/, { automations: [automationOf('a1', { name: 'Triage' })] });
    const refusal = 'Your plan allows 5 automation runs a day; try again tomorrow or upgrade';
    http.answer(
      'POST',
      /^\/automations\/a1\/run$/,
      json({ message: refusal, code: PLAN_LIMIT_ERROR_CODE }, 429),
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Run Triage now' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('offers a clear call to action when there is none yet', async () => {
    http.answer('GET', /^\/automations$/, { automations: [] });
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New automation' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows a team's automations read-only to its Users", async () => {
    setSpaceTeamId('t1');
    http.answer('GET', /^\/teams$/, {
      teams: [
        {
          teamId: 't1',
          name: 'Platform',
          role: 'user',
          isOwner: false,
          memberCount: 2,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
      ],
    });
    http.answer('GET', /^\/automations$/, (request: SeenRequest) =>
      json({
        automations:
          request.url.searchParams.get('teamId') === 't1'
            ? [
                automationOf('a1', {
                  name: 'Team triage',
                  teamId: 't1',
                  editable: false,
                  lastRun: { runId: 'r1', status: 'succeeded', startedAt: NEXT, endedAt: NEXT + 1_000 },
                }),
              ]
            : [],
      }),
    );
    renderScreen();
    await screen.findByRole('heading', { name: 'Team triage' });
    expect(card('Team triage').getByRole('switch', { name: 'Enable Team triage' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(card('Team triage').queryByRole('button', { name: 'Run Team triage now' })).toBeNull();
    expect(card('Team triage').getByText("Read-only: the team's Admins change and run it.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New automation' })).toBeNull();
    expect(await card('Team triage').findByText('Succeeded')).toBeTruthy();
  });
});
