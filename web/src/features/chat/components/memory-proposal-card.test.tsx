import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../../testing/query';
import * as api from '../../settings/api/memory';
import MemoryProposal, { MemoryProposalCard } from './memory-proposal-card';

vi.mock('../../settings/api/memory');

const saved = (text: string) => ({ factId: 'f1', text, createdAt: 1, updatedAt: 1 });

beforeEach(() => {
  vi.mocked(api.getMemory).mockResolvedValue({ enabled: true, facts: [] });
});
afterEach(() => {
  vi.resetAllMocks();
});

const renderCard = () =>
  render(<MemoryProposalCard fact="I prefer TypeScript." />, { wrapper: queryWrapper() });

describe('a memory proposal in the chat', () => {
  it('shows the fact and saves it only when Save is pressed (by keyboard)', async () => {
    vi.mocked(api.addMemoryFact).mockResolvedValue(saved('I prefer TypeScript.'));
    renderCard();
    const card = screen.getByRole('group', { name: 'Remember this?' });
    expect(card.textContent).toContain('I prefer TypeScript.');
    expect(api.addMemoryFact).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Save' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(api.addMemoryFact).toHaveBeenCalledWith('I prefer TypeScript.');
    expect((await screen.findByRole('status')).textContent).toBe('Saved to memory.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves nothing on Dismiss', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect((await screen.findByRole('status')).textContent).toBe('Dismissed: not saved.');
    expect(api.addMemoryFact).not.toHaveBeenCalled();
  });

  describe('the decision, kept with the reply', () => {
    const call = {
      id: 'call-1',
      name: 'remember',
      status: 'success' as const,
      input: { fact: 'I like tea.' },
    };
    // A reply of its own per test: decisions made on the page are remembered by the module.
    const reply = (memoryDecisions?: Record<string, 'saved' | 'dismissed'>, id = 'm1') => ({
      id,
      conversationId: 'c1',
      ...(memoryDecisions ? { memoryDecisions } : {}),
    });
    const ref = { conversationId: 'c1', messageId: 'm1', toolCallId: 'call-1' };

    it('records Dismiss and Save on the reply', async () => {
      vi.mocked(api.decideMemoryProposal).mockResolvedValue();
      vi.mocked(api.addMemoryFact).mockResolvedValue(saved('I like tea.'));
      const { unmount } = render(<MemoryProposal call={call} message={reply()} />, {
        wrapper: queryWrapper(),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      await waitFor(() => expect(api.decideMemoryProposal).toHaveBeenCalledWith(ref, 'dismissed'));
      unmount();

      render(<MemoryProposal call={{ ...call, id: 'call-2' }} message={reply()} />, {
        wrapper: queryWrapper(),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(api.decideMemoryProposal).toHaveBeenCalledWith({ ...ref, toolCallId: 'call-2' }, 'saved'),
      );
    });

    it('shows a stored Dismiss after a reload, with no Save offered again', async () => {
      render(<MemoryProposal call={call} message={reply({ 'call-1': 'dismissed' }, 'm2')} />, {
        wrapper: queryWrapper(),
      });
      expect(screen.getByRole('status').textContent).toBe('Dismissed: not saved.');
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    });

    it('shows a stored Save after a reload (the fact since deleted from memory)', async () => {
      render(<MemoryProposal call={call} message={reply({ 'call-1': 'saved' }, 'm3')} />, {
        wrapper: queryWrapper(),
      });
      expect(screen.getByRole('status').textContent).toBe('Saved to memory.');
    });

    it('says when the decision could not be kept', async () => {
      vi.mocked(api.decideMemoryProposal).mockRejectedValue(new Error('Network error'));
      render(<MemoryProposal call={call} message={reply(undefined, 'm4')} />, { wrapper: queryWrapper() });
      await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Could not keep this choice');
      expect(screen.getByRole('status').textContent).toBe('Dismissed: not saved.');
    });
  });

  it('says why a save failed and offers Save again', async () => {
    vi.mocked(api.addMemoryFact).mockRejectedValue(new Error('Memory holds at most 50 facts.'));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('at most 50 facts');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('reads as saved when the fact is already in memory (a reload after Save)', async () => {
    vi.mocked(api.getMemory).mockResolvedValue({ enabled: true, facts: [saved('I prefer TypeScript.')] });
    renderCard();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved to memory.'));
  });

  it('shows a remember call the tool refused (a fact too long) as a plain tool call, with nothing to save', async () => {
    render(
      <MemoryProposal
        call={{
          id: 'c1',
          name: 'remember',
          status: 'error',
          input: { fact: 'x'.repeat(301) },
          error: 'Error executing tool remember: A fact can be at most 300 characters.',
          timestamp: 1,
        }}
      />,
      { wrapper: queryWrapper() },
    );
    expect(screen.queryByRole('group', { name: 'Remember this?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
