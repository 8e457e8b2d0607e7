import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FOLD_OVER_CHARS, ToolCallCard, toolProgressText } from './tool-call-card';

const huge = `${'first line\n'}${'x'.repeat(200_000)}THE END`;

describe('ToolCallCard', () => {
  it('renders a result only once opened, folds a huge one, and shows all of it by keyboard', async () => {
    const { container } = render(
      <ToolCallCard
        call={{ id: 't1', name: 'read_file', status: 'success', input: { path: 'a' }, result: huge }}
      />,
    );
    // Closed: the 200 KB result is not in the page at all.
    expect(container.textContent?.length).toBeLessThan(100);

    // (A summary opens by Enter or Space natively; jsdom only takes the click.)
    await userEvent.click(screen.getByText('read_file'));
    const result = screen.getByRole('region', { name: 'Result' });
    expect(result.textContent?.startsWith('first line')).toBe(true);
    expect(result.textContent?.length).toBeLessThan(FOLD_OVER_CHARS);
    expect(screen.getByText(/198,\d{3} more characters/)).toBeTruthy();

    const showAll = screen.getByRole('button', { name: 'Show all of the result' });
    showAll.focus();
    await userEvent.keyboard('{Enter}');
    expect(result.textContent).toBe(huge);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('shows a small result whole, and an error opened', () => {
    render(
      <ToolCallCard call={{ id: 't2', name: 'echo', status: 'error', result: 'short', error: 'boom' }} />,
    );
    expect(screen.getByRole('region', { name: 'Result' }).textContent).toBe('short');
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Error executing tool echo: boom');
  });
});

describe('a tool call card', () => {
  it("shows a long call's progress as its status while it runs", () => {
    render(
      <ToolCallCard
        call={{
          id: 't1',
          name: 'index_repository',
          status: 'calling',
          input: {},
          progress: { progress: 2, total: 5, message: 'Indexing src/' },
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Running… 40% — Indexing src/');
  });

  it('says a count when the server gives no total, and nothing once the call ended', () => {
    expect(toolProgressText({ progress: 3 })).toBe('Running… 3');
    render(
      <ToolCallCard
        call={{
          id: 't1',
          name: 'index_repository',
          status: 'success',
          result: 'ok',
          progress: { progress: 5 },
        }}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the server that ran the call (a chat may use several)', () => {
    render(
      <ToolCallCard
        call={{
          id: 't3',
          name: 'beta_tools__echo',
          status: 'success',
          serverId: 's2',
          serverName: 'Beta Tools',
        }}
      />,
    );
    const summary = screen.getByText('beta_tools__echo').closest('summary') as HTMLElement;
    expect(summary.textContent).toContain('on server Beta Tools');
  });
});
