import type { Message } from '@agentforge/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { completeMessage } from '../utils/stream-message';
import { AssistantMessage } from './assistant-message';

const reply: Message = {
  id: 'm-1',
  conversationId: 'c1',
  role: 'assistant',
  content: 'Done.',
  timestamp: 1,
  model: 'm',
  toolsOffered: { names: ['list_commits', 'read_file', 'search_tools'], total: 200, selected: true },
};

describe('the tools a reply offered', () => {
  it("shows 'Tools offered: 2 of 200', a Tab stop listing them when opened", async () => {
    render(<AssistantMessage message={reply} />);
    const summary = screen.getByText('Tools offered: 2 of 200');
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    expect(screen.queryByText('list_commits')).toBeNull();
    // A summary is a Tab stop that opens by Enter or Space natively; jsdom only takes the click.
    await userEvent.tab();
    expect(document.activeElement).toBe(summary);
    await userEvent.click(summary);
    expect(details?.open).toBe(true);
    const list = screen.getByRole('list', { name: 'Tools offered' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['list_commits', 'read_file']);
    expect(screen.getByText(/search_tools, which the model can use to find others/)).toBeTruthy();
  });

  it('says so when every tool was offered, and not while the reply is still generating', () => {
    const all = { ...reply, toolsOffered: { names: ['echo', 'add'], total: 2, selected: false } };
    const { rerender } = render(<AssistantMessage message={all} />);
    expect(screen.getByText('Tools offered: 2 of 2')).toBeTruthy();
    expect(screen.queryByText(/find others/)).toBeNull();
    rerender(<AssistantMessage message={{ ...all, isLoading: true }} />);
    expect(screen.queryByText('Tools offered: 2 of 2')).toBeNull();
  });

  it("takes the offered tools from the stream's end event", () => {
    const { toolsOffered } = reply;
    const ended = completeMessage(
      { ...reply, toolsOffered: undefined, isLoading: true },
      { status: 'completed', messageId: 'm-1', provider: 'p', model: 'm', timestamp: 1, toolsOffered },
    );
    expect(ended.toolsOffered).toEqual(toolsOffered);
  });
});
