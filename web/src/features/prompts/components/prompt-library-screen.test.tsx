import { PROMPT_MESSAGES, type Prompt } from '@agentforge/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, fakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { createTestQueryClient } from '../../../testing/query';
import { setSpaceTeamId } from '../../teams/utils/space';
import { PromptLibraryScreen } from './prompt-library-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const prompt = (id: string, title: string, extra: Partial<Prompt> = {}): Prompt => ({
  id,
  title,
  body: `Body of ${title}`,
  tags: [],
  editable: true,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

let http: FakeHttp;
let stored: Prompt[];
beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  stored = [
    prompt('p1', 'Standup', { tags: ['daily'] }),
    prompt('p2', 'Team review', { teamId: 't1', editable: false }),
  ];
  http.answer('GET', /^\/prompts$/, () => json({ prompts: stored }));
  http.answer('POST', /^\/prompts$/, (request: SeenRequest) => {
    const created = prompt('p3', (request.body as { title: string }).title);
    stored = [created, ...stored];
    return json(created, 201);
  });
  http.answer('POST', /^\/prompts\/import$/, (request: SeenRequest) =>
    json({ imported: (request.body as { prompts: unknown[] }).prompts.length }, 201),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSpaceTeamId(undefined);
});

function renderScreen() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createTestQueryClient()}>
        <PromptLibraryScreen />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Prompts' }))
    .queryAllByRole('heading')
    .map((heading) => heading.textContent);

describe('the prompt library', () => {
  it('lists, searches (tags too) and offers Edit only where the caller may edit', async () => {
    const user = userEvent.setup();
    renderScreen();
    await waitFor(() => expect(titles()).toEqual(['Standup', 'Team review']));
    expect(screen.getByRole('button', { name: 'Edit Standup' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Team review' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'daily');
    expect(titles()).toEqual(['Standup']);
  });

  it('creates a prompt, checking the fields first', async () => {
    const user = userEvent.setup();
    renderScreen();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'New prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'New prompt' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(PROMPT_MESSAGES.titleRequired)).toBeTruthy();
    expect(http.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Title'), 'Weekly');
    await user.click(within(dialog).getByLabelText('Prompt'));
    await user.paste('Summarise {{week}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Weekly',
      body: 'Summarise {{week}}',
      tags: [],
    });
    await waitFor(() => expect(titles()).toEqual(['Weekly', 'Standup', 'Team review']));
  });

  it('refuses a bad file before sending it, naming each bad item; imports a good one', async () => {
    const user = userEvent.setup();
    renderScreen();
    const input = screen.getByLabelText('Prompt library file to import') as HTMLInputElement;
    const file = (content: string) => new File([content], 'prompts.json', { type: 'application/json' });

    await user.upload(input, file('not json'));
    expect((await screen.findByRole('alert')).textContent).toBe(PROMPT_MESSAGES.importNotJson);

    await user.upload(
      input,
      file(
        JSON.stringify({
          prompts: [
            { title: 'Ok', body: 'x' },
            { title: '', body: 'y' },
          ],
        }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(PROMPT_MESSAGES.importItems));
    expect(screen.getByRole('alert').textContent).toContain(
      `Prompt 2: title: ${PROMPT_MESSAGES.titleRequired}`,
    );
    expect(http.requests.some((r) => r.path === '/prompts/import')).toBe(false);

    await user.upload(input, file(JSON.stringify({ prompts: [{ title: 'Ok', body: 'x' }] })));
    expect((await screen.findByRole('status')).textContent).toBe('Imported 1 prompt.');
  });

  describe("in a team's space", () => {
    /** The caller is the team's `role`; the export answers with the library asked for. */
    function inTeamAs(role: 'admin' | 'user') {
      setSpaceTeamId('t1');
      http.answer('GET', /^\/teams$/, () =>
        json({
          teams: [
            {
              teamId: 't1',
              name: 'Prompters',
              role,
              isOwner: false,
              memberCount: 2,
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        }),
      );
      http.answer('GET', /^\/prompts\/export$/, () =>
        json({ format: 'agentforge-prompts', version: 1, prompts: [] }),
      );
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
      );
    }
    const file = new File([JSON.stringify({ prompts: [{ title: 'Ok', body: 'x' }] })], 'prompts.json', {
      type: 'application/json',
    });
    const importRequest = () => http.requests.find((r) => r.path === '/prompts/import');

    it("shows the team's library, exports it and imports into it for an Admin", async () => {
      const user = userEvent.setup();
      inTeamAs('admin');
      renderScreen();
      await waitFor(() => expect(titles()).toEqual(['Team review']));
      expect((screen.getByRole('combobox', { name: 'Library' }) as HTMLSelectElement).value).toBe('team');

      await user.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(http.requests.some((r) => r.path === '/prompts/export')).toBe(true));
      expect(http.requests.find((r) => r.path === '/prompts/export')?.url.searchParams.get('teamId')).toBe(
        't1',
      );

      await user.upload(screen.getByLabelText('Prompt library file to import'), file);
      expect((await screen.findByRole('status')).textContent).toBe('Imported 1 prompt into Prompters.');
      expect(importRequest()?.url.searchParams.get('teamId')).toBe('t1');
    });

    it("offers a member no Import for the team's library, and imports into their own", async () => {
      const user = userEvent.setup();
      inTeamAs('user');
      renderScreen();
      await waitFor(() => expect(titles()).toEqual(['Team review']));
      await screen.findByRole('option', { name: 'Prompters (team)' });
      expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
      expect(screen.queryByLabelText('Prompt library file to import')).toBeNull();

      await user.selectOptions(screen.getByRole('combobox', { name: 'Library' }), 'own');
      expect(titles()).toEqual(['Standup']);
      await user.upload(screen.getByLabelText('Prompt library file to import'), file);
      expect((await screen.findByRole('status')).textContent).toBe('Imported 1 prompt.');
      expect(importRequest()?.url.searchParams.has('teamId')).toBe(false);
    });
  });
});
