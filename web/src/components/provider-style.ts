import { type ProviderColor, providerColor } from '@agentforge/shared';

type ProviderStyle = { dot: string; badge: string; avatar: string };

// Whole class names, so Tailwind finds them (spec 3: anthropic blue, openai green, mistral amber,
// google purple, others gray).
const STYLES: Readonly<Record<ProviderColor, ProviderStyle>> = {
  blue: { dot: 'bg-blue-500', badge: 'bg-blue-50 text-blue-700 ring-blue-600/20', avatar: 'bg-blue-600' },
  green: {
    dot: 'bg-green-500',
    badge: 'bg-green-50 text-green-700 ring-green-600/20',
    avatar: 'bg-green-600',
  },
  amber: {
    dot: 'bg-amber-500',
    badge: 'bg-amber-50 text-amber-800 ring-amber-600/25',
    avatar: 'bg-amber-500',
  },
  purple: {
    dot: 'bg-purple-500',
    badge: 'bg-purple-50 text-purple-700 ring-purple-600/20',
    avatar: 'bg-purple-600',
  },
  gray: {
    dot: 'bg-slate-400',
    badge: 'bg-slate-100 text-slate-700 ring-slate-500/20',
    avatar: 'bg-slate-700',
  },
};

/** The badge, dot and avatar classes of a provider's colour. */
export function providerStyle(
  providerId: string | null | undefined,
): ProviderStyle & { color: ProviderColor } {
  const color = providerColor(providerId);
  return { color, ...STYLES[color] };
}
