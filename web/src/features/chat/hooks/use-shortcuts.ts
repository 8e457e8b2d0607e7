import { useEffect, useRef } from 'react';
import { canDictate, canReadAloud } from '../../voice/lazy-voice';

export type ShortcutAction =
  | 'newChat'
  | 'search'
  | 'focusInput'
  | 'toggleSidebar'
  | 'dictate'
  | 'readAloud'
  | 'showShortcuts';

type Shortcut = {
  action: ShortcutAction;
  description: string;
  /** The keys as shown, `Mod` standing for ⌘ on a Mac and Ctrl elsewhere. */
  keys: readonly string[];
  matches: (event: KeyboardEvent, typing: boolean) => boolean;
  /** Whether this browser can do it (else the keys are left alone and it is not listed). */
  available?: () => boolean;
};

const mod = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey;
const key = (event: KeyboardEvent) => event.key.toLowerCase();

/**
 * The app's shortcuts, the ones ChatGPT, LibreChat and Open WebUI use. Inside a text field only the
 * modifier combinations count: typing '?' in a message is a question mark.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'newChat',
    description: 'New chat',
    keys: ['Mod', 'Shift', 'O'],
    matches: (event) => mod(event) && event.shiftKey && key(event) === 'o',
  },
  {
    action: 'search',
    description: 'Search conversations',
    keys: ['Mod', 'K'],
    matches: (event) => mod(event) && !event.shiftKey && key(event) === 'k',
  },
  {
    action: 'focusInput',
    description: 'Focus the message box',
    keys: ['Shift', 'Esc'],
    matches: (event) => event.shiftKey && !event.ctrlKey && !event.metaKey && event.key === 'Escape',
  },
  {
    action: 'toggleSidebar',
    description: 'Show or hide the sidebar',
    keys: ['Mod', 'Shift', 'S'],
    matches: (event) => mod(event) && event.shiftKey && key(event) === 's',
  },
  {
    action: 'dictate',
    description: 'Dictate a message, or stop',
    keys: ['Mod', 'Shift', 'Space'],
    matches: (event) => mod(event) && event.shiftKey && (event.key === ' ' || event.code === 'Space'),
    available: canDictate,
  },
  {
    action: 'readAloud',
    description: 'Read the latest reply aloud, or stop',
    keys: ['Mod', 'Shift', 'L'],
    matches: (event) => mod(event) && event.shiftKey && key(event) === 'l',
    available: canReadAloud,
  },
  {
    action: 'showShortcuts',
    description: 'Keyboard shortcuts',
    keys: ['?'],
    matches: (event, typing) =>
      (mod(event) && event.key === '/') ||
      (!typing && event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey),
  },
];

/** The shortcuts this browser offers. */
export const availableShortcuts = () => SHORTCUTS.filter((shortcut) => shortcut.available?.() ?? true);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Runs the shortcuts' actions on keys pressed anywhere in the page, except inside a dialog (it has
 * the keyboard) or a key something else already handled.
 */
export function useShortcuts(actions: Record<ShortcutAction, () => void>): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      const shortcut = availableShortcuts().find((candidate) =>
        candidate.matches(event, isTyping(event.target)),
      );
      if (!shortcut) return;
      event.preventDefault();
      latest.current[shortcut.action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
