import type { Prompt } from '@agentforge/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import { createTestQueryClient } from '../../../testing/query';
import { ChatInput } from '../../chat/components/chat-input';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const prompt = (id: string, title: string, body: string, extra: Partial<Prompt> = {}): Prompt => ({
  id,
  title,
  body,
  tags: [],
  editable: true,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

let http: FakeHttp;
beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer(
    'GET',
    /^\/prompts$/,
    json({
      prompts: [
        prompt('p1', 'Standup', 'What did I do yesterday?'),
        prompt('p2', 'Translate', 'Translate {{text}} into {{language}}, keep {{text}} short', {
          tags: ['lang'],
        }),
        prompt('p3', 'Team review', 'Review it', { teamId: 't1', editable: false }),
      ],
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderInput() {
  const onSend = vi.fn(async () => true);
  render(
    <MemoryRouter>
      <QueryClientProvider client={createTestQueryClient()}>
        <ChatInput
          onSend={onSend}
          blocked={false}
          streaming={false}
          onStop={() => {}}
          notice={null}
          onEdit={() => {}}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onSend, box: screen.getByRole('textbox', { name: 'Message' }) };
}

const options = () => within(screen.getByRole('listbox', { name: 'Saved prompts' })).getAllByRole('option');

describe('the prompt picker in the message box', () => {
  it("opens with '/' in the empty box, filters as you type, and Enter inserts the active prompt", async () => {
    const user = userEvent.setup();
    const { box, onSend } = renderInput();
    await user.click(box);
    await user.keyboard('/');
    const search = await screen.findByRole('combobox', { name: 'Search prompts' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    await waitFor(() =>
      expect(options().map((o) => o.textContent)).toEqual(['Standup', 'Translate', 'Team reviewTeam']),
    );
    expect(options()[2]?.textContent).toContain('Team');

    await user.keyboard('stand');
    expect(options().map((o) => o.textContent)).toEqual(['Standup']);
    expect(search?.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('combobox')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('What did I do yesterday?');
    await waitFor(() => expect(document.activeElement).toBe(box));
    // Inserted for review: nothing is sent until the user sends it.
    expect(onSend).not.toHaveBeenCalled();
  });

  it('moves with the arrow keys (wrapping) and asks for the variables in a labelled form', async () => {
    const user = userEvent.setup();
    const { box } = renderInput();
    await user.click(screen.getByRole('button', { name: 'Saved prompts' }));
    const search = await screen.findByRole('combobox', { name: 'Search prompts' });
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowUp}');
    expect(options()[2]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(search?.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Translate' });
    const fields = within(dialog).getAllByRole('textbox') as HTMLInputElement[];
    expect(fields.map((field) => field.labels?.[0]?.textContent)).toEqual(['text', 'language']);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('text')));
    await user.keyboard('hello');
    await user.type(within(dialog).getByLabelText('language'), 'French{Enter}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('Translate hello into French, keep hello short');
  });

  it("Escape closes it; after '/' the '/' stays in the box, so a message can start with one", async () => {
    const user = userEvent.setup();
    const { box } = renderInput();
    await user.click(box);
    await user.keyboard('/');
    await screen.findByRole('combobox', { name: 'Search prompts' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('/');
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.keyboard('/');
    expect((box as HTMLTextAreaElement).value).toBe('//');
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
