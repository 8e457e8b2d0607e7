import { KNOWLEDGE_MESSAGES, type Message, type ModelSettings } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { collectionOf, passageOf } from '../../../testing/knowledge-fixture';
import { queryWrapper } from '../../../testing/query';
import { AssistantMessage } from '../../chat/components/assistant-message';
import { ModelSettingsForm } from '../../chat/components/model-settings-form';
import { completeMessage } from '../../chat/utils/stream-message';
import { setSpaceTeamId } from '../../teams/utils/space';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG, webSearchConfigured: () => false };
});

const http = installFakeHttp();
afterEach(() => setSpaceTeamId(undefined));

const withApp = (element: ReactNode) =>
  render(<MemoryRouter>{element}</MemoryRouter>, { wrapper: queryWrapper() });

const {
  score: _s1,
  matchedBy: _m1,
  ...first
} = passageOf('k1', 'f1', 3, {
  fileName: 'handbook.pdf',
  location: { page: 2 },
  text: 'Leave is 25 days',
});
const {
  score: _s2,
  matchedBy: _m2,
  ...second
} = passageOf('k1', 'f2', 0, {
  fileName: 'setup.md',
  location: { section: 'Install › Linux' },
  text: 'Run the <script>installer</script>',
});
const citations = [first, second];

const reply: Message = {
  id: 'm-1',
  conversationId: 'c1',
  role: 'assistant',
  content: 'You get 25 days [1]; install with the script [2].',
  timestamp: 1,
  model: 'm',
};

describe("a reply's knowledge citations", { timeout: 20_000 }, () => {
  it('are listed under the reply numbered as cited, each opening its passage with a link to its collection', async () => {
    const user = userEvent.setup();
    http.answer(
      'GET',
      /^\/knowledge\/collections\/k1\/files\/f2\/chunks\/0$/,
      passageOf('k1', 'f2', 0, {
        fileName: 'setup.md',
        location: { section: 'Install › Linux' },
        text: 'Run the <script>installer</script> as root',
      }),
    );
    const { container } = withApp(<AssistantMessage message={{ ...reply, citations }} />);
    const list = await screen.findByRole('region', { name: 'From your documents' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '[1]handbook.pdf · Page 2',
      '[2]setup.md · Install › Linux',
    ]);
    expect(await axeViolations(container)).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'setup.md · Install › Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'setup.md' });
    // The passage as the API gives it now, as text (no markup of its own).
    expect(await within(dialog).findByText('Run the <script>installer</script> as root')).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('Install › Linux')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open its collection' }).getAttribute('href')).toBe(
      '/knowledge/k1',
    );
    expect(await axeViolations(dialog)).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the cited text when the passage cannot be read any more (its file deleted), saying so', async () => {
    const user = userEvent.setup();
    http.answer('GET', /\/chunks\/3$/, json({ message: KNOWLEDGE_MESSAGES.fileNotFound }, 404));
    withApp(<AssistantMessage message={{ ...reply, citations }} />);
    await user.click(await screen.findByRole('button', { name: 'handbook.pdf · Page 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'handbook.pdf' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(KNOWLEDGE_MESSAGES.fileNotFound);
    expect(within(dialog).getByText('Leave is 25 days')).toBeTruthy();
  });

  it("are not listed while the reply streams, and come with the stream's end", () => {
    withApp(<AssistantMessage message={{ ...reply, citations, isLoading: true }} />);
    expect(screen.queryByRole('region', { name: 'From your documents' })).toBeNull();
    const done = completeMessage(
      { ...reply, isLoading: true },
      { status: 'completed', messageId: 'm-1', provider: 'p', model: 'm', timestamp: 1, citations },
    );
    expect(done.citations).toEqual(citations);
  });
});

describe("'Knowledge' in a chat's settings", { timeout: 20_000 }, () => {
  function answerCollections() {
    http.answer('GET', /^\/knowledge\/collections$/, (request: SeenRequest) =>
      json({
        collections:
          request.url.searchParams.get('teamId') === 't1'
            ? [collectionOf('t-1', { name: 'Runbooks', teamId: 't1', editable: false })]
            : Array.from({ length: 6 }, (_, i) => collectionOf(`k${i + 1}`, { name: `Docs ${i + 1}` })),
      }),
    );
  }

  it("ticks up to five of the caller's and the space team's collections, saved as collectionIds", async () => {
    const user = userEvent.setup();
    setSpaceTeamId('t1');
    answerCollections();
    const saved: ModelSettings[] = [];
    const { container } = withApp(
      <ModelSettingsForm
        knowledge
        initial={{ webSearch: true, collectionIds: ['k1', 'gone'] }}
        onSave={async (settings) => void saved.push(settings)}
      />,
    );
    const group = await screen.findByRole('group', { name: 'Knowledge' });
    await within(group).findByRole('checkbox', { name: 'Runbooks (team)' });
    expect(within(group).getByRole('checkbox', { name: 'Docs 1' })).toHaveProperty('checked', true);
    for (const name of ['Docs 2', 'Docs 3', 'Docs 4', 'Runbooks (team)']) {
      await user.click(within(group).getByRole('checkbox', { name }));
    }
    // Five ticked: the others wait, and the hint says why.
    expect(within(group).getByRole('checkbox', { name: 'Docs 5' })).toHaveProperty('disabled', true);
    expect(within(group).getByText(KNOWLEDGE_MESSAGES.tooManyAttached)).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(group).getByRole('checkbox', { name: 'Docs 3' }));
    expect(within(group).getByRole('checkbox', { name: 'Docs 5' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The collection since deleted ('gone') is dropped with the change.
    expect(saved).toEqual([{ webSearch: true, collectionIds: ['k1', 'k2', 'k4', 't-1'] }]);
  });

  it('is not offered for the defaults, which keep what they had', async () => {
    const user = userEvent.setup();
    const saved: ModelSettings[] = [];
    withApp(
      <ModelSettingsForm
        initial={{ collectionIds: ['k1'] }}
        onSave={async (settings) => void saved.push(settings)}
      />,
    );
    expect(screen.queryByRole('group', { name: 'Knowledge' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ collectionIds: ['k1'] }]);
  });
});
