import { MEMORY_MESSAGES, type MemoryFact } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { queryWrapper } from '../../../testing/query';
import * as api from '../api/memory';
import { MemorySettings } from './memory-settings';

vi.mock('../api/memory');

const fact = (factId: string, text: string): MemoryFact => ({ factId, text, createdAt: 1, updatedAt: 1 });
let facts: MemoryFact[];
let enabled: boolean;

beforeEach(() => {
  facts = [fact('f2', 'My name is Ada.'), fact('f1', 'I prefer TypeScript.')];
  enabled = false;
  vi.mocked(api.getMemory).mockImplementation(async () => ({ enabled, facts }));
  vi.mocked(api.setMemoryEnabled).mockImplementation(async (on) => {
    enabled = on;
    return { enabled, facts };
  });
});
afterEach(() => {
  vi.resetAllMocks();
});

const renderMemory = () => render(<MemorySettings />, { wrapper: queryWrapper() });

describe('Settings → Memory', () => {
  it('shows the switch off by default and the facts as listed, and turns memory on by keyboard', async () => {
    renderMemory();
    const list = await screen.findByRole('list', { name: 'Remembered facts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['My name is Ada.', 'I prefer TypeScript.']);
    const toggle = screen.getByRole('switch', { name: 'Use memory in chats' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(api.setMemoryEnabled).toHaveBeenCalledWith(true);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('Memory is on')).toBeTruthy();
  });

  it('adds a fact (Enter), and says why one is refused without losing what was typed', async () => {
    vi.mocked(api.addMemoryFact).mockImplementation(async (text) => {
      const added = fact('f3', text);
      facts = [added, ...facts];
      return added;
    });
    renderMemory();
    const field = await screen.findByLabelText('New fact');
    await userEvent.type(field, '   {Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(MEMORY_MESSAGES.factEmpty);
    expect(api.addMemoryFact).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'I live in Lisbon.{Enter}');
    expect(api.addMemoryFact).toHaveBeenCalledWith('I live in Lisbon.');
    expect(await screen.findByText('I live in Lisbon.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');

    vi.mocked(api.addMemoryFact).mockRejectedValue(
      new ApiError(MEMORY_MESSAGES.tooManyFacts, { status: 409 }),
    );
    await userEvent.type(field, 'One too many{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(MEMORY_MESSAGES.tooManyFacts);
    expect((field as HTMLInputElement).value).toBe('One too many');
  });

  it('edits a fact in place (Escape cancels) and deletes one', async () => {
    vi.mocked(api.updateMemoryFact).mockImplementation(async (factId, text) => {
      facts = facts.map((f) => (f.factId === factId ? { ...f, text } : f));
      return fact(factId, text);
    });
    vi.mocked(api.deleteMemoryFact).mockImplementation(async (factId) => {
      facts = facts.filter((f) => f.factId !== factId);
    });
    renderMemory();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit fact: My name is Ada.' }));
    const field = screen.getByLabelText('Edit fact');
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('Edit fact')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit fact: My name is Ada.' }));
    await userEvent.clear(screen.getByLabelText('Edit fact'));
    await userEvent.type(screen.getByLabelText('Edit fact'), 'Call me Ada.{Enter}');
    expect(api.updateMemoryFact).toHaveBeenCalledWith('f2', 'Call me Ada.');
    expect(await screen.findByText('Call me Ada.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete fact: I prefer TypeScript.' }));
    expect(api.deleteMemoryFact).toHaveBeenCalledWith('f1');
    await waitFor(() => expect(screen.queryByText('I prefer TypeScript.')).toBeNull());
  });
});
