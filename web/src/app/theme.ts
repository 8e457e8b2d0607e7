import type { UserPreferences } from '@agentforge/shared';

export type ThemeChoice = NonNullable<UserPreferences['theme']>;
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'agentforge.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedTheme(): ThemeChoice {
  const value = globalThis.localStorage?.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

const systemDark = () => globalThis.matchMedia?.(DARK_QUERY).matches === true;

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && systemDark());
  document.documentElement.classList.toggle('dark', dark);
}

let unfollow: (() => void) | undefined;

/**
 * Applies the choice now and remembers it on this device; 'system' also follows the system
 * setting as it changes. (Preferences keep it across devices: the Settings panel saves it there.)
 */
export function setTheme(choice: ThemeChoice): void {
  if (choice === 'system') globalThis.localStorage?.removeItem(STORAGE_KEY);
  else globalThis.localStorage?.setItem(STORAGE_KEY, choice);
  unfollow?.();
  unfollow = undefined;
  apply(choice);
  const media = globalThis.matchMedia?.(DARK_QUERY);
  if (choice === 'system' && media) {
    const onChange = () => apply('system');
    media.addEventListener('change', onChange);
    unfollow = () => media.removeEventListener('change', onChange);
  }
}

/** At start-up, before the first render: no flash of the wrong theme. */
export function initTheme(): void {
  setTheme(storedTheme());
}
