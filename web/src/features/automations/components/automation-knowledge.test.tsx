import { KNOWLEDGE_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { automationOf } from '../../../testing/automation-fixture';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { collectionOf } from '../../../testing/knowledge-fixture';
import { queryWrapper } from '../../../testing/query';
import { setSpaceTeamId } from '../../teams/utils/space';
import { AutomationFormDialog } from './automation-form-dialog';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();

beforeEach(() => {
  http.answer('GET', /^\/api-keys\/providers$/, (request: SeenRequest) =>
    json(
      request.url.searchParams.has('teamId')
        ? []
        : [{ id: 'anthropic', name: 'Anthropic', models: [{ id: 'claude-haiku', name: 'Claude Haiku' }] }],
    ),
  );
  http.answer('GET', /^\/mcp-servers$/, []);
  http.answer('GET', /^\/automations\/schedule-preview$/, { nextRuns: [] });
  http.answer('GET', /^\/knowledge\/collections$/, (request: SeenRequest) =>
    json({
      collections:
        request.url.searchParams.get('teamId') === 't1'
          ? [collectionOf('t-1', { name: 'Runbooks', teamId: 't1', editable: false })]
          : Array.from({ length: 6 }, (_, i) => collectionOf(`k${i + 1}`, { name: `Docs ${i + 1}` })),
    }),
  );
  http.answer('POST', /^\/automations$/, (request: SeenRequest) =>
    json(automationOf('a9', request.body as object), 201),
  );
  http.answer('PUT', /^\/automations\/a1$/, (request: SeenRequest) =>
    json(automationOf('a1', request.body as object)),
  );
});
afterEach(() => setSpaceTeamId(undefined));

function renderForm(props: Partial<Parameters<typeof AutomationFormDialog>[0]> = {}) {
  const saved = vi.fn();
  const view = render(
    <MemoryRouter>
      <ToastProvider>
        <AutomationFormDialog onSaved={saved} onClose={() => undefined} {...props} />
      </ToastProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
  return { ...view, saved };
}

async function fillAndSave(dialog: ReturnType<typeof within>) {
  const user = userEvent.setup();
  await user.type(dialog.getByLabelText('Name'), 'Key digest');
  await user.type(dialog.getByLabelText('Goal'), 'How often is the key rotated?');
  await user.selectOptions(dialog.getByLabelText('Trigger'), 'Manual (Run now only)');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
}

describe("an automation's Knowledge section", { timeout: 60_000 }, () => {
  it('ticks up to five of the person’s own collections, saved as collectionIds', async () => {
    const user = userEvent.setup();
    const { saved } = renderForm();
    const dialog = within(await screen.findByRole('dialog', { name: 'New automation' }));
    const group = within(await dialog.findByRole('group', { name: 'Knowledge' }));
    for (const name of ['Docs 1', 'Docs 2', 'Docs 3', 'Docs 4', 'Docs 5']) {
      await user.click(await group.findByRole('checkbox', { name }));
    }
    expect(group.getByRole('checkbox', { name: 'Docs 6' })).toHaveProperty('disabled', true);
    expect(group.getByText(KNOWLEDGE_MESSAGES.tooManyAttached)).toBeTruthy();
    await user.click(group.getByRole('checkbox', { name: 'Docs 2' }));
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);
    await fillAndSave(dialog);

    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(http.seen('POST', /^\/automations$/)[0]?.body).toMatchObject({
      collectionIds: ['k1', 'k3', 'k4', 'k5'],
    });
    // A person's automation lists no team's collections.
    const lists = http.seen('GET', /^\/knowledge\/collections$/);
    expect(lists.every((request) => !request.url.searchParams.has('teamId'))).toBe(true);
  });

  it("a team's automation lists and attaches only the team's collections", async () => {
    const user = userEvent.setup();
    setSpaceTeamId('t1');
    renderForm({ teamId: 't1' });
    const dialog = within(await screen.findByRole('dialog', { name: 'New automation' }));
    const group = within(await dialog.findByRole('group', { name: 'Knowledge' }));
    await user.click(await group.findByRole('checkbox', { name: 'Runbooks (team)' }));
    expect(group.queryByRole('checkbox', { name: 'Docs 1' })).toBeNull();
    await fillAndSave(dialog);

    await waitFor(() => expect(http.seen('POST', /^\/automations$/)).toHaveLength(1));
    expect(http.seen('POST', /^\/automations$/)[0]?.body).toMatchObject({
      teamId: 't1',
      collectionIds: ['t-1'],
    });
    const lists = http.seen('GET', /^\/knowledge\/collections$/);
    expect(lists.map((request) => request.url.searchParams.get('teamId'))).toEqual(['t1']);
  });

  it('editing keeps the attached collections and sends the change', async () => {
    const user = userEvent.setup();
    const automation = automationOf('a1', { collectionIds: ['k2'] });
    const { saved } = renderForm({ automation });
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit automation' }));
    const group = within(await dialog.findByRole('group', { name: 'Knowledge' }));
    expect(await group.findByRole('checkbox', { name: 'Docs 2' })).toHaveProperty('checked', true);
    await user.click(group.getByRole('checkbox', { name: 'Docs 6' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(http.seen('PUT', /^\/automations\/a1$/)[0]?.body).toMatchObject({ collectionIds: ['k2', 'k6'] });
  });
});
