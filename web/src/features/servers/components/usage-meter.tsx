import { BILLING_REQUEST_MESSAGES, usageHoursFloored } from '@agentforge/shared';
import type { UsageState } from '../hooks/use-usage';

/**
 * Usage as 'X/Y hours', both floored (spec 9), or 'Failed to load usage data'; with `onOpen` it is
 * a button opening 'Subscription & Usage'.
 */
export function UsageMeter({ usage, onOpen }: { usage: UsageState; onOpen?: (() => void) | undefined }) {
  if (usage.status === 'error') {
    return (
      <p role="alert" className="text-xs font-medium text-red-600">
        {BILLING_REQUEST_MESSAGES.loadUsageFailed}
      </p>
    );
  }
  if (!usage.usage) {
    return <span aria-hidden="true" className="h-4 w-20 animate-pulse rounded bg-slate-100" />;
  }
  const { usedMinutes, limitMinutes } = usage.usage;
  const share = limitMinutes > 0 ? Math.min(1, usedMinutes / limitMinutes) : 0;
  const bar = share >= 0.9 ? 'bg-red-500' : share >= 0.7 ? 'bg-amber-500' : 'bg-emerald-500';
  const Meter = onOpen ? 'button' : 'div';
  return (
    <Meter
      {...(onOpen
        ? {
            type: 'button' as const,
            onClick: onOpen,
            'aria-label': `Server usage: ${usageHoursFloored(usedMinutes)}/${usageHoursFloored(limitMinutes)} hours`,
            className:
              'flex w-full flex-col gap-1 rounded-md p-1 text-left transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500',
          }
        : { className: 'flex flex-col gap-1' })}
      title={`Server compute this month: ${usedMinutes} of ${limitMinutes} minutes`}
    >
      <p className="text-xs whitespace-nowrap text-slate-500">
        <span className="sr-only">Server usage: </span>
        <span className="font-semibold text-slate-700">
          {usageHoursFloored(usedMinutes)}/{usageHoursFloored(limitMinutes)} hours
        </span>
      </p>
      <div className="h-1 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-full rounded-full ${bar}`} style={{ width: `${Math.max(share * 100, 2)}%` }} />
      </div>
    </Meter>
  );
}
