import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FOLD_OVER_CHARS, ToolCallCard } from './tool-call-card';

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
