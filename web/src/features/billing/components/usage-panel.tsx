import { BILLING_REQUEST_MESSAGES, type UsageHistory, usageHoursRounded } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner';
import { usageHistoryQuery } from '../api/queries';
import { BillingError } from './billing-error';
import { UsageBar } from './usage-bar';

const UsageChart = lazy(() => import('./usage-chart'));

const total = (days: UsageHistory['days']) =>
  days.reduce((sum, day) => sum + day.tokens + day.ownKeyTokens, 0);

/** The last 30 days of tokens (a chart, loaded on first use) and this month's compute hours. */
export function UsagePanel() {
  const { data, error, refetch, isPending } = useQuery(usageHistoryQuery());
  if (isPending) return <Spinner label="Loading usage..." />;
  if (error) {
    return (
      <BillingError
        message={BILLING_REQUEST_MESSAGES.loadUsageFailed}
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  const { usedMinutes, limitHours } = data.compute;
  const hours = usageHoursRounded(usedMinutes);
  return (
    <div className="space-y-4">
      <figure>
        <figcaption className="mb-2 text-sm text-slate-600">
          Tokens per day over the last {data.days.length} days: {total(data.days).toLocaleString('en-US')} in
          all.
        </figcaption>
        <Suspense
          fallback={<div aria-hidden="true" className="h-[200px] animate-pulse rounded-lg bg-slate-100" />}
        >
          <UsageChart days={data.days} />
        </Suspense>
      </figure>
      <UsageBar
        label="Compute hours this month"
        value={hours}
        max={limitHours}
        text={`${hours} / ${limitHours} hours`}
      />
      {data.overage.tokens > 0 ? (
        <p className="text-sm text-slate-600">
          Overage this month: {data.overage.tokens.toLocaleString('en-US')} tokens, $
          {data.overage.usd.toFixed(2)} of your ${data.overage.capUsd} cap.
        </p>
      ) : null}
    </div>
  );
}
