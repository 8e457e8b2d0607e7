import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../../testing/query';
import { searchConversations } from '../api/conversations';
import { selectBranch } from '../api/messages';
import { ConversationSearch } from './conversation-search';

vi.mock('../api/conversations');
vi.mock('../api/messages');
const search = vi.mocked(searchConversations);
const switchBranch = vi.mocked(selectBranch);

const result = (id: string, title: string, excerpt?: string) => ({
  conversationId: id,
  title,
  updatedAt: 1,
  titleMatch: title.toLowerCase().includes('banana'),
  matches: excerpt ? [{ messageId: `m-${id}`, role: 'user' as const, excerpt }] : [],
});

beforeEach(() => {
  search.mockReset();
  switchBranch.mockReset().mockResolvedValue();
});

describe('ConversationSearch', () => {
  it('searches once typing pauses, marks the matches, and opens a result', async () => {
    search.mockResolvedValue({ results: [result('c1', 'Groceries', 'Buy two BANANAS')] });
    const onSelect = vi.fn();
    const onActiveChange = vi.fn();
    render(<ConversationSearch onSelect={onSelect} onActiveChange={onActiveChange} />, {
      wrapper: queryWrapper(),
    });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'banana');
    const found = await screen.findByRole('button', { name: /Groceries/ });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('banana', undefined, expect.anything());
    expect(found.querySelector('mark')?.textContent).toBe('BANANA');
    expect(onActiveChange).toHaveBeenLastCalledWith(true);

    await userEvent.click(found);
    expect(onSelect).toHaveBeenCalledWith('c1');
    expect(switchBranch).not.toHaveBeenCalled();
  });

  it('labels a match on a branch not shown, and opens the chat on that branch', async () => {
    search.mockResolvedValue({
      results: [
        {
          ...result('c2', 'Shopping'),
          matches: [{ messageId: 'm-old', role: 'user', excerpt: 'Buy bananas', otherBranch: true }],
        },
      ],
    });
    const onSelect = vi.fn();
    render(<ConversationSearch onSelect={onSelect} onActiveChange={vi.fn()} />, { wrapper: queryWrapper() });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'banana');
    const found = await screen.findByRole('button', { name: /Shopping/ });
    expect(found.textContent).toBe('ShoppingAnother branch: Buy bananas');

    await userEvent.click(found);
    await vi.waitFor(() => expect(onSelect).toHaveBeenCalledWith('c2'));
    expect(switchBranch).toHaveBeenCalledWith('c2', 'm-old');
  });

  it('says when nothing matches, reads older chats on demand, and clears with Escape', async () => {
    search
      .mockResolvedValueOnce({ results: [], nextCursor: 'next' })
      .mockResolvedValueOnce({ results: [result('c9', 'Banana bread')] });
    const onActiveChange = vi.fn();
    render(<ConversationSearch onSelect={vi.fn()} onActiveChange={onActiveChange} />, {
      wrapper: queryWrapper(),
    });
    const box = screen.getByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(box, 'banana');

    await userEvent.click(await screen.findByRole('button', { name: 'Search older chats' }));
    expect(await screen.findByRole('button', { name: /Banana bread/ })).toBeTruthy();
    expect(search).toHaveBeenLastCalledWith('banana', 'next', expect.anything());

    await userEvent.type(box, '{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    await vi.waitFor(() => expect(onActiveChange).toHaveBeenLastCalledWith(false));
  });

  it("shows only the conversations of the list searched (the active space's)", async () => {
    search.mockResolvedValue({
      results: [result('mine', 'Banana bread'), result('team', 'Banana budget')],
    });
    render(
      <ConversationSearch onSelect={vi.fn()} onActiveChange={vi.fn()} inList={(id) => id === 'mine'} />,
      {
        wrapper: queryWrapper(),
      },
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'banana');
    expect(await screen.findByRole('button', { name: /Banana bread/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Banana budget/ })).toBeNull();
  });

  it('says nothing matches when no page has results', async () => {
    search.mockResolvedValue({ results: [] });
    render(<ConversationSearch onSelect={vi.fn()} onActiveChange={vi.fn()} />, { wrapper: queryWrapper() });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zz');
    expect(await screen.findByText('No conversations match “zz”.')).toBeTruthy();
  });
});
