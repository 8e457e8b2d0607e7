import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Behind</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Edit" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
          <input aria-label="Name" />
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a named modal that keeps Tab inside it', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    const visited = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      visited.add(
        (document.activeElement as HTMLElement).getAttribute('aria-label') ??
          document.activeElement?.textContent ??
          '',
      );
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    expect([...visited].sort()).toEqual(['Close', 'Name', 'Save']);
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Edit' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('ConfirmDialog', () => {
  it('asks before acting, starts on Cancel and acts only on confirm', async () => {
    const confirmed: string[] = [];
    render(
      <ConfirmDialog
        title="Delete server"
        description="Delete it?"
        confirmLabel="Delete"
        onConfirm={() => confirmed.push('yes')}
        trigger={<button type="button">Remove</button>}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Remove' });
    await userEvent.click(trigger);
    const alert = await screen.findByRole('alertdialog', { name: 'Delete server' });
    expect(alert.textContent).toContain('Delete it?');
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.keyboard('{Escape}');
    expect(confirmed).toEqual([]);
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));

    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmed).toEqual(['yes']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
