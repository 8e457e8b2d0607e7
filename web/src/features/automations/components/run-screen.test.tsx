import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { automationOf, runOf } from '../../../testing/automation-fixture';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { RunScreen } from './run-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();

const renderRun = (runId: string) =>
  render(
    <MemoryRouter>
      <RunScreen automationId="a1" runId={runId} />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );

describe('/automations/:id/runs/:runId', { timeout: 20_000 }, () => {
  it("shows a webhook run's facts, its conversation and its input as text", async () => {
    http.answer('GET', /^\/automations\/a1$/, automationOf('a1', { name: 'On push' }));
    const input = '{"issue":42,"title":"<script>alert(1)</script>"}';
    http.answer(
      'GET',
      /^\/automations\/a1\/runs\/r1$/,
      runOf('a1', 'r1', { source: 'webhook', input, conversationId: 'c1' }),
    );
    const { container } = renderRun('r1');
    const shown = within(await screen.findByRole('region', { name: 'Input' }));
    expect(shown.getByText(input)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('Webhook')).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('1 min 5 s')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Open the run's conversation" }).getAttribute('href')).toBe(
      '/home/c/c1',
    );
    expect((await screen.findByRole('link', { name: 'All runs of On push' })).getAttribute('href')).toBe(
      '/automations/a1',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('decides a waiting run from its page; a run without input shows none', async () => {
    const user = userEvent.setup();
    http.answer('GET', /^\/automations\/a1$/, automationOf('a1'));
    const waiting = runOf('a1', 'r2', {
      status: 'waiting_approval',
      reason: AUTOMATION_MESSAGES.waitingApproval('echo'),
      pendingApproval: { tool: 'echo', arguments: { message: 'hi' } },
      endedAt: undefined,
      durationMs: undefined,
    });
    http.answer('GET', /^\/automations\/a1\/runs\/r2$/, waiting);
    http.answer('POST', /^\/automations\/a1\/runs\/r2\/approval$/, json({ ...waiting, status: 'queued' }));
    renderRun('r2');
    const card = within(await screen.findByRole('region', { name: /waiting for approval$/ }));
    await user.click(await card.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(http.seen('POST', /approval$/).map((r) => r.body)).toEqual([{ decision: 'approve' }]),
    );
    expect(screen.queryByRole('region', { name: 'Input' })).toBeNull();
  });
});
