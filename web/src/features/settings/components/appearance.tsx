import { useQueryClient } from '@tanstack/react-query';
import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { setTheme, storedTheme, THEME_CHOICES, type ThemeChoice } from '../../../app/theme';
import { savePreferences } from '../api/preferences';
import { preferencesKeys, preferencesQuery } from '../api/queries';

const LABELS: Record<ThemeChoice, { label: string; icon: typeof SunIcon }> = {
  system: { label: 'System', icon: MonitorIcon },
  light: { label: 'Light', icon: SunIcon },
  dark: { label: 'Dark', icon: MoonIcon },
};

/**
 * Light, dark, or as the system says: applied at once and kept on this device; also saved to the
 * user's preferences (best effort: the theme works without them).
 */
export function Appearance() {
  const client = useQueryClient();
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const choose = (value: string) => {
    const next = value as ThemeChoice;
    setChoice(next);
    setTheme(next);
    void client
      .fetchQuery(preferencesQuery())
      .then((preferences) => savePreferences({ ...preferences, theme: next }))
      .then((saved) => client.setQueryData(preferencesKeys.all(), saved))
      .catch(() => undefined);
  };
  return (
    <RadioGroup.Root
      value={choice}
      onValueChange={choose}
      aria-label="Theme"
      orientation="horizontal"
      className="grid grid-cols-3 gap-2"
    >
      {THEME_CHOICES.map((value) => {
        const { label, icon: Icon } = LABELS[value];
        return (
          <RadioGroup.Item
            key={value}
            value={value}
            className="flex items-center justify-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 transition hover:bg-slate-100 data-[state=checked]:bg-indigo-50 data-[state=checked]:text-indigo-700 data-[state=checked]:ring-indigo-300"
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
