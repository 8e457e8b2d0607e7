import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ToastRegion } from '../../../components/toast/toast-region';
import { resetToaster } from '../../../components/toast/toaster-store';
import { automationOf, runOf } from '../../../testing/automation-fixture';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { AutomationRunsScreen } from './automation-runs-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
afterEach(() => resetToaster());

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={['/automations/a1']}>
      <ToastProvider>
        <Routes>
          <Route path="/automations/:id" element={<AutomationRunsScreen id="a1" />} />
          <Route path="/automations" element={<p>The list</p>} />
        </Routes>
        <ToastRegion />
      </ToastProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

const waitingRun = runOf('a1', 'r3', {
  status: 'waiting_approval',
  reason: AUTOMATION_MESSAGES.waitingApproval('tracker__close_issue'),
  pendingApproval: { tool: 'tracker__close_issue', arguments: { issue: 42, comment: '<b>done</b>' } },
  endedAt: undefined,
  durationMs: undefined,
  conversationId: 'c3',
});

describe('/automations/:id', { timeout: 30_000 }, () => {
  it('shows the settings and the runs, and approves a waiting call shown as text', async () => {
    const user = userEvent.setup();
    let runs = [
      waitingRun,
      runOf('a1', 'r2', {
        status: 'stopped',
        reason: AUTOMATION_MESSAGES.stoppedToolCalls(20),
        source: 'schedule',
      }),
      runOf('a1', 'r1', { conversationId: 'c1', source: 'webhook' }),
    ];
    http.answer('GET', /^\/automations\/a1$/, automationOf('a1', { name: 'Triage' }));
    http.answer('GET', /^\/automations\/a1\/runs$/, () => json({ runs }));
    http.answer('POST', /^\/automations\/a1\/runs\/r3\/approval$/, (request: SeenRequest) => {
      runs = [{ ...waitingRun, status: 'running', pendingApproval: undefined }, ...runs.slice(1)];
      return json({ ...runs[0], body: request.body });
    });
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { name: 'Triage', level: 1 })).toBeTruthy();
    expect(screen.getByText('Summarise the new issues')).toBeTruthy();
    expect(screen.getByText('10,000 tokens, 20 tool calls, 10 minutes')).toBeTruthy();

    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Waiting for approval',
      'Stopped (budget)',
      'Succeeded',
    ]);
    const done = within(rows[2] as HTMLElement);
    expect(done.getByText('Webhook')).toBeTruthy();
    expect(done.getByText('1 min 5 s')).toBeTruthy();
    expect(done.getByText('1,500')).toBeTruthy();
    expect(done.getByRole('link', { name: /Conversation/ }).getAttribute('href')).toBe('/home/c/c1');
    expect(within(rows[1] as HTMLElement).getByText(AUTOMATION_MESSAGES.stoppedToolCalls(20))).toBeTruthy();

    const approval = within(screen.getByRole('region', { name: /waiting for approval/ }));
    expect(
      approval.getByRole('heading', { name: AUTOMATION_MESSAGES.waitingApproval('tracker__close_issue') }),
    ).toBeTruthy();
    // The arguments are text, never markup.
    expect(approval.getByText(/"comment": "<b>done<\/b>"/)).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    approval.getByRole('button', { name: 'Approve' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(http.seen('POST', /\/approval$/).map((r) => r.body)).toEqual([{ decision: 'approve' }]),
    );
    // Read again: the run goes on, the card goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: /waiting for approval/ })).toBeNull());
  });

  it('reads the runs again while one is queued or running, until it ends', async () => {
    let runs = [runOf('a1', 'r1', { status: 'queued', endedAt: undefined, durationMs: undefined })];
    http.answer('GET', /^\/automations\/a1$/, automationOf('a1', { name: 'Triage' }));
    http.answer('GET', /^\/automations\/a1\/runs$/, () => json({ runs }));
    renderScreen();
    expect(await screen.findByText('Queued')).toBeTruthy();
    runs = [runOf('a1', 'r1', { status: 'succeeded' })];
    expect(await screen.findByText('Succeeded', {}, { timeout: 5_000 })).toBeTruthy();
    const reads = http.seen('GET', /^\/automations\/a1\/runs$/).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(http.seen('GET', /^\/automations\/a1\/runs$/).length).toBe(reads);
  });

  it('pauses, gives a new webhook secret once, and deletes after the confirmation', async () => {
    const user = userEvent.setup();
    http.answer(
      'GET',
      /^\/automations\/a1$/,
      automationOf('a1', { name: 'On push', trigger: { type: 'webhook' } }),
    );
    http.answer('GET', /^\/automations\/a1\/runs$/, { runs: [] });
    http.answer('PATCH', /^\/automations\/a1$/, (request: SeenRequest) =>
      json(automationOf('a1', { name: 'On push', ...(request.body as object) })),
    );
    http.answer('POST', /^\/automations\/a1\/webhook-secret$/, {
      webhookUrl: 'http://api.test/api/automation-hooks/a1',
      webhookSecret: 'n3w-s3cret',
    });
    http.answer('DELETE', /^\/automations\/a1$/, new Response(null, { status: 204 }));
    renderScreen();
    expect(await screen.findByText('No runs yet: press Run now, or wait for its trigger.')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Enable On push' }));
    await waitFor(() =>
      expect(http.seen('PATCH', /^\/automations\/a1$/).map((r) => r.body)).toEqual([{ enabled: false }]),
    );

    await user.click(screen.getByRole('button', { name: 'New webhook secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Webhook' });
    expect(within(shown).getByText('http://api.test/api/automation-hooks/a1')).toBeTruthy();
    expect(within(shown).getByText('n3w-s3cret')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this automation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(http.seen('DELETE', /^\/automations\/a1$/)).toHaveLength(1);
  });

  it("lets a team's Users read the runs but not decide or change anything", async () => {
    http.answer(
      'GET',
      /^\/automations\/a1$/,
      automationOf('a1', { name: 'Team triage', teamId: 't1', editable: false }),
    );
    http.answer('GET', /^\/automations\/a1\/runs$/, { runs: [waitingRun] });
    renderScreen();
    const approval = within(await screen.findByRole('region', { name: /waiting for approval/ }));
    expect(approval.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(approval.getByText("The team's Admins approve or cancel it.")).toBeTruthy();
    for (const name of ['Run now', 'Edit', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
