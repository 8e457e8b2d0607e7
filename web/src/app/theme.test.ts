import { afterEach, describe, expect, it, vi } from 'vitest';
import { initTheme, setTheme, storedTheme } from './theme';

function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    change(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  vi.unstubAllGlobals();
});

describe('the theme', () => {
  it('follows the system setting by default, also as it changes', () => {
    const system = fakeSystem(true);
    initTheme();
    expect(storedTheme()).toBe('system');
    expect(isDark()).toBe(true);
    system.change(false);
    expect(isDark()).toBe(false);
  });

  it('keeps an explicit choice on this device and stops following the system', () => {
    const system = fakeSystem(false);
    setTheme('dark');
    expect(isDark()).toBe(true);
    expect(storedTheme()).toBe('dark');
    expect(system.listeners.size).toBe(0);
    system.change(false);
    expect(isDark()).toBe(true);
    setTheme('light');
    expect(isDark()).toBe(false);
    setTheme('system');
    expect(localStorage.getItem('agentforge.theme')).toBeNull();
  });
});
