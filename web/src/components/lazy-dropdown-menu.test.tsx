import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadOnce } from '../lib/load-once';

// Each test gets the module afresh, so its first open is the one that loads the menu's code.
let LazyDropdownMenu: typeof import('./lazy-dropdown-menu').LazyDropdownMenu;
let loadOnce: typeof import('../lib/load-once').loadOnce;
beforeEach(async () => {
  vi.resetModules();
  ({ LazyDropdownMenu } = await import('./lazy-dropdown-menu'));
  ({ loadOnce } = await import('../lib/load-once'));
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

  it("opens with its panel's own code, loaded on intent and awaited: the first item has the focus", async () => {
    const user = userEvent.setup();
    let arrive: (panel: { label: string }) => void = () => {};
    const load = vi.fn(() => new Promise<{ label: string }>((resolve) => (arrive = resolve)));
    const panel: LoadOnce<{ label: string }> = loadOnce(load);
    render(
      <LazyDropdownMenu trigger={{ 'aria-label': 'Servers', children: 'Servers' }} panel={panel}>
        {(Menu, code) => (
          <Menu.Portal>
            <Menu.Content>
              <Menu.Item>{code.label}</Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        )}
      </LazyDropdownMenu>,
    );
    const trigger = screen.getByRole('button', { name: 'Servers' });
    expect(load).not.toHaveBeenCalled();
    await user.hover(trigger);
    expect(load).toHaveBeenCalledTimes(1);
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // The panel's code is not in yet (Radix's menu may be): the menu waits for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menu')).toBeNull();
    arrive({ label: 'Everything' });
    const item = await screen.findByRole('menuitem', { name: 'Everything' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
