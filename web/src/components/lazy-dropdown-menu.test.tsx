import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets the module afresh, so its first open is the one that loads the menu's code.
let LazyDropdownMenu: typeof import('./lazy-dropdown-menu').LazyDropdownMenu;
beforeEach(async () => {
  vi.resetModules();
  ({ LazyDropdownMenu } = await import('./lazy-dropdown-menu'));
});

function Page({ onPick }: { onPick: (item: string) => void }) {
  return (
    <>
      <button type="button">Before</button>
      <LazyDropdownMenu trigger={{ 'aria-label': 'Actions', children: 'Actions' }}>
        {(Menu) => (
          <Menu.Portal>
            <Menu.Content>
              <Menu.Item onSelect={() => onPick('rename')}>Rename</Menu.Item>
              <Menu.Item onSelect={() => onPick('delete')}>Delete</Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        )}
      </LazyDropdownMenu>
    </>
  );
}

describe('LazyDropdownMenu', () => {
  it('is a closed menu button before its code is loaded', () => {
    render(<Page onPick={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on its first press, with the focus on the first item, and Escape gives it back', async () => {
    const user = userEvent.setup();
    render(<Page onPick={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{Enter}');
    // The trigger shows the menu open while its code loads.
    expect(screen.getByRole('button', { name: 'Actions' }).getAttribute('aria-expanded')).toBe('true');
    const first = await screen.findByRole('menuitem', { name: 'Rename' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('opens on a press and runs the item picked; later opens are at once', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Page onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onPick).toHaveBeenCalledWith('delete');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Rename' }).isConnected).toBe(true);
  });
});
