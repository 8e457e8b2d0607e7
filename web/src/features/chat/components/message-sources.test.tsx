import { type Message, WEB_SEARCH_MESSAGES } from '@agentforge/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../../../config/runtime-config';
import { TEST_CONFIG } from '../../../testing/fake-http';
import { toMarkdown } from '../utils/conversation-file';
import { completeMessage } from '../utils/stream-message';
import { AssistantMessage } from './assistant-message';
import { ModelSettingsForm } from './model-settings-form';

const sources = [
  { title: 'Tide tables', url: 'https://www.tides.example/lisbon' },
  { title: 'Harbour [notes]', url: 'http://harbour.example/' },
];

const reply: Message = {
  id: 'm-1',
  conversationId: 'c1',
  role: 'assistant',
  content: 'High tide is at 14:05 [1], per the harbour [2].',
  timestamp: 1,
  model: 'm',
};

describe("a reply's web sources", () => {
  it('are listed under the reply, numbered as cited: title, site, opening in a new tab without access back', async () => {
    render(<AssistantMessage message={{ ...reply, sources }} />);
    const list = await screen.findByRole('region', { name: 'Sources' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Tide tables · tides.example (opens in a new tab)',
      'Harbour [notes] · harbour.example (opens in a new tab)',
    ]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.slice(0, 3)),
    ).toEqual(['[1]', '[2]']);
    for (const [index, link] of links.entries()) {
      expect(link.getAttribute('href')).toBe(sources[index]?.url);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // By keyboard, in reading order: the sources come before the reply's actions.
    await userEvent.tab();
    expect(document.activeElement).toBe(links[0]);
  });

  it('show the passage the reply cites from a source, as text', async () => {
    const quoted = [{ ...sources[0], quote: 'High tide <b>14:05</b>' }] as Message['sources'];
    render(<AssistantMessage message={{ ...reply, sources: quoted }} />);
    const list = await screen.findByRole('region', { name: 'Sources' });
    expect(within(list).getByText('High tide <b>14:05</b>').tagName).toBe('Q');
  });

  it('are not listed while the reply streams, nor on a reply without any', () => {
    const { rerender } = render(<AssistantMessage message={{ ...reply, sources, isLoading: true }} />);
    expect(screen.queryByRole('region', { name: 'Sources' })).toBeNull();
    rerender(<AssistantMessage message={reply} />);
    expect(screen.queryByRole('region', { name: 'Sources' })).toBeNull();
  });

  it("come with the stream's end, and go into the Markdown export", () => {
    const done = completeMessage(
      { ...reply, isLoading: true },
      { status: 'completed', messageId: 'm-1', provider: 'p', model: 'm', timestamp: 1, sources },
    );
    expect(done.sources).toEqual(sources);
    const markdown = toMarkdown({
      id: 'c1',
      userId: 'u1',
      title: 'Tides',
      name: 'Tides',
      createdAt: 1,
      updatedAt: 1,
      metadata: { defaultProvider: 'p', defaultModel: 'm' },
      messages: [done],
    });
    expect(markdown).toContain(
      'Sources:\n\n1. Tide tables: <https://www.tides.example/lisbon>\n2. Harbour \\[notes\\]: <http://harbour.example/>\n',
    );
  });
});

describe("the 'Web search' toggle of the chat's settings", () => {
  it('says web search is not configured where the operator set no search API and the provider has no search of its own, and cannot be ticked', () => {
    render(<ModelSettingsForm initial={undefined} onSave={async () => {}} provider="custom:k1" />);
    const toggle = screen.getByRole('checkbox', { name: 'Web search' });
    expect(toggle).toHaveProperty('disabled', true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Web search is not configured on this server.')).toBeTruthy();
  });

  it("can be ticked for Anthropic, OpenAI and Google (a team's key too) without the operator's search API, saying whose search it is", async () => {
    for (const provider of ['anthropic', 'openai', 'team:t1:google']) {
      const saved: unknown[] = [];
      const { unmount } = render(
        <ModelSettingsForm
          initial={undefined}
          onSave={async (settings) => void saved.push(settings)}
          provider={provider}
        />,
      );
      const toggle = screen.getByRole('checkbox', { name: 'Web search' });
      expect(toggle).toHaveProperty('disabled', false);
      expect(screen.getByText(WEB_SEARCH_MESSAGES.native).id).toBe(toggle.getAttribute('aria-describedby'));
      await userEvent.click(toggle);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(saved).toEqual([{ webSearch: true }]);
      unmount();
    }
  });

  it('as a default for any provider, can be ticked and says only the native providers search here', () => {
    render(<ModelSettingsForm initial={undefined} onSave={async () => {}} />);
    expect(screen.getByRole('checkbox', { name: 'Web search' })).toHaveProperty('disabled', false);
    expect(screen.getByText(WEB_SEARCH_MESSAGES.nativeOnly)).toBeTruthy();
  });

  it('is saved with the settings once ticked, where it is configured', async () => {
    await loadRuntimeConfig(async () => Response.json({ ...TEST_CONFIG, webSearch: true }));
    const saved: unknown[] = [];
    render(
      <ModelSettingsForm
        initial={{ temperature: 1 }}
        onSave={async (settings) => void saved.push(settings)}
      />,
    );
    const toggle = screen.getByRole('checkbox', { name: 'Web search' });
    expect(toggle).toHaveProperty('checked', false);
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ temperature: 1, webSearch: true }]);
  });
});
