import { AUTOMATION_MESSAGES, PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ToastRegion } from '../../../components/toast/toast-region';
import { resetToaster } from '../../../components/toast/toaster-store';
import { automationOf } from '../../../testing/automation-fixture';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { queryWrapper } from '../../../testing/query';
import { browserTimeZone } from '../utils/schedule-builder';
import { AutomationsScreen } from './automations-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
const NEXT_RUNS = [Date.UTC(2026, 10, 27, 8), Date.UTC(2026, 10, 30, 8)];

beforeEach(() => {
  http.answer('GET', /^\/automations$/, { automations: [] });
  http.answer('GET', /^\/api-keys\/providers$/, [
    { id: 'anthropic', name: 'Anthropic', models: [{ id: 'claude-haiku', name: 'Claude Haiku' }] },
  ]);
  http.answer('GET', /^\/mcp-servers$/, [
    {
      id: 's1',
      name: 'Issue Tracker',
      packageName: 'pkg',
      status: 'enabled',
      idleTimeoutMinutes: 5,
      environmentVariables: {},
    },
  ]);
  http.answer('POST', /^\/mcp-gateway\/s1$/, {
    jsonrpc: '2.0',
    id: 1,
    result: { tools: [{ name: 'list_issues' }, { name: 'close_issue' }] },
  });
  http.answer('GET', /^\/knowledge\/collections$/, { collections: [] });
  http.answer('GET', /^\/automations\/schedule-preview$/, (request: SeenRequest) => {
    const expression = request.url.searchParams.get('expression') ?? '';
    if (expression.startsWith('cron(')) return json({ nextRuns: NEXT_RUNS });
    if (expression.startsWith('rate(')) return json({ nextRuns: [Date.UTC(2027, 0, 1)] });
    return json({ message: AUTOMATION_MESSAGES.expressionInvalid }, 400);
  });
  http.answer('POST', /^\/automations$/, (request: SeenRequest) =>
    json(
      {
        ...automationOf('a9', request.body as object),
        ...((request.body as { trigger: { type: string } }).trigger.type === 'webhook'
          ? { webhookUrl: 'http://api.test/api/automation-hooks/a9', webhookSecret: 's3cret' }
          : {}),
      },
      201,
    ),
  );
});
afterEach(() => resetToaster());

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

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'New automation' }));
  return within(await screen.findByRole('dialog', { name: 'New automation' }));
}

describe('creating an automation', { timeout: 30_000 }, () => {
  it("checks the fields in the schema's words, then saves a weekday schedule with its next runs, servers and tools", async () => {
    const user = userEvent.setup();
    renderScreen();
    const form = await openForm();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByText(AUTOMATION_MESSAGES.nameRequired)).toBeTruthy();
    expect(form.getByText(AUTOMATION_MESSAGES.goalRequired)).toBeTruthy();
    expect(http.seen('POST', /^\/automations$/)).toEqual([]);

    await user.type(form.getByLabelText('Name'), 'Morning triage');
    await user.type(form.getByLabelText('Goal'), 'Label the new issues');
    await user.selectOptions(form.getByLabelText('Mode'), 'MCP Server');
    await user.selectOptions(form.getByLabelText('Repeat'), 'Weekdays at');
    expect((form.getByLabelText('Schedule expression') as HTMLInputElement).value).toBe(
      'cron(0 9 ? * MON-FRI *)',
    );
    expect((form.getByLabelText('Time zone') as HTMLInputElement).value).toBe(browserTimeZone());
    const nextRun = new Date(NEXT_RUNS[0] ?? 0).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(await form.findByText(nextRun)).toBeTruthy();
    const previews = http.seen('GET', /^\/automations\/schedule-preview$/);
    // Debounced: the preview asks for the expression the helper wrote, not each step on the way.
    expect(previews.at(-1)?.url.searchParams.get('expression')).toBe('cron(0 9 ? * MON-FRI *)');

    await user.click(form.getByRole('checkbox', { name: /Issue Tracker/ }));
    await user.click(await form.findByRole('checkbox', { name: 'issue_tracker__list_issues' }));
    await user.clear(form.getByLabelText('Tool calls'));
    await user.type(form.getByLabelText('Tool calls'), '5');
    await user.selectOptions(form.getByLabelText('E-mail me'), 'always');
    await user.selectOptions(form.getByLabelText('Results'), 'append');
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.seen('POST', /^\/automations$/)[0]?.body).toEqual({
      name: 'Morning triage',
      goal: 'Label the new issues',
      mode: 'mcp',
      serverIds: ['s1'],
      collectionIds: [],
      approvedTools: ['issue_tracker__list_issues'],
      provider: 'anthropic',
      model: 'claude-haiku',
      trigger: { type: 'schedule', expression: 'cron(0 9 ? * MON-FRI *)', timezone: browserTimeZone() },
      budget: { maxTokens: 100, maxToolCalls: 5, maxMinutes: 10 },
      notify: 'always',
      output: 'append',
    });
  });

  it("shows the API's message when the expression is not a schedule", async () => {
    const user = userEvent.setup();
    renderScreen();
    const form = await openForm();
    const expression = form.getByLabelText('Schedule expression');
    await user.clear(expression);
    await user.type(expression, 'every morning');
    expect(await form.findByText(AUTOMATION_MESSAGES.expressionInvalid)).toBeTruthy();
    expect(
      http
        .seen('GET', /^\/automations\/schedule-preview$/)
        .some((r) => r.url.searchParams.get('expression') === 'every morn'),
    ).toBe(false);
  });

  it('shows a webhook URL and its secret once, with a curl example sending it as a bearer, each with Copy', async () => {
    const user = userEvent.setup();
    renderScreen();
    const form = await openForm();
    await user.type(form.getByLabelText('Name'), 'On push');
    await user.type(form.getByLabelText('Goal'), 'Review the pushed commits');
    await user.selectOptions(form.getByLabelText('Trigger'), 'Webhook');
    expect(form.queryByLabelText('Schedule expression')).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook' });
    const shown = within(dialog);
    expect(shown.getByText('http://api.test/api/automation-hooks/a9')).toBeTruthy();
    expect(shown.getByText('s3cret')).toBeTruthy();
    expect(dialog.textContent).toContain('shown only once');
    expect(shown.getByText(/^curl -X POST/).textContent).toBe(
      [
        "curl -X POST 'http://api.test/api/automation-hooks/a9'",
        "  -H 'Authorization: Bearer s3cret'",
        "  -H 'Content-Type: application/json'",
        `  -d '{"event":"test"}'`,
      ].join(' \\\n'),
    );
    for (const what of ['webhook url', 'secret', 'example'])
      expect(shown.getByRole('button', { name: `Copy ${what}` })).toBeTruthy();
    // The path form, for a sender that can set no header, is there but folded away.
    expect(shown.getByText('http://api.test/api/automation-hooks/a9/s3cret')).toBeTruthy();
    expect(http.seen('POST', /^\/automations$/)[0]?.body).toMatchObject({ trigger: { type: 'webhook' } });
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the form open and toasts a plan limit's refusal with Upgrade Plan", async () => {
    const user = userEvent.setup();
    const refusal = AUTOMATION_MESSAGES.tooManyAutomations(2);
    http.answer('POST', /^\/automations$/, json({ message: refusal, code: PLAN_LIMIT_ERROR_CODE }, 403));
    renderScreen();
    const form = await openForm();
    await user.type(form.getByLabelText('Name'), 'Third');
    await user.type(form.getByLabelText('Goal'), 'Anything');
    await user.selectOptions(form.getByLabelText('Trigger'), 'Manual (Run now only)');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe(refusal);
    // The toast is outside the modal (aria-hidden while it is open).
    expect(screen.getByRole('link', { name: 'Upgrade Plan', hidden: true }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(screen.getByRole('dialog', { name: 'New automation' })).toBeTruthy();
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Third');
  });
});
