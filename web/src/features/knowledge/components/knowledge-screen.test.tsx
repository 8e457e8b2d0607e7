import { type Collection, KNOWLEDGE_MESSAGES, PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ToastRegion } from '../../../components/toast/toast-region';
import { resetToaster } from '../../../components/toast/toaster-store';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { collectionOf, teamsAnswer } from '../../../testing/knowledge-fixture';
import { queryWrapper } from '../../../testing/query';
import { setSpaceTeamId } from '../../teams/utils/space';
import { KnowledgeScreen } from './knowledge-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
let own: Collection[];
let team: Collection[];
beforeEach(() => {
  own = [
    collectionOf('k1', {
      name: 'Handbook',
      description: 'Policies <b>and</b> how-tos',
      fileCount: 3,
      totalBytes: 1_468_006,
      embeddingModel: 'openai:text-embedding-3-small',
    }),
    collectionOf('k2', { name: 'Specs', fileCount: 1, totalBytes: 2_048 }),
  ];
  team = [collectionOf('k9', { name: 'Team runbooks', teamId: 't1', editable: false, fileCount: 0 })];
  http.answer('GET', /^\/knowledge\/collections$/, (request: SeenRequest) =>
    json({ collections: request.url.searchParams.get('teamId') === 't1' ? team : own }),
  );
});
afterEach(() => {
  setSpaceTeamId(undefined);
  resetToaster();
});

function renderScreen() {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <KnowledgeScreen />
        <ToastRegion />
      </ToastProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

const card = (name: string) => within(screen.getByRole('heading', { name }).closest('li') as HTMLElement);
const names = () =>
  within(screen.getByRole('list', { name: 'Collections' }))
    .queryAllByRole('heading')
    .map((heading) => heading.textContent);

describe('/knowledge', { timeout: 20_000 }, () => {
  it('lists the collections: link, files and size, search mode, description as text; axe clean', async () => {
    const { container } = renderScreen();
    await screen.findByRole('heading', { name: 'Handbook' });
    expect(names()).toEqual(['Handbook', 'Specs']);
    expect(card('Handbook').getByRole('link', { name: 'Handbook' }).getAttribute('href')).toBe(
      '/knowledge/k1',
    );
    expect(card('Handbook').getByText('3 files · 1.4 MB')).toBeTruthy();
    expect(card('Handbook').getByText('Meaning-based search')).toBeTruthy();
    expect(card('Handbook').getByText('Policies <b>and</b> how-tos')).toBeTruthy();
    expect(card('Specs').getByText('1 file · 2 KB')).toBeTruthy();
    expect(card('Specs').getByText(KNOWLEDGE_MESSAGES.keywordOnly)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Library' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('creates a collection (the name checked first), renames it, and deletes one after a confirmation', async () => {
    const user = userEvent.setup();
    http.answer('POST', /^\/knowledge\/collections$/, (request: SeenRequest) => {
      const created = collectionOf('k3', request.body as Partial<Collection>);
      own = [...own, created];
      return json(created, 201);
    });
    http.answer('PUT', /^\/knowledge\/collections\/k2$/, (request: SeenRequest) => {
      own = own.map((c) => (c.id === 'k2' ? { ...c, ...(request.body as Partial<Collection>) } : c));
      return json(own[1]);
    });
    http.answer('DELETE', /^\/knowledge\/collections\/k1$/, () => {
      own = own.filter((c) => c.id !== 'k1');
      return new Response(null, { status: 204 });
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Name' })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(KNOWLEDGE_MESSAGES.nameRequired)).toBeTruthy();
    expect(http.seen('POST', /^\/knowledge\/collections$/)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Contracts');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Signed ones');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(names()).toEqual(['Handbook', 'Specs', 'Contracts']));
    expect(http.seen('POST', /^\/knowledge\/collections$/).map((r) => r.body)).toEqual([
      { name: 'Contracts', description: 'Signed ones' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit Specs' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit collection' });
    const name = within(edit).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Specifications');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(names()).toEqual(['Handbook', 'Specifications', 'Contracts']));
    expect(http.seen('PUT', /^\/knowledge\/collections\/k2$/).map((r) => r.body)).toEqual([
      { name: 'Specifications', description: '' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Handbook' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this collection?' });
    expect(confirm.textContent).toContain("'Handbook' and its 3 files · 1.4 MB are deleted");
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Specifications', 'Contracts']));
  });

  it("shows a plan limit's refusal in the form and as a toast with Upgrade Plan", async () => {
    const user = userEvent.setup();
    const refusal = KNOWLEDGE_MESSAGES.tooManyCollections(2);
    http.answer(
      'POST',
      /^\/knowledge\/collections$/,
      json({ message: refusal, code: PLAN_LIMIT_ERROR_CODE }, 403),
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Third');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(await screen.findByText('Plan limit reached')).toBeTruthy();
    // Outside the modal (hidden from it while it is open).
    expect(screen.getByRole('link', { name: 'Upgrade Plan', hidden: true }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it("in a team's space shows the team's collections read-only to a User, and their own on switching", async () => {
    const user = userEvent.setup();
    setSpaceTeamId('t1');
    http.answer('GET', /^\/teams$/, teamsAnswer('user'));
    const { container } = renderScreen();
    await screen.findByRole('heading', { name: 'Team runbooks' });
    expect(http.seen('GET', /^\/knowledge\/collections$/)[0]?.url.searchParams.get('teamId')).toBe('t1');
    await screen.findByRole('option', { name: 'Platform (team)' });
    expect(card('Team runbooks').queryByRole('button')).toBeNull();
    expect(
      card('Team runbooks').getByText("Read-only: the team's Admins change it and its files."),
    ).toBeTruthy();
    expect(card('Team runbooks').getByText('Team')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New collection' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Library' }), 'own');
    await waitFor(() => expect(names()).toEqual(['Handbook', 'Specs']));
    expect(screen.getByRole('button', { name: 'New collection' })).toBeTruthy();
  });

  it("lets a team's Admin create in the team's library (an empty one says so)", async () => {
    const user = userEvent.setup();
    setSpaceTeamId('t1');
    team = [];
    http.answer('GET', /^\/teams$/, teamsAnswer('admin'));
    http.answer('POST', /^\/knowledge\/collections$/, (request: SeenRequest) => {
      const created = collectionOf('k10', request.body as Partial<Collection>);
      team = [created];
      return json(created, 201);
    });
    renderScreen();
    await screen.findByRole('heading', { name: 'No collections yet' });
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection for Platform' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Onboarding');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Onboarding' });
    expect(http.seen('POST', /^\/knowledge\/collections$/).map((r) => r.body)).toEqual([
      { name: 'Onboarding', description: '', teamId: 't1' },
    ]);
  });
});
