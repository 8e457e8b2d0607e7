import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { installSpeechRecognition, installSpeechSynthesis } from '../../../testing/speech-doubles';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { type ShortcutAction, useShortcuts } from './use-shortcuts';

const ACTIONS: ShortcutAction[] = [
  'newChat',
  'search',
  'focusInput',
  'toggleSidebar',
  'dictate',
  'readAloud',
  'showShortcuts',
];

function listen() {
  const actions = Object.fromEntries(ACTIONS.map((action) => [action, vi.fn<() => void>()])) as Record<
    ShortcutAction,
    Mock<() => void>
  >;
  renderHook(() => useShortcuts(actions));
  return actions;
}

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

describe('the voice shortcuts', () => {
  it('dictates with Ctrl+Shift+Space where the browser can, and lists it', async () => {
    uninstall = installSpeechRecognition();
    const actions = listen();
    await userEvent.keyboard('{Control>}{Shift>} {/Shift}{/Control}');
    expect(actions.dictate).toHaveBeenCalledOnce();
    render(<ShortcutsDialog onClose={vi.fn()} />);
    expect(await screen.findByText('Dictate a message, or stop')).toBeTruthy();
  });

  it('leaves the keys alone and lists nothing where the browser cannot dictate', async () => {
    const actions = listen();
    await userEvent.keyboard('{Control>}{Shift>} {/Shift}{/Control}');
    expect(actions.dictate).not.toHaveBeenCalled();
    render(<ShortcutsDialog onClose={vi.fn()} />);
    expect(screen.queryByText('Dictate a message, or stop')).toBeNull();
  });
});

describe('the read-aloud shortcut', () => {
  it('is Ctrl+Shift+L where the browser can speak, and listed', async () => {
    const { uninstall: remove } = installSpeechSynthesis();
    uninstall = remove;
    const actions = listen();
    await userEvent.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    expect(actions.readAloud).toHaveBeenCalledOnce();
    render(<ShortcutsDialog onClose={vi.fn()} />);
    expect(await screen.findByText('Read the latest reply aloud, or stop')).toBeTruthy();
  });

  it('leaves the keys alone where it cannot', async () => {
    const actions = listen();
    await userEvent.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    expect(actions.readAloud).not.toHaveBeenCalled();
  });
});
