import type { AutomationTrigger } from '@agentforge/shared';

const UNIT = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/;

/**
 * A trigger as the list says it: 'Every 5 minutes' for a rate, the expression and its time zone
 * for a cron ('cron(0 9 ? * MON-FRI *) Europe/Paris'), 'Webhook', 'Manual'.
 */
export function triggerInWords(trigger: AutomationTrigger): string {
  if (trigger.type === 'webhook') return 'Webhook';
  if (trigger.type === 'manual') return 'Manual';
  const rate = UNIT.exec(trigger.expression.trim());
  if (!rate) return `${trigger.expression} ${trigger.timezone}`;
  const value = Number(rate[1]);
  const unit = (rate[2] ?? '').replace(/s$/, '');
  return value === 1 ? `Every ${unit}` : `Every ${value} ${unit}s`;
}

/** An instant in the reader's locale and time zone. */
export const formatWhen = (epochMs: number) =>
  new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A run's duration: '45 s', '3 min 5 s', '1 h 2 min'. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes / 60} h`;
}

/**
 * A tool as the runs name it, `<server>__<tool>`: the server's name in lower case with [a-z0-9_-]
 * only, at most 24 characters (the API's serverSlug, functions/src/domain/chat/tool-sets.ts).
 */
export function namespacedTool(serverName: string, tool: string): string {
  const slug = serverName
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 24)
    .replace(/[_-]+$/, '');
  return `${slug || 'server'}__${tool}`;
}
